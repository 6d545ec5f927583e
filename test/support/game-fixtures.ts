import type { GameDetailFacts } from '../../src/facades/rest/game-detail.js';
import type { GameEventData } from '../../src/facades/rest/game-events.js';

/** Hand-written games for reshaper fixture tests: a league game decided in overtime on the evening of TEST_NOW's day. */
export const overtimeGame: GameDetailFacts = {
  id: 5,
  startsAt: '2026-11-22T19:00:00.000Z',
  status: 'FINISHED',
  homeScore: 4,
  awayScore: 3,
  homePeriodScores: [1, 2, 0, 1],
  awayPeriodScores: [2, 0, 1, 0],
  decidedBy: 'OVERTIME',
  clock: { phase: 'FINISHED', period: null },
  spectators: 812,
  firstReferee: 'Anna Keller',
  secondReferee: null,
  hasVideoStream: false,
  result: null,
  homeTeam: { id: 1, name: 'UHC Birkenfeld', logoUrl: 'http://x/media/teams/1/logo.svg' },
  awayTeam: { id: 2, name: 'Floorball Grünau', logoUrl: null },
  homePlaceholder: null,
  awayPlaceholder: null,
  venue: { name: 'Sporthalle Birkenfeld', city: 'Birkenfeld', latitude: 47.1, longitude: 8.2 },
  group: { id: 3, name: 'Gruppe 1', season: { id: 2026, label: '2026/27' }, league: { id: 1, name: 'L-UPL' }, gameClass: { id: 11, name: 'Herren GF' } },
  round: { number: 7, name: 'Runde 7' },
  cupRound: null,
};

/** The teams and players the event fixtures name. */
export const home = { name: 'UHC Birkenfeld' };
export const away = { name: 'Floorball Grünau' };
export const muster = { firstName: 'Anna', lastName: 'Muster' };
export const keller = { firstName: 'Beat', lastName: 'Keller' };

/** A game event with nothing but its id, clock and type set; the rest as the test needs it. */
export function gameEvent(id: number, second: number, type: GameEventData['type'], facts: Partial<GameEventData> = {}): GameEventData {
  return {
    id,
    second,
    type,
    side: null,
    period: null,
    homeScore: null,
    awayScore: null,
    penaltyKind: null,
    penaltyReason: null,
    penaltyShot: false,
    penaltyRole: null,
    code: null,
    inspectionDone: null,
    team: null,
    player: null,
    assist: null,
    ...facts,
  };
}
