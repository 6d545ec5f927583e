import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';
import { subscribe, type SseSubscription } from '../support/sse.js';

let league: TestLeague;
let app: FastifyInstance;
let baseUrl: string;
/** The same service with a 1 s request deadline, two request slots and three subscriptions per client. */
let bounded: FastifyInstance;
let boundedUrl: string;
let federationKey: string;
let clubKey: string;
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let sheet: Awaited<ReturnType<typeof scheduledGameWithSheet>>['sheet'];
let writes = 0;

const START = `mutation ($input: StartGameInput!) { startGame(input: $input) { ${WRITE_RESULT} } }`;
const GOAL = `mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { ${WRITE_RESULT} } }`;
const GAME_UPDATED =
  'subscription ($id: Int!) { gameUpdated(id: $id) { kind version scoreChanged game { id status homeScore awayScore } event { type second player { id } } } }';

interface Update {
  data?: {
    gameUpdated?: {
      kind: string;
      version: number;
      scoreChanged: boolean;
      game: { homeScore: number; awayScore: number; status: string };
      event: { type: string; second: number; player: { id: number } | null } | null;
    };
  };
  errors?: { message: string; extensions?: { code?: string } }[];
}

const write = (document: string, input: Record<string, unknown>, key = federationKey, base = baseUrl) =>
  postGraphQL(base, document, { input: { gameId: game.id, idempotencyKey: `push-${++writes}`, ...input } }, key);

beforeAll(async () => {
  league = await openTestLeague();
  ({ game, sheet } = await scheduledGameWithSheet(league.db));
  federationKey = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
  clubKey = (await createKey(league.db, 'home desk', game.homeTeam!.clubId, ['games:write'])).key;
  // Concurrent writes to one game queue for its row: on a busy machine the last of 20 waits past
  // GraphQL's 5 s deadline, which this file does not test (`bounded` below tests a deadline).
  app = await buildApp({
    database: league.db,
    clock: league.clock,
    logLevel: 'silent',
    publicBaseUrl: 'http://test.local',
    responseCacheTtlMs: 60_000,
    graphql: { timeoutMs: 60_000 },
  });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  // Writes go through `app`: its change feed is not this one's, so only pushes from its own writes reach it.
  bounded = await buildApp({
    database: league.db,
    clock: league.clock,
    logLevel: 'silent',
    publicBaseUrl: 'http://test.local',
    subscriptionsPerClient: 3,
    requestTimeoutMs: 1000,
    maxInFlight: 2,
  });
  boundedUrl = await bounded.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await bounded?.close();
  await app?.close();
  await league?.close();
});

/** Subscribes, and again while the client is refused (429) for too many open subscriptions; fails after 10 s. */
async function subscribeOnceLetIn(base: string, query: string, variables: Record<string, unknown>): Promise<SseSubscription<Update>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const subscription = await subscribe<Update>(base, query, variables);
    if (subscription.status !== 429) return subscription;
    subscription.close();
    if (Date.now() > deadline) throw new Error('still refused 10 s after a subscription was closed');
  }
}

