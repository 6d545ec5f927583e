import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { Budget, type RateLimitConfig, refundsPerWindow } from '../../src/http/rate-limit.js';
import type { Database } from '../../src/db/database.js';
import { loadDemoLeague } from '../../src/data/demo/index.js';
import { FixedWindowCounter } from '../../src/http/fixed-window.js';
import { sessionSidsOf } from '../../src/http/graphql-session-sids.js';
import { TEST_NOW } from '../support/app.js';
import { openTestDatabase } from '../support/database.js';
import { createKey } from '../support/keys.js';
import { withClockAhead } from '../support/wall-clock.js';

let db: Database;
let legacyKey: string;
let otherKey: string;
let federationKey: string;
let teamId: number;
let v3Url: string;
const apps: FastifyInstance[] = [];

const OFF: RateLimitConfig = { publicPerMinute: 0, keyPerMinute: 0, authFailures: 0, authFailureWindowMs: 600_000, sessionsPerHour: 0 };

async function appWith(limits: Partial<RateLimitConfig> | undefined, options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    database: db,
    clock: fixedClock(TEST_NOW),
    logLevel: 'silent',
    publicBaseUrl: 'http://test.local',
    ...(limits ? { rateLimits: { ...OFF, ...limits } } : {}),
    ...options,
  });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  db = await openTestDatabase();
  await loadDemoLeague(db.prisma, { seed: 7, scale: 0.1, now: TEST_NOW });
  legacyKey = (await createKey(db, 'club website')).key;
  otherKey = (await createKey(db, 'other club website')).key;
  federationKey = (await createKey(db, 'federation tool')).key;
  const game = await db.prisma.game.findFirstOrThrow({ select: { id: true, homeTeamId: true }, orderBy: { id: 'asc' } });
  teamId = game.homeTeamId!;
  v3Url = `/api/v3/games/${game.id}/teams/${game.homeTeamId}/lineup_candidates`;
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await db?.close();
});

function send(app: FastifyInstance, client: string, options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, remoteAddress: client });
}
const get = (app: FastifyInstance, client: string, url: string, headers: Record<string, string> = {}) => send(app, client, { method: 'GET', url, headers });
const legacy = (app: FastifyInstance, client: string, key: string, path = '') => get(app, client, `/rest/v1.0/clubs${path}?apikey=${encodeURIComponent(key)}`);
const v3 = (app: FastifyInstance, client: string, key: string) => get(app, client, v3Url, { authorization: `Bearer ${key}` });

function expectRefused(response: LightMyRequestResponse, limit: number): void {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(response.headers['ratelimit-limit']).toBe(String(limit));
  expect(response.headers['ratelimit-remaining']).toBe('0');
  expect(Number(response.headers['ratelimit-reset'])).toBe(retryAfter);
}

const TOO_MANY = /^Too many requests; try again in \d+ seconds?$/;

