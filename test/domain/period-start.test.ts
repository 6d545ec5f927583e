import { describe, expect, it } from 'vitest';
import { STANDARD_FORMAT } from '../../src/domain/game-format.js';
import { type LogEvent, periodStart, phaseOf } from '../../src/domain/live-game.js';

let id = 0;
const event = (type: string, second: number, period: number): LogEvent & { id: number } => ({ id: ++id, type, second, period, side: null, sequence: id });
const tied = { home: 1, away: 1 };
const start = (events: (LogEvent & { id: number })[], score = tied) => periodStart(STANDARD_FORMAT, phaseOf('LIVE', events), events, score);

describe('starting the next period (start_third)', () => {
  const started = () => [event('GAME_START', 0, 1), event('PERIOD_START', 0, 1)];

  it('resumes the open period when nothing was recorded in it: its start marker takes the moment', () => {
    const secondOpen = [...started(), event('PERIOD_END', 1200, 1), event('PERIOD_START', 1200, 2)];
    expect(start(secondOpen)).toEqual({ kind: 'resume', marker: secondOpen[3] });
  });

  it('ends the first period, or one under way, and opens the next', () => {
    expect(start(started())).toEqual({
      kind: 'markers',
      markers: [
        { type: 'PERIOD_END', second: 1200, period: 1 },
        { type: 'PERIOD_START', second: 1200, period: 2 },
      ],
    });
    const underWay = [...started(), event('PERIOD_END', 1200, 1), event('PERIOD_START', 1200, 2), event('GOAL', 1500, 2)];
    expect(start(underWay)).toMatchObject({
      kind: 'markers',
      markers: [
        { type: 'PERIOD_END', period: 2 },
        { type: 'PERIOD_START', period: 3 },
      ],
    });
  });

  it('opens the next period after a break in which none was opened (an imported game between periods)', () => {
    const inBreak = [...started(), event('PERIOD_END', 1200, 1)];
    expect(start(inBreak)).toEqual({ kind: 'markers', markers: [{ type: 'PERIOD_START', second: 1200, period: 2 }] });
  });

  it('opens overtime after a tied regulation, and nothing after overtime or a decided regulation', () => {
    const regulationOver = [...started(), event('PERIOD_END', 1200, 1), event('PERIOD_START', 1200, 2), event('PERIOD_END', 2400, 2)];
    regulationOver.push(event('PERIOD_START', 2400, 3), event('GOAL', 2500, 3), event('PERIOD_END', 3600, 3));
    expect(start(regulationOver)).toEqual({ kind: 'markers', markers: [{ type: 'PERIOD_START', second: 3600, period: 4 }] });
    expect(() => start(regulationOver, { home: 2, away: 1 })).toThrow('decided after regulation');
    const overtimeOver = [...regulationOver, event('PERIOD_START', 3600, 4), event('PERIOD_END', 4200, 4)];
    expect(() => start(overtimeOver)).toThrow('No period follows period 4');
  });
});
