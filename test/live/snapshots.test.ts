import type { FastifyInstance } from 'fastify';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../src/app.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet } from '../support/live.js';
import { type SseSubscription, subscribe } from '../support/sse.js';

/**
 * A `gameUpdated` stream without a position begins with the game as it stands (kind SNAPSHOT), a
 * `liveGames` stream with the set of games live now; each stream with one of its own, also when it
 * joins streams of the same subscription; a stream resumed from a position (a snapshot's included)
 * begins with none and gets exactly what it missed.
 */

const FOLLOW = 'subscription ($id: Int!) { gameUpdated(id: $id) { kind version position eventId game { homeScore awayScore } } }';

interface Payload {
  data?: { gameUpdated?: { kind: string; version: number; position: string; eventId: number | null; game: { homeScore: number; awayScore: number } } };
  errors?: { extensions?: { code?: string } }[];
}

let league: TestLeague;
let app: FastifyInstance;
let baseUrl: string;
let federationKey: string;
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let writes = 0;

async function write(mutation: string, input: Record<string, unknown>): Promise<number> {
  const answer = await postGraphQL<Record<string, { version: number }>>(
    baseUrl,
    mutation,
    { input: { gameId: game.id, idempotencyKey: `snapshots-${++writes}`, ...input } },
    federationKey,
  );
  expect(answer.errors).toBeUndefined();
  return Object.values(answer.data ?? {})[0].version;
}

const goal = (second: number) => write('mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { version } }', { side: 'HOME', second });
const update = async (stream: SseSubscription<Payload>) => (await stream.next(20_000)).data?.gameUpdated;

beforeAll(async () => {
  league = await openTestLeague();
  ({ game } = await scheduledGameWithSheet(league.db));
  federationKey = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
  app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local', graphql: { timeoutMs: 60_000 } });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  await write('mutation ($input: StartGameInput!) { startGame(input: $input) { version } }', {});
});

afterAll(async () => {
  await app?.close();
  await league?.close();
});

describe('a gameUpdated stream without a position', () => {
  it('begins with a snapshot of its own, also when it joins an open stream of the same subscription, which does not receive it', async () => {
    const first = await subscribe<Payload>(baseUrl, FOLLOW, { id: game.id });
    let second: SseSubscription<Payload> | undefined;
    try {
      const snapshot = await update(first);
      expect(snapshot).toMatchObject({ kind: 'SNAPSHOT', version: 1, eventId: null, game: { homeScore: 0 }, position: expect.stringMatching(/^\d+$/) });
      const scored = await goal(30);
      expect(await update(first)).toMatchObject({ kind: 'EVENT_ADDED', version: scored, game: { homeScore: 1 } });

      // A second stream of the same document joins the execution: its snapshot shows the goal.
      second = await subscribe<Payload>(baseUrl, FOLLOW, { id: game.id });
      expect(await update(second)).toMatchObject({ kind: 'SNAPSHOT', version: scored, game: { homeScore: 1 } });
      const again = await goal(60);
      // Both get the next change, once; the first never sees the second's snapshot.
      expect(await update(first)).toMatchObject({ kind: 'EVENT_ADDED', version: again, game: { homeScore: 2 } });
      expect(await update(second)).toMatchObject({ kind: 'EVENT_ADDED', version: again, game: { homeScore: 2 } });
    } finally {
      first.close();
      second?.close();
    }
  });

  it('resumed from its snapshot’s position (Last-Event-ID) gets exactly the changes since, and no snapshot', async () => {
    const opened = await subscribe<Payload>(baseUrl, FOLLOW, { id: game.id });
    const snapshot = await update(opened);
    opened.close();
    expect(snapshot?.kind).toBe('SNAPSHOT');
    const missed = [await goal(90), await goal(120)];
    const resumed = await subscribe<Payload>(baseUrl, FOLLOW, { id: game.id }, { 'last-event-id': snapshot!.position });
    try {
      const got = [await update(resumed), await update(resumed)];
      expect(got.map((one) => [one?.kind, one?.version])).toEqual(missed.map((version) => ['EVENT_ADDED', version]));
      const live = await goal(150);
      expect(await update(resumed)).toMatchObject({ kind: 'EVENT_ADDED', version: live });
    } finally {
      resumed.close();
    }
  });
});

const LIVE_OF_TEAM =
  'subscription ($team: Int, $after: String) { liveGames(filter: { teamId: $team }, after: $after) { kind version position game { id homeScore } games { id version homeScore status } } }';
const LIVE_ALL = 'subscription { liveGames { kind position games { id status } } }';

