import type { FastifyInstance } from 'fastify';
import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../src/app.js';
import { sha256Hex } from '../../src/graphql/persisted-documents.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';
import { subscribe as subscribeOverSse } from '../support/sse.js';

let league: TestLeague;
/** Three subscriptions (and three sockets) per client; browsers of one origin only. */
let app: FastifyInstance;
let baseUrl: string;
let wsUrl: string;
let federationKey: string;
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let writes = 0;
const clients: Client[] = [];

const ALLOWED_ORIGIN = 'https://club.example';
const START = `mutation ($input: StartGameInput!) { startGame(input: $input) { ${WRITE_RESULT} } }`;
const GOAL = `mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { ${WRITE_RESULT} } }`;
const GAME_UPDATED = 'subscription ($id: Int!) { gameUpdated(id: $id) { kind version position game { id homeScore awayScore } } }';

interface Update {
  kind: string;
  version: number;
  position: string;
  game: { id: number; homeScore: number; awayScore: number };
}

const input = (extra: Record<string, unknown> = {}) => ({ input: { gameId: game.id, idempotencyKey: `ws-${++writes}`, ...extra } });
const writeOverHttp = (document: string, extra: Record<string, unknown> = {}) => postGraphQL(baseUrl, document, input(extra), federationKey);

function connect(connectionParams?: Record<string, unknown>): Client {
  const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, connectionParams, retryAttempts: 0, lazy: true });
  clients.push(client);
  return client;
}

/** Runs one operation over the socket and returns its first result (a query's or mutation's only one). */
async function once<T>(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const results = client.iterate<T>({ query, variables });
  try {
    const first = await results.next();
    return first.value;
  } finally {
    await results.return?.();
  }
}

/** Resolves with the HTTP status of a refused upgrade, or 101 once the socket opens (then closes it). */
function upgradeStatus(headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl, 'graphql-transport-ws', { headers });
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

beforeAll(async () => {
  league = await openTestLeague();
  ({ game } = await scheduledGameWithSheet(league.db));
  federationKey = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
  app = await buildApp({
    database: league.db,
    clock: league.clock,
    logLevel: 'silent',
    publicBaseUrl: 'http://test.local',
    subscriptionsPerClient: 3,
    corsOrigins: [ALLOWED_ORIGIN],
    graphql: { timeoutMs: 60_000 },
  });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  wsUrl = `${baseUrl.replace(/^http/, 'ws')}/graphql`;
  expect((await writeOverHttp(START)).errors).toBeUndefined();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await app?.close();
  await league?.close();
});

