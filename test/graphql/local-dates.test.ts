import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, openTestLeague, type GraphQLResponse, type TestLeague } from '../support/app.js';

let league: TestLeague;
let groupId: number;
/** Games added at the edges of the two days the clocks change, by local wall-clock time. */
const edges = {
  /** 2026-10-25, 25 hours: 00:00 CEST … 23:59 CET. */
  octoberFirstMinute: new Date('2026-10-24T22:00:00Z'),
  octoberSecondHalfPastTwo: new Date('2026-10-25T01:30:00Z'),
  octoberLastHalfHour: new Date('2026-10-25T22:30:00Z'),
  octoberNextDay: new Date('2026-10-25T23:00:00Z'),
  octoberDayBefore: new Date('2026-10-24T21:59:00Z'),
  /** 2026-03-29, 23 hours: 00:00 CET … 23:59 CEST. */
  marchFirstMinute: new Date('2026-03-28T23:00:00Z'),
  marchLastHalfHour: new Date('2026-03-29T21:30:00Z'),
  marchNextDay: new Date('2026-03-29T22:00:00Z'),
};
const ids = new Map<keyof typeof edges, number>();

beforeAll(async () => {
  league = await openTestLeague();
  const prisma = league.db.prisma;
  groupId = (await prisma.leagueGroup.findFirstOrThrow({ where: { seasonId: 2026, games: { some: {} } }, orderBy: { id: 'asc' } })).id;
  let id = ((await prisma.game.aggregate({ _max: { id: true } }))._max.id ?? 0) + 1;
  for (const [name, startsAt] of Object.entries(edges) as [keyof typeof edges, Date][]) {
    await prisma.game.create({ data: { id, startsAt, groupId } });
    ids.set(name, id);
    id += 1;
  }
});
afterAll(async () => {
  await league?.close();
});

type Game = { id: number; startsAt: string; localDate: string; localStartTime: string };
type Games = { games: { totalCount: number; edges: { node: Game }[] } };

const GAMES = 'query($filter: GameFilter) { games(filter: $filter, first: 100) { totalCount edges { node { id startsAt localDate localStartTime } } } }';

async function gamesOf(filter: Record<string, unknown>): Promise<Game[]> {
  const result = await graphql<Games>(league.app, GAMES, { filter });
  expect(result.errors).toBeUndefined();
  expect(result.data!.games.totalCount).toBe(result.data!.games.edges.length);
  return result.data!.games.edges.map((edge) => edge.node);
}

/** The ids of the games starting in [from, to), read straight from the database. */
async function idsBetween(from: string, to: string, where: { groupId?: number } = {}): Promise<number[]> {
  const games = await league.db.prisma.game.findMany({
    where: { ...where, startsAt: { gte: new Date(from), lt: new Date(to) } },
    orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
    select: { id: true },
  });
  return games.map((game) => game.id);
}

const idsOf = (games: Game[]) => games.map((game) => game.id);

describe('the day filter', () => {
  it('holds the 25 hours of the last Sunday of October, and nothing of the days around it', async () => {
    const games = await gamesOf({ groupId, day: '2026-10-25' });
    expect(idsOf(games)).toEqual(await idsBetween('2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z', { groupId }));
    expect(idsOf(games)).toEqual(expect.arrayContaining([ids.get('octoberFirstMinute'), ids.get('octoberSecondHalfPastTwo'), ids.get('octoberLastHalfHour')]));
    expect(idsOf(games)).not.toContain(ids.get('octoberNextDay'));
    expect(idsOf(games)).not.toContain(ids.get('octoberDayBefore'));
    expect(games.every((game) => game.localDate === '2026-10-25')).toBe(true);
  });

  it('holds the 23 hours of the last Sunday of March', async () => {
    const games = await gamesOf({ groupId, day: '2026-03-29' });
    expect(idsOf(games)).toEqual(await idsBetween('2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z', { groupId }));
    expect(idsOf(games)).toEqual(expect.arrayContaining([ids.get('marchFirstMinute'), ids.get('marchLastHalfHour')]));
    expect(idsOf(games)).not.toContain(ids.get('marchNextDay'));
  });

  it('finds the demo league’s games of a day across the change, as many as start in its local hours', async () => {
    const result = await graphql<{ games: { totalCount: number } }>(league.app, 'query($filter: GameFilter) { games(filter: $filter) { totalCount } }', {
      filter: { day: '2026-10-25' },
    });
    const demoGames = await idsBetween('2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z');
    expect(demoGames.length).toBeGreaterThan(3);
    expect(result.data!.games.totalCount).toBe(demoGames.length);
  });

  it('applies together with from/to: a game must lie in both', async () => {
    const games = await gamesOf({ groupId, day: '2026-10-25', from: '2026-10-25T12:00:00Z' });
    expect(idsOf(games)).toEqual(await idsBetween('2026-10-25T12:00:00Z', '2026-10-25T23:00:00Z', { groupId }));
    expect(idsOf(games)).toContain(ids.get('octoberLastHalfHour'));
    expect(await gamesOf({ groupId, day: '2026-10-25', to: '2026-10-20T00:00:00Z' })).toEqual([]);
  });
});