interface LiveUpdate {
  kind: string;
  version: number | null;
  position: string;
  game: { id: number; homeScore: number } | null;
  games: { id: number; version: number; homeScore: number; status: string }[];
}

interface LivePayload {
  data?: { liveGames?: LiveUpdate };
  errors?: { extensions?: { code?: string } }[];
}

const liveUpdate = async (stream: SseSubscription<LivePayload>) => (await stream.next(20_000)).data?.liveGames;

describe('a liveGames stream without a position', () => {
  it('begins with the set of games live now, its own, also when it joins an open stream of the same subscription, which does not receive it', async () => {
    const team = { team: game.homeTeamId };
    const first = await subscribe<LivePayload>(baseUrl, LIVE_OF_TEAM, team);
    let second: SseSubscription<LivePayload> | undefined;
    try {
      const snapshot = await liveUpdate(first);
      expect(snapshot).toMatchObject({ kind: 'SNAPSHOT', version: null, game: null, position: expect.stringMatching(/^\d+$/) });
      expect(snapshot?.games.map((one) => one.id)).toEqual([game.id]);
      const scored = await goal(210);
      expect(await liveUpdate(first)).toMatchObject({ kind: 'EVENT_ADDED', version: scored, game: { id: game.id }, games: [{ id: game.id, version: scored }] });

      second = await subscribe<LivePayload>(baseUrl, LIVE_OF_TEAM, team);
      expect(await liveUpdate(second)).toMatchObject({ kind: 'SNAPSHOT', games: [{ id: game.id, version: scored }] });
      const again = await goal(240);
      expect(await liveUpdate(first)).toMatchObject({ kind: 'EVENT_ADDED', version: again });
      expect(await liveUpdate(second)).toMatchObject({ kind: 'EVENT_ADDED', version: again });
    } finally {
      first.close();
      second?.close();
    }
  });

  it('resumed from its snapshot’s position (Last-Event-ID) gets exactly the changes since, and no snapshot', async () => {
    const opened = await subscribe<LivePayload>(baseUrl, LIVE_OF_TEAM, { team: game.homeTeamId });
    const snapshot = await liveUpdate(opened);
    opened.close();
    expect(snapshot?.kind).toBe('SNAPSHOT');
    const missed = await goal(270);
    const resumed = await subscribe<LivePayload>(baseUrl, LIVE_OF_TEAM, { team: game.homeTeamId }, { 'last-event-id': snapshot!.position });
    try {
      expect(await liveUpdate(resumed)).toMatchObject({ kind: 'EVENT_ADDED', version: missed });
    } finally {
      resumed.close();
    }
  });

  it('over graphql-ws, resubscribed without after, is right at once: a game that ended while it was away is no longer in the set', async () => {
    const other = await league.db.prisma.game.findFirstOrThrow({
      where: { status: 'SCHEDULED', groupId: { not: null }, id: { not: game.id } },
      orderBy: { id: 'asc' },
    });
    const otherWrite = (mutation: string, input: Record<string, unknown>) =>
      postGraphQL(baseUrl, mutation, { input: { gameId: other.id, idempotencyKey: `snapshots-other-${++writes}`, ...input } }, federationKey);
    expect(
      (await otherWrite('mutation ($input: StartGameInput!) { startGame(input: $input) { version } }', { outsideStartWindow: true, reason: 'test' })).errors,
    ).toBeUndefined();

    const client = createClient({ url: `${baseUrl.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
    try {
      const firstTime = client.iterate<{ liveGames: LiveUpdate }>({ query: LIVE_ALL });
      const before = (await firstTime.next()).value?.data?.liveGames;
      expect(before?.kind).toBe('SNAPSHOT');
      expect(before?.games.map((one: { id: number }) => one.id)).toEqual(expect.arrayContaining([game.id, other.id]));
      await firstTime.return?.();

      // While the client is away, the other game is stopped for good.
      expect((await otherWrite('mutation ($input: AbortGameInput!) { abortGame(input: $input) { version } }', {})).errors).toBeUndefined();

      const again = client.iterate<{ liveGames: LiveUpdate }>({ query: LIVE_ALL });
      const after = (await again.next()).value?.data?.liveGames;
      expect(after?.kind).toBe('SNAPSHOT');
      const ids = after?.games.map((one: { id: number }) => one.id);
      expect(ids).toContain(game.id);
      expect(ids).not.toContain(other.id);
      expect(after?.games.every((one: { status: string }) => one.status === 'LIVE')).toBe(true);
      await goal(300);
      expect((await again.next()).value?.data?.liveGames).toMatchObject({ kind: 'EVENT_ADDED', games: [{ id: game.id, status: 'LIVE' }] });
      await again.return?.();
    } finally {
      await client.dispose();
    }
  });
});
