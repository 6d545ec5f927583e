import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { getJson, type Json } from '../support/api.js';

/**
 * Issue 17 item 4: `/api/rankings` lists the season's rankings as tabs — every group of the season
 * without league and group, the league's groups with them — and the live-score client follows a
 * tab by setting its `set_in_context` (league, game class, group) in the context.
 */
let league: TestLeague;
interface SeasonGroup {
  id: number;
  name: string;
  leagueId: number;
  gameClassId: number;
  sortOrder: number;
  level: number;
  leagueName: string;
  className: string;
}
let seasonGroups: SeasonGroup[];

beforeAll(async () => {
  league = await openTestLeague();
  const { prisma } = league.db;
  // The demo league at this scale plays one group per league; give the top league a second
  // qualification group and a playoff, so that "the league's other groups" are more than one.
  const top = await prisma.leagueGroup.findFirstOrThrow({ where: { seasonId: 2026, leagueId: 1, gameClassId: 11 } });
  const maxId = (await prisma.leagueGroup.aggregate({ _max: { id: true } }))._max.id ?? 0;
  await prisma.leagueGroup.createMany({
    data: [
      { id: maxId + 1, seasonId: 2026, leagueId: 1, gameClassId: 11, name: 'Playoff', phase: 'PLAYOFF', sortOrder: top.sortOrder + 2 },
      { id: maxId + 2, seasonId: 2026, leagueId: 1, gameClassId: 11, name: 'Gruppe 2', sortOrder: top.sortOrder + 1 },
    ],
  });
  const groups = await prisma.leagueGroup.findMany({
    where: { seasonId: 2026 },
    include: { league: true, gameClass: true },
    orderBy: [{ leagueId: 'asc' }, { gameClassId: 'asc' }, { sortOrder: 'asc' }, { id: 'asc' }],
  });
  seasonGroups = groups.map((g) => ({
    id: g.id,
    name: g.name,
    leagueId: g.leagueId,
    gameClassId: g.gameClassId,
    sortOrder: g.sortOrder,
    level: g.league.level,
    leagueName: g.league.name,
    className: g.gameClass.name,
  }));
});
afterAll(async () => {
  await league?.close();
});

/** `[league, group]`: the lines the live-score client reads (`tab.text[0]`, `tab.text[1]`). */
const tabText = (g: SeasonGroup) => [`${g.className} ${g.leagueName}`, g.name];
const setInContext = (g: SeasonGroup) => ({ league: g.leagueId, game_class: g.gameClassId, group: g.name });
const summary = (body: Json) => body.data.tabs.map((t: Json) => [t.text, t.link.set_in_context, t.highlight]);

/** What a client does with a tab: the current context, the tab's `set_in_context` over it, reloaded. */
function followTab(body: Json, tab: Json): string {
  const context = { ...body.data.context, ...tab.link.set_in_context };
  const query = Object.entries(context)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `/api${tab.link.resource}?${query}`;
}