describe('public reads: RATE_LIMIT_PUBLIC_PER_MINUTE per client address', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ publicPerMinute: 4 }, { responseCacheTtlMs: 5000 });
  });

  it('counts /api, its root aliases, /graphql and /media (cache hits too) in one budget, then 429 in the JSON envelope', async () => {
    const client = '198.51.100.1';
    const answers = [
      await get(app, client, '/api/seasons'),
      await get(app, client, '/api/seasons'), // a response-cache hit
      await get(app, client, '/media/clubs/1/logo.svg'),
      await send(app, client, { method: 'POST', url: '/graphql', payload: { query: '{ seasons { id } }' } }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.map((r) => r.headers['ratelimit-remaining'])).toEqual(['3', '2', '1', '0']);
    expect(answers[0].headers['ratelimit-limit']).toBe('4');

    const refused = await get(app, client, '/seasons');
    expectRefused(refused, 4);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    const body = refused.json();
    expect(body).toMatchObject({ type: 'Error', object: 'error', data: { code: 429 } });
    expect(body.message).toMatch(TOO_MANY);
    expect(body.data.message).toBe(body.message);
    expect(Number(body.message.match(/\d+/)[0])).toBe(Number(refused.headers['retry-after']));

    expect((await send(app, client, { method: 'POST', url: '/graphql', payload: { query: '{ seasons { id } }' } })).statusCode).toBe(429);
    expect((await get(app, client, '/media/clubs/1/logo.svg')).statusCode).toBe(429);
  });

  it('keeps a budget per client address', async () => {
    for (let i = 0; i < 5; i++) await get(app, '198.51.100.2', '/api/seasons');
    expect((await get(app, '198.51.100.2', '/api/seasons')).statusCode).toBe(429);
    expect((await get(app, '198.51.100.3', '/api/seasons')).statusCode).toBe(200);
  });

  it('never limits health checks', async () => {
    const client = '198.51.100.4';
    for (let i = 0; i < 5; i++) await get(app, client, '/api/seasons');
    for (let i = 0; i < 10; i++) {
      for (const url of ['/health', '/health/live', '/health/ready']) {
        const response = await get(app, client, url);
        expect(response.statusCode).not.toBe(429);
        expect(response.headers['ratelimit-limit']).toBeUndefined();
      }
    }
  });

  it('limits unknown URLs under the health paths as any other request', async () => {
    const client = '198.51.100.5';
    for (let i = 0; i < 4; i++) expect((await get(app, client, '/health/nothing')).statusCode).toBe(404);
    expect((await get(app, client, '/health/nothing')).statusCode).toBe(429);
  });
});

