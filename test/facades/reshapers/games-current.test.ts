import { describe, expect, it } from 'vitest';
import {
  currentGamesJson,
  dayFilters,
  reshapeCurrentGames,
  sliderTarget,
  type CurrentGamesData,
  type CurrentGamesParams,
} from '../../../src/facades/rest/games/current.js';
import type { DayGameData } from '../../../src/facades/rest/shared/game-row.js';
import { connection } from '../../support/game-rows.js';
import { renderContextFor } from '../../support/render.js';

const league = (leagueId: number, leagueName: string, classId: number, className: string) => ({
  league: { id: leagueId, name: leagueName },
  gameClass: { id: classId, name: className },
});
const game = (id: number, overrides: Partial<DayGameData>): DayGameData => ({
  id,
  startsAt: '2026-11-22T11:15:00Z',
  status: 'FINISHED',
  homeScore: 5,
  awayScore: 4,
  decidedBy: 'REGULAR',
  clock: { phase: 'FINISHED', period: null },
  homeTeam: { name: `Heim ${id}` },
  awayTeam: { name: `Gast ${id}` },
  homePlaceholder: null,
  awayPlaceholder: null,
  group: league(1, 'L-UPL', 11, 'Herren GF'),
  cupRound: null,
  ...overrides,
});

const data: CurrentGamesData = {
  games: connection([
    game(5, { group: null, cupRound: { tournament: { id: 901, name: 'Ligacup Herren' } }, status: 'FORFEIT', homeScore: 5, awayScore: 0, decidedBy: null }),
    game(4, { group: league(10, 'NLB', 11, 'Herren GF'), status: 'CANCELLED', decidedBy: null }),
    game(3, { group: league(2, 'L-UPL', 21, 'Damen GF'), status: 'SCHEDULED', homeScore: null, awayScore: null, decidedBy: null }),
    game(1, {}),
    game(2, { status: 'LIVE', homeScore: 1, awayScore: 1, decidedBy: null, clock: { phase: 'PERIOD', period: 2 } }),
  ]),
  earlier: connection([{ startsAt: '2026-11-15T12:00:00Z' }]),
  later: connection([]),
};
const params: CurrentGamesParams = { on_date: '2026-11-22', league_ids: [1, 2, 10] };

describe('reshapeCurrentGames', () => {
  it('one region per league in id order, then the cups; live games say so with their period, unplayed ones show -, forfeits are marked', () => {
    const table = reshapeCurrentGames(data, params, renderContextFor('de'));
    expect(table.data.headers.map((h) => h.key)).toEqual(['time', 'home', undefined, 'away', 'score']);
    expect(table.data.title).toBe('Aktuelle Spiele');
    expect(table.data.regions.map((r) => r.text)).toEqual(['Herren GF L-UPL', 'Damen GF L-UPL', 'Herren GF NLB', 'Ligacup Herren']);
    expect(table.data.regions.map((r) => r.rows.map((row) => row.cells.map((c) => c.text?.join(' '))))).toEqual([
      [
        ['12:15', 'Heim 1', '-', 'Gast 1', '5:4'],
        ['Spiel läuft 2. Drittel', 'Heim 2', '-', 'Gast 2', '1:1'],
      ],
      [['12:15', 'Heim 3', '-', 'Gast 3', '-']],
      [['Abgesagt', 'Heim 4', '-', 'Gast 4', '-']],
      [['12:15', 'Heim 5', '-', 'Gast 5', '5:0 Forf.']],
    ]);
    expect(table.data.regions[0].rows[0].cells[1].link).toEqual({ type: 'page', page: 'game_detail', ids: [1] });
    expect(table.data.context).toEqual({
      tabs: true,
      locale: 'de_CH',
      on_date: '2026-11-22',
      mode: 'current',
      tournament_ids: null,
      league_ids: '1,2,10',
      game_class_ids: null,
      only_video_streamed: null,
      team_id: null,
    });
  });

  it('slides back only when there is an earlier game day', () => {
    const table = reshapeCurrentGames(data, params, renderContextFor('de'));
    expect(table.data.slider).toEqual({
      text: '22.11.2026',
      prev: { type: 'reload', set_in_context: { before_date: '2026-11-22' }, resource: '/games' },
      next: null,
    });
  });

  it('speaks the requested language', () => {
    const table = reshapeCurrentGames(data, { ...params, only_video_streamed: false }, renderContextFor('it'));
    expect(table.data.regions[2].rows[0].cells[0].text).toEqual(['annullato']);
    expect(table.data.title).toBe('Partite attuali');
    // The live game's first line stays what deployed clients look for; its period follows.
    expect(table.data.regions[0].rows[1].cells[0].text).toEqual(['In corso', '2° tempo']);
    expect(table.data.context).toMatchObject({ locale: 'it_CH', only_video_streamed: false });
  });
});

