import { describe, expect, it } from 'vitest';
import { reshapeSchedule, scheduleVariables, type ScheduleData, type ScheduleParams } from '../../../src/facades/rest/games/schedule.js';
import { connection, gameRow, LEAGUE_GROUP } from '../../support/game-rows.js';
import type { Locale } from '../../../src/facades/shared/locale.js';
import { renderContextFor } from '../../support/render.js';

const cupGame = gameRow({
  id: 3,
  startsAt: '2026-12-02T19:00:00Z',
  group: null,
  round: null,
  venue: null,
  cupRound: { id: 9002, name: '1/2-Final', tournament: { id: 901, name: 'Ligacup Herren', season: { label: '2026/27' } } },
});
const games = connection([gameRow({ id: 2, startsAt: '2026-11-21T16:00:00Z', decidedBy: 'REGULAR' }), cupGame, gameRow({ id: 1 })]);
const teamData: ScheduleData = {
  season: { label: '2026/27' },
  team: {
    name: 'Unihockey Brunnhalden',
    groups: [
      { name: 'Playoff', phase: 'PLAYOFF', league: { id: 1, name: 'L-UPL' }, gameClass: { id: 11, name: 'Herren GF' } },
      { name: 'Gruppe 1', phase: 'QUALIFICATION', league: { id: 1, name: 'L-UPL' }, gameClass: { id: 11, name: 'Herren GF' } },
    ],
  },
  games,
};
const clubData: ScheduleData = { season: { label: '2026/27' }, club: { name: 'Unihockey Brunnhalden' }, games };
const team: ScheduleParams = { mode: 'team', team_id: 430001, season: 2026, page: 1, games_per_page: 2 };
const club: ScheduleParams = { mode: 'club', club_id: 401001, season: 2026, page: 2, games_per_page: 2 };
const cells = (table: ReturnType<typeof reshapeSchedule>) => table.data.regions[0].rows.map((r) => r.cells.map((c) => c.text?.join(' ')));