describe('keyed interfaces: RATE_LIMIT_KEY_PER_MINUTE per API key', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ keyPerMinute: 3, publicPerMinute: 2 });
  });

  it('counts a legacy key wherever it comes from, then 429 in XML; another key has its own budget', async () => {
    for (const client of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) expect((await legacy(app, client, legacyKey)).statusCode).toBe(200);
    const refused = await legacy(app, '192.0.2.4', legacyKey);
    expectRefused(refused, 3);
    expect(refused.headers['content-type']).toMatch(/application\/xml/);
    expect(refused.body).toMatch(/<error><code>429<\/code><message>Too many requests; try again in \d+ seconds?<\/message>/);
    expect((await legacy(app, '192.0.2.4', otherKey)).statusCode).toBe(200);
  });

  it('counts a v3 key, then 429 as a JSON:API error document', async () => {
    for (let i = 0; i < 3; i++) expect((await v3(app, '192.0.2.5', federationKey)).statusCode).not.toBe(429);
    const refused = await v3(app, '192.0.2.5', federationKey);
    expectRefused(refused, 3);
    expect(refused.headers['content-type']).toMatch(/application\/vnd\.api\+json/);
    const body = refused.json();
    expect(body.errors[0].status).toBe('429');
    expect(body.errors[0].detail).toMatch(TOO_MANY);
  });

  it('counts a key sent as a form field like the same key in the query', async () => {
    const key = (await createKey(db, 'form poster')).key;
    const post = () =>
      send(app, '192.0.2.6', {
        method: 'POST',
        url: '/rest/v1.0/clubs',
        payload: `apikey=${encodeURIComponent(key)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await post()).statusCode).toBe(200);
    expect((await legacy(app, '192.0.2.6', key)).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(200);
    expectRefused(await post(), 3);
  });

  it('budgets two keys from one address separately, whether sent as auth_token, Bearer or apikey', async () => {
    const [first, second] = [(await createKey(db, 'desk one')).key, (await createKey(db, 'desk two')).key];
    const byToken = (key: string) => get(app, '192.0.2.10', `${v3Url}?auth_token=${encodeURIComponent(key)}`);
    const statuses: number[] = [];
    for (const key of [first, second, first, second, first, second]) statuses.push((await byToken(key)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    // The key's budget is the key's, whatever carries it: the fourth request of `first`, as a Bearer header, is refused.
    expectRefused(await v3(app, '192.0.2.11', first), 3);
    expectRefused(await legacy(app, '192.0.2.12', second), 3);
  });

  it('budgets GraphQL requests that present a key by the key, anonymous ones by the address', async () => {
    const key = (await createKey(db, 'graphql reader')).key;
    const query = (client: string, headers: Record<string, string> = {}) =>
      send(app, client, {
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', ...headers },
        payload: { query: '{ seasons { id } }' },
      });
    for (const client of ['192.0.2.20', '192.0.2.21', '192.0.2.22']) expect((await query(client, { authorization: `Bearer ${key}` })).statusCode).toBe(200);
    expectRefused(await query('192.0.2.23', { authorization: `Bearer ${key}` }), 3);
    expect((await query('192.0.2.23')).statusCode).toBe(200); // the address's public budget is untouched
  });

  it('keyed requests do not spend the client address’s public budget', async () => {
    expect((await get(app, '192.0.2.4', '/api/seasons')).statusCode).toBe(200);
    expect((await get(app, '192.0.2.4', '/api/seasons')).statusCode).toBe(200);
    expect((await get(app, '192.0.2.4', '/api/seasons')).statusCode).toBe(429);
  });
});

describe('failed key checks: RATE_LIMIT_AUTH_FAILURES per client address and window', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // A minute: the checks of a window never outlast it however slow the machine; the test moves the clock past it.
    app = await appWith({ authFailures: 3, authFailureWindowMs: 60_000 });
  });

  it('after 3 wrong keys every keyed request of that address is refused unchecked until the window passes; others are unaffected', async () => {
    const guesser = '203.0.113.7';
    for (const guess of ['wrong-key-000001', 'wrong-key-000002', 'wrong-key-000003']) expect((await legacy(app, guesser, guess)).statusCode).toBe(401);

    const legacyRefused = await legacy(app, guesser, legacyKey);
    expectRefused(legacyRefused, 3);
    expect(legacyRefused.body).toMatch(
      /<error><code>429<\/code><message>Too many failed API key checks from this address; try again in \d+ seconds?<\/message>/,
    );
    const v3Refused = await v3(app, guesser, federationKey);
    expectRefused(v3Refused, 3);
    expect(v3Refused.json().errors[0]).toMatchObject({ status: '429', detail: expect.stringMatching(/^Too many failed API key checks/) });

    expect((await legacy(app, '203.0.113.8', legacyKey)).statusCode).toBe(200);
    expect((await get(app, guesser, '/api/seasons')).statusCode).toBe(200);

    // Once the window has passed (@fastify/rate-limit's store reads Date.now()), the brake is open again.
    expect(await withClockAhead(60_000 + 100, async () => (await legacy(app, guesser, legacyKey)).statusCode)).toBe(200);
  });

  it('brakes a burst of wrong keys on the GraphQL write path too, before any key is looked up', async () => {
    const guesser = '203.0.113.20';
    const write = (key: string) =>
      send(app, guesser, {
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        payload: {
          query: 'mutation ($input: StartGameInput!) { startGame(input: $input) { version } }',
          variables: { input: { gameId: 1, idempotencyKey: 'guess' } },
        },
      });
    for (const guess of ['wrong-key-000010', 'wrong-key-000011', 'wrong-key-000012']) {
      const refused = await write(guess);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
    const braked = await write('wrong-key-000013');
    expectRefused(braked, 3);
    expect(braked.json().errors[0]).toMatchObject({ message: expect.stringMatching(/^Too many failed API key checks/) });
    expectRefused(await legacy(app, guesser, legacyKey), 3); // one brake for every interface
  });

  it('counts failures on v3 and legacy together; valid keys and missing keys are not failures', async () => {
    const client = '203.0.113.9';
    for (let i = 0; i < 5; i++) expect((await legacy(app, client, legacyKey)).statusCode).toBe(200);
    expect((await get(app, client, '/rest/v1.0/clubs')).statusCode).toBe(401); // no key at all
    expect((await v3(app, client, 'wrong-key-000004')).statusCode).toBe(401);
    expect((await v3(app, client, 'wrong-key-000005')).statusCode).toBe(401);
    expect((await legacy(app, client, 'wrong-key-000006')).statusCode).toBe(401);
    expectRefused(await legacy(app, client, legacyKey), 3);
  });
});

describe('new sessions: SESSIONS_PER_CLIENT_PER_HOUR per client address', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ sessionsPerHour: 2 });
  });

  const rest = (client: string, sid: string | null, path = 'add_favorite', team = teamId) =>
    send(app, client, {
      method: 'POST',
      url: `/api/sessions/${path}`,
      payload: `sid=${sid ?? 'null'}&favorites[]=${encodeURIComponent(JSON.stringify({ type: 'team', team_id: team }))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const mutation = (client: string, query: string, variables: Record<string, unknown> = {}) =>
    send(app, client, { method: 'POST', url: '/graphql', payload: { query, variables } });
  const ADD = `mutation Add($sid: String, $teamId: Int!) { addFavorite(sid: $sid, favorites: [{ type: team, teamId: $teamId }]) { id } }`;

  it('REST: counts sessions created, not calls; a live sid keeps working when the budget is spent', async () => {
    const client = '100.64.0.1';
    const first = await rest(client, null);
    expect(first.statusCode).toBe(200);
    const sid = first.json().data as string;
    for (let i = 0; i < 3; i++) expect((await rest(client, sid)).json().data).toBe(sid);
    expect((await rest(client, sid, 'remove_favorite')).json().data).toBe(sid);
    expect((await rest(client, null)).statusCode).toBe(200);

    const refused = await rest(client, null);
    expectRefused(refused, 2);
    expect(refused.json()).toMatchObject({ type: 'Error', object: 'error', data: { code: 429 } });
    expect(refused.json().message).toMatch(/^Too many new sessions from this address; try again in \d+ seconds?$/);
    expectRefused(await rest(client, 'unknown-but-well-formed-sid-0001'), 2);
    expectRefused(await rest(client, null, 'remove_favorite'), 2);
    expect((await rest(client, sid)).statusCode).toBe(200);

    const graphqlRefused = await mutation(client, ADD, { sid: null, teamId });
    expectRefused(graphqlRefused, 2);
    expect(graphqlRefused.json().errors[0].message).toMatch(/^Too many new sessions/);
    expect((await mutation(client, ADD, { sid, teamId })).json().data.addFavorite.id).toBe(sid);

    expect((await rest('100.64.0.2', null)).statusCode).toBe(200);
  });

  it('REST: a call that fails creates nothing and costs nothing', async () => {
    const client = '100.64.0.3';
    expect((await rest(client, null, 'add_favorite', 999_999_999)).statusCode).toBe(400);
    expect((await rest(client, null)).statusCode).toBe(200);
    expect((await rest(client, null)).statusCode).toBe(200);
    expectRefused(await rest(client, null), 2);
  });

  it('GraphQL: addFavorite and removeFavorite with a null or unknown sid count, aliases and variables included', async () => {
    const client = '100.64.0.4';
    const created = await mutation(client, ADD, { sid: null, teamId });
    expect(created.statusCode).toBe(200);
    const sid = created.json().data.addFavorite.id as string;
    expect((await mutation(client, ADD, { sid, teamId })).json().data.addFavorite.id).toBe(sid);
    expect((await mutation(client, `mutation { removeFavorite(sid: null, favorites: [{ type: team, teamId: ${teamId} }]) { id } }`)).statusCode).toBe(200);
    expectRefused(await mutation(client, `mutation { removeFavorite(favorites: [{ type: team, teamId: ${teamId} }]) { id } }`), 2);
    expect((await mutation(client, ADD, { sid, teamId })).statusCode).toBe(200);

    const two = `mutation { a: addFavorite(sid: null, favorites: [{ type: team, teamId: ${teamId} }]) { id } b: addFavorite(sid: "unknown-but-well-formed-sid-0002", favorites: [{ type: team, teamId: ${teamId} }]) { id } }`;
    const pair = await mutation('100.64.0.5', two);
    expect(pair.statusCode).toBe(200);
    expect(new Set([pair.json().data.a.id, pair.json().data.b.id]).size).toBe(2);
    expectRefused(await mutation('100.64.0.5', ADD, { sid: null, teamId }), 2);
  });

  it('GraphQL: queries and mutations naming live sessions are not counted', async () => {
    const client = '100.64.0.6';
    const sid = (await mutation(client, ADD, { sid: null, teamId })).json().data.addFavorite.id as string;
    for (let i = 0; i < 4; i++) {
      expect((await mutation(client, ADD, { sid, teamId })).statusCode).toBe(200);
      expect((await mutation(client, `query ($sid: String!) { favoriteSession(sid: $sid) { id } }`, { sid })).statusCode).toBe(200);
    }
    expect((await mutation(client, ADD, { sid: null, teamId })).statusCode).toBe(200);
    expectRefused(await mutation(client, ADD, { sid: null, teamId }), 2);
  });
});

describe('TRUST_PROXY', () => {
  it('with the proxy’s address trusted, X-Forwarded-For names the client', async () => {
    const app = await appWith({ publicPerMinute: 2 }, { trustProxy: ['127.0.0.1'] });
    const via = (forwardedFor: string) => get(app, '127.0.0.1', '/api/seasons', { 'x-forwarded-for': forwardedFor });
    expect((await via('192.0.2.10')).statusCode).toBe(200);
    expect((await via('192.0.2.10')).statusCode).toBe(200);
    expectRefused(await via('192.0.2.10'), 2);
    expect((await via('192.0.2.11')).statusCode).toBe(200);
    // A client cannot pick its address by sending the header itself through the proxy: the proxy appends.
    expectRefused(await via('192.0.2.99, 192.0.2.10'), 2);
  });

  it('with a hop count, the address the nearest proxy saw is the client', async () => {
    const app = await appWith({ publicPerMinute: 1 }, { trustProxy: 1 });
    expect((await get(app, '10.0.0.1', '/api/seasons', { 'x-forwarded-for': '192.0.2.20' })).statusCode).toBe(200);
    expect((await get(app, '10.0.0.1', '/api/seasons', { 'x-forwarded-for': '192.0.2.21' })).statusCode).toBe(200);
    expect((await get(app, '10.0.0.1', '/api/seasons', { 'x-forwarded-for': '192.0.2.20' })).statusCode).toBe(429);
  });

  it('without it (the default), X-Forwarded-For is ignored', async () => {
    const app = await appWith({ publicPerMinute: 2 });
    expect((await get(app, '192.0.2.30', '/api/seasons', { 'x-forwarded-for': '192.0.2.31' })).statusCode).toBe(200);
    expect((await get(app, '192.0.2.30', '/api/seasons', { 'x-forwarded-for': '192.0.2.32' })).statusCode).toBe(200);
    expect((await get(app, '192.0.2.30', '/api/seasons', { 'x-forwarded-for': '192.0.2.33' })).statusCode).toBe(429);
  });
});

describe('off', () => {
  it('buildApp without rateLimits limits nothing', async () => {
    const app = await appWith(undefined);
    for (let i = 0; i < 30; i++) expect((await legacy(app, '192.0.2.40', `wrong-key-${String(i).padStart(6, '0')}`)).statusCode).toBe(401);
    expect((await legacy(app, '192.0.2.40', legacyKey)).statusCode).toBe(200);
    const response = await get(app, '192.0.2.40', '/api/seasons');
    expect(response.statusCode).toBe(200);
    expect(response.headers['ratelimit-limit']).toBeUndefined();
  });

  it('a limit of 0 is off while the others apply', async () => {
    const app = await appWith({ keyPerMinute: 1 });
    for (let i = 0; i < 5; i++) expect((await get(app, '192.0.2.41', '/api/seasons')).headers['ratelimit-limit']).toBeUndefined();
    expect((await legacy(app, '192.0.2.41', legacyKey)).statusCode).toBe(200);
    expect((await legacy(app, '192.0.2.41', legacyKey)).statusCode).toBe(429);
  });
});

describe('sessionSidsOf (pure)', () => {
  const team = '[{ type: team, teamId: 1 }]';
  it.each([
    [{ query: `mutation { addFavorite(favorites: ${team}) { id } }` }, [null]],
    [{ query: `mutation { addFavorite(sid: "abc", favorites: ${team}) { id } }` }, ['abc']],
    [{ query: `mutation ($s: String) { addFavorite(sid: $s, favorites: ${team}) { id } }`, variables: { s: 'v' } }, ['v']],
    [{ query: `mutation ($s: String = "d") { addFavorite(sid: $s, favorites: ${team}) { id } }` }, ['d']],
    [{ query: `mutation ($s: String) { addFavorite(sid: $s, favorites: ${team}) { id } }`, variables: '{"s":"json"}' }, ['json']],
    [
      { query: `mutation { a: addFavorite(favorites: ${team}) { id } ...F } fragment F on Mutation { removeFavorite(sid: null, favorites: ${team}) { id } }` },
      [null, null],
    ],
    [{ query: `mutation ($no: Boolean!) { addFavorite(favorites: ${team}) @include(if: $no) { id } }`, variables: { no: false } }, []],
    [{ query: `mutation { addFavorite(sid: 5, favorites: ${team}) { id } }` }, []],
    [{ query: `query { favoriteSession(sid: "x") { id } }` }, []],
    [{ query: `mutation A { addFavorite(favorites: ${team}) { id } } mutation B { seasons }`, operationName: 'B' }, []],
    [{ query: `mutation { addFavorite(` }, []],
    [
      [{ query: `mutation { addFavorite(favorites: ${team}) { id } }` }, { query: `mutation { removeFavorite(sid: "s", favorites: ${team}) { id } }` }],
      [null, 's'],
    ],
  ])('%j → %j', (body, sids) => {
    expect(sessionSidsOf(body, 1000)).toEqual(sids);
  });

  it('parses no more tokens than /graphql accepts: a longer document runs nowhere, so it names no sid', () => {
    const padded = `mutation { addFavorite(sid: "p", favorites: ${team}) { id ${'__typename '.repeat(1000)}} }`;
    expect(sessionSidsOf({ query: padded }, 1000)).toEqual([]);
    expect(sessionSidsOf({ query: padded }, 2000)).toEqual(['p']);
  });
});

describe('FixedWindowCounter (pure)', () => {
  it('takes all or nothing, gives back, and starts afresh when the window ends', () => {
    let now = 0;
    const counter = new FixedWindowCounter(3, 10_000, 2, () => now);
    expect(counter.take('a', 2)).toBe(true);
    expect(counter.take('a', 2)).toBe(false);
    expect(counter.state('a')).toEqual({ limit: 3, remaining: 1, resetSeconds: 10 });
    counter.giveBack('a', 1);
    expect(counter.take('a', 2)).toBe(true);
    now = 9_001;
    expect(counter.state('a')).toEqual({ limit: 3, remaining: 0, resetSeconds: 1 });
    now = 10_000;
    expect(counter.take('a', 3)).toBe(true);
  });

  it('forgets the least recently used client beyond its capacity', () => {
    const counter = new FixedWindowCounter(1, 10_000, 2, () => 0);
    counter.take('a', 1);
    counter.take('b', 1);
    counter.take('c', 1);
    expect(counter.state('a').remaining).toBe(1);
    expect(counter.state('b').remaining).toBe(0);
  });
});

describe('Budget refunds (pure)', () => {
  it('gives back requests answered 503 up to one a second: a client that never pauses through an outage is slowed, then refused', () => {
    const budget = new Budget(8, () => 'desk', 'key');
    expect(refundsPerWindow(8)).toBe(60);
    expect(refundsPerWindow(1200)).toBe(300);
    // A client resending a write the moment each 503 comes back.
    let sent = 0;
    while (sent < 1000 && budget.take('desk')) {
      sent += 1;
      budget.giveBack('desk');
    }
    // 60 were refunded, then 8 paid for: the 69th is refused, not the 1000th (or never).
    expect(sent).toBe(68);
    expect(budget.state('desk').remaining).toBe(0);
    // Another client's refunds are its own.
    expect(budget.take('other')).toBeDefined();
    budget.giveBack('other');
    expect(budget.state('other').remaining).toBe(8);
  });

  it('a desk retrying once a second keeps its whole budget, at the default and at a small one', () => {
    for (const perMinute of [1200, 3]) {
      const budget = new Budget(perMinute, () => 'desk', 'key');
      for (let retry = 0; retry < 60; retry++) {
        budget.take('desk');
        budget.giveBack('desk');
      }
      expect(budget.state('desk').remaining, `budget ${perMinute}`).toBe(perMinute);
    }
  });
});
