// /bo/players and /bo/people refused: no credential, a key without the scope or of a club or an
// event, malformed parameters, bounds; wrong passwords under the failed-check brake on /bo and on
// /graphql alike; and the request log, which never shows a password.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { demoPassword, demoPasswordPeople } from '../../../src/data/demo/index.js';
import type { RateLimitConfig } from '../../../src/http/rate-limit.js';
import { DEMO_FIXTURE } from '../../../scripts/examples/demo-fixture.js';
import { graphql, openTestLeague, type TestLeague } from '../../support/app.js';
import { anlassToken, bo, createEventKey, partnerToken } from '../../support/bo.js';
import { createKey } from '../../support/keys.js';

let league: TestLeague;
/** A federation key with both scopes, logged in; and one each without them. */
let reader: { id: number; key: string };
let token: string;
let gamesOnly: string;
let clubReader: string;
let passwordsOnly: string;
let peopleOnly: string;
let eventToken: string;
let people: number[];
let password: string;

const app = () => league.app;

beforeAll(async () => {
  league = await openTestLeague();
  reader = await createKey(league.db, 'people desk', null, ['people:read', 'passwords:validate']);
  token = await partnerToken(app(), reader.key);
  gamesOnly = await partnerToken(app(), (await createKey(league.db, 'reporting', null, ['games:write'])).key);
  const club = await league.db.prisma.club.findFirstOrThrow({ orderBy: { id: 'asc' } });
  clubReader = await partnerToken(app(), (await createKey(league.db, 'club with the scope', club.id, ['people:read', 'passwords:validate'])).key);
  passwordsOnly = await partnerToken(app(), (await createKey(league.db, 'password checks', null, ['passwords:validate'])).key);
  peopleOnly = await partnerToken(app(), (await createKey(league.db, 'people only', null, ['people:read'])).key);
  const game = await league.db.prisma.game.findFirstOrThrow({ where: { status: 'SCHEDULED' }, orderBy: { id: 'asc' } });
  eventToken = await anlassToken(app(), await createEventKey(league.db, 'event desk', [game.id]));
  people = demoPasswordPeople();
  password = demoPassword(DEMO_FIXTURE.seed, people[0]);
});
afterAll(async () => {
  await league?.close();
});

function expectRefused(answer: { statusCode: number; body: unknown }, code: number, msg: RegExp | string) {
  expect(answer.statusCode).toBe(code);
  expect(answer.body).toMatchObject({ status: { code, msg: typeof msg === 'string' ? msg : expect.stringMatching(msg) }, payload: null });
}

const validate = (caller: FastifyInstance, personId: number, fields: Record<string, string>, remoteAddress?: string) =>
  bo(caller, 'PUT', `/bo/people/${personId}/validate_password`, { form: fields, ...(remoteAddress ? { remoteAddress } : {}) });

