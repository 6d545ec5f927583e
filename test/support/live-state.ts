// A locked game as `planWrite` sees it, built by hand for the pure tests of the live rules: no
// database. Events carry the running score they would hold when written live.
import type { GameStatus } from '../../src/domain/game-status.js';
import type { LiveGameState, SheetLine, StoredEvent } from '../../src/domain/game-write.js';
import { STANDARD_FORMAT } from '../../src/domain/game-format.js';
import { DEFAULT_START_WINDOW, type Side } from '../../src/domain/live-game.js';

export const GAME_ID = 7;
export const SCHEDULED_START = new Date('2026-11-21T16:00:00Z');
export const HOME_TEAM = 11;
export const AWAY_TEAM = 22;

/** Licenses on the game sheet and the players they name: 1xx home, 2xx away. */
export const HOME_1 = { licenseId: 101, playerId: 501 };
export const HOME_2 = { licenseId: 102, playerId: 502 };
export const HOME_3 = { licenseId: 103, playerId: 503 };
export const AWAY_1 = { licenseId: 201, playerId: 601 };

export const SHEET: SheetLine[] = [
  ...[HOME_1, HOME_2, HOME_3].map((line) => ({ ...line, teamId: HOME_TEAM })),
  ...[AWAY_1].map((line) => ({ ...line, teamId: AWAY_TEAM })),
];

/** A log written in order: each event's id and sequence follow the one before. */
export class Log {
  private next = 1;
  readonly events: StoredEvent[] = [];

  add(type: string, second: number, period: number | null, side: Side | null = null, more: Partial<StoredEvent> = {}): StoredEvent {
    const id = this.next++;
    const event: StoredEvent = { id, type, second, period, side, sequence: id, playerId: null, assistId: null, homeScore: null, awayScore: null, ...more };
    this.events.push(event);
    return event;
  }

  /** A goal with the running score it was stored with. */
  goal(second: number, period: number, side: Side, score: [number, number], more: Partial<StoredEvent> = {}): StoredEvent {
    return this.add('GOAL', second, period, side, { homeScore: score[0], awayScore: score[1], ...more });
  }

  started(): this {
    this.add('GAME_START', 0, 1);
    this.add('PERIOD_START', 0, 1);
    return this;
  }

  /** Period `period` ended on `score` and the next one started (the clock stands still in between). */
  periodChange(period: number, end: number, score: [number, number]): this {
    this.add('PERIOD_END', end, period, null, { homeScore: score[0], awayScore: score[1] });
    this.add('PERIOD_START', end, period + 1);
    return this;
  }
}

/** The events in the order the writer reads them: clock, sequence, id. */
export function stateOf(status: GameStatus, events: readonly StoredEvent[] = [], sheet: readonly SheetLine[] = SHEET): LiveGameState {
  const ordered = [...events].sort((a, b) => a.second - b.second || a.sequence - b.sequence || a.id - b.id);
  return {
    gameId: GAME_ID,
    status,
    homeTeamId: HOME_TEAM,
    awayTeamId: AWAY_TEAM,
    format: STANDARD_FORMAT,
    startsAt: SCHEDULED_START,
    now: SCHEDULED_START,
    startWindow: DEFAULT_START_WINDOW,
    decidedBy: 'REGULAR',
    transitions: [],
    events: ordered,
    sheet,
  };
}

/** A live game in period 1 with no goals yet. */
export const liveInPeriodOne = () => stateOf('LIVE', new Log().started().events);

/** A live game in period 3 at `score`: periods 1 and 2 ended without goals counted, then the goals given. */
export function liveInPeriodThree(score: [number, number]): LiveGameState {
  const log = new Log().started().periodChange(1, 1200, [0, 0]).periodChange(2, 2400, [0, 0]);
  let [home, away] = [0, 0];
  for (let goal = 0; goal < score[0] + score[1]; goal++) {
    const side: Side = goal < score[0] ? 'HOME' : 'AWAY';
    if (side === 'HOME') home += 1;
    else away += 1;
    log.goal(2500 + goal, 3, side, [home, away]);
  }
  return stateOf('LIVE', log.events);
}
