import { STANDARD_FORMAT } from '../../src/domain/game-format.js';
import { DEFAULT_START_WINDOW } from '../../src/domain/live-game.js';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/domain/errors.js';
import { periodBounds, periodOf } from '../../src/domain/game-clock.js';
import {
  endPeriodMarkers,
  finishMarkers,
  periodForCorrection,
  periodForRecord,
  phaseOf,
  replayScore,
  startMarkers,
  type LogEvent,
} from '../../src/domain/live-game.js';

/** A start at the scheduled time. */
const ON_TIME = { now: new Date('2026-11-21T16:00:00Z'), startsAt: new Date('2026-11-21T16:00:00Z'), window: DEFAULT_START_WINDOW, outsideWindow: false };

let sequence = 0;
const event = (type: string, second: number, period: number | null, side: 'HOME' | 'AWAY' | null = null): LogEvent => ({
  type,
  second,
  period,
  side,
  sequence: sequence++,
});
const started = () => [event('GAME_START', 0, 1), event('PERIOD_START', 0, 1)];

describe('the game clock', () => {
  it('has three periods of 20 minutes and 10 minutes of overtime', () => {
    expect([1, 2, 3, 4].map(periodBounds)).toEqual([
      { start: 0, end: 1200 },
      { start: 1200, end: 2400 },
      { start: 2400, end: 3600 },
      { start: 3600, end: 4200 },
    ]);
    expect([0, 1199, 1200, 3599, 3600, 4200].map(periodOf)).toEqual([1, 1, 2, 3, 4, 4]);
  });
});

describe('what may be recorded when', () => {
  it('records in the open period only, within its bounds', () => {
    const phase = phaseOf('LIVE', started());
    expect(periodForRecord(STANDARD_FORMAT, phase, 1200)).toBe(1);
    expect(() => periodForRecord(STANDARD_FORMAT, phase, 1201)).toThrow('Second 1201 is outside period 1 (00:00 to 20:00)');
    expect(() => periodForRecord(STANDARD_FORMAT, phaseOf('SCHEDULED', []), 5)).toThrow('has not started');
    expect(() => periodForRecord(STANDARD_FORMAT, phaseOf('FINISHED', []), 5)).toThrow('after the final whistle');
    const between = phaseOf('LIVE', [...started(), event('PERIOD_END', 1200, 1)]);
    expect(() => periodForRecord(STANDARD_FORMAT, between, 1200)).toThrow(InvalidInputError);
  });

  it('moves a corrected event into the started period its new second falls in, and no further', () => {
    const phase = phaseOf('LIVE', [...started(), event('PERIOD_END', 1200, 1), event('PERIOD_START', 1200, 2)]);
    expect(periodForCorrection(STANDARD_FORMAT, phase, 2, 1200)).toBe(2);
    expect(periodForCorrection(STANDARD_FORMAT, phase, 2, 500)).toBe(1);
    expect(() => periodForCorrection(STANDARD_FORMAT, phase, 2, 2500)).toThrow('outside period 2');
  });

  it('starts a scheduled game only', () => {
    expect(startMarkers('SCHEDULED', ON_TIME).map((marker) => marker.type)).toEqual(['GAME_START', 'PERIOD_START']);
    expect(() => startMarkers('LIVE', ON_TIME)).toThrow('already under way');
    expect(() => startMarkers('CANCELLED', ON_TIME)).toThrow('cannot be started');
  });
});

describe('transitions', () => {
  it('ends a period and starts the next; after regulation only a tie goes on into overtime', () => {
    expect(endPeriodMarkers(STANDARD_FORMAT, phaseOf('LIVE', started()), { home: 1, away: 0 })).toEqual([
      { type: 'PERIOD_END', second: 1200, period: 1 },
      { type: 'PERIOD_START', second: 1200, period: 2 },
    ]);
    const third = phaseOf('LIVE', [...started(), event('PERIOD_START', 2400, 3)]);
    expect(() => endPeriodMarkers(STANDARD_FORMAT, third, { home: 2, away: 1 })).toThrow('decided after regulation');
    expect(endPeriodMarkers(STANDARD_FORMAT, third, { home: 2, away: 2 })[1]).toEqual({ type: 'PERIOD_START', second: 3600, period: 4 });
  });

  it('finishes by the rules of each decision', () => {
    const third = [...started(), event('PERIOD_START', 2400, 3)];
    expect(finishMarkers(STANDARD_FORMAT, phaseOf('LIVE', third), third, { home: 2, away: 1 }, 'REGULAR', null).map((marker) => marker.type)).toEqual([
      'PERIOD_END',
      'GAME_END',
    ]);
    expect(() => finishMarkers(STANDARD_FORMAT, phaseOf('LIVE', third), third, { home: 2, away: 2 }, 'OVERTIME', null)).toThrow('in overtime first');
    const overtime = [...third, event('PERIOD_END', 3600, 3), event('PERIOD_START', 3600, 4), event('GOAL', 3700, 4, 'AWAY')];
    expect(finishMarkers(STANDARD_FORMAT, phaseOf('LIVE', overtime), overtime, { home: 2, away: 3 }, 'OVERTIME', null)).toEqual([
      { type: 'PERIOD_END', second: 3700, period: 4 },
      { type: 'GAME_END', second: 3700, period: 4 },
    ]);
    const tiedOvertime = [...third, event('PERIOD_START', 3600, 4)];
    expect(() => finishMarkers(STANDARD_FORMAT, phaseOf('LIVE', tiedOvertime), tiedOvertime, { home: 2, away: 2 }, 'PENALTY_SHOTS', null)).toThrow(
      'shootout winner',
    );
    expect(
      finishMarkers(STANDARD_FORMAT, phaseOf('LIVE', tiedOvertime), tiedOvertime, { home: 2, away: 2 }, 'PENALTY_SHOTS', 'HOME').map((marker) => marker.type),
    ).toEqual(['PERIOD_END', 'PENALTY_SHOOTOUT', 'GAME_END']);
  });
});

describe('the score follows from the events', () => {
  it('counts goals and own goals for the side credited, per period, and the shootout as one more', () => {
    const events = [
      ...started(),
      event('GOAL', 100, 1, 'HOME'),
      event('PENALTY', 150, 1, 'AWAY'),
      event('OWN_GOAL', 1300, 2, 'AWAY'),
      event('PERIOD_START', 1200, 2),
      event('PENALTY_SHOOTOUT', 4200, 4, 'HOME'),
      event('PERIOD_START', 3600, 4),
    ];
    const { score, running } = replayScore(events);
    expect(score).toEqual({ home: 2, away: 1, homePeriodScores: [1, 0, 0, 0], awayPeriodScores: [0, 1, 0, 0] });
    expect(running.get(events[2])).toEqual({ home: 1, away: 0 });
    expect(running.get(events[3])).toBeNull();
    expect(running.get(events[4])).toEqual({ home: 1, away: 1 });
  });
});
