import { describe, expect, it } from 'vitest';
import {
  chosenGroup,
  reshapeGameList,
  resolveListParams,
  selectListRound,
  type GameListData,
  type GameListParams,
  type ListGroup,
  type ListSelectionData,
} from '../../../src/facades/rest/games/list.js';
import { AWAY, connection, gameRow, HOME } from '../../support/game-rows.js';
import { renderContextFor } from '../../support/render.js';

const round = (number: number, startsAt: string | null) => ({ id: 9000 + number, number, name: `Runde ${number}`, startsAt });
const group1: ListGroup = {
  id: 10021,
  name: 'Gruppe 1',
  seriesBestOf: null,
  league: { name: 'L-UPL' },
  gameClass: { name: 'Herren GF' },
  // Out of order on purpose: the list sorts rounds by number. "Now" is 2026-11-22 15:30 UTC.
  rounds: [round(3, '2026-11-29T12:00:00Z'), round(1, '2026-11-08T12:00:00Z'), round(2, '2026-11-22T11:00:00Z')],
};
const group2: ListGroup = { ...group1, id: 10022, name: 'Gruppe 2', rounds: [round(1, null)] };

const params: GameListParams = { season: 2026, league: 1, game_class: 11, view: 'full', use_streaming_logos: false };
const later = gameRow({
  id: 2,
  startsAt: '2026-11-22T18:00:00Z',
  status: 'SCHEDULED',
  homeScore: null,
  awayScore: null,
  homePeriodScores: [],
  awayPeriodScores: [],
  decidedBy: 'REGULAR',
  hasVideoStream: true,
});
const earlier = gameRow({ id: 1 });
const data: GameListData = {
  groups: { leagueGroups: connection([group1, group2]) },
  roundGames: [later, earlier],
  currentSeason: { id: 2026, label: '2026/27' },
};
const ctx = renderContextFor('de');
const texts = (table: ReturnType<typeof reshapeGameList>) => table.data.regions[0].rows.map((r) => r.cells.map((c) => c.text?.join(' ') ?? c.image?.url));

describe('reshapeGameList', () => {
  it('a cancelled game says so instead of its date (the cell keeps its game link), in each language', () => {
    const cancelled = gameRow({
      id: 3,
      startsAt: '2026-11-22T20:00:00Z',
      status: 'CANCELLED',
      homeScore: null,
      awayScore: null,
      homePeriodScores: [],
      awayPeriodScores: [],
      decidedBy: 'REGULAR',
    });
    const table = reshapeGameList({ ...data, roundGames: [earlier, cancelled] }, params, ctx);
    expect(table.data.regions[0].rows[1].cells[0]).toEqual({ text: ['Abgesagt'], link: { type: 'page', page: 'game_detail', ids: [3] } });
    expect(texts(table)[1][7]).toBe('-');
    expect(texts(table)[0][0]).toBe('14.11.2026 17:00');
    const cellIn = (locale: 'fr' | 'it' | 'en') =>
      reshapeGameList({ ...data, roundGames: [cancelled] }, params, renderContextFor(locale)).data.regions[0].rows[0].cells[0].text;
    expect([cellIn('fr'), cellIn('it'), cellIn('en')]).toEqual([['annulé'], ['annullato'], ['cancelled']]);
  });

  it('shows the round being played of the first group, games in start order, with period scores', () => {
    const table = reshapeGameList(data, params, ctx);
    expect(table.data.headers.map((h) => h.key)).toEqual([
      'date',
      'location',
      'home_name',
      'home_logo',
      undefined,
      'away_logo',
      'away_name',
      'result',
      'broadcast',
    ]);
    expect(table.data.title).toBe('Saison 2026/27');
    expect(table.data.subtitle).toBe('Herren GF L-UPL');
    expect(table.data.regions[0].text).toBe('Herren GF L-UPL Gruppe 1');
    expect(table.data.context).toEqual({
      mode: 'list',
      season: 2026,
      league: 1,
      game_class: 11,
      group: 'Gruppe 1',
      round: 2,
      view: 'full',
      use_streaming_logos: false,
      team_id: null,
      player_id: null,
      locale: 'de_CH',
    });
    expect(texts(table)).toEqual([
      ['14.11.2026 17:00', 'Sporthalle Brunnhalden', HOME.name, HOME.logoUrl, '-', '', AWAY.name, '5:4 n.V. (2:1, 1:2, 1:1, 1:0)', ''],
      ['22.11.2026 19:00', 'Sporthalle Brunnhalden', HOME.name, HOME.logoUrl, '-', '', AWAY.name, '-', '📺'],
    ]);
    expect(table.data.regions[0].rows[0]).toMatchObject({ id: 1, link: { type: 'page', page: 'game_detail', ids: [1] } });
    expect(table.data.slider).toEqual({
      text: 'Runde 2',
      prev: { type: 'reload', set_in_context: { round: 1 }, resource: '/games' },
      next: { type: 'reload', set_in_context: { round: 3 }, resource: '/games' },
    });
  });

  it('short view drops the periods; streaming logos ask for the large size; the last round has no next', () => {
    const table = reshapeGameList(data, { ...params, round: 3, view: 'short', use_streaming_logos: true }, ctx);
    expect(texts(table)[0][3]).toBe(`${HOME.logoUrl}?size=large`);
    expect(texts(table)[0][7]).toBe('5:4 n.V.');
    expect(table.data.slider?.next).toBeNull();
    expect(table.data.context?.round).toBe(3);
  });

  it('titles another season with the label the groups document read, else its number', () => {
    const other = { ...params, season: 2025 };
    expect(reshapeGameList({ ...data, groups: { ...data.groups, season: { label: '2025/26' } } }, other, ctx).data.title).toBe('Saison 2025/26');
    expect(reshapeGameList({ ...data, groups: { ...data.groups, season: null } }, other, ctx).data.title).toBe('Saison 2025');
  });

  it('speaks the requested language', () => {
    const table = reshapeGameList(data, params, renderContextFor('fr'));
    expect(table.data.title).toBe('Saison 2026/27');
    expect(table.data.headers[1].text).toBe('Lieu');
    expect(texts(table)[0][7]).toBe('5:4 a.p. (2:1, 1:2, 1:1, 1:0)');
    expect(table.data.context?.locale).toBe('fr_CH');
  });

  it('an unknown group or round is a 404 naming it', () => {
    expect(() => reshapeGameList(data, { ...params, group: 'Gruppe 9' }, ctx)).toThrow(
      expect.objectContaining({ status: 404, message: 'No group "Gruppe 9"' }),
    );
    expect(() => reshapeGameList(data, { ...params, round: 7 }, ctx)).toThrow(expect.objectContaining({ status: 404, message: 'No round 7 in this group' }));
    expect(() => chosenGroup([], undefined)).toThrow(
      expect.objectContaining({ status: 404, message: 'No group for this league and game class in the season' }),
    );
  });

  it('a group whose rounds have not started shows its first round; one without rounds shows none', () => {
    expect(selectListRound(data.groups, { ...params, group: 'Gruppe 2' }, ctx.now).index).toBe(0);
    expect(selectListRound({ leagueGroups: connection([{ ...group2, rounds: [] }]) }, params, ctx.now).index).toBe(-1);
  });
});

