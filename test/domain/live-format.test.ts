import { describe, expect, it } from 'vitest';
import { gameFormat, STANDARD_FORMAT } from '../../src/domain/game-format.js';
import { DEFAULT_START_WINDOW, endPeriodMarkers, finishMarkers, type LogEvent, periodForRecord, phaseOf, startMarkers } from '../../src/domain/live-game.js';

const juniors = gameFormat({ periods: 2, periodMinutes: 15, overtimeMinutes: 0, penaltyShootout: false, drawAllowed: true, forfeitGoals: 5 });
const shootoutOnly = gameFormat({ periods: 3, periodMinutes: 15, overtimeMinutes: 0, penaltyShootout: true, drawAllowed: false, forfeitGoals: 5 });

const marker = (type: string, second: number, period: number): LogEvent => ({ type, second, period, side: null, sequence: second });
const startedAt = (periodSeconds: number, periods: number): LogEvent[] => {
  const events = [marker('GAME_START', 0, 1), marker('PERIOD_START', 0, 1)];
  for (let period = 2; period <= periods; period++) {
    events.push(marker('PERIOD_END', (period - 1) * periodSeconds, period - 1), marker('PERIOD_START', (period - 1) * periodSeconds, period));
  }
  return events;
};

describe('the live rules follow the league format', () => {
  it('records within the format’s shorter periods', () => {
    const phase = phaseOf('LIVE', startedAt(900, 1));
    expect(periodForRecord(juniors, phase, 900)).toBe(1);
    expect(() => periodForRecord(juniors, phase, 901)).toThrow('Second 901 is outside period 1 (00:00 to 15:00)');
  });

  it('ends a junior game of two periods with a draw standing: no overtime, a tie finished as REGULAR', () => {
    const second = phaseOf('LIVE', startedAt(900, 2));
    expect(() => endPeriodMarkers(juniors, second, { home: 2, away: 2 })).toThrow('lets a draw stand: finish it');
    expect(finishMarkers(juniors, second, startedAt(900, 2), { home: 2, away: 2 }, 'REGULAR', null).map((event) => event.type)).toEqual([
      'PERIOD_END',
      'GAME_END',
    ]);
    expect(() => finishMarkers(juniors, second, startedAt(900, 2), { home: 2, away: 2 }, 'PENALTY_SHOTS', 'HOME')).toThrow('decided in regulation');
  });

  it('refuses a tie as a regular result where no draw stands', () => {
    const third = phaseOf('LIVE', startedAt(1200, 3));
    expect(() => finishMarkers(STANDARD_FORMAT, third, startedAt(1200, 3), { home: 1, away: 1 }, 'REGULAR', null)).toThrow('lets no draw stand');
  });

  it('goes from a tied last period straight to penalty shots in a league without overtime', () => {
    const events = startedAt(900, 3);
    const third = phaseOf('LIVE', events);
    expect(endPeriodMarkers(shootoutOnly, third, { home: 1, away: 1 })).toEqual([{ type: 'PERIOD_END', second: 2700, period: 3 }]);
    expect(() => finishMarkers(shootoutOnly, third, events, { home: 1, away: 1 }, 'PENALTY_SHOTS', 'AWAY')).toThrow('Penalty shots follow the end of period 3');
    const ended = [...events, marker('PERIOD_END', 2700, 3)];
    expect(finishMarkers(shootoutOnly, phaseOf('LIVE', ended), ended, { home: 1, away: 1 }, 'PENALTY_SHOTS', 'AWAY').map((event) => event.type)).toEqual([
      'PENALTY_SHOOTOUT',
      'GAME_END',
    ]);
    expect(() => finishMarkers(shootoutOnly, phaseOf('LIVE', ended), ended, { home: 1, away: 1 }, 'OVERTIME', null)).toThrow('plays no overtime');
  });
});

describe('the start window', () => {
  const startsAt = new Date('2026-11-21T16:00:00Z');
  const at = (minutes: number, outsideWindow = false) => ({
    now: new Date(startsAt.getTime() + minutes * 60_000),
    startsAt,
    window: DEFAULT_START_WINDOW,
    outsideWindow,
  });

  it('lets a game start from an hour before to four hours after its schedule', () => {
    expect(startMarkers('SCHEDULED', at(-60))).toHaveLength(2);
    expect(startMarkers('SCHEDULED', at(240))).toHaveLength(2);
    expect(() => startMarkers('SCHEDULED', at(-61))).toThrow('it can be started from 60 minutes before to 240 minutes after that');
    expect(() => startMarkers('SCHEDULED', at(241))).toThrow('scheduled for 2026-11-21T16:00:00.000Z');
  });

  it('lets a federation key start it at another time', () => {
    expect(startMarkers('SCHEDULED', at(-3 * 24 * 60, true))).toHaveLength(2);
    expect(() => startMarkers('LIVE', at(0, true))).toThrow('already under way');
  });
});
