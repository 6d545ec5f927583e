import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ConfigError, loadConfig, sponsorPathFrom } from '../../src/config.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { expectError, getJson, type Json } from '../support/api.js';
import { expectTableEnvelope } from '../support/wire.js';

let league: TestLeague;
beforeAll(async () => {
  league = await openTestLeague();
});
afterAll(async () => {
  await league?.close();
});

type Phase = 'QUALIFICATION' | 'PLAYOFF' | 'PLAYOUT';

/** The ranking recomputed from goal events: points, then goals, then player id; ties share a rank. */
async function expectedRanking(season: number, leagueId: number, gameClassId: number, phases?: Phase[], clubId?: number) {
  const events = await league.db.prisma.gameEvent.findMany({
    where: {
      type: 'GOAL',
      team: clubId === undefined ? undefined : { clubId },
      game: { status: { in: ['FINISHED', 'LIVE'] }, group: { seasonId: season, leagueId, gameClassId, phase: phases ? { in: phases } : undefined } },
    },
  });
  const players = new Map<number, { goals: number; assists: number }>();
  const of = (id: number) => players.get(id) ?? players.set(id, { goals: 0, assists: 0 }).get(id)!;
  for (const event of events) {
    if (event.playerId !== null) of(event.playerId).goals += 1;
    if (event.assistId !== null) of(event.assistId).assists += 1;
  }
  const sorted = [...players].map(([id, p]) => ({ id, ...p, points: p.goals + p.assists }));
  sorted.sort((a, b) => b.points - a.points || b.goals - a.goals || a.id - b.id);
  let rank = 0;
  return sorted.map((p, index) => {
    const previous = sorted[index - 1];
    if (!previous || previous.points !== p.points || previous.goals !== p.goals) rank = index + 1;
    return [rank, p.id, p.goals, p.assists, p.points];
  });
}

const ranking = (body: Json) =>
  body.data.regions[0].rows.map((r: Json) => [Number(r.cells[0].text[0]), r.cells[1].link.ids[0], ...r.cells.slice(3).map((c: Json) => Number(c.text[0]))]);