describe('GraphQL subscriptions over SSE', () => {
  it('pushes the start and a recorded goal to a subscriber past the request deadline, with keep-alive pings in between', async () => {
    const subscription = await subscribe<Update>(boundedUrl, GAME_UPDATED, { id: game.id });
    try {
      expect(subscription.status).toBe(200);
      expect((await subscription.next()).data?.gameUpdated).toMatchObject({ kind: 'SNAPSHOT', version: 0, game: { status: 'SCHEDULED' } });
      await write(START, {}, federationKey, boundedUrl);
      expect((await subscription.next()).data?.gameUpdated).toMatchObject({
        kind: 'STARTED',
        version: 1,
        game: { status: 'LIVE', homeScore: 0, awayScore: 0 },
      });
      // Past the 1 s request deadline: the server has sent the opening ping and five more, 300 ms apart.
      await subscription.untilPings(6);
      const scorer = sheet.AWAY[0];
      await write(GOAL, { side: 'AWAY', second: 61, scorerLicenseId: scorer.licenseId }, federationKey, boundedUrl);
      expect((await subscription.next()).data?.gameUpdated).toMatchObject({
        kind: 'EVENT_ADDED',
        version: 2,
        scoreChanged: true,
        game: { homeScore: 0, awayScore: 1 },
        event: { type: 'GOAL', second: 61, player: { id: scorer.playerId } },
      });
      // yoga pings every 300 ms under NODE_ENV=test (12 s otherwise), after the one it opens with.
      expect(subscription.pings()).toBeGreaterThanOrEqual(4);
    } finally {
      subscription.close();
    }
  });

  it('liveGames delivers score changes of the filtered club and nothing of others', async () => {
    const ofClub = await subscribe<{ data?: { liveGames: { kind: string; game: { id: number; homeScore: number } | null; games: { id: number }[] } } }>(
      baseUrl,
      'subscription ($club: Int) { liveGames(filter: { clubId: $club }) { kind game { id homeScore } games { id } } }',
      { club: game.homeTeam!.clubId },
    );
    const ofNobody = await subscribe<{ data?: { liveGames: { kind: string; games: unknown[] } } }>(
      baseUrl,
      'subscription { liveGames(filter: { teamId: -1 }) { kind games { id } } }',
    );
    try {
      // Each begins with the set as it stands: the club's live game, and nothing.
      expect((await ofClub.next()).data?.liveGames).toMatchObject({ kind: 'SNAPSHOT', game: null, games: expect.arrayContaining([{ id: game.id }]) });
      expect((await ofNobody.next()).data?.liveGames).toEqual({ kind: 'SNAPSHOT', games: [] });
      await write(GOAL, { side: 'HOME', second: 90 }, clubKey);
      expect((await ofClub.next()).data?.liveGames).toMatchObject({ kind: 'EVENT_ADDED', game: { id: game.id, homeScore: 1 } });
      await expect(ofNobody.next(500)).rejects.toThrow('no subscription event');
    } finally {
      ofClub.close();
      ofNobody.close();
    }
  });

  it('refuses a client past its open subscriptions with a clear error, and counts closed ones out; open ones hold no request slot', async () => {
    const open = await Promise.all([1, 2, 3].map(() => subscribe<Update>(boundedUrl, GAME_UPDATED, { id: game.id })));
    const refused = await subscribe<Update>(boundedUrl, GAME_UPDATED, { id: game.id });
    const answer = await refused.next();
    expect(answer.errors?.[0]).toMatchObject({
      message: expect.stringContaining('Too many open subscriptions'),
      extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' },
    });
    expect(refused.status).toBe(429);
    refused.close();
    open[0].close();
    // The server counts the closed one out once it sees its stream end; nothing tells the client
    // when, so it asks again until it is let in (a refusal answers 429 at once).
    const again = await subscribeOnceLetIn(boundedUrl, GAME_UPDATED, { id: game.id });
    expect((await again.next()).data?.gameUpdated?.kind).toBe('SNAPSHOT');
    await write(GOAL, { side: 'HOME', second: 100 }, federationKey, boundedUrl);
    expect((await again.next()).data?.gameUpdated?.game.homeScore).toBe(2);
    for (const subscription of [...open.slice(1), again]) subscription.close();
  });

  it('refuses a subscription to an unknown game with NOT_FOUND', async () => {
    const unknown = await subscribe<Update>(baseUrl, GAME_UPDATED, { id: 987654321 });
    expect((await unknown.next()).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    unknown.close();
  });
});

describe('fresh everywhere at once', () => {
  it('serves a write through /api and /graphql on the very next request despite a 60 s cache, and keeps the standings a live goal does not change', async () => {
    const detail = `/api/games/${game.id}`;
    const group = await league.db.prisma.leagueGroup.findUniqueOrThrow({ where: { id: game.groupId ?? -1 } });
    const others = ['/api/games?mode=current', `/api/game_events/${game.id}`, `/api/rankings?league=${group.leagueId}&game_class=${group.gameClassId}`];
    const othersBefore = await Promise.all(others.map((path) => fetch(`${baseUrl}${path}`).then((response) => response.text())));
    for (const path of others) expect((await fetch(`${baseUrl}${path}`)).headers.get('x-cache'), path).toBe('hit');
    const graphqlQuery = `${baseUrl}/graphql?query=${encodeURIComponent(`{ game(id: ${game.id}) { homeScore awayScore version } }`)}`;
    const before = await fetch(`${baseUrl}${detail}`).then((response) => response.text());
    expect((await fetch(`${baseUrl}${detail}`)).headers.get('x-cache')).toBe('hit');
    const beforeGraphQL = (await fetch(graphqlQuery).then((response) => response.json())) as { data: { game: { version: number } } };
    const written = await write(GOAL, { side: 'AWAY', second: 200 });
    expect(written.errors).toBeUndefined();
    const after = await fetch(`${baseUrl}${detail}`);
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(await after.text()).not.toBe(before);
    const afterGraphQL = (await fetch(graphqlQuery).then((response) => response.json())) as { data: { game: { version: number } } };
    expect(afterGraphQL.data.game.version).toBe(beforeGraphQL.data.game.version + 1);
    const othersAfter = await Promise.all(others.map((path) => fetch(`${baseUrl}${path}`)));
    // The live game's score shows in the current games and its events; a live game does not count for the standings yet.
    expect(othersAfter.map((response) => response.headers.get('x-cache'))).toEqual(['miss', 'miss', 'hit']);
    const texts = await Promise.all(othersAfter.map((response) => response.text()));
    expect(texts.map((text, i) => text !== othersBefore[i])).toEqual([true, true, false]);
  });

  it("drops the cached pages of the game's teams, clubs, players and league, and keeps those of the rest, its group's other teams included", async () => {
    const db = league.db.prisma;
    const group = await db.leagueGroup.findUniqueOrThrow({ where: { id: game.groupId ?? -1 } });
    const season = group.seasonId;
    const sides = [game.homeTeamId!, game.awayTeamId!];
    const sheetPlayers = [...sheet.HOME, ...sheet.AWAY].map((entry) => entry.playerId);
    const groupTeams = (await db.teamRegistration.findMany({ where: { groupId: group.id }, select: { teamId: true } })).map((r) => r.teamId);
    const groupMate = groupTeams.find((id) => !sides.includes(id));
    expect(groupMate).toBeDefined();
    const nearTeams = [
      ...groupTeams,
      ...(await db.teamMember.findMany({ where: { playerId: { in: sheetPlayers } }, select: { teamId: true } })).map((m) => m.teamId),
    ];
    const nearClubs = (await db.team.findMany({ where: { id: { in: [...sides, ...nearTeams] } }, select: { clubId: true } })).map((t) => t.clubId);
    const nearPlayers = (await db.teamMember.findMany({ where: { teamId: { in: sides } }, select: { playerId: true } })).map((m) => m.playerId);
    const farTeam = await db.team.findFirstOrThrow({
      where: { id: { notIn: [...sides, ...nearTeams] }, clubId: { notIn: nearClubs }, members: { some: { seasonId: season } } },
    });
    const farPlayer = await db.teamMember.findFirstOrThrow({
      where: { teamId: farTeam.id, seasonId: season, playerId: { notIn: [...nearPlayers, ...sheetPlayers] } },
    });
    const otherLeague = await db.leagueGroup.findFirstOrThrow({ where: { seasonId: season, leagueId: { not: group.leagueId } } });
    const farGame = await db.game.findFirstOrThrow({
      where: { homeTeamId: { notIn: [...sides, ...nearTeams] }, awayTeamId: { notIn: [...sides, ...nearTeams] } },
    });
    const scorer = sheet.HOME[0];
    const kept = [
      `/api/games/${farGame.id}`,
      `/api/game_events/${farGame.id}`,
      `/api/players/${farPlayer.playerId}/statistics`,
      `/api/players/${farPlayer.playerId}/overview?season=${season}`,
      `/api/teams/${farTeam.id}/statistics`,
      `/api/games?mode=club&club_id=${farTeam.clubId}&season=${season}`,
      `/api/rankings?league=${otherLeague.leagueId}&game_class=${otherLeague.gameClassId}`, // another league's
      `/api/rankings?league=${group.leagueId}&game_class=${group.gameClassId}`, // a live game's goal does not count for the standings yet
      `/api/teams/${groupMate}/statistics`, // nor for its rank in the group
    ];
    const dropped = [
      `/api/games/${game.id}`,
      `/api/players/${scorer.playerId}/statistics`,
      `/api/players/${scorer.playerId}/overview?season=${season}`,
      `/api/teams/${game.homeTeamId}/statistics`,
      `/api/games?mode=club&club_id=${game.homeTeam!.clubId}&season=${season}`,
      `/api/games?mode=team&team_id=${game.awayTeamId}&season=${season}`,
    ];
    const pages = [...kept, ...dropped];
    const before = await Promise.all(pages.map((path) => fetch(`${baseUrl}${path}`).then((response) => response.text())));
    expect(await Promise.all(pages.map((path) => fetch(`${baseUrl}${path}`).then((response) => response.headers.get('x-cache'))))).toEqual(
      pages.map(() => 'hit'),
    );
    expect((await write(GOAL, { side: 'HOME', second: 250, scorerLicenseId: scorer.licenseId })).errors).toBeUndefined();
    const after = await Promise.all(pages.map((path) => fetch(`${baseUrl}${path}`)));
    expect(Object.fromEntries(pages.map((path, i) => [path, after[i].headers.get('x-cache')]))).toEqual(
      Object.fromEntries([...kept.map((path) => [path, 'hit']), ...dropped.map((path) => [path, 'miss'])]),
    );
    const texts = await Promise.all(after.map((response) => response.text()));
    expect(texts.slice(0, kept.length)).toEqual(before.slice(0, kept.length));
    // GraphQL's result cache likewise keeps the other game's result, and runs the written game's again.
    const gameQuery = (id: number) =>
      fetch(`${baseUrl}/graphql?query=${encodeURIComponent(`{ game(id: ${id}) { homeScore awayScore homeTeam { name } } }`)}`).then((response) =>
        response.json(),
      );
    await Promise.all([gameQuery(farGame.id), gameQuery(game.id)]);
    expect(await write(GOAL, { side: 'HOME', second: 260 })).not.toHaveProperty('errors');
    expect(await countQueries(league.db, () => gameQuery(farGame.id))).toBe(0);
    let written: { data: { game: { homeScore: number } } } | undefined;
    expect(await countQueries(league.db, async () => (written = await gameQuery(game.id)))).toBeGreaterThan(0);
    expect(written?.data.game.homeScore).toBe((await db.game.findUniqueOrThrow({ where: { id: game.id } })).homeScore);
    // The scorer's statistics count the goal, and the game's page shows it.
    expect([texts[kept.length] !== before[kept.length], texts[kept.length + 1] !== before[kept.length + 1]]).toEqual([true, true]);
  });

  it('loses no event of 20 concurrent writes to one game from two keys', async () => {
    const before = await league.db.prisma.gameEvent.count({ where: { gameId: game.id, type: 'GOAL' } });
    const versionBefore = (await league.db.prisma.game.findUniqueOrThrow({ where: { id: game.id } })).version;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_unused, index) =>
        write(GOAL, { side: index % 2 === 0 ? 'HOME' : 'AWAY', second: 300 + index }, index % 2 === 0 ? federationKey : clubKey),
      ),
    );
    expect(answers.flatMap((answer) => answer.errors ?? [])).toEqual([]);
    const versions = answers.map((answer) => (answer.data as { recordGoal: { version: number } }).recordGoal.version).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 20 }, (_unused, index) => versionBefore + index + 1));
    expect(await league.db.prisma.gameEvent.count({ where: { gameId: game.id, type: 'GOAL' } })).toBe(before + 20);
    const stored = await league.db.prisma.game.findUniqueOrThrow({ where: { id: game.id } });
    const goals = await league.db.prisma.gameEvent.findMany({ where: { gameId: game.id, type: { in: ['GOAL', 'OWN_GOAL'] } } });
    expect(stored.homeScore).toBe(goals.filter((goal) => goal.side === 'HOME').length);
    expect(stored.awayScore).toBe(goals.filter((goal) => goal.side === 'AWAY').length);
  });
});
