import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app.js';
import { CORS_MAX_AGE_SECONDS } from '../../src/http/cors.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';

// Over a real socket, as a browser's requests arrive: fetch, not inject.
const ORIGIN = 'https://club.example';
const EXPOSED = ['ETag', 'Idempotent-Replayed', 'Retry-After', 'X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
const BO_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];
const BO_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Api-Key'];

let league: TestLeague;
let apiKey: string;
const apps: FastifyInstance[] = [];

/** The service on 127.0.0.1 with these options; answers the base URL. */
async function serve(options: Partial<AppOptions> = {}): Promise<string> {
  const app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', ...options });
  apps.push(app);
  return app.listen({ host: '127.0.0.1', port: 0 });
}

let open: string;
let listed: string;

beforeAll(async () => {
  league = await openTestLeague();
  apiKey = (await createKey(league.db, 'cors test')).key;
  open = await serve({ responseCacheTtlMs: 60_000 });
  listed = await serve({ corsOrigins: [ORIGIN, 'http://localhost:8080'] });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await league?.close();
});

function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(base + path, { headers: { origin: ORIGIN, ...headers } });
}

function preflight(base: string, path: string, method: string, requestHeaders?: string, origin = ORIGIN): Promise<Response> {
  const headers: Record<string, string> = { origin, 'access-control-request-method': method };
  if (requestHeaders) headers['access-control-request-headers'] = requestHeaders;
  return fetch(base + path, { method: 'OPTIONS', headers });
}