describe('GET /api/topscorers/main', () => {
  it('shows the first 20 of the men’s top league this season: rank, player, team, goals, assists, points', async () => {
    const body = await getJson(league.app, '/api/topscorers/main');
    expectTableEnvelope(body);
    expect(body.data.headers.map((h: Json) => h.key)).toEqual(['rank', 'player', 'team', 'goals', 'assists', 'points']);
    expect(body.data.context).toMatchObject({ season: 2026, league: 1, game_class: 11, amount: 20 });
    expect(body.data.title).toBe('Topscorer Herren GF L-UPL');
    const expected = await expectedRanking(2026, 1, 11);
    expect(expected.length).toBeGreaterThan(20);
    expect(body.data.regions[0].rows).toHaveLength(20);
    expect(ranking(body)).toEqual(expected.slice(0, 20));
    for (const row of body.data.regions[0].rows) {
      expect(row.cells).toHaveLength(6);
      expect(row.cells[1].link.page).toBe('player_detail');
      expect(row.cells[2].link.page).toBe('team_detail');
    }
  });

  it('loads every ranked player with amount=all, and a chosen number of ranks', async () => {
    const all = await getJson(league.app, '/api/topscorers/main?amount=all');
    expect(ranking(all)).toEqual(await expectedRanking(2026, 1, 11));
    expect(all.data.context.amount).toBe('all');
    expect(await getJson(league.app, '/api/topscorers/main?amount=5').then((b) => b.data.regions[0].rows.length)).toBe(5);
  });

  it('splits the season into the group phase and the finals (playoffs and playouts)', async () => {
    const group = await getJson(league.app, '/api/topscorers/main?season=2025&phase=group&amount=all');
    expect(ranking(group)).toEqual(await expectedRanking(2025, 1, 11, ['QUALIFICATION']));
    const finals = await getJson(league.app, '/api/topscorers/main?season=2025&phase=finals&amount=all');
    const expected = await expectedRanking(2025, 1, 11, ['PLAYOFF', 'PLAYOUT']);
    expect(expected.length).toBeGreaterThan(0);
    expect(ranking(finals)).toEqual(expected);
    expect(finals.data.subtitle).toBe('Saison 2025/26, Finalrunde');
  });

  it('has a tab per national league of the season, the men’s top league first and highlighted', async () => {
    const body = await getJson(league.app, '/api/topscorers/main?league=1&game_class=21');
    const tabs = body.data.tabs;
    expect(tabs[0]).toMatchObject({
      text: 'Herren GF L-UPL',
      type: 'tab',
      highlight: false,
      link: { type: 'reload', resource: '/topscorers/main', set_in_context: { league: 1, game_class: 11, season: 2026 } },
    });
    expect(tabs.filter((t: Json) => t.highlight).map((t: Json) => t.text)).toEqual(['Damen GF L-UPL']);
    const national = await league.db.prisma.leagueGroup.findMany({
      where: { seasonId: 2026, league: { isNational: true } },
      distinct: ['leagueId', 'gameClassId'],
    });
    expect(tabs).toHaveLength(national.length);
    expect(ranking(body)).toEqual((await expectedRanking(2026, 1, 21)).slice(0, 20));
  });

  it('runs a fixed number of queries whatever the amount', async () => {
    const few = await countQueries(league.db, () => getJson(league.app, '/api/topscorers/main?season=2026&amount=3'));
    const all = await countQueries(league.db, () => getJson(league.app, '/api/topscorers/main?season=2026&amount=all'));
    expect(all).toBe(few);
    // season; top scorers: events, players, teams; tabs: competitions grouped, their leagues, their classes
    expect(all).toBeLessThanOrEqual(7);
  });

  it('answers bad input with the error envelope', async () => {
    await expectError(league.app, '/api/topscorers/main?amount=0', 400, /amount/);
    await expectError(league.app, '/api/topscorers/main?amount=101', 400, /amount.*all/);
    await expectError(league.app, '/api/topscorers/main?amount=many', 400, /amount/);
    await expectError(league.app, '/api/topscorers/main?phase=playoff', 400, /phase.*group, finals/);
    await expectError(league.app, '/api/topscorers/main?season=20x', 400, /season/);
  });
});

describe('GET /api/topscorers (no kind)', () => {
  it('is the federation’s own table, the same answer and queries as /topscorers/main, its links reloading /topscorers/main', async () => {
    const bare = await league.app.inject({ method: 'GET', url: '/api/topscorers?season=2025&amount=5' });
    const main = await league.app.inject({ method: 'GET', url: '/api/topscorers/main?season=2025&amount=5' });
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toBe(main.body);
    expect(bare.json().data.tabs[0].link.resource).toBe('/topscorers/main');
    expect(await countQueries(league.db, () => getJson(league.app, '/api/topscorers?season=2024'))).toBe(
      await countQueries(league.db, () => getJson(league.app, '/api/topscorers/main?season=2024&amount=20')),
    );
    await expectError(league.app, '/api/topscorers?amount=0', 400, /amount/);
  });
});

describe("GET /api/topscorers/su (the changelog's path)", () => {
  it('is the same table as /topscorers/main, amount=all included, under /api and at the root', async () => {
    const main = await league.app.inject({ method: 'GET', url: '/api/topscorers/main?season=2025&amount=all' });
    for (const url of ['/api/topscorers/su?season=2025&amount=all', '/topscorers/su?season=2025&amount=all']) {
      const su = await league.app.inject({ method: 'GET', url });
      expect(su.statusCode).toBe(200);
      expect(su.body).toBe(main.body);
    }
    await expectError(league.app, '/api/topscorers/su?amount=0', 400, /amount/);
  });
});