describe('resolveListParams', () => {
  type Phase = NonNullable<ListSelectionData['team']>['groups'][number]['phase'];
  const selectable = (name: string, phase: Phase, league: number, season = 2026) => ({
    name,
    phase,
    season: { id: season },
    league: { id: league },
    gameClass: { id: 21 },
  });
  const current = { id: 2026, label: '2026/27' };
  const query = { view: 'full' as const, use_streaming_logos: false };

  it('defaults to the current season and the federation league and class', () => {
    expect(resolveListParams(query, { currentSeason: current })).toMatchObject({ season: 2026, league: 1, game_class: 11, group: undefined });
  });

  it("a team's main group (qualification before final rounds) fills league, class and group; explicit ones win", () => {
    const selection: ListSelectionData = {
      currentSeason: current,
      team: { groups: [selectable('Playoff', 'PLAYOFF', 3), selectable('Gruppe 2', 'QUALIFICATION', 3), selectable('Alt', 'QUALIFICATION', 4, 2025)] },
    };
    expect(resolveListParams({ ...query, team_id: 7 }, selection)).toMatchObject({ season: 2026, league: 3, game_class: 21, group: 'Gruppe 2' });
    expect(resolveListParams({ ...query, team_id: 7, league: 2, group: 'Gruppe 1' }, selection)).toMatchObject({
      league: 2,
      game_class: 21,
      group: 'Gruppe 1',
    });
  });

  it("a player's team of that season counts", () => {
    const selection: ListSelectionData = {
      currentSeason: current,
      player: {
        memberships: [
          { season: { id: 2025 }, team: { groups: [selectable('Alt', 'QUALIFICATION', 4, 2025)] } },
          { season: { id: 2026 }, team: { groups: [selectable('Gruppe 3', 'QUALIFICATION', 5)] } },
        ],
      },
    };
    expect(resolveListParams({ ...query, player_id: 9 }, selection)).toMatchObject({ league: 5, group: 'Gruppe 3', player_id: 9 });
  });

  it('404s: no season, unknown team or player, no participation in the season', () => {
    expect(() => resolveListParams(query, { currentSeason: null })).toThrow(expect.objectContaining({ status: 404, message: 'No season' }));
    expect(() => resolveListParams({ ...query, team_id: 5 }, { currentSeason: current, team: null })).toThrow(
      expect.objectContaining({ status: 404, message: 'No team 5' }),
    );
    expect(() => resolveListParams({ ...query, player_id: 6 }, { currentSeason: current, player: null })).toThrow(
      expect.objectContaining({ status: 404, message: 'No player 6' }),
    );
    expect(() =>
      resolveListParams({ ...query, team_id: 5, season: 2024 }, { currentSeason: current, team: { groups: [selectable('Gruppe 1', 'QUALIFICATION', 1)] } }),
    ).toThrow(expect.objectContaining({ status: 404, message: 'No league participation in season 2024' }));
  });
});