function list(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

/** What every answer a page may read carries: any origin, no credentials, the headers a script may read. */
function expectPublic(response: Response): void {
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  expect(list(response.headers.get('access-control-expose-headers'))).toEqual(EXPOSED.map((name) => name.toLowerCase()));
  expect(list(response.headers.get('vary'))).not.toContain('origin');
}

function expectNoCors(response: Response): void {
  for (const name of response.headers.keys()) expect(name).not.toMatch(/^access-control-/);
}

describe('CORS on each interface (CORS_ORIGINS=*)', () => {
  it.each([
    ['/api', '/api/rankings?season=2026', {}, 'application/json; charset=utf-8'],
    ['the main interface at the root', '/rankings?season=2026', {}, 'application/json; charset=utf-8'],
    ['/api/v3', '/api/v3/games?filter[from_date]=2026-11-22&filter[to_date]=2026-11-22', { bearer: true }, 'application/vnd.api+json; charset=utf-8'],
    [
      '/api/v3 with X-Api-Key',
      '/api/v3/games?filter[from_date]=2026-11-22&filter[to_date]=2026-11-22',
      { xApiKey: true },
      'application/vnd.api+json; charset=utf-8',
    ],
    ['/graphql (GET)', '/graphql?query=%7Bseasons%7Bid%7D%7D', {}, 'application/json; charset=utf-8'],
    ['images', '/media/clubs/1/logo.svg', {}, 'image/svg+xml'],
  ])(
    '%s: a simple GET answers ACAO * without credentials, exposing ETag, Idempotent-Replayed, Retry-After, X-Request-Id and the rate-limit headers',
    async (_name, path, auth, contentType) => {
      const headers: Record<string, string> = {};
      if ('bearer' in auth) headers.authorization = `Bearer ${apiKey}`;
      if ('xApiKey' in auth) headers['x-api-key'] = apiKey;
      const response = await get(open, path, headers);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(contentType);
      expectPublic(response);
    },
  );

  it('/graphql: a POST with JSON is answered with the same policy, never with credentials', async () => {
    const response = await fetch(`${open}/graphql`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ seasons { id } }' }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { seasons: unknown[] } }).data.seasons.length).toBeGreaterThan(0);
    expectPublic(response);
  });

  it.each([
    ['/api', '/api/games', 'GET', 'if-none-match', ['GET', 'HEAD'], ['Content-Type', 'If-None-Match']],
    ['the root', '/games', 'GET', 'if-none-match', ['GET', 'HEAD'], ['Content-Type', 'If-None-Match']],
    ['/api/sessions', '/api/sessions/add_favorite', 'POST', 'content-type', ['GET', 'HEAD', 'POST'], ['Content-Type', 'If-None-Match']],
    ['/sessions at the root', '/sessions/remove_favorite', 'POST', 'content-type', ['GET', 'HEAD', 'POST'], ['Content-Type', 'If-None-Match']],
    ['/api/v3', '/api/v3/games/1/teams/2/lineup', 'GET', 'authorization', ['GET', 'HEAD'], ['Authorization', 'Content-Type', 'If-None-Match', 'X-Api-Key']],
    [
      '/api/v3 (X-Api-Key)',
      '/api/v3/games',
      'GET',
      'x-api-key,if-none-match',
      ['GET', 'HEAD'],
      ['Authorization', 'Content-Type', 'If-None-Match', 'X-Api-Key'],
    ],
    ['/graphql', '/graphql', 'POST', 'content-type', ['GET', 'POST'], ['Accept', 'Content-Type', 'If-None-Match']],
    ['images', '/media/teams/3/logo.svg', 'GET', 'if-none-match', ['GET', 'HEAD'], ['Content-Type', 'If-None-Match']],
    ['/bo (a status change)', '/bo/games/1/status', 'PUT', 'authorization, content-type', BO_METHODS, BO_HEADERS],
    ['/bo (a login)', '/bo/session/auth', 'POST', 'content-type', BO_METHODS, BO_HEADERS],
    ['/bo (a deletion with its own idempotency key)', '/bo/games/1/events/2', 'DELETE', 'authorization,idempotency-key', BO_METHODS, BO_HEADERS],
    ['/bo (the token in X-Api-Key)', '/bo/games', 'GET', 'x-api-key', BO_METHODS, BO_HEADERS],
  ])('%s: the preflight answers 204 with its methods, request headers and max-age', async (_name, path, method, requestHeaders, methods, allowed) => {
    const response = await preflight(open, path, method, requestHeaders);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(list(response.headers.get('access-control-allow-methods'))).toEqual(methods.map((name) => name.toLowerCase()));
    expect(list(response.headers.get('access-control-allow-headers'))).toEqual(allowed.map((name) => name.toLowerCase()));
    expect(response.headers.get('access-control-max-age')).toBe(String(CORS_MAX_AGE_SECONDS));
    // Every request header the browser asked about is allowed.
    for (const name of list(requestHeaders)) expect(list(response.headers.get('access-control-allow-headers'))).toContain(name);
  });

  it('the main interface does not allow the key headers; only v3 does', async () => {
    const response = await preflight(open, '/api/games', 'GET', 'authorization');
    expect(list(response.headers.get('access-control-allow-headers'))).not.toContain('authorization');
  });
});

describe('the legacy XML interface invites no browser', () => {
  it('its answers carry no CORS headers', async () => {
    const response = await get(open, `/rest/v1.0/clubs?apikey=${apiKey}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expectNoCors(response);
    const refused = await get(open, '/rest/v1.0/clubs');
    expect(refused.status).toBe(401);
    expectNoCors(refused);
  });

  it.each(['/rest/v1.0/clubs', '/rest/v1.0/clubs/1/teams', '/rest/v2/anything'])(
    'its preflight (%s) is refused: a 404 in its XML format, without CORS headers',
    async (path) => {
      const response = await preflight(open, path, 'GET', 'content-type');
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(await response.text()).toContain('<code>404</code>');
      expectNoCors(response);
    },
  );

  it('neither does a 404 for a path below it', async () => {
    const response = await get(open, `/rest/v1.0/clubs/1/nothing?apikey=${apiKey}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expectNoCors(response);
  });
});

describe('answers that do not come from a handler carry the headers too', () => {
  it('a response-cache hit, and its 304, without SQL', async () => {
    const path = '/api/leagues?season=2026';
    const first = await get(open, path);
    expect(first.headers.get('x-cache')).toBe('miss');
    let hit!: Response;
    let revalidated!: Response;
    const queries = await countQueries(league.db, async () => {
      hit = await get(open, path);
      revalidated = await get(open, path, { 'if-none-match': first.headers.get('etag') ?? '' });
    });
    expect(queries).toBe(0);
    expect(hit.headers.get('x-cache')).toBe('hit');
    expectPublic(hit);
    expect(revalidated.status).toBe(304);
    expectPublic(revalidated);
  });

  it.each([
    ['/api 404', '/api/nothing', 404, 'application/json; charset=utf-8', '"object":"error"'],
    ['root 404', '/nothing/here', 404, 'application/json; charset=utf-8', '"object":"error"'],
    ['/api 400', '/api/games?mode=nothing', 400, 'application/json; charset=utf-8', '"object":"error"'],
    ['/api/v3 401', '/api/v3/games', 401, 'application/vnd.api+json; charset=utf-8', '"errors"'],
    ['/api/v3 404', '/api/v3/nothing', 404, 'application/vnd.api+json; charset=utf-8', '"errors"'],
    ['/bo 401', '/bo/games', 401, 'application/json; charset=utf-8', '"payload":null'],
    ['/bo 400', '/bo/session/validate', 400, 'application/json; charset=utf-8', '"payload":null'],
    ['/bo 404', '/bo/nothing', 404, 'application/json; charset=utf-8', '"payload":null'],
    ['image 400', '/media/clubs/x/logo.svg', 400, 'application/json; charset=utf-8', '"object":"error"'],
  ])('an error (%s) in its interface format, so a page can read it', async (_name, path, status, contentType, marker) => {
    const response = await get(open, path);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(await response.text()).toContain(marker);
    expectPublic(response);
  });

  it('a 429 of the rate limits, with Retry-After and the rate-limit headers a page may read', async () => {
    const limited = await serve({ rateLimits: { publicPerMinute: 1, keyPerMinute: 0, authFailures: 0, authFailureWindowMs: 60_000, sessionsPerHour: 0 } });
    expect((await get(limited, '/api/seasons')).status).toBe(200);
    const refused = await get(limited, '/api/seasons');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.get('ratelimit-limit')).toBe('1');
    expectPublic(refused);
  });

  it('a 503 while the service starts', async () => {
    const starting = await serve({ isStarted: () => false });
    const response = await get(starting, '/api/seasons');
    expect(response.status).toBe(503);
    expectPublic(response);
    // A preflight needs no database: it is answered at once.
    expect((await preflight(starting, '/graphql', 'POST', 'content-type')).status).toBe(204);
  });
});

describe('CORS_ORIGINS as a list', () => {
  it('echoes a listed origin with Vary: Origin', async () => {
    const response = await get(listed, '/api/seasons', { origin: 'http://localhost:8080' });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:8080');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(list(response.headers.get('vary'))).toContain('origin');
    const ask = await preflight(listed, '/graphql', 'POST', 'content-type');
    expect(ask.status).toBe(204);
    expect(ask.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it("answers a listed origin's /bo preflight with the back office's policy, and an unlisted one without an allow header", async () => {
    const ask = await preflight(listed, '/bo/games/1/status', 'PUT', 'authorization, content-type');
    expect(ask.status).toBe(204);
    expect(ask.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(list(ask.headers.get('access-control-allow-methods'))).toEqual(BO_METHODS.map((name) => name.toLowerCase()));
    expect(list(ask.headers.get('access-control-allow-headers'))).toEqual(BO_HEADERS.map((name) => name.toLowerCase()));
    const unlisted = await preflight(listed, '/bo/games/1/status', 'PUT', 'authorization, content-type', 'https://elsewhere.example');
    expect(unlisted.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('gives an unlisted origin no allow header, still with Vary: Origin', async () => {
    const response = await get(listed, '/api/seasons', { origin: 'https://elsewhere.example' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(list(response.headers.get('vary'))).toContain('origin');
    const ask = await preflight(listed, '/api/v3/games', 'GET', 'authorization', 'https://elsewhere.example');
    expect(ask.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers the same with no Origin (a server, curl): no allow header, Vary: Origin', async () => {
    const response = await fetch(`${listed}/api/seasons`);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(list(response.headers.get('vary'))).toContain('origin');
  });
});

describe('HEAD', () => {
  it('every GET route has a HEAD route', () => {
    const lines = apps[0].printRoutes({ commonPrefix: false }).split('\n');
    const getRoutes = lines.filter((line) => /\(([^)]*\bGET\b[^)]*)\)/.test(line));
    expect(getRoutes.length).toBeGreaterThan(40);
    for (const line of getRoutes) expect(line).toMatch(/\bHEAD\b/);
  });

  /** Headers that may differ between two answers of the same resource. */
  const VOLATILE = new Set(['date', 'x-request-id', 'x-cache', 'last-modified', 'keep-alive', 'connection']);
  function headersOf(response: Response): Record<string, string> {
    return Object.fromEntries([...response.headers.entries()].filter(([name]) => !VOLATILE.has(name)).sort());
  }

  it.each([
    ['/api (response cache)', '/api/seasons', {}],
    ['root alias', '/rankings?season=2026', {}],
    ['/api/v3', '/api/v3/games?filter[from_date]=2026-11-22&filter[to_date]=2026-11-22', { bearer: true }],
    ['legacy', '/rest/v1.0/clubs?apikey=KEY', {}],
    ['/graphql', '/graphql?query=%7Bseasons%7Bid%7D%7D', {}],
    ['image', '/media/players/7/portrait.svg', {}],
    ['health', '/health/live', {}],
    ['a 404', '/api/nothing', {}],
  ])('%s: HEAD answers the GET headers and no body', async (_name, rawPath, auth) => {
    const path = rawPath.replace('KEY', apiKey);
    const headers: Record<string, string> = { origin: ORIGIN, 'accept-encoding': 'identity' };
    if ('bearer' in auth) headers.authorization = `Bearer ${apiKey}`;
    const got = await fetch(open + path, { headers });
    const body = await got.text();
    const head = await fetch(open + path, { method: 'HEAD', headers });
    expect(head.status).toBe(got.status);
    expect(await head.text()).toBe('');
    const expected = headersOf(got);
    // A 404's text names the method.
    if (got.status === 404) delete expected['content-length'];
    expect(headersOf(head)).toMatchObject(expected);
    if (got.status === 200) expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
  });

  it('a HEAD is answered from the response cache like its GET', async () => {
    const path = '/api/groups?season=2026';
    const got = await get(open, path);
    let head!: Response;
    const queries = await countQueries(league.db, async () => {
      head = await fetch(open + path, { method: 'HEAD', headers: { origin: ORIGIN } });
    });
    expect(queries).toBe(0);
    expect(head.headers.get('x-cache')).toBe('hit');
    expect(head.headers.get('etag')).toBe(got.headers.get('etag'));
    expectPublic(head);
  });
});

// Last: this writes to the league the tests above read.
describe('the back office (/bo) from a page of another origin', () => {
  let token: string;

  beforeAll(async () => {
    const desk = await createKey(league.db, 'cors desk', null, ['games:write']);
    const login = await fetch(`${open}/bo/session/auth`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: desk.key.slice(0, 10), secret: desk.key }),
    });
    expect(login.status).toBe(200);
    // The login's answer is one a page may read, too.
    expectPublic(login);
    token = ((await login.json()) as { payload: { auth_token: string } }).payload.auth_token;
  });

  it('refuses wrong credentials in its envelope, with the CORS headers', async () => {
    const refused = await fetch(`${open}/bo/session/auth`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'api_key=fbk_000000&secret=fbk_not-a-key-at-all',
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ status: { code: 401 }, payload: null });
    expectPublic(refused);
  });

  it('a resent write answers Idempotent-Replayed: true, which the page may read', async () => {
    const games = (await (await get(open, `/bo/games?auth_token=${token}`)).json()) as {
      payload: { list: { id: number; status: string; total_seconds_played: number }[] };
    };
    // The first live game by id is in its second period at the test league's "now" (the others are in an intermission).
    const live = games.payload.list.filter((game) => game.status === 'live').sort((a, b) => a.id - b.id)[0];
    expect(live).toBeDefined();
    const second = live.total_seconds_played;
    const time = `${Math.floor(second / 3600)}:${String(Math.floor((second % 3600) / 60)).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}`;
    const send = () =>
      fetch(`${open}/bo/games/${live.id}/events`, {
        method: 'POST',
        headers: { origin: ORIGIN, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ category_id: 39, code: 7, time }),
      });
    const first = await send();
    expect(first.status, await first.clone().text()).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expectPublic(first);
    const resent = await send();
    expect(resent.status).toBe(200);
    expect(resent.headers.get('idempotent-replayed')).toBe('true');
    // The same payload, and `msg` says it is a resend.
    const [again, original] = (await Promise.all([resent.json(), first.json()])) as { status: { msg: string }; payload: unknown }[];
    expect(again.payload).toEqual(original.payload);
    expect(again.status.msg).toMatch(/^ok \(resent: /);
    expectPublic(resent);
    expect(list(resent.headers.get('access-control-expose-headers'))).toContain('idempotent-replayed');
  });
});
