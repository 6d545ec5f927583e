// What a client gets for a wrong request: GraphQL errors as the GraphQL-over-HTTP spec has them
// (a code on every error, 200 under application/json, the spec's statuses under
// application/graphql-response+json, no `data` in a request error), the cost of every operation,
// and a wrong key refused on every interface. The last test renders the wrong-request table of
// docs/interfaces.md from real answers, so the doc cannot drift from them.
import { readFileSync } from 'node:fs';
import { complexityFromQuery } from '@pothos/plugin-complexity';
import type { FastifyInstance } from 'fastify';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp, type AppOptions } from '../../src/app.js';
import { DEFAULT_MAX_COMPLEXITY } from '../../src/schema/builder.js';
import { getSchema } from '../../src/schema/index.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { scheduledGameWithSheet } from '../support/live.js';

const JSON_MEDIA = 'application/json';
const SPEC_MEDIA = 'application/graphql-response+json';
/** A key nobody was given. */
const WRONG = 'fbk_wrong';

let league: TestLeague;
let federationKey: string;
let readKey: string;
let gameId: number;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  league = await openTestLeague();
  federationKey = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
  readKey = (await createKey(league.db, 'reader')).key;
  gameId = (await scheduledGameWithSheet(league.db)).game.id;
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await league?.close();
});

async function appWith(options: Partial<AppOptions>): Promise<FastifyInstance> {
  const app = await buildApp({
    database: league.db,
    clock: league.clock,
    logLevel: 'silent',
    publicBaseUrl: 'http://test.local',
    trustProxy: true,
    ...options,
  });
  apps.push(app);
  return app;
}

interface Answer {
  status: number;
  body: {
    data?: unknown;
    errors?: { message: string; path?: unknown[]; extensions?: Record<string, unknown> }[];
    extensions?: { cost?: { requested: number; limit: number } };
  };
}

async function post(
  app: FastifyInstance,
  query: string,
  options: { variables?: Record<string, unknown>; accept?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', accept: options.accept ?? SPEC_MEDIA, ...options.headers },
    payload: { query, variables: options.variables },
  });
  return { status: response.statusCode, body: response.json() };
}

const DEEP = '{ team(id: 430001) { club { teams { club { teams { club { teams { club { teams { club { teams { club { id } } } } } } } } } } } } }';
const COSTLY = '{ seasons { groups { games(first: 100) { edges { node { events { id } lineup { player { id } } } } } } } }';
const STATUS_VARIABLE = 'query ($s: [GameStatus!]) { games(filter: { status: $s }, first: 1) { totalCount } }';
const START = 'mutation ($input: StartGameInput!) { startGame(input: $input) { version } }';