describe('GET /api/rankings tabs', () => {
  it('without league and group: every group of the season, by league level then game class, the shown groups highlighted', async () => {
    const body = await getJson(league.app, '/api/rankings?season=2026');
    const expected = [...seasonGroups].sort((a, b) => a.level - b.level || a.gameClassId - b.gameClassId);
    expect(expected.length).toBeGreaterThan(5);
    const shown = (g: SeasonGroup) => g.leagueId === 1 && g.gameClassId === 11 && g.name !== 'Playoff';
    expect(summary(body)).toEqual(expected.map((g) => [tabText(g), setInContext(g), shown(g)]));
    expect(body.data.regions.map((r: Json) => r.text)).toEqual(expected.filter(shown).map((g) => g.name));
    for (const tab of body.data.tabs) {
      expect(Object.keys(tab)).toEqual(['text', 'type', 'link', 'highlight']);
      expect(tab.type).toBe('tab');
      expect(tab.text).toEqual([expect.any(String), expect.any(String)]);
      expect(tab.link).toEqual({ type: 'reload', set_in_context: expect.any(Object), resource: '/rankings' });
    }
    // The season's groups ride on the season query: no statement more than before the tabs (≤ 5).
    expect(await countQueries(league.db, () => getJson(league.app, '/api/rankings?season=2026&locale=en'))).toBeLessThanOrEqual(5);
  });

  it('the current season when none is named', async () => {
    const body = await getJson(league.app, '/api/rankings');
    expect(body.data.context.season).toBe(2026);
    expect(body.data.tabs).toHaveLength(seasonGroups.length);
  });

  it('following a tab shows that group, its tab highlighted, and lists its league’s groups', async () => {
    const seasonWide = await getJson(league.app, '/api/rankings?season=2026');
    for (const tab of seasonWide.data.tabs) {
      const group = seasonGroups.find((g) => tabText(g).join(' ') === tab.text.join(' '))!;
      const body = await getJson(league.app, followTab(seasonWide, tab));
      expect(body.data.context).toMatchObject({ season: 2026, ...setInContext(group) });
      expect(body.data.regions.map((r: Json) => r.text)).toEqual([tab.text.join(' ')]);
      const siblings = seasonGroups.filter((g) => g.leagueId === group.leagueId && g.gameClassId === group.gameClassId);
      expect(summary(body)).toEqual(siblings.map((g) => [tabText(g), setInContext(g), g.id === group.id]));
    }
  });

  it('with league and group: that league and game class’s groups in group order, only the shown one highlighted', async () => {
    const body = await getJson(league.app, `/api/rankings?season=2026&league=1&game_class=11&group=${encodeURIComponent('Gruppe 2')}`);
    const first = seasonGroups.find((g) => g.leagueId === 1 && g.gameClassId === 11)!.name;
    expect(summary(body)).toEqual([
      [['Herren GF L-UPL', first], { league: 1, game_class: 11, group: first }, false],
      [['Herren GF L-UPL', 'Gruppe 2'], { league: 1, game_class: 11, group: 'Gruppe 2' }, true],
      [['Herren GF L-UPL', 'Playoff'], { league: 1, game_class: 11, group: 'Playoff' }, false],
    ]);
    // The league's groups are the ones the document selects anyway.
    expect(
      await countQueries(league.db, () => getJson(league.app, '/api/rankings?season=2026&league=1&game_class=11&group=Playoff&locale=fr')),
    ).toBeLessThanOrEqual(5);
  });

  it('with a league but no group, or a group of the default league: that league’s groups', async () => {
    const nlb = await getJson(league.app, '/api/rankings?season=2026&league=2');
    expect(summary(nlb)).toEqual(seasonGroups.filter((g) => g.leagueId === 2 && g.gameClassId === 11).map((g) => [tabText(g), setInContext(g), true]));
    const playoff = await getJson(league.app, '/api/rankings?season=2026&group=Playoff');
    expect(playoff.data.context).toMatchObject({ league: 1, game_class: 11, group: 'Playoff' });
    expect(summary(playoff).map(([text, , highlight]: Json[]) => [text, highlight])).toEqual([
      [['Herren GF L-UPL', expect.any(String)], false],
      [['Herren GF L-UPL', 'Gruppe 2'], false],
      [['Herren GF L-UPL', 'Playoff'], true],
    ]);
  });

  it("team_id: an NLB team's ranking is its own league and group, its row highlighted; view=short the short table", async () => {
    const { prisma } = league.db;
    const registration = await prisma.teamRegistration.findFirstOrThrow({
      where: { group: { seasonId: 2026, leagueId: 2, gameClassId: 11, phase: 'QUALIFICATION' } },
      include: { group: true },
      orderBy: { teamId: 'asc' },
    });
    const body = await getJson(league.app, `/api/rankings?season=2026&team_id=${registration.teamId}&view=short`);
    expect(body.data.context).toMatchObject({ season: 2026, league: 2, game_class: 11, group: registration.group.name, view: 'short' });
    expect(body.data.context).not.toHaveProperty('team_id');
    expect(body.data.headers.map((h: Json) => h.key)).toEqual(['rank', 'logo', 'team', 'games', 'goal_difference', 'points']);
    const rows = body.data.regions.flatMap((r: Json) => r.rows).filter((r: Json) => !r.separator);
    expect(rows.filter((r: Json) => r.highlight).map((r: Json) => r.data.team.id)).toEqual([registration.teamId]);
    expect(rows.every((r: Json) => r.cells.length === 6)).toBe(true);
    expect((await league.app.inject({ url: '/api/rankings?team_id=999999' })).statusCode).toBe(404);
  });
});
