// /bo/session: logging in (partner and anlass credentials), validating, expiry after four hours,
// revocation, logging out, the token stored only hashed, the failed-credential brake and the log.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { hashApiKey } from '../../../src/domain/api-keys.js';
import type { RateLimitConfig } from '../../../src/http/rate-limit.js';
import { graphql, openTestLeague, TEST_NOW, type TestLeague } from '../../support/app.js';
import { anlassToken, bo, createEventKey, eligibleSheet, partnerApiKey, partnerToken, scheduledGames, type Session } from '../../support/bo.js';
import { createKey, withLastCharacterChanged } from '../../support/keys.js';

let league: TestLeague;
let federationKey: { id: number; key: string };
let adminKey: { id: number; key: string };
let eventKey: { id: number; key: string };
let gameId: number;

const FOUR_HOURS_S = 4 * 3600;
const ZURICH_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/;

beforeAll(async () => {
  league = await openTestLeague();
  const [game] = await scheduledGames(league.db, 1);
  gameId = game.id;
  federationKey = await createKey(league.db, 'federation partner', null, ['games:write']);
  adminKey = await createKey(league.db, 'key admin', null, ['admin']);
  eventKey = await createEventKey(league.db, 'event desk', [gameId]);
});
afterAll(async () => {
  await league?.close();
});

const tokens = () => league.db.prisma.sessionToken.count();
const app = () => league.app;

function expectRefused(answer: { statusCode: number; body: unknown }, code: number, msg: RegExp | string) {
  expect(answer.statusCode).toBe(code);
  expect(answer.body).toMatchObject({ status: { code, msg: typeof msg === 'string' ? msg : expect.stringMatching(msg) }, payload: null });
}