describe('fromDay and toDay', () => {
  it('include both days, whole', async () => {
    const games = await gamesOf({ groupId, fromDay: '2026-10-24', toDay: '2026-10-25' });
    expect(idsOf(games)).toEqual(await idsBetween('2026-10-23T22:00:00Z', '2026-10-25T23:00:00Z', { groupId }));
    expect(idsOf(games)).toContain(ids.get('octoberDayBefore'));
    expect(idsOf(games)).toContain(ids.get('octoberLastHalfHour'));
    expect(idsOf(await gamesOf({ groupId, fromDay: '2026-10-25', toDay: '2026-10-25' }))).toEqual(idsOf(await gamesOf({ groupId, day: '2026-10-25' })));
    expect(idsOf(await gamesOf({ groupId, fromDay: '2026-10-26', toDay: '2026-10-26' }))).toContain(ids.get('octoberNextDay'));
  });

  it('refuse a range that ends before it starts, and a malformed day', async () => {
    const reversed: GraphQLResponse = await graphql(league.app, GAMES, { filter: { fromDay: '2026-10-26', toDay: '2026-10-25' } });
    expect(reversed.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(reversed.errors?.[0]?.message).toBe('filter.fromDay 2026-10-26 is after filter.toDay 2026-10-25');
    const malformed: GraphQLResponse = await graphql(league.app, GAMES, { filter: { day: '25.10.2026' } });
    expect(malformed.errors?.[0]?.message).toMatch(/Date must be YYYY-MM-DD/);
  });
});

describe('a game’s local date and start time', () => {
  it('are those of Europe/Zurich, across both changes of the clocks', async () => {
    const result = await graphql<{ a: Game; b: Game; c: Game; d: Game; e: Game }>(
      league.app,
      `query($a: Int!, $b: Int!, $c: Int!, $d: Int!, $e: Int!) {
        a: game(id: $a) { localDate localStartTime } b: game(id: $b) { localDate localStartTime } c: game(id: $c) { localDate localStartTime }
        d: game(id: $d) { localDate localStartTime } e: game(id: $e) { localDate localStartTime }
      }`,
      {
        a: ids.get('octoberFirstMinute'),
        b: ids.get('octoberSecondHalfPastTwo'),
        c: ids.get('octoberLastHalfHour'),
        d: ids.get('marchLastHalfHour'),
        e: ids.get('marchNextDay'),
      },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      a: { localDate: '2026-10-25', localStartTime: '00:00' },
      b: { localDate: '2026-10-25', localStartTime: '02:30' }, // the second 02:30 of the night, in CET
      c: { localDate: '2026-10-25', localStartTime: '23:30' },
      d: { localDate: '2026-03-29', localStartTime: '23:30' },
      e: { localDate: '2026-03-30', localStartTime: '00:00' },
    });
  });

  it('agree with the day filter for every demo game of a day', async () => {
    const zurich = { timeZone: 'Europe/Zurich' } as const;
    const some = await league.db.prisma.game.findFirstOrThrow({ where: { startsAt: { gte: new Date('2026-11-01T00:00:00Z') } }, orderBy: { startsAt: 'asc' } });
    const day = some.startsAt.toLocaleDateString('sv-SE', zurich); // YYYY-MM-DD
    const games = await gamesOf({ day });
    expect(idsOf(games)).toContain(some.id);
    for (const game of games) {
      expect(game.localDate).toBe(day);
      expect(new Date(game.startsAt).toLocaleDateString('sv-SE', zurich)).toBe(day);
      const local = new Date(game.startsAt).toLocaleTimeString('de-CH', { ...zurich, hour: '2-digit', minute: '2-digit' });
      expect(game.localStartTime).toBe(local);
    }
  });
});