describe('GraphQL over WebSocket (graphql-transport-ws) at /graphql', () => {
  it('refuses the subscription past the client cap as SSE does, and pushes a goal to the others', async () => {
    const client = connect();
    const streams = [1, 2, 3, 4].map(() => client.iterate<{ gameUpdated: Update }>({ query: GAME_UPDATED, variables: { id: game.id } }));
    // Whichever came last is refused: one of four, once three hold their slots; the others begin with the game's snapshot.
    const firsts = await Promise.all(streams.map((stream) => stream.next()));
    const refusedIndex = firsts.findIndex((first) => first.value?.errors);
    const refused = { index: refusedIndex, result: firsts[refusedIndex].value };
    expect(refused.result.errors?.[0]).toMatchObject({
      message: expect.stringContaining('Too many open subscriptions'),
      extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' },
    });
    expect(refused.result.errors?.[0].extensions).not.toHaveProperty('http');
    // The caps are the client's, whatever the transport: an SSE stream is refused too.
    const overSse = await subscribeOverSse<{ errors?: { extensions?: { code?: string } }[] }>(baseUrl, GAME_UPDATED, { id: game.id });
    expect(overSse.status).toBe(429);
    expect((await overSse.next()).errors?.[0].extensions?.code).toBe('TOO_MANY_SUBSCRIPTIONS');
    overSse.close();

    const goal = await writeOverHttp(GOAL, { side: 'HOME', second: 30 });
    expect(goal.errors).toBeUndefined();
    const open = streams.filter((_stream, index) => index !== refused.index);
    for (const [index, stream] of open.entries()) {
      expect(firsts.filter((_first, at) => at !== refused.index)[index].value?.data?.gameUpdated).toMatchObject({ kind: 'SNAPSHOT', game: { id: game.id } });
      expect((await stream.next()).value?.data?.gameUpdated).toMatchObject({
        kind: 'EVENT_ADDED',
        game: { id: game.id, homeScore: 1 },
        position: expect.any(String),
      });
    }
    await Promise.all(streams.map((stream) => stream.return?.()));
  });

  it('runs queries and mutations too; a write without a key, or with a bad one, is refused as over HTTP', async () => {
    const anonymous = connect();
    const query = await once<{ game: { id: number; status: string } }>(anonymous, 'query ($id: Int!) { game(id: $id) { id status } }', { id: game.id });
    expect(query?.data?.game).toEqual({ id: game.id, status: 'LIVE' });

    const goal = { side: 'AWAY', second: 40 };
    const overHttp = await postGraphQL(baseUrl, GOAL, input(goal));
    const overSocket = await once(anonymous, GOAL, input(goal));
    expect(overHttp.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(overSocket?.errors?.[0]).toMatchObject({ message: overHttp.errors?.[0].message, extensions: { code: 'UNAUTHENTICATED' } });

    const badKeyOverHttp = await postGraphQL(baseUrl, GOAL, input(goal), 'not-a-key-at-all');
    expect([badKeyOverHttp.status, badKeyOverHttp.errors?.[0].extensions?.code]).toEqual([401, 'UNAUTHENTICATED']);
    // Over the socket a wrong key is refused before any operation: its connection_init is closed with 4401, in the same words.
    await expect(once(connect({ authorization: 'Bearer not-a-key-at-all' }), GOAL, input(goal))).rejects.toMatchObject({
      code: 4401,
      reason: badKeyOverHttp.errors?.[0].message,
    });

    const written = await once<{ recordGoal: { game: { awayScore: number } } }>(connect({ 'x-api-key': federationKey }), GOAL, input(goal));
    expect(written?.errors).toBeUndefined();
    expect(written?.data?.recordGoal.game.awayScore).toBe(1);
  });

  it('applies the document limits before parsing, with the codes of /graphql', async () => {
    const client = connect();
    const tooLong = `{ ${'__typename '.repeat(4000)}}`;
    const tooManyTokens = `{ ${'__typename '.repeat(1200)}}`;
    await expect(once(client, tooLong)).rejects.toMatchObject([{ extensions: { code: 'DOCUMENT_TOO_LARGE' } }]);
    await expect(once(client, tooManyTokens)).rejects.toMatchObject([{ extensions: { code: 'TOO_MANY_TOKENS' } }]);
  });

  it('refuses an upgrade from an origin CORS does not allow with 403, and past the client’s sockets with 429', async () => {
    expect(await upgradeStatus({ origin: 'https://elsewhere.example' })).toBe(403);
    expect(await upgradeStatus({ origin: ALLOWED_ORIGIN })).toBe(101);
    const held = [1, 2, 3].map(() => new WebSocket(wsUrl, 'graphql-transport-ws'));
    await Promise.all(held.map((socket) => new Promise((resolve) => socket.once('open', resolve))));
    expect(await upgradeStatus()).toBe(429);
    await Promise.all(
      held.map((socket) => {
        const closed = new Promise((resolve) => socket.once('close', resolve));
        socket.close();
        return closed;
      }),
    );
  });
});

describe('closing the app', () => {
  it('closes open sockets with 1001 (Going Away)', async () => {
    const closing = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent' });
    const url = `${(await closing.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws')}/graphql`;
    const socket = new WebSocket(url, 'graphql-transport-ws');
    const acknowledged = new Promise<void>((resolve) => socket.on('message', (data) => JSON.parse(String(data)).type === 'connection_ack' && resolve()));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init' }));
    await acknowledged;
    await closing.close();
    expect(await closed).toBe(1001);
  });
});

describe('trusted documents over WebSocket', () => {
  it('applies the allow-list as HTTP does: a listed hash runs its document, any other document is refused', async () => {
    const listed = '{ seasons { id } }';
    const hash = sha256Hex(listed);
    const guarded = await buildApp({
      database: league.db,
      clock: league.clock,
      logLevel: 'silent',
      trustedDocuments: { mode: 'allow-list', manifest: new Map([[hash, listed]]) },
    });
    try {
      const url = `${(await guarded.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws')}/graphql`;
      const client = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true });
      clients.push(client);
      const run = async (payload: { query: string; extensions?: Record<string, unknown> }) => {
        const results = client.iterate(payload);
        try {
          return (await results.next()).value;
        } catch (errors) {
          return { errors: errors as { extensions?: Record<string, unknown> }[] };
        } finally {
          await results.return?.();
        }
      };
      const byHash = await run({ query: '', extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });
      expect(byHash).toMatchObject({ data: { seasons: expect.any(Array) } });
      const arbitrary = await run({ query: '{ clubs(first: 1) { totalCount } }' });
      expect(arbitrary?.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_ALLOWED');
    } finally {
      await guarded.close();
    }
  });
});