describe('GraphQL errors per the GraphQL-over-HTTP spec', () => {
  it('answers a variable the schema cannot take as BAD_USER_INPUT naming it, a request error: 200 under application/json, 400 under the spec media type', async () => {
    for (const [accept, status] of [
      [JSON_MEDIA, 200],
      [SPEC_MEDIA, 400],
    ] as const) {
      const answer = await post(league.app, STATUS_VARIABLE, { variables: { s: ['PLAYING'] }, accept });
      expect(answer.status).toBe(status);
      expect(answer.body).not.toHaveProperty('data');
      expect(answer.body.errors).toEqual([
        expect.objectContaining({
          message: 'Variable "$s" got invalid value "PLAYING" at "s[0]"; Value "PLAYING" does not exist in "GameStatus" enum.',
          extensions: { code: 'BAD_USER_INPUT', field: 's[0]' },
        }),
      ]);
    }
    const missing = await post(league.app, 'query ($id: Int!) { team(id: $id) { id } }', { accept: JSON_MEDIA });
    expect(missing).toMatchObject({ status: 200, body: { errors: [{ extensions: { code: 'BAD_USER_INPUT', field: 'id' } }] } });
    expect(missing.body).not.toHaveProperty('data');
  });

  it('refuses a document too deep or too costly before it runs: no data, a code, the cost', async () => {
    for (const query of [DEEP, COSTLY]) {
      for (const [accept, status] of [
        [JSON_MEDIA, 200],
        [SPEC_MEDIA, 400],
      ] as const) {
        const answer = await post(league.app, query, { accept });
        expect(answer.status).toBe(status);
        expect(answer.body).not.toHaveProperty('data');
        expect(answer.body.errors).toEqual([
          { message: expect.stringMatching(/^Query exceeds maximum (depth|complexity)/), extensions: { code: 'QUERY_TOO_COMPLEX' } },
        ]);
        expect(answer.body.extensions?.cost?.limit).toBe(DEFAULT_MAX_COMPLEXITY);
      }
    }
  });

  it('gives every error a code: parse, validation, field errors', async () => {
    const answers = await Promise.all([
      post(league.app, '{ seasons { id ', { accept: JSON_MEDIA }),
      post(league.app, '{ seasons { nope } }', { accept: JSON_MEDIA }),
      post(league.app, '{ node(id: "xyz") { nodeId } }', { accept: JSON_MEDIA }),
      post(league.app, START, { variables: { input: { gameId, idempotencyKey: 'no-key' } }, accept: JSON_MEDIA }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      for (const error of answer.body.errors ?? []) expect(error.extensions?.code).toMatch(/^[A-Z_]+$/);
    }
    expect(answers.map((answer) => answer.body.errors?.[0].extensions?.code)).toEqual([
      'GRAPHQL_PARSE_FAILED',
      'GRAPHQL_VALIDATION_FAILED',
      'BAD_USER_INPUT',
      'UNAUTHENTICATED',
    ]);
  });

  it('names the input field a mutation’s input error is about in extensions.field', async () => {
    const answer = await post(league.app, START, {
      variables: { input: { gameId, idempotencyKey: 'x'.repeat(101) } },
      headers: { authorization: `Bearer ${federationKey}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ message: 'idempotencyKey must be 1 to 100 characters', extensions: { code: 'BAD_USER_INPUT', field: 'idempotencyKey' } }),
    ]);
  });
});

describe('the cost a client can see', () => {
  const QUERY = '{ seasons { id groups(league: 1) { id name teams { id name } } } }';
  const expectedCost = () => Math.ceil(complexityFromQuery(parse(QUERY), { schema: getSchema() }).complexity);

  it('is the same for a document and its variables on every call, anonymous or keyed, stored or not, and every answer says it', async () => {
    // The result cache on: it adds its own selections to the document it runs, which the cost counted before.
    const app = await appWith({ responseCacheTtlMs: 60_000 });
    const answers = [
      await post(app, QUERY),
      await post(app, QUERY), // from the result cache
      await post(app, QUERY, { headers: { authorization: `Bearer ${readKey}` } }), // keyed: the result cache is off
      await post(app, QUERY, { accept: JSON_MEDIA }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.extensions).toEqual({ cost: { requested: expectedCost(), limit: DEFAULT_MAX_COMPLEXITY } });
    }
    const over = { maxComplexity: expectedCost() - 1 };
    const strict = await appWith({ responseCacheTtlMs: 60_000, graphql: over });
    for (const headers of [{}, { authorization: `Bearer ${readKey}` }] as Record<string, string>[]) {
      const refused = await post(strict, QUERY, { headers });
      expect(refused.body).toEqual({
        errors: [
          {
            message: `Query exceeds maximum complexity (complexity: ${expectedCost()}, max: ${over.maxComplexity})`,
            extensions: { code: 'QUERY_TOO_COMPLEX' },
          },
        ],
        extensions: { cost: { requested: expectedCost(), limit: over.maxComplexity } },
      });
    }
  });

  it('is part of the bytes a shared GET answer’s tag is made from: the same tag twice, and a 304 on revalidation', async () => {
    const app = await appWith({ responseCacheTtlMs: 60_000 });
    const url = `/graphql?query=${encodeURIComponent(QUERY)}`;
    const first = await app.inject({ method: 'GET', url, headers: { accept: JSON_MEDIA } });
    const second = await app.inject({ method: 'GET', url, headers: { accept: JSON_MEDIA } });
    expect(first.json().extensions.cost.requested).toBe(expectedCost());
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    const revalidated = await app.inject({ method: 'GET', url, headers: { accept: JSON_MEDIA, 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
  });
});

describe('a wrong key is refused on every request that presents one', () => {
  it('answers 401 in each interface’s own format, reads included; anonymous requests stay anonymous', async () => {
    const wrong = { authorization: `Bearer ${WRONG}` };
    const api = await league.app.inject({ method: 'GET', url: '/api/seasons', headers: wrong });
    expect(api.statusCode).toBe(401);
    expect(api.json()).toMatchObject({ type: 'Error', data: { code: 401, message: 'The API key or session token is invalid, expired or revoked' } });

    const v3 = await league.app.inject({ method: 'GET', url: '/api/v3/games?filter[to_date]=2017-05-05', headers: wrong });
    expect(v3.statusCode).toBe(401);
    expect(v3.json().errors[0]).toMatchObject({ status: '401', detail: 'The API key is invalid or revoked' });

    const legacy = await league.app.inject({ method: 'GET', url: `/rest/v1.0/clubs?apikey=${WRONG}` });
    expect(legacy.statusCode).toBe(401);
    expect(legacy.body).toContain('<message>Invalid or revoked apikey</message>');

    const bo = await league.app.inject({ method: 'GET', url: `/bo/games?auth_token=${WRONG}` });
    expect(bo.statusCode).toBe(401);
    expect(bo.json()).toMatchObject({ status: { code: 401, msg: 'The auth_token is invalid, expired or revoked: log in again' }, payload: null });

    const graphql = await post(league.app, '{ seasons { id } }', { headers: wrong });
    expect(graphql.status).toBe(401);
    expect(graphql.body).toEqual({
      errors: [
        { message: 'The API key or session token is invalid, expired or revoked', extensions: { code: 'UNAUTHENTICATED', requestId: expect.any(String) } },
      ],
    });
    const byParameter = await league.app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent('{ seasons { id } }')}&auth_token=${WRONG}` });
    expect(byParameter.statusCode).toBe(401);

    // The media type is negotiated as for every other GraphQL answer: the first the client lists that the server speaks.
    const mediaTypeFor = async (accept: string | undefined) => {
      const headers: Record<string, string> = { 'content-type': JSON_MEDIA, ...wrong };
      if (accept !== undefined) headers.accept = accept;
      const refused = await league.app.inject({ method: 'POST', url: '/graphql', headers, payload: { query: '{ seasons { id } }' } });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().errors[0].extensions.code).toBe('UNAUTHENTICATED');
      return refused.headers['content-type'];
    };
    expect(await mediaTypeFor(SPEC_MEDIA)).toBe(`${SPEC_MEDIA}; charset=utf-8`);
    expect(await mediaTypeFor(`${SPEC_MEDIA}, ${JSON_MEDIA}`)).toBe(`${SPEC_MEDIA}; charset=utf-8`);
    expect(await mediaTypeFor(JSON_MEDIA)).toBe(`${JSON_MEDIA}; charset=utf-8`);
    expect(await mediaTypeFor(`${JSON_MEDIA};charset=utf-8, ${SPEC_MEDIA}`)).toBe(`${JSON_MEDIA}; charset=utf-8`);
    expect(await mediaTypeFor(undefined)).toBe(`${JSON_MEDIA}; charset=utf-8`);
    // A validation error from yoga, under the same Accept, comes in the same media type.
    const invalid = await league.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': JSON_MEDIA, accept: SPEC_MEDIA },
      payload: { query: '{ nope }' },
    });
    expect(invalid.headers['content-type']).toBe(`${SPEC_MEDIA}; charset=utf-8`);

    expect((await league.app.inject({ method: 'GET', url: '/api/seasons' })).statusCode).toBe(200);
    expect((await post(league.app, '{ seasons { id } }')).status).toBe(200);
  });

  it('answers a valid key on a public endpoint as before: the same body as without one', async () => {
    const anonymous = await league.app.inject({ method: 'GET', url: '/api/seasons' });
    const keyed = await league.app.inject({ method: 'GET', url: '/api/seasons', headers: { authorization: `Bearer ${readKey}` } });
    const byParameter = await league.app.inject({ method: 'GET', url: `/api/seasons?auth_token=${readKey}` });
    expect(keyed.statusCode).toBe(200);
    expect(keyed.body).toBe(anonymous.body);
    expect(byParameter.body).toBe(anonymous.body);
  });

  it('never answers a request presenting a key from the public cache, over fastify or its fast path, before the key is checked', async () => {
    const app = await appWith({ responseCacheTtlMs: 60_000 });
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    // Twice anonymously: stored, then a hit the fast path keeps to replay.
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${baseUrl}/api/seasons`)).headers.get('x-cache')).toBe(i === 0 ? 'miss' : 'hit');
    const header = await fetch(`${baseUrl}/api/seasons`, { headers: { authorization: `Bearer ${WRONG}` } });
    expect(header.status).toBe(401);
    for (let i = 0; i < 2; i += 1) {
      const parameter = await fetch(`${baseUrl}/api/seasons?auth_token=${WRONG}`);
      expect(parameter.status).toBe(401);
      await parameter.arrayBuffer();
    }
    const valid = await fetch(`${baseUrl}/api/seasons?auth_token=${readKey}`);
    expect(valid.status).toBe(200);
    expect(valid.headers.get('cache-control')).toBe('private, no-store');
    expect(valid.headers.get('x-cache')).toBeNull();
    await valid.arrayBuffer();
  });

  it('counts a wrong key on a read toward the failed-key brake, as on a write', async () => {
    const app = await appWith({ rateLimits: { publicPerMinute: 0, keyPerMinute: 0, authFailures: 2, authFailureWindowMs: 60_000, sessionsPerHour: 0 } });
    const from = (address: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/api/seasons', headers: { 'x-forwarded-for': address, ...headers } });
    expect((await from('198.51.100.1', { authorization: `Bearer ${WRONG}1` })).statusCode).toBe(401);
    expect((await post(app, '{ seasons { id } }', { headers: { 'x-forwarded-for': '198.51.100.1', authorization: `Bearer ${WRONG}2` } })).status).toBe(401);
    const braked = await from('198.51.100.1', { authorization: `Bearer ${readKey}` });
    expect(braked.statusCode).toBe(429);
    expect(braked.body).toContain('Too many failed API key checks');
    expect((await from('198.51.100.1')).statusCode).toBe(200);
  });

  it('closes a WebSocket whose connection_init presents a wrong key with 4401, before its acknowledgement', async () => {
    const app = await appWith({});
    const wsUrl = `${(await app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws')}/graphql`;
    const init = (payload?: Record<string, unknown>) =>
      new Promise<string>((resolve, reject) => {
        const socket = new WebSocket(wsUrl, 'graphql-transport-ws');
        socket.once('error', reject);
        socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload })));
        socket.on('message', (data) => {
          if ((JSON.parse(String(data)) as { type: string }).type === 'connection_ack') {
            socket.close();
            resolve('ack');
          }
        });
        socket.once('close', (code, reason) => resolve(`${code} ${String(reason)}`));
      });
    expect(await init({ authorization: `Bearer ${WRONG}` })).toBe('4401 The API key or session token is invalid, expired or revoked');
    expect(await init({ authorization: `Bearer ${readKey}` })).toBe('ack');
    expect(await init()).toBe('ack');
  });
});