describe('currentGamesJson', () => {
  it('writes the answer byte for byte as JSON.stringify does, every region and row in place, odd names included, each time', () => {
    const odd = game(6, { homeTeam: { name: 'Quote " \\ back\\slash, Zürich 🏑 \u2028' }, awayTeam: { name: '"rows"' } });
    const withOdd: CurrentGamesData = { ...data, games: connection([...data.games.edges.map((edge) => edge.node), odd]) };
    for (const locale of ['de', 'fr'] as const) {
      const table = reshapeCurrentGames(withOdd, params, renderContextFor(locale));
      expect(currentGamesJson(table)).toBe(JSON.stringify(table));
      // A second time from the rows' kept JSON.
      expect(currentGamesJson(reshapeCurrentGames(withOdd, params, renderContextFor(locale)))).toBe(JSON.stringify(table));
    }
    const empty = reshapeCurrentGames({ ...data, games: connection([]) }, params, renderContextFor('de'));
    expect(currentGamesJson(empty)).toBe(JSON.stringify(empty));
  });
});

describe('reshapeCurrentGames: a result decided beyond regular time', () => {
  // The list and the detail write `3:4 n.P.`; the day's games showed a bare `3:4` (issue point 11).
  it('marks it as every games table does: n.V., n.P., in the language asked for', () => {
    const decided = connection([
      game(7, { homeScore: 3, awayScore: 4, decidedBy: 'PENALTY_SHOTS' }),
      game(8, { homeScore: 5, awayScore: 4, decidedBy: 'OVERTIME' }),
      game(9, { status: 'ABORTED', homeScore: 2, awayScore: 1, decidedBy: null }),
    ]);
    const scores = (locale: 'de' | 'fr') =>
      reshapeCurrentGames({ ...data, games: decided }, params, renderContextFor(locale)).data.regions[0].rows.map((r) => r.cells[4].text);
    expect(scores('de')).toEqual([['3:4 n.P.'], ['5:4 n.V.'], ['2:1 Abbr.']]);
    expect(scores('fr')).toEqual([['3:4 t.a.b.'], ['5:4 a.p.'], ['2:1 interr.']]);
  });
});

describe('the day shown', () => {
  it('before_date looks back from the start of that day, after_date forward from the end of it', () => {
    expect(sliderTarget({ before_date: '2026-11-22' })).toEqual({ instant: new Date('2026-11-21T23:00:00Z'), direction: 'before' });
    expect(sliderTarget({ after_date: '2026-11-22' })).toEqual({ instant: new Date('2026-11-22T23:00:00Z'), direction: 'after' });
    expect(sliderTarget({ on_date: '2026-11-22' })).toBeNull();
  });

  it('filters one local day and its neighbours with the same competitions; streamed-only only when asked', () => {
    expect(dayFilters({ on_date: '2026-07-01', tournament_ids: [901], only_video_streamed: false })).toEqual({
      filter: {
        leagueIds: undefined,
        gameClassIds: undefined,
        tournamentIds: [901],
        onlyVideoStreamed: undefined,
        from: '2026-06-30T22:00:00.000Z',
        to: '2026-07-01T22:00:00.000Z',
      },
      before: { leagueIds: undefined, gameClassIds: undefined, tournamentIds: [901], onlyVideoStreamed: undefined, to: '2026-06-30T22:00:00.000Z' },
      after: { leagueIds: undefined, gameClassIds: undefined, tournamentIds: [901], onlyVideoStreamed: undefined, from: '2026-07-01T22:00:00.000Z' },
    });
  });
});

describe('reshapeCurrentGames: an undecided pairing', () => {
  it("shows the federation's texts in place of the teams", () => {
    const undecided = game(6, {
      status: 'SCHEDULED',
      homeScore: null,
      awayScore: null,
      decidedBy: null,
      homeTeam: null,
      awayTeam: null,
      homePlaceholder: 'Sieger Halbfinal 1',
      awayPlaceholder: 'Sieger Halbfinal 2',
    });
    const table = reshapeCurrentGames({ ...data, games: connection([undecided]) }, params, renderContextFor('de'));
    expect(table.data.regions[0].rows[0].cells.map((cell) => cell.text)).toEqual([['12:15'], ['Sieger Halbfinal 1'], ['-'], ['Sieger Halbfinal 2'], ['-']]);
  });
});