describe('POST /bo/session/auth and /bo/session/auth_anlass', () => {
  it('logs a partner in with api_key (the key’s prefix) and secret (the key), as a form and as JSON', async () => {
    const credentials = { api_key: partnerApiKey(federationKey.key), secret: federationKey.key };
    for (const request of [{ form: credentials }, { json: credentials }]) {
      const before = await tokens();
      const answer = await bo<Session>(app(), 'POST', '/bo/session/auth', request);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.body).toEqual({
        status: { code: 0, msg: 'ok' },
        payload: {
          auth_token: expect.stringMatching(/^fbt_[A-Za-z0-9_-]{43}$/),
          expires_at: expect.stringMatching(ZURICH_DATE_TIME),
          valid_for_seconds: FOUR_HOURS_S,
        },
      });
      // Four hours after the service's clock, in Zurich time.
      expect(new Date(answer.body.payload.expires_at).getTime()).toBe(TEST_NOW.getTime() + FOUR_HOURS_S * 1000);
      expect(await tokens()).toBe(before + 1);
    }
  });

  it('logs an event desk in with anlass_id (its key’s id) and password (the key), and names the anlass', async () => {
    const answer = await bo<Session>(app(), 'POST', '/bo/session/auth_anlass', { form: { anlass_id: eventKey.id, password: eventKey.key } });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toEqual({
      status: { code: 0, msg: 'ok' },
      payload: {
        auth_token: expect.stringMatching(/^fbt_/),
        expires_at: expect.stringMatching(ZURICH_DATE_TIME),
        valid_for_seconds: FOUR_HOURS_S,
        anlass_id: eventKey.id,
      },
    });
    const listed = await bo<{ list: { id: number }[] }>(app(), 'GET', `/bo/games?auth_token=${answer.body.payload.auth_token}`);
    expect(listed.body.payload.list.map((game) => game.id)).toEqual([gameId]);
  });

  it.each([
    ['a wrong secret', '/bo/session/auth', () => ({ api_key: partnerApiKey(federationKey.key), secret: withLastCharacterChanged(federationKey.key) })],
    ['a wrong api_key', '/bo/session/auth', () => ({ api_key: partnerApiKey(adminKey.key), secret: federationKey.key })],
    ['an event key as a partner', '/bo/session/auth', () => ({ api_key: partnerApiKey(eventKey.key), secret: eventKey.key })],
    ['a partner key as an anlass', '/bo/session/auth_anlass', () => ({ anlass_id: federationKey.id, password: federationKey.key })],
    ['an event key under another anlass_id', '/bo/session/auth_anlass', () => ({ anlass_id: eventKey.id + 1000, password: eventKey.key })],
    ['a session token as the secret', '/bo/session/auth', () => ({ api_key: 'fbt_aaaaaa', secret: `fbt_${'a'.repeat(43)}` })],
  ])('refuses %s with 401 in the envelope, and stores nothing', async (_name, url, credentials) => {
    const before = await tokens();
    const answer = await bo(app(), 'POST', url, { form: credentials() });
    expectRefused(answer, 401, 'These credentials are not valid');
    expect(answer.raw).not.toContain('auth_token');
    expect(await tokens()).toBe(before);
  });

  it('answers missing credentials with 400 naming the field', async () => {
    expectRefused(await bo(app(), 'POST', '/bo/session/auth', { form: { api_key: partnerApiKey(federationKey.key) } }), 400, 'secret is required');
    expectRefused(await bo(app(), 'POST', '/bo/session/auth_anlass', { form: { password: eventKey.key } }), 400, 'anlass_id is required');
    expectRefused(
      await bo(app(), 'POST', '/bo/session/auth_anlass', { form: { anlass_id: 'abc', password: eventKey.key } }),
      400,
      /anlass_id must be a whole number/,
    );
  });

  it('stores the token only hashed: no row of any table contains its text', async () => {
    const token = await anlassToken(app(), eventKey);
    // A write under the token too, so that its audit and idempotency records exist.
    const game = await league.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } });
    const sheet = await eligibleSheet(league.db, gameId, game.homeTeamId!);
    const written = await bo(app(), 'PUT', `/bo/games/${gameId}/lineups/${game.homeTeamId}`, {
      json: { auth_token: token, license_ids: sheet.map((c) => c.licenseId) },
    });
    expect(written.statusCode).toBe(200);
    expect(await league.db.prisma.gameAuditEntry.count({ where: { gameId } })).toBeGreaterThan(0);
    const stored = await league.db.prisma.sessionToken.findMany({ where: { hash: hashApiKey(token) } });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ apiKeyId: eventKey.id, revokedAt: null });
    const columns = await league.db.prisma.$queryRawUnsafe<{ table_name: string; column_name: string }[]>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`,
    );
    expect(columns.length).toBeGreaterThan(10);
    const secretPart = token.slice(4);
    for (const { table_name, column_name } of columns) {
      const [{ hits }] = await league.db.prisma.$queryRawUnsafe<{ hits: bigint }[]>(
        `SELECT count(*) AS hits FROM "${table_name}" WHERE "${column_name}"::text LIKE $1`,
        `%${secretPart}%`,
      );
      expect(Number(hits), `${table_name}.${column_name}`).toBe(0);
    }
  });
});

describe('POST /bo/session/validate', () => {
  it('says valid, with the expiry, the anlass and its games, for a token; also as GET', async () => {
    const token = await anlassToken(app(), eventKey);
    const valid = await bo(app(), 'POST', '/bo/session/validate', { form: { auth_token: token, anlass_id: eventKey.id } });
    expect(valid.statusCode).toBe(200);
    expect(valid.body).toEqual({
      status: { code: 0, msg: 'ok' },
      payload: { token: 'valid', expires_at: expect.stringMatching(ZURICH_DATE_TIME), anlass_id: eventKey.id, game_ids: [gameId] },
    });
    expect((await bo(app(), 'GET', `/bo/session/validate?auth_token=${token}`)).body.payload).toMatchObject({ token: 'valid', anlass_id: eventKey.id });
    const partner = await partnerToken(app(), federationKey.key);
    expect((await bo(app(), 'POST', '/bo/session/validate', { json: { auth_token: partner } })).body.payload).toMatchObject({
      token: 'valid',
      anlass_id: null,
      game_ids: [],
    });
  });

  it('says invalid for an unknown token and for a valid token of another anlass_id, as an answer, not a refusal', async () => {
    const token = await anlassToken(app(), eventKey);
    const forms: Record<string, string | number>[] = [
      { auth_token: `fbt_${'x'.repeat(43)}` },
      { auth_token: token, anlass_id: eventKey.id + 1 },
      { auth_token: await partnerToken(app(), federationKey.key), anlass_id: eventKey.id },
    ];
    for (const form of forms) {
      const answer = await bo(app(), 'POST', '/bo/session/validate', { form });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toEqual({ status: { code: 0, msg: 'ok' }, payload: { token: 'invalid' } });
    }
  });

  it('asks for the token when none is given', async () => {
    expectRefused(await bo(app(), 'POST', '/bo/session/validate', { form: { anlass_id: eventKey.id } }), 400, /auth_token is required/);
  });
});

describe('the end of a token', () => {
  it('works until four hours after the login and not a second longer', async () => {
    const token = await partnerToken(app(), federationKey.key);
    try {
      league.clock.advance(FOUR_HOURS_S * 1000 - 1000);
      expect((await bo(app(), 'GET', `/bo/games?auth_token=${token}`)).statusCode).toBe(200);
      league.clock.advance(1000);
      expectRefused(await bo(app(), 'GET', `/bo/games?auth_token=${token}`), 401, 'The auth_token is invalid, expired or revoked: log in again');
      expect((await bo(app(), 'POST', '/bo/session/validate', { form: { auth_token: token } })).body.payload).toEqual({ token: 'invalid' });
    } finally {
      league.clock.set(TEST_NOW);
    }
  });

  it('stops every token of a key revoked through GraphQL revokeApiKey', async () => {
    const desk = await createEventKey(league.db, 'revoked desk', [gameId]);
    const token = await anlassToken(app(), desk);
    expect((await bo(app(), 'GET', `/bo/games/${gameId}?auth_token=${token}`)).statusCode).toBe(200);
    const revoked = await graphql(app(), 'mutation ($id: Int!) { revokeApiKey(id: $id) { id } }', { id: desk.id }, { authorization: `Bearer ${adminKey.key}` });
    expect(revoked.errors).toBeUndefined();
    expectRefused(await bo(app(), 'GET', `/bo/games/${gameId}?auth_token=${token}`), 401, /invalid, expired or revoked/);
    // Nor does the revoked key log in again.
    expectRefused(
      await bo(app(), 'POST', '/bo/session/auth_anlass', { form: { anlass_id: desk.id, password: desk.key } }),
      401,
      'These credentials are not valid',
    );
  });

  it('stops a token logged out with DELETE /bo/session at once; other tokens of the key keep working', async () => {
    const token = await anlassToken(app(), eventKey);
    const other = await anlassToken(app(), eventKey);
    const out = await bo(app(), 'DELETE', '/bo/session', { form: { auth_token: token } });
    expect(out.statusCode).toBe(200);
    expect(out.body).toEqual({ status: { code: 0, msg: 'ok' }, payload: { token: 'closed' } });
    expectRefused(await bo(app(), 'GET', `/bo/games?auth_token=${token}`), 401, /invalid, expired or revoked/);
    expectRefused(await bo(app(), 'DELETE', '/bo/session', { form: { auth_token: token } }), 401, /invalid, expired or revoked/);
    expect((await bo(app(), 'GET', `/bo/games?auth_token=${other}`)).statusCode).toBe(200);
    expect(await league.db.prisma.sessionToken.count({ where: { hash: hashApiKey(token), revokedAt: { not: null } } })).toBe(1);
  });
});

describe('the failed-credential brake', () => {
  let braked: FastifyInstance;
  const limits: RateLimitConfig = { publicPerMinute: 0, keyPerMinute: 0, authFailures: 3, authFailureWindowMs: 60_000, sessionsPerHour: 0 };
  beforeAll(async () => {
    braked = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local', rateLimits: limits });
  });
  afterAll(async () => {
    await braked?.close();
  });

  it('closes after a burst of wrong secrets: the right credentials from that address get 429 too, and nothing is written', async () => {
    const guesser = '203.0.113.77';
    const before = await tokens();
    for (const guess of ['aaaaaaaaaaaa', 'bbbbbbbbbbbb', 'cccccccccccc']) {
      const answer = await bo(braked, 'POST', '/bo/session/auth', {
        form: { api_key: partnerApiKey(federationKey.key), secret: `fbk_${guess}` },
        remoteAddress: guesser,
      });
      expectRefused(answer, 401, 'These credentials are not valid');
    }
    const right = { api_key: partnerApiKey(federationKey.key), secret: federationKey.key };
    const refused = await bo(braked, 'POST', '/bo/session/auth', { form: right, remoteAddress: guesser });
    expectRefused(refused, 429, /^Too many failed API key checks from this address; try again in \d+ seconds?$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const anlass = await bo(braked, 'POST', '/bo/session/auth_anlass', { form: { anlass_id: eventKey.id, password: eventKey.key }, remoteAddress: guesser });
    expectRefused(anlass, 429, /^Too many failed API key checks/);
    expect(await tokens()).toBe(before);
    // Another address is not braked.
    expect((await bo(braked, 'POST', '/bo/session/auth', { form: right, remoteAddress: '203.0.113.78' })).statusCode).toBe(200);
  });

  it('counts wrong anlass passwords and unknown tokens in the same brake', async () => {
    const guesser = '203.0.113.79';
    expectRefused(
      await bo(braked, 'POST', '/bo/session/auth_anlass', { form: { anlass_id: eventKey.id, password: 'fbk_wrong-password' }, remoteAddress: guesser }),
      401,
      /not valid/,
    );
    expectRefused(await bo(braked, 'GET', `/bo/games?auth_token=fbt_${'y'.repeat(43)}`, { remoteAddress: guesser }), 401, /invalid, expired or revoked/);
    expectRefused(
      await bo(braked, 'POST', '/bo/session/auth_anlass', { form: { anlass_id: eventKey.id, password: 'fbk_wrong-again!' }, remoteAddress: guesser }),
      401,
      /not valid/,
    );
    const token = await anlassToken(app(), eventKey);
    expectRefused(await bo(braked, 'GET', `/bo/games?auth_token=${token}`, { remoteAddress: guesser }), 429, /^Too many failed API key checks/);
  });
});

describe('the request log', () => {
  let logged: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    logged = await buildApp({
      database: league.db,
      clock: league.clock,
      logLevel: 'info',
      logStream: { write: (line: string) => void lines.push(line) },
      publicBaseUrl: 'http://test.local',
    });
  });
  afterAll(async () => {
    await logged?.close();
  });

  it('never shows the token or the key, in a query string or a body', async () => {
    const token = await partnerToken(logged, federationKey.key);
    const desk = await anlassToken(logged, eventKey);
    await bo(logged, 'GET', `/bo/games?set=game_report&auth_token=${token}`);
    await bo(logged, 'GET', `/bo/games/${gameId}?auth_token=${desk}&set=game_report`);
    await bo(logged, 'GET', `/bo/session/validate?auth_token=${desk}&anlass_id=${eventKey.id}`);
    await bo(logged, 'POST', `/bo/games/${gameId}/events`, { form: { auth_token: desk, category_id: 165, time: '0:00:00' } });
    await bo(logged, 'DELETE', '/bo/session', { form: { auth_token: desk } });
    const log = lines.join('\n');
    expect(log).toContain('"url":"/bo/games?set=game_report&auth_token=[redacted]"');
    expect(log).toContain(`"url":"/bo/games/${gameId}?auth_token=[redacted]&set=game_report"`);
    expect(log).toContain('"url":"/bo/session/auth"');
    for (const secret of [token, desk, token.slice(4), desk.slice(4), federationKey.key, eventKey.key]) expect(log).not.toContain(secret);
  });

  it('never shows a secret or a password a login sent in the query string', async () => {
    const partner = await bo(logged, 'POST', `/bo/session/auth?api_key=${partnerApiKey(federationKey.key)}&secret=${federationKey.key}`);
    expect(partner.statusCode).toBe(200);
    const desk = await bo(logged, 'POST', `/bo/session/auth_anlass?anlass_id=${eventKey.id}&password=${eventKey.key}`);
    expect(desk.statusCode).toBe(200);
    const log = lines.join('\n');
    expect(log).toContain('"url":"/bo/session/auth?api_key=[redacted]&secret=[redacted]"');
    expect(log).toContain(`"url":"/bo/session/auth_anlass?anlass_id=${eventKey.id}&password=[redacted]"`);
    for (const secret of [federationKey.key, eventKey.key, partnerApiKey(federationKey.key)]) expect(log).not.toContain(secret);
  });
});