describe('reshapeSchedule', () => {
  it('a cancelled game says so instead of its date, keeps its time line and its game link', () => {
    const cancelled = gameRow({
      id: 4,
      startsAt: '2026-11-28T17:00:00Z',
      status: 'CANCELLED',
      homeScore: null,
      awayScore: null,
      homePeriodScores: [],
      awayPeriodScores: [],
      decidedBy: 'REGULAR',
    });
    const table = reshapeSchedule({ ...teamData, games: connection([gameRow({ id: 1 }), cancelled]) }, team, renderContextFor('de'));
    expect(table.data.regions[0].rows[1].cells[0]).toEqual({ text: ['Abgesagt', '18:00'], link: { type: 'page', page: 'game_detail', ids: [4] } });
    expect(table.data.regions[0].rows[1].cells[4].text).toEqual(['-']);
    expect(table.data.regions[0].rows[0].cells[0].text).toEqual(['14.11.2026', '17:00']);
    const clubTable = reshapeSchedule({ ...clubData, games: connection([cancelled]) }, { ...club, page: 1 }, renderContextFor('fr'));
    expect(clubTable.data.regions[0].rows[0].cells[0].text).toEqual(['annulé', '18:00']);
  });

  it("a team's games in order of occurrence, one page, with the standings of its main group as a tab", () => {
    const table = reshapeSchedule(teamData, team, renderContextFor('de'));
    expect(table.data.headers.map((h) => h.key)).toEqual(['date', 'location', 'home', 'away', 'result']);
    expect(table.data.title).toBe('Spielübersicht Unihockey Brunnhalden, Saison 2026/27');
    expect(table.data.subtitle).toBe('Herren GF L-UPL Gruppe 1');
    expect(table.data.context).toEqual({ mode: 'team', team_id: 430001, season: 2026, page: 1, games_per_page: 2, locale: 'de_CH' });
    expect(cells(table)).toEqual([
      ['14.11.2026 17:00', 'Sporthalle Brunnhalden Brunnhalden', 'Unihockey Brunnhalden', 'UHC Erlengrund', '5:4 n.V.'],
      ['21.11.2026 17:00', 'Sporthalle Brunnhalden Brunnhalden', 'Unihockey Brunnhalden', 'UHC Erlengrund', '5:4'],
    ]);
    expect(table.data.regions[0].rows[0].cells[1].link).toEqual({ type: 'map', x: 7.75, y: 47.11 });
    expect(table.data.tabs).toEqual([
      {
        text: 'Tabelle',
        type: 'tab',
        link: {
          type: 'reload',
          set_in_context: { season: 2026, league: 1, game_class: 11, group: 'Gruppe 1' },
          resource: '/rankings',
          ids: [2026, 1, 11, 'Gruppe 1'],
        },
        highlight: false,
      },
    ]);
    expect(table.data.slider).toEqual({ text: 'Seite 1/2', prev: null, next: { type: 'reload', set_in_context: { page: 2 }, resource: '/games' } });
  });

  it("a club's schedule adds the league or cup column and has no tabs", () => {
    const table = reshapeSchedule(clubData, club, renderContextFor('de'));
    expect(table.data.headers.map((h) => h.key)).toEqual(['date', 'location', 'league', 'home', 'away', 'result']);
    expect(table.data.context).toEqual({ mode: 'club', club_id: 401001, season: 2026, page: 2, games_per_page: 2, locale: 'de_CH' });
    expect(cells(table)).toEqual([['02.12.2026 20:00', ' ', 'Ligacup Herren 1/2-Final', 'Unihockey Brunnhalden', 'UHC Erlengrund', '5:4 n.V.']]);
    expect(table.data.tabs).toEqual([]);
    expect(table.data.subtitle).toBeNull();
    expect(table.data.slider?.text).toBe('Seite 2/2');
    const leagueCell = reshapeSchedule(clubData, { ...club, page: 1 }, renderContextFor('de')).data.regions[0].rows[0].cells[2];
    expect(leagueCell).toEqual({
      text: ['Herren GF L-UPL', 'Gruppe 1'],
      link: { type: 'page', page: 'league_group_detail', ids: [2026, 1, 11, LEAGUE_GROUP.name] },
    });
  });

  it("a club's schedule sorts by league and group first when asked (order=league), chronological within; direction turns the first criterion", () => {
    const nlb = { ...LEAGUE_GROUP, league: { id: 2, name: 'NLB' } };
    const sortable = connection([
      gameRow({ id: 11, startsAt: '2026-11-20T18:00:00Z', group: nlb }),
      gameRow({ id: 12, startsAt: '2026-11-10T18:00:00Z' }),
      gameRow({ id: 13, startsAt: '2026-11-05T18:00:00Z', group: nlb }),
      gameRow({ id: 14, startsAt: '2026-11-30T18:00:00Z', group: { ...LEAGUE_GROUP, name: 'Gruppe 2' } }),
      gameRow({ ...cupGame, id: 15 }),
    ]);
    const order = (params: Partial<Extract<ScheduleParams, { mode: 'club' }>>) =>
      reshapeSchedule({ ...clubData, games: sortable }, { ...club, page: 1, games_per_page: 10, ...params }, renderContextFor('de')).data.regions[0].rows.map(
        (r) => r.id,
      );
    expect(order({})).toEqual([13, 12, 11, 14, 15]);
    expect(order({ order: 'date', direction: 'desc' })).toEqual([15, 14, 11, 12, 13]);
    // Herren GF L-UPL Gruppe 1, Herren GF L-UPL Gruppe 2, Herren GF NLB Gruppe 1, Ligacup Herren 1/2-Final.
    expect(order({ order: 'league' })).toEqual([12, 14, 13, 11, 15]);
    expect(order({ order: 'league', direction: 'desc' })).toEqual([15, 13, 11, 14, 12]);
    const table = reshapeSchedule({ ...clubData, games: sortable }, { ...club, page: 1, order: 'league', direction: 'desc' }, renderContextFor('de'));
    expect(table.data.context).toEqual({
      mode: 'club',
      club_id: 401001,
      season: 2026,
      page: 1,
      games_per_page: 2,
      order: 'league',
      direction: 'desc',
      locale: 'de_CH',
    });
  });

  it("marks a forfeit and an aborted game in a club's and a team's schedule, in the four languages", () => {
    const marked = connection([
      gameRow({ id: 21, status: 'FORFEIT', homeScore: 0, awayScore: 5 }),
      gameRow({ id: 22, status: 'ABORTED', homeScore: 1, awayScore: 1 }),
    ]);
    const results = (params: ScheduleParams, locale: Locale) =>
      reshapeSchedule({ ...clubData, ...teamData, games: marked }, { ...params, page: 1 }, renderContextFor(locale)).data.regions[0].rows.map(
        (r) => r.cells.at(-1)?.text?.[0],
      );
    expect(results(club, 'de')).toEqual(['0:5 Forf.', '1:1 Abbr.']);
    expect(results(team, 'fr')).toEqual(['0:5 forf.', '1:1 interr.']);
    expect(results(club, 'it')).toEqual(['0:5 forf.', '1:1 sosp.']);
    expect(results(team, 'en')).toEqual(['0:5 forf.', '1:1 abd.']);
  });

  it('speaks the requested language', () => {
    const table = reshapeSchedule(teamData, team, renderContextFor('fr'));
    expect(table.data.subtitle).toBe('Herren GF L-UPL Gruppe 1');
    expect(table.data.title).toBe('Aperçu des matchs Unihockey Brunnhalden, Saison 2026/27');
    expect(table.data.tabs[0].text).toBe('Classement');
    expect(table.data.slider?.text).toBe('Page 1/2');
  });

  it('an unknown owner is a 404, a page beyond the last a 400', () => {
    expect(() => reshapeSchedule({ ...clubData, club: null }, club, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No club 401001' }),
    );
    expect(() => reshapeSchedule({ ...teamData, team: null }, team, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No team 430001' }),
    );
    expect(() => reshapeSchedule(teamData, { ...team, page: 3 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 400, message: 'Invalid page value 3: pages 1 to 2' }),
    );
  });

  it("filters the games by the owner's id", () => {
    expect(scheduleVariables(club)).toEqual({ filter: { season: 2026, clubId: 401001 }, isClub: true, clubId: 401001, teamId: 0, season: 2026, first: 5000 });
    expect(scheduleVariables(team)).toEqual({ filter: { season: 2026, teamId: 430001 }, isClub: false, clubId: 0, teamId: 430001, season: 2026, first: 5000 });
  });
});
