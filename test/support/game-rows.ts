import type { GameRowData, RowTeam } from '../../src/facades/rest/shared/game-row.js';

/** Hand-written games for reshaper fixture tests: a finished league game unless told otherwise. */
export const HOME: RowTeam = { id: 430001, name: 'Unihockey Brunnhalden', logoUrl: 'http://test.local/media/teams/430001/logo.svg' };
export const AWAY: RowTeam = { id: 430018, name: 'UHC Erlengrund', logoUrl: null };

export const LEAGUE_GROUP: NonNullable<GameRowData['group']> = {
  id: 10021,
  name: 'Gruppe 1',
  season: { id: 2026, label: '2026/27' },
  league: { id: 1, name: 'L-UPL' },
  gameClass: { id: 11, name: 'Herren GF' },
};

export function gameRow(overrides: Partial<GameRowData> = {}): GameRowData {
  return {
    id: 1000001,
    // 17:00 in Zurich (winter time).
    startsAt: '2026-11-14T16:00:00.000Z',
    status: 'FINISHED',
    homeScore: 5,
    awayScore: 4,
    homePeriodScores: [2, 1, 1, 1],
    awayPeriodScores: [1, 2, 1, 0],
    decidedBy: 'OVERTIME',
    clock: { phase: 'FINISHED', period: null },
    hasVideoStream: false,
    result: null,
    homeTeam: HOME,
    awayTeam: AWAY,
    homePlaceholder: null,
    awayPlaceholder: null,
    venue: { name: 'Sporthalle Brunnhalden', city: 'Brunnhalden', latitude: 47.11, longitude: 7.75 },
    group: LEAGUE_GROUP,
    round: { number: 5, name: 'Runde 5' },
    cupRound: null,
    ...overrides,
  };
}

export const connection = <T>(items: T[]) => ({ edges: items.map((node) => ({ node })) });