describe('who may', () => {
  it('no credential: 401 on every path', async () => {
    expectRefused(await bo(app(), 'GET', '/bo/players?license_number=60001'), 401, /auth_token is required/);
    expectRefused(await bo(app(), 'POST', '/bo/players', { form: { license_number: '60001' } }), 401, /auth_token is required/);
    expectRefused(await bo(app(), 'GET', `/bo/people?ids=${people[0]}`), 401, /auth_token is required/);
    expectRefused(await validate(app(), people[0], { password }), 401, /auth_token is required/);
    expectRefused(await bo(app(), 'GET', '/bo/players?license_number=60001&auth_token=fbt_no-such-token'), 401, /invalid, expired or revoked/);
  });

  it('a key without the scope, a club’s key with it, an event’s desk: 403 naming what is missing', async () => {
    for (const other of [gamesOnly, passwordsOnly]) {
      expectRefused(await bo(app(), 'GET', `/bo/players?license_number=60001&auth_token=${other}`), 403, /people:read scope/);
      expectRefused(await bo(app(), 'GET', `/bo/people?ids=${people[0]}&auth_token=${other}`), 403, /people:read scope/);
    }
    for (const other of [gamesOnly, peopleOnly]) {
      expectRefused(await validate(app(), people[0], { password, auth_token: other }), 403, /passwords:validate scope/);
    }
    expectRefused(await bo(app(), 'GET', `/bo/people?ids=${people[0]}&auth_token=${clubReader}`), 403, /needs a federation key/);
    expectRefused(await validate(app(), people[0], { password, auth_token: clubReader }), 403, /needs a federation key/);
    expectRefused(await bo(app(), 'GET', `/bo/players?license_number=60001&auth_token=${eventToken}`), 403, /people:read scope/);
    // With the scope, the right password is valid; the keys refused above learnt nothing of it.
    expect((await validate(app(), people[0], { password, auth_token: passwordsOnly })).body).toMatchObject({ payload: { password: 'valid' } });
  });

  it('the same on /graphql: the fields ask the same rule', async () => {
    const headers = (secret: string) => ({ authorization: `Bearer ${secret}` });
    const lookup = await graphql(app(), '{ playersByLicenseNumber(prefix: "60001") { id } }', undefined, headers(gamesOnly));
    expect(lookup.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const anonymous = await graphql(app(), `{ people(ids: [${people[0]}]) { id } }`);
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const check = await graphql(
      app(),
      'mutation ($id: Int!, $password: String!) { validatePersonPassword(personId: $id, password: $password) { valid } }',
      { id: people[0], password },
      headers(reader.key),
    );
    expect(check.data).toEqual({ validatePersonPassword: { valid: true } });
  });
});

describe('parameters and bounds', () => {
  it('a licence number that is no digits, too many matches, missing: 400 in /bo’s format', async () => {
    expectRefused(await bo(app(), 'GET', `/bo/players?license_number=SP600019&auth_token=${token}`), 400, /1–10 digits/);
    expectRefused(await bo(app(), 'GET', `/bo/players?license_number=6&auth_token=${token}`), 400, /more than 100 players: send more digits/);
    expectRefused(await bo(app(), 'POST', '/bo/players', { form: { auth_token: token } }), 400, 'license_number is required');
    expectRefused(await bo(app(), 'GET', `/bo/players?license_number=1&license_number=2&auth_token=${token}`), 400, /takes one value/);
    // A prefix beginning with 0 begins no licence number; unknown parameters are ignored.
    const none = await bo(app(), 'GET', `/bo/players?license_number=0600&auth_token=${token}&page=2`);
    expect(none.statusCode).toBe(200);
    expect(none.body.payload).toEqual({ list: [] });
  });

  it('a GET body that is neither a form nor JSON: the interface’s own 4xx, never a 500', async () => {
    const garbled = await bo(app(), 'GET', '/bo/players', { rawForm: '{"license_number":', headers: { 'content-type': 'application/json' } });
    expectRefused(garbled, 400, 'The body is not valid JSON');
    const xml = await bo(app(), 'GET', '/bo/players', { rawForm: '<x/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(415);
  });

  it('people: neither ids nor changed_since, malformed ids or days, another set, too many ids: 400', async () => {
    expectRefused(await bo(app(), 'GET', `/bo/people?auth_token=${token}`), 400, 'changed_since is required when no ids are given');
    expectRefused(await bo(app(), 'GET', `/bo/people?ids=1,x&auth_token=${token}`), 400, /ids must be ids/);
    expectRefused(await bo(app(), 'GET', `/bo/people?changed_since=23.12.2016&auth_token=${token}`), 400, /changed_since must be a date/);
    expectRefused(await bo(app(), 'GET', `/bo/people?changed_since=2016-12-24&changed_until=2016-12-23&auth_token=${token}`), 400, /is after/);
    expectRefused(await bo(app(), 'GET', `/bo/people?ids=1&set=full&auth_token=${token}`), 400, /set takes minimal or with_roles/);
    const many = Array.from({ length: 101 }, (_, i) => 600_001 + i).join(',');
    expectRefused(await bo(app(), 'GET', `/bo/people?ids=${many}&auth_token=${token}`), 400, /at most 100 people/);
  });

  it('validate_password: no password, a list of them, a malformed id: 400', async () => {
    expectRefused(await validate(app(), people[0], { auth_token: token }), 400, 'password is required');
    const listed = await bo(app(), 'PUT', `/bo/people/${people[0]}/validate_password`, { json: { password: [password], auth_token: token } });
    expectRefused(listed, 400, /password takes one value/);
    expectRefused(
      await bo(app(), 'PUT', '/bo/people/abc/validate_password', { form: { password, auth_token: token } }),
      400,
      /person id must be a whole number/,
    );
  });

  it('a password is taken as sent: with a space added it is another password', async () => {
    expect((await validate(app(), people[0], { password: ` ${password}`, auth_token: token })).body).toMatchObject({ payload: { password: 'invalid' } });
  });
});

describe('the failed-check brake', () => {
  let braked: FastifyInstance;
  const limits: RateLimitConfig = { publicPerMinute: 0, keyPerMinute: 0, authFailures: 3, authFailureWindowMs: 60_000, sessionsPerHour: 0 };
  beforeAll(async () => {
    braked = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local', rateLimits: limits });
  });
  afterAll(async () => {
    await braked?.close();
  });

  it('closes after a burst of wrong passwords: the right one from that address gets 429 too, another address is answered', async () => {
    const guesser = '203.0.113.91';
    for (const guess of ['password1', 'password2', 'password3']) {
      const answer = await validate(braked, people[0], { password: guess, auth_token: token }, guesser);
      expect(answer.statusCode).toBe(200);
      expect(answer.body.payload).toEqual({ password: 'invalid' });
    }
    const refused = await validate(braked, people[0], { password, auth_token: token }, guesser);
    expectRefused(refused, 429, /^Too many failed API key checks from this address; try again in \d+ seconds?$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The brake is the address's, whatever it presents next: its keys too.
    expectRefused(await bo(braked, 'GET', `/bo/people?ids=${people[0]}&auth_token=${token}`, { remoteAddress: guesser }), 429, /^Too many failed/);
    const other = await validate(braked, people[0], { password, auth_token: token }, '203.0.113.92');
    expect(other.body).toMatchObject({ status: { code: 0 }, payload: { password: 'valid' } });
  });

  it('wrong passwords and wrong keys count in the same brake; on /graphql, a document of many guesses is stopped by it', async () => {
    const guesser = '203.0.113.93';
    expect((await validate(braked, people[1], { password: 'wrong', auth_token: token }, guesser)).body.payload).toEqual({ password: 'invalid' });
    expectRefused(await bo(braked, 'GET', '/bo/people?ids=1&auth_token=fbt_no-such-token', { remoteAddress: guesser }), 401, /invalid, expired/);
    const guesses = ['a', 'b', 'c', 'd'].map((guess) => `${guess}: validatePersonPassword(personId: ${people[1]}, password: "${guess}") { valid }`);
    const response = await braked.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${reader.key}` },
      remoteAddress: '203.0.113.94',
      payload: { query: `mutation { ${guesses.join(' ')} }` },
    });
    // Three wrong guesses close the brake; the fourth is not checked, and refuses the document: 429 (the verdict is non-null).
    expect(response.statusCode, response.body).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const body = response.json() as { data: null; errors: { message: string; path: string[]; extensions: { code: string } }[] };
    expect(body.data).toBeNull();
    expect(body.errors.map((error) => [error.path, error.extensions.code])).toEqual([[['d'], 'RATE_LIMITED']]);
    expect(body.errors[0].message).toMatch(/^Too many failed API key checks/);
  });
});

describe('the per-key budget', () => {
  let budgeted: FastifyInstance;
  const limits: RateLimitConfig = { publicPerMinute: 0, keyPerMinute: 3, authFailures: 0, authFailureWindowMs: 60_000, sessionsPerHour: 0 };
  beforeAll(async () => {
    budgeted = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local', rateLimits: limits });
  });
  afterAll(async () => {
    await budgeted?.close();
  });

  it('password checks pay from their key’s budget as every keyed request does: past it, 429 unchecked', async () => {
    const budgetKey = await createKey(league.db, 'budgeted checks', null, ['passwords:validate']);
    const fields = { password, auth_token: budgetKey.key };
    for (let i = 0; i < limits.keyPerMinute; i += 1) expect((await validate(budgeted, people[0], fields)).body.payload).toEqual({ password: 'valid' });
    const refused = await validate(budgeted, people[0], fields);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toMatchObject({ status: { code: 429 }, payload: null });
  });
});

describe('the request log', () => {
  let logged: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    logged = await buildApp({
      database: league.db,
      clock: league.clock,
      logLevel: 'debug',
      logStream: { write: (line: string) => void lines.push(line) },
      publicBaseUrl: 'http://test.local',
    });
  });
  afterAll(async () => {
    await logged?.close();
  });

  it('never shows a password, sent in the query string, a form, JSON or a GraphQL variable, right or wrong', async () => {
    const wrong = 'my-wrong-password-123';
    await bo(logged, 'PUT', `/bo/people/${people[0]}/validate_password?password=${password}&auth_token=${token}`);
    await bo(logged, 'PUT', `/bo/people/${people[0]}/validate_password`, { form: { password: wrong, auth_token: token } });
    await bo(logged, 'PUT', `/bo/people/${people[0]}/validate_password`, { json: { password, auth_token: token } });
    await graphql(
      logged,
      'mutation ($id: Int!, $password: String!) { validatePersonPassword(personId: $id, password: $password) { valid } }',
      { id: people[0], password: wrong },
      { authorization: `Bearer ${reader.key}` },
    );
    const log = lines.join('\n');
    expect(log).toContain(`"url":"/bo/people/${people[0]}/validate_password?password=[redacted]&auth_token=[redacted]"`);
    for (const secret of [password, wrong, token, reader.key]) expect(log).not.toContain(secret);
  });
});