describe('reshapeGameList: a playoff round of best-of-5 series', () => {
  const THIRD = { id: 430003, name: 'Floorball Wehrbach', logoUrl: null };
  const FOURTH = { id: 430004, name: 'UHC Birkenfeld', logoUrl: null };
  const playoff: ListGroup = { ...group1, id: 10030, name: 'Playoff', seriesBestOf: 5, rounds: [round(1, '2026-11-07T12:00:00Z')] };
  const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T18:00:00.000Z`;
  const unplayed = {
    status: 'SCHEDULED',
    homeScore: null,
    awayScore: null,
    homePeriodScores: [],
    awayPeriodScores: [],
    decidedBy: 'REGULAR',
  } satisfies Parameters<typeof gameRow>[0];
  const played = (id: number, day: number, home: typeof HOME, away: typeof HOME, homeScore: number, awayScore: number) =>
    gameRow({
      id,
      startsAt: at(day),
      homeTeam: home,
      awayTeam: away,
      homeScore,
      awayScore,
      homePeriodScores: [homeScore],
      awayPeriodScores: [awayScore],
      decidedBy: 'REGULAR',
    });
  // HOME beat AWAY 3:1 in four games; the fifth, scheduled in case, will not be played.
  const decided = [
    played(11, 7, HOME, AWAY, 4, 2),
    played(12, 10, AWAY, HOME, 5, 3),
    played(13, 14, HOME, AWAY, 6, 1),
    played(14, 17, AWAY, HOME, 2, 3),
    gameRow({ id: 15, startsAt: at(21), homeTeam: HOME, awayTeam: AWAY, ...unplayed }),
  ];
  // THIRD leads FOURTH 2:1; games 4 and 5 are still to come. Its first game starts later than HOME's.
  const open = [
    played(21, 8, THIRD, FOURTH, 3, 1),
    played(22, 11, FOURTH, THIRD, 4, 0),
    played(23, 15, THIRD, FOURTH, 2, 1),
    gameRow({ id: 24, startsAt: at(18), homeTeam: FOURTH, awayTeam: THIRD, ...unplayed }),
    gameRow({ id: 25, startsAt: at(22), homeTeam: THIRD, awayTeam: FOURTH, ...unplayed }),
  ];
  const seriesData: GameListData = {
    groups: { leagueGroups: connection([playoff]) },
    roundGames: [...open, ...decided].reverse(),
    currentSeason: { id: 2026, label: '2026/27' },
  };
  const rowIds = (table: ReturnType<typeof reshapeGameList>) => table.data.regions.map((r) => r.rows.map((row) => row.id));

  it('has one region per series, in the order the series start, titled with the series score', () => {
    const table = reshapeGameList(seriesData, { ...params, group: 'Playoff' }, ctx);
    expect(table.data.regions.map((r) => r.text)).toEqual([`${HOME.name} - ${AWAY.name} 3:1 Serie beendet`, `${THIRD.name} - ${FOURTH.name} 2:1`]);
    expect(rowIds(table)).toEqual([
      [11, 12, 13, 14],
      [21, 22, 23, 24, 25],
    ]);
  });

  it('keeps the rows of the plain list', () => {
    const table = reshapeGameList(seriesData, { ...params, group: 'Playoff' }, ctx);
    const plain = reshapeGameList(
      { ...seriesData, groups: { leagueGroups: connection([{ ...playoff, seriesBestOf: null }]) } },
      { ...params, group: 'Playoff' },
      ctx,
    );
    expect(plain.data.regions).toHaveLength(1);
    expect(plain.data.regions[0].text).toBe('Herren GF L-UPL Playoff');
    const plainRows = new Map(plain.data.regions[0].rows.map((row) => [row.id, row]));
    for (const row of table.data.regions.flatMap((r) => r.rows)) expect(row).toEqual(plainRows.get(row.id));
    expect(table.data.regions[1].rows[1].cells.map((c) => c.text?.join(' ') ?? c.image?.url)).toEqual([
      '11.11.2026 19:00',
      'Sporthalle Brunnhalden',
      FOURTH.name,
      '',
      '-',
      '',
      THIRD.name,
      '4:0 (4:0)',
      '',
    ]);
  });

  it('says the series is over in each language', () => {
    const textIn = (locale: 'fr' | 'it' | 'en') => reshapeGameList(seriesData, { ...params, group: 'Playoff' }, renderContextFor(locale)).data.regions[0].text;
    expect([textIn('fr'), textIn('it'), textIn('en')]).toEqual([
      `${HOME.name} - ${AWAY.name} 3:1 série terminée`,
      `${HOME.name} - ${AWAY.name} 3:1 serie conclusa`,
      `${HOME.name} - ${AWAY.name} 3:1 series over`,
    ]);
  });

  it('a series round without games shows the one empty region of any round', () => {
    const table = reshapeGameList({ ...seriesData, roundGames: [] }, { ...params, group: 'Playoff' }, ctx);
    expect(table.data.regions).toEqual([{ text: 'Herren GF L-UPL Playoff', rows: [] }]);
  });
});