describe('GET /api/topscorers/sponsor', () => {
  it('is the main table limited to the first 20 ranks', async () => {
    const body = await getJson(league.app, '/api/topscorers/sponsor?amount=all');
    expect(body.data.regions[0].rows).toHaveLength(20);
    expect(ranking(body)).toEqual((await expectedRanking(2026, 1, 11)).slice(0, 20));
    expect(body.data.tabs[0].link.resource).toBe('/topscorers/sponsor');
    expect(body.data.context.amount).toBe(20);
    const club = await getJson(league.app, '/api/topscorers/sponsor?club_id=401003&season=2025');
    expect(ranking(club)).toEqual((await expectedRanking(2025, 1, 11, undefined, 401003)).slice(0, 20));
  });

  it('runs as many queries as the main table and answers bad input', async () => {
    const sponsor = await countQueries(league.db, () => getJson(league.app, '/api/topscorers/sponsor?season=2026'));
    expect(sponsor).toBe(await countQueries(league.db, () => getJson(league.app, '/api/topscorers/main?season=2026')));
    expect(sponsor).toBeLessThanOrEqual(7);
    await expectError(league.app, '/api/topscorers/sponsor?phase=playoff', 400, /phase.*group, finals/);
    await expectError(league.app, '/api/topscorers/sponsor?club_id=0', 400, /club_id/);
  });
});

describe('GET /api/topscorers/sponsor-highlight', () => {
  it('shows the best male and female scorer of the top leagues as an attribute list', async () => {
    const body = await getJson(league.app, '/api/topscorers/sponsor-highlight');
    expectTableEnvelope(body, 'attribute_list');
    expect(body.data.headers.map((h: Json) => h.key)).toEqual(['portrait', 'name', 'club', 'points']);
    const rows = body.data.regions[0].rows;
    expect(rows).toHaveLength(2);
    const [men] = await expectedRanking(2026, 1, 11);
    const [women] = await expectedRanking(2026, 1, 21);
    expect(rows.map((r: Json) => [r.cells[1].link.ids[0], Number(r.cells[3].text[0])])).toEqual([
      [men[1], men[4]],
      [women[1], women[4]],
    ]);
  });

  it('for a club shows only the genders it has a top-league team in; view_type=table transposes', async () => {
    const menOnly = await getJson(league.app, '/api/topscorers/sponsor-highlight?club_id=401003');
    expect(menOnly.data.regions[0].rows).toHaveLength(1);
    const [best] = await expectedRanking(2026, 1, 11, undefined, 401003);
    expect(menOnly.data.regions[0].rows[0].cells[1].link.ids).toEqual([best[1]]);
    const table = await getJson(league.app, '/api/topscorers/sponsor-highlight?club_id=401001&view_type=table');
    expect(table.subtype).toBe('table');
    const rows = table.data.regions[0].rows;
    expect(rows).toHaveLength(4);
    expect(rows.map((r: Json) => r.cells.length)).toEqual([2, 2, 2, 2]);
    expect(rows[0].cells[0].image).toBeDefined();
    expect(rows[3].cells.map((c: Json) => c.text[0])).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+$/)]));
    // Season, club, its top-league teams, two rankings and each ranking's player and team: fixed, whatever the
    // club (Prisma joins the two rankings' lookups into one statement when they land in the same tick).
    expect(await countQueries(league.db, () => getJson(league.app, '/api/topscorers/sponsor-highlight?club_id=401001'))).toBeLessThanOrEqual(10);
    await expectError(league.app, '/api/topscorers/sponsor-highlight?view_type=list', 400, /view_type/);
    await expectError(league.app, '/api/topscorers/sponsor-highlight?club_id=99999999', 404, /club/);
  });
});

describe('SPONSOR_PATH', () => {
  it('defaults to sponsor and accepts lowercase letters, digits and dashes only', () => {
    expect(loadConfig({}).sponsorPath).toBe('sponsor');
    expect(sponsorPathFrom({ SPONSOR_PATH: 'bank-2' })).toBe('bank-2');
    for (const bad of ['Bank', 'a/b', '-x', 'x-', 'main', 'su', 'a b']) expect(() => sponsorPathFrom({ SPONSOR_PATH: bad })).toThrow(ConfigError);
  });

  it('moves the sponsor tables', async () => {
    const sponsorPath = loadConfig({ SPONSOR_PATH: 'bank-2' }).sponsorPath;
    const app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local', sponsorPath });
    try {
      expect((await getJson(app, '/api/topscorers/bank-2')).data.regions[0].rows).toHaveLength(20);
      expect((await getJson(app, '/api/topscorers/bank-2-highlight')).subtype).toBe('attribute_list');
      await expectError(app, '/api/topscorers/sponsor', 404);
    } finally {
      await app.close();
    }
  });
});