describe('the wrong-request table of docs/interfaces.md', () => {
  const BEGIN = '<!-- wrong-requests: rendered by test/graphql/wrong-requests.test.ts -->';
  const END = '<!-- /wrong-requests -->';

  interface WrongRequest {
    name: string;
    /** What it sends, as the table shows it. */
    sends: string;
    query: string;
    variables?: Record<string, unknown>;
    key?: string;
  }

  const cell = (text: string) => text.replaceAll('|', '\\|');
  const shown = (value: unknown) => (value === undefined ? 'none' : `\`${JSON.stringify(value)}\``);

  async function rowOf(request: WrongRequest): Promise<string> {
    const headers: Record<string, string> = request.key ? { authorization: `Bearer ${request.key}` } : {};
    const legacy = await post(league.app, request.query, { variables: request.variables, accept: JSON_MEDIA, headers });
    const spec = await post(league.app, request.query, { variables: request.variables, accept: SPEC_MEDIA, headers });
    const error = spec.body.errors?.[0];
    expect(legacy.body.errors?.[0]?.message).toBe(error?.message);
    const code = error?.extensions?.code;
    const field = error?.extensions?.field;
    return `| ${request.name}: ${request.sends} | ${legacy.status} | ${spec.status} | ${shown(spec.body.data)} | \`${String(code)}\` | ${field ? `\`${String(field)}\`` : ''} | \`${cell(error?.message ?? '')}\` |`;
  }

  it('is the table the service answers', async () => {
    const version = (await league.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } })).version;
    const requests: WrongRequest[] = [
      { name: 'bad enum literal', sends: '`games(filter: { status: [PLAYING] })`', query: '{ games(filter: { status: [PLAYING] }, first: 1) { totalCount } }' },
      { name: 'bad enum variable', sends: '`$s: [GameStatus!]` with `{"s":["PLAYING"]}`', query: STATUS_VARIABLE, variables: { s: ['PLAYING'] } },
      { name: 'bad id', sends: '`node(id: "xyz")`', query: '{ node(id: "xyz") { nodeId } }' },
      { name: 'too deep', sends: 'team → club → teams, 13 levels', query: DEEP },
      { name: 'too costly', sends: "every season's groups' games with events and lineups", query: COSTLY },
      { name: 'wrong key', sends: '`Authorization: Bearer fbk_wrong`, `{ seasons { id } }`', query: '{ seasons { id } }', key: WRONG },
      { name: 'missing key', sends: '`startGame` without a key', query: START, variables: { input: { gameId, idempotencyKey: 'table-missing' } } },
      {
        name: 'bad mutation input',
        sends: '`startGame` with `idempotencyKey: ""`',
        query: START,
        variables: { input: { gameId, idempotencyKey: '' } },
        key: federationKey,
      },
      {
        name: 'stale version',
        sends: '`startGame` with an `expectedVersion` the game is not at',
        query: START,
        variables: { input: { gameId, idempotencyKey: 'table-stale', expectedVersion: version + 1, outsideStartWindow: true } },
        key: federationKey,
      },
    ];
    const rows: string[] = [];
    for (const request of requests) rows.push(await rowOf(request));
    const table = [
      BEGIN,
      '| request | status, `application/json` | status, `application/graphql-response+json` | `data` | `extensions.code` | `extensions.field` | message |',
      '|---|---|---|---|---|---|---|',
      ...rows,
      END,
    ].join('\n');
    const doc = readFileSync(new URL('../../docs/interfaces.md', import.meta.url), 'utf8');
    const start = doc.indexOf(BEGIN);
    const end = doc.indexOf(END);
    expect(start, 'docs/interfaces.md has no wrong-request table').toBeGreaterThanOrEqual(0);
    expect(doc.slice(start, end + END.length), `docs/interfaces.md's wrong-request table differs from the answers; it should read:\n${table}`).toBe(table);
  });
});
