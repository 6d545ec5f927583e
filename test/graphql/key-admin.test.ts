// Key administration and game audits over GraphQL (src/schema/api-key.ts): only the admin scope
// (an admin key, or the embedded service's operator token) may use them, a created or rotated key
// works on the next request, a revoked one stops on the next request, and no answer is shared.
import type { FastifyInstance } from 'fastify';
import { parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ADMIN_DOCUMENTS } from '../../src/data/cli/admin-over-http.js';
import { getSchema } from '../../src/schema/index.js';
import { graphql, openTestLeague, type GraphQLResponse, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { scheduledGameWithSheet } from '../support/live.js';

const OPERATOR_TOKEN = 'fbo_the-operator-token-of-this-start-0123456789';
const KEY = 'id name prefix clubId scopes createdAt revokedAt club { id }';
const CREATE = `mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret key { ${KEY} } } }`;
const REVOKE = `mutation ($id: Int!) { revokeApiKey(id: $id) { ${KEY} } }`;
const ROTATE = `mutation ($id: Int!) { rotateApiKey(id: $id) { secret key { ${KEY} } } }`;
const LIST = `query { apiKeys { ${KEY} } }`;
const AUDIT = 'query ($gameId: Int!) { gameAudit(gameId: $gameId) { id gameId at version mutation eventId change apiKey { id name prefix clubId } } }';
const START = 'mutation ($input: StartGameInput!) { startGame(input: $input) { version game { status } } }';

interface AdministeredKey {
  id: number;
  name: string;
  prefix: string;
  clubId: number | null;
  scopes: string[];
  createdAt: string;
  revokedAt: string | null;
  club: { id: number } | null;
}
interface Created {
  secret: string;
  key: AdministeredKey;
}

let league: TestLeague;
let app: FastifyInstance;
let adminKey: string;
let readKey: string;
let writerKey: string;
let homeClubId: number;
let gameId: number;

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const code = (answer: GraphQLResponse) => answer.errors?.[0]?.extensions?.code;
const legacyClubs = (key: string) => app.inject({ url: `/rest/v1.0/clubs?apikey=${encodeURIComponent(key)}` });

async function create(input: Record<string, unknown>, key = adminKey): Promise<Created> {
  const answer = await graphql<{ createApiKey: Created }>(app, CREATE, { input }, bearer(key));
  expect(answer.errors).toBeUndefined();
  return answer.data!.createApiKey;
}

beforeAll(async () => {
  league = await openTestLeague();
  const { game } = await scheduledGameWithSheet(league.db);
  gameId = game.id;
  homeClubId = game.homeTeam!.clubId;
  adminKey = (await createKey(league.db, 'ops', null, ['admin'])).key;
  readKey = (await createKey(league.db, 'reader', null)).key;
  writerKey = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
  // With the result cache on, to prove that no administrative answer is shared.
  app = await buildApp({
    database: league.db,
    clock: league.clock,
    logLevel: 'silent',
    publicBaseUrl: 'http://test.local',
    responseCacheTtlMs: 60_000,
    operatorToken: OPERATOR_TOKEN,
  });
});

afterAll(async () => {
  await app?.close();
  await league?.close();
});

describe('who may administer keys', () => {
  const operations: [string, string, Record<string, unknown>][] = [
    ['apiKeys', LIST, {}],
    ['gameAudit', AUDIT, { gameId: 1 }],
    ['createApiKey', CREATE, { input: { name: 'intruder', scopes: ['admin'] } }],
    ['revokeApiKey', REVOKE, { id: 1 }],
    ['rotateApiKey', ROTATE, { id: 1 }],
  ];

  it.each(operations)('%s: UNAUTHENTICATED without a key, FORBIDDEN with a read-only or games:write key', async (_field, document, variables) => {
    const keysBefore = await league.db.prisma.apiKey.findMany({ orderBy: { id: 'asc' } });
    const anonymous = await graphql(app, document, variables);
    expect(code(anonymous)).toBe('UNAUTHENTICATED');
    expect(anonymous.data ?? null).toBeNull();
    for (const key of [readKey, writerKey]) {
      const refused = await graphql(app, document, variables, bearer(key));
      expect(refused.errors?.[0]).toMatchObject({ message: expect.stringContaining('admin scope'), extensions: { code: 'FORBIDDEN' } });
    }
    expect(await league.db.prisma.apiKey.findMany({ orderBy: { id: 'asc' } })).toEqual(keysBefore);
  });

  it('the operator token of the embedded service administers keys', async () => {
    const listed = await graphql<{ apiKeys: AdministeredKey[] }>(app, LIST, {}, bearer(OPERATOR_TOKEN));
    expect(listed.errors).toBeUndefined();
    expect(listed.data?.apiKeys.map((key) => key.name)).toEqual(expect.arrayContaining(['ops', 'reader', 'federation desk']));
  });

  it('never exposes the stored hash', () => {
    const type = getSchema().getType('ApiKey');
    expect(type && 'getFields' in type ? Object.keys(type.getFields()).sort() : []).toEqual([
      'club',
      'clubId',
      'createdAt',
      'gameIds',
      'id',
      'name',
      'nodeId',
      'prefix',
      'revokedAt',
      'scopes',
    ]);
  });
});

describe('creating, revoking and rotating keys', () => {
  it('an admin key creates a club key that works at once; its secret is shown once and its hash only is stored', async () => {
    const created = await create({ name: '  home desk ', clubId: homeClubId, scopes: ['games:write', 'games:write'] });
    expect(created.key).toMatchObject({ name: 'home desk', clubId: homeClubId, club: { id: homeClubId }, scopes: ['games:write'], revokedAt: null });
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);
    const stored = await league.db.prisma.apiKey.findUniqueOrThrow({ where: { id: created.key.id } });
    expect(stored.hash).not.toContain(created.secret);

    expect((await legacyClubs(created.secret)).statusCode).toBe(200);
    const started = await graphql<{ startGame: { version: number; game: { status: string } } }>(
      app,
      START,
      { input: { gameId, idempotencyKey: 'key-admin-start' } },
      bearer(created.secret),
    );
    expect(started.errors).toBeUndefined();
    expect(started.data?.startGame).toEqual({ version: 1, game: { status: 'LIVE' } });

    const audit = await graphql<{
      gameAudit: { gameId: number; version: number; mutation: string; eventId: number | null; change: string; apiKey: Record<string, unknown> }[];
    }>(app, AUDIT, { gameId }, bearer(adminKey));
    expect(audit.errors).toBeUndefined();
    expect(audit.data?.gameAudit).toHaveLength(1);
    const [row] = audit.data!.gameAudit;
    expect(row).toMatchObject({
      gameId,
      version: 1,
      mutation: 'startGame',
      eventId: null,
      apiKey: { id: created.key.id, name: 'home desk', prefix: created.key.prefix, clubId: homeClubId },
    });
    expect(JSON.parse(row.change)).toMatchObject({ status: { before: 'SCHEDULED', after: 'LIVE' } });
  });

  it('revoking a key makes the very next request with it fail; revoking it again says it is revoked already', async () => {
    const created = await create({ name: 'app', scopes: [] });
    expect((await legacyClubs(created.secret)).statusCode).toBe(200);
    const revoked = await graphql<{ revokeApiKey: AdministeredKey }>(app, REVOKE, { id: created.key.id }, bearer(adminKey));
    expect(revoked.errors).toBeUndefined();
    expect(revoked.data?.revokeApiKey).toMatchObject({ id: created.key.id, revokedAt: league.clock.now().toISOString() });
    expect((await legacyClubs(created.secret)).statusCode).toBe(401);
    expect(code(await graphql(app, LIST, {}, bearer(created.secret)))).toBe('UNAUTHENTICATED');

    const again = await graphql(app, REVOKE, { id: created.key.id }, bearer(adminKey));
    expect(again.errors?.[0]).toMatchObject({ message: expect.stringContaining('already revoked'), extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('rotating gives a new secret for the same name, club and scopes that works, while the old one stops', async () => {
    const old = await create({ name: 'scoreboard', clubId: homeClubId, scopes: ['games:write'] });
    const rotated = await graphql<{ rotateApiKey: Created }>(app, ROTATE, { id: old.key.id }, bearer(adminKey));
    expect(rotated.errors).toBeUndefined();
    const fresh = rotated.data!.rotateApiKey;
    expect(fresh.key).toMatchObject({ name: 'scoreboard', clubId: homeClubId, scopes: ['games:write'], revokedAt: null });
    expect(fresh.key.id).not.toBe(old.key.id);
    expect(fresh.secret).not.toBe(old.secret);
    expect((await legacyClubs(fresh.secret)).statusCode).toBe(200);
    expect((await legacyClubs(old.secret)).statusCode).toBe(401);
    expect((await league.db.prisma.apiKey.findUniqueOrThrow({ where: { id: old.key.id } })).revokedAt).toEqual(league.clock.now());

    const revokedRotation = await graphql(app, ROTATE, { id: old.key.id }, bearer(adminKey));
    expect(revokedRotation.errors?.[0]).toMatchObject({ message: expect.stringContaining('already revoked'), extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('an unknown club, key or game is NOT_FOUND; a bad name or scope is the input’s fault; nothing is written', async () => {
    const count = await league.db.prisma.apiKey.count();
    const unknownClub = await graphql(app, CREATE, { input: { name: 'desk', clubId: 987_654 } }, bearer(adminKey));
    expect(unknownClub.errors?.[0]).toMatchObject({ message: 'No club 987654', extensions: { code: 'NOT_FOUND' } });
    for (const document of [REVOKE, ROTATE]) {
      const unknownKey = await graphql(app, document, { id: 987_654 }, bearer(adminKey));
      expect(unknownKey.errors?.[0]).toMatchObject({ message: 'No API key 987654', extensions: { code: 'NOT_FOUND' } });
    }
    expect(code(await graphql(app, AUDIT, { gameId: 987_654 }, bearer(adminKey)))).toBe('NOT_FOUND');
    expect(code(await graphql(app, CREATE, { input: { name: ' ' } }, bearer(adminKey)))).toBe('BAD_USER_INPUT');
    const unknownScope = await graphql(app, CREATE, { input: { name: 'desk', scopes: ['games:delete'] } }, bearer(adminKey));
    expect(unknownScope.errors?.[0]).toMatchObject({
      message: 'Unknown scope games:delete: the scopes are games:write, admin, people:read, passwords:validate, webhooks',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await league.db.prisma.apiKey.count()).toBe(count);
  });
});

describe('a club key stays a club key', () => {
  it('a club that still has keys cannot be deleted, so its keys never become federation keys that read every club', async () => {
    const club = await league.db.prisma.club.create({ data: { id: 999_001, name: 'Short-lived club' } });
    const key = await createKey(league.db, 'short-lived club desk', club.id);
    await expect(league.db.prisma.club.delete({ where: { id: club.id } })).rejects.toThrow();
    expect(await league.db.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({ clubId: club.id });
  });
});

describe('administrative answers', () => {
  it('are private, and never answered from the result cache', async () => {
    const send = (query: string, variables: Record<string, unknown> = {}) =>
      app.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: { ...bearer(adminKey), 'content-type': 'application/json' } });
    const input = { input: { name: 'twin', scopes: [] } };
    const [first, second] = [await send(CREATE, input), await send(CREATE, input)];
    for (const answer of [first, second]) expect(answer.headers['cache-control']).toBe('private, no-store');
    const secrets = [first, second].map((answer) => (answer.json() as { data: { createApiKey: Created } }).data.createApiKey.secret);
    expect(secrets[0]).not.toBe(secrets[1]);

    const listedBefore = await send(LIST);
    await create({ name: 'one more' });
    const listedAfter = await send(LIST);
    expect(listedAfter.headers['cache-control']).toBe('private, no-store');
    expect(listedAfter.headers.etag).toBeUndefined();
    const names = (answer: typeof listedBefore) => (answer.json() as { data: { apiKeys: AdministeredKey[] } }).data.apiKeys.map((key) => key.name);
    expect(names(listedAfter)).toEqual([...names(listedBefore), 'one more']);

    const audits = [await send(AUDIT, { gameId }), await send(AUDIT, { gameId })];
    for (const answer of audits) expect(answer.headers['cache-control']).toBe('private, no-store');
  });

  it('lists keys by id', async () => {
    const listed = await graphql<{ apiKeys: AdministeredKey[] }>(app, LIST, {}, bearer(adminKey));
    const ids = listed.data!.apiKeys.map((key) => key.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('the CLIs’ documents', () => {
  it.each(Object.entries(ADMIN_DOCUMENTS))('%s is valid against the schema', (_name, document) => {
    expect(validate(getSchema(), parse(document))).toEqual([]);
  });
});
