// Input that tries to reach past the parsers: names that would write onto Object.prototype, lists
// where one value belongs, credentials under another spelling, and mutations in a body a page of
// any origin may send without asking. Each is refused by the interface that received it, in its
// own format, and the process goes on serving.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { SECRET_PARAMETER_NAMES } from '../../src/auth/presented-credential.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { anlassToken, bo, createEventKey, eligibleSheet, scheduledGames } from '../support/bo.js';
import { createKey } from '../support/keys.js';

let league: TestLeague;
let app: FastifyInstance;
let apiKey: string;
let token: string;
let game: Awaited<ReturnType<typeof scheduledGames>>[number];
let scorerId: number;
const logLines: string[] = [];

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype'];

beforeAll(async () => {
  league = await openTestLeague();
  apiKey = (await createKey(league.db, 'hostile-parsing')).key;
  [game] = await scheduledGames(league.db, 1);
  // No response cache: every read below goes to the database, as the reproduction's next read did.
  app = await buildApp({
    database: league.db,
    clock: league.clock,
    logLevel: 'info',
    logStream: { write: (line: string) => void logLines.push(line) },
    publicBaseUrl: 'http://test.local',
  });
  const eventKey = await createEventKey(league.db, 'hostile-desk', [game.id]);
  token = await anlassToken(app, eventKey);
  const sheet = await eligibleSheet(league.db, game.id, game.homeTeamId!);
  const awaySheet = await eligibleSheet(league.db, game.id, game.awayTeamId!);
  for (const [teamId, lines] of [
    [game.homeTeamId!, sheet],
    [game.awayTeamId!, awaySheet],
  ] as const) {
    const written = await bo(app, 'PUT', `/bo/games/${game.id}/lineups/${teamId}`, { json: { auth_token: token, license_ids: lines.map((c) => c.licenseId) } });
    expect(written.statusCode, written.raw).toBe(200);
  }
  expect((await bo(app, 'PUT', `/bo/games/${game.id}/status`, { form: { auth_token: token, event: 'start' } })).statusCode).toBe(200);
  scorerId = sheet[1].playerId;
});
afterAll(async () => {
  await app?.close();
  await league?.close();
});

/** Whatever a test did, no property may have landed on the prototype every object shares. */
function expectPrototypeUntouched(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).filter((name) => /probe/.test(name))).toEqual([]);
  expect(({} as Record<string, unknown>).relprobe).toBeUndefined();
}

/** A read that reaches the database (no response cache here) and a GraphQL read, both answered. */
async function expectServing(): Promise<void> {
  const seasons = await app.inject({ url: '/api/seasons' });
  expect(seasons.statusCode, seasons.body).toBe(200);
  const graphql = await app.inject({ method: 'POST', url: '/graphql', payload: { query: `{ game(id: ${game.id}) { id homeScore } }` } });
  expect(graphql.statusCode, graphql.body).toBe(200);
  expect(graphql.json().data.game.id).toBe(game.id);
}

describe('names that would reach Object.prototype, through every parser', () => {
  afterEach(async () => {
    expectPrototypeUntouched();
    await expectServing();
  });

  it('the reproduction: an anonymous back-office login with __proto__[relprobe] is a 400 and the next read works', async () => {
    const login = await bo(app, 'POST', '/bo/session/auth', { rawForm: '__proto__[relprobe]=1&api_key=a&secret=b' });
    expect(login.statusCode, login.raw).toBe(400);
    expect(login.body).toMatchObject({ status: { code: 400, msg: expect.stringMatching(/__proto__/) }, payload: null });
  });

  for (const name of PROTOTYPE_NAMES) {
    it(`${name} in a back-office form body, query string and JSON body`, async () => {
      for (const field of [`${name}[relprobe]=1`, `${name}[0][relprobe]=1`, `positions[${name}][relprobe]=1`, `${name}=1`]) {
        const form = await bo(app, 'POST', `/bo/games/${game.id}/events`, { rawForm: `auth_token=${token}&${field}&category_id=1&time=0:01:00` });
        expect(form.statusCode, `${field}: ${form.raw}`).toBe(400);
        expect(form.body.status.msg).toContain(name);
        const query = await bo(app, 'GET', `/bo/games?auth_token=${token}&${field}`);
        expect(query.statusCode, `${field}: ${query.raw}`).toBe(400);
      }
      const json = await app.inject({
        method: 'POST',
        url: '/bo/session/auth',
        headers: { 'content-type': 'application/json' },
        payload: `{"api_key":"a","secret":"b","${name}":{"relprobe":1,"prototype":{"relprobe":1}}}`,
      });
      // fastify's JSON parser refuses __proto__ and constructor.prototype; a plain "prototype" key is a field nobody reads.
      expect([400, 401], json.body).toContain(json.statusCode);
    });

    it(`${name} in the main interface's query string, form and JSON bodies`, async () => {
      expect((await app.inject({ url: `/api/games?${name}[relprobe]=1&${name}=2` })).statusCode).toBeLessThan(500);
      const form = await app.inject({
        method: 'POST',
        url: '/api/sessions/add_favorite',
        headers: FORM,
        payload: `sid=null&${name}[relprobe]=1&favorites[]=${encodeURIComponent(JSON.stringify({ type: 'league', league: 1, game_class: 11 }))}`,
      });
      expect(form.statusCode, form.body).toBeLessThan(500);
      const json = await app.inject({
        method: 'POST',
        url: '/api/sessions/add_favorite',
        headers: { 'content-type': 'application/json' },
        payload: `{"sid":null,"favorites":[{"type":"team","team_id":1,"${name}":{"relprobe":1}}]}`,
      });
      expect(json.statusCode, json.body).toBeLessThan(500);
    });

    it(`${name} in the lineup, legacy and GraphQL interfaces`, async () => {
      const v3 = await app.inject({
        method: 'POST',
        url: `/api/v3/games/${game.id}/add_extra_goal?auth_token=${apiKey}`,
        headers: FORM,
        payload: `${name}[relprobe]=1&team_id=1`,
      });
      expect(v3.statusCode, v3.body).toBeLessThan(500);
      const legacy = await app.inject({ method: 'POST', url: '/rest/v1.0/clubs', headers: FORM, payload: `apikey=${apiKey}&${name}[relprobe]=1` });
      expect(legacy.statusCode, legacy.body).toBeLessThan(500);
      const variables = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: `{"query":"query ($f: GameFilter) { games(first: 1, filter: $f) { totalCount } }","variables":{"f":{"${name}":{"relprobe":1}}}}`,
      });
      expect(variables.statusCode, variables.body).toBeLessThan(500);
      const get = await app.inject({ url: `/graphql?query=${encodeURIComponent('{ seasons { id } }')}&${name}[relprobe]=1` });
      expect(get.statusCode, get.body).toBe(200);
    });
  }
});

describe('a list or an object where one value belongs is a 400 naming the field', () => {
  it('a back-office auth_token sent as a list', async () => {
    const answer = await bo(app, 'GET', `/bo/games?auth_token=${token}&auth_token=x`);
    expect(answer.statusCode, answer.raw).toBe(400);
    expect(answer.body.status.msg).toMatch(/auth_token takes one value/);
    const json = await bo(app, 'PUT', `/bo/games/${game.id}/status`, { json: { auth_token: [token, 'x'], event: 'end_third' } });
    expect(json.statusCode, json.raw).toBe(400);
    expect(json.body.status.msg).toMatch(/auth_token takes one value/);
  });

  it('a status event sent as a list writes nothing', async () => {
    const before = await league.db.prisma.game.findUniqueOrThrow({ where: { id: game.id } });
    const answer = await bo(app, 'PUT', `/bo/games/${game.id}/status`, { json: { auth_token: token, event: ['undo', 'start'] } });
    expect(answer.statusCode, answer.raw).toBe(400);
    expect(answer.body.status.msg).toMatch(/^event takes one value/);
    const after = await league.db.prisma.game.findUniqueOrThrow({ where: { id: game.id } });
    expect(after.version).toBe(before.version);
  });

  it('a goal whose category is a list is not written', async () => {
    const goals = () => league.db.prisma.gameEvent.count({ where: { gameId: game.id, type: 'GOAL' } });
    const before = await goals();
    const body = { auth_token: token, category_id: [1, 2], time: '0:02:00', team_id: game.homeTeamId!, player_id: scorerId };
    const answer = await bo(app, 'POST', `/bo/games/${game.id}/events`, { json: body });
    expect(answer.statusCode, answer.raw).toBe(400);
    expect(answer.body.status.msg).toMatch(/^category_id takes one value/);
    const repeated = await bo(app, 'POST', `/bo/games/${game.id}/events`, {
      rawForm: `auth_token=${token}&category_id=1&category_id=2&time=0:02:00&team_id=${game.homeTeamId}&player_id=${scorerId}`,
    });
    expect(repeated.statusCode, repeated.raw).toBe(400);
    expect(await goals()).toBe(before);
  });

  it('a repeated query parameter of the main, lineup and legacy interfaces', async () => {
    const main = await app.inject({ url: '/api/clubs?season=2025&season=2026' });
    expect(main.statusCode).toBe(400);
    expect(main.json().data.message).toBe('Parameter season takes one value, got 2: send it once');
    const list = await app.inject({ url: '/api/teams/visitors?league=1&league=2' });
    expect(list.statusCode).toBe(400);
    const legacy = await app.inject({ url: `/rest/v1.0/clubs/search?q=a&q=b&apikey=${apiKey}` });
    expect(legacy.statusCode).toBe(400);
    expect(legacy.body).toMatch(/q takes one value/);
    const key = await app.inject({ url: `/api/v3/games/${game.id}/teams/${game.homeTeamId}/lineup_candidates?auth_token=${apiKey}&auth_token=x` });
    expect(key.statusCode).toBe(400);
    expect(key.json().errors[0].detail ?? key.json().errors[0].title).toMatch(/auth_token takes one value/);
  });
});

describe('credentials under any spelling never reach the log', () => {
  /** Every character of a name percent-encoded, and its upper-case spelling. */
  const spellings = (name: string) => [
    [...name].map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join(''),
    name.replace(/^(.)/, (char) => `%${char.charCodeAt(0).toString(16)}`),
    name.toUpperCase(),
    `${name}[]`,
  ];

  it('every name the service reads as a credential, percent-encoded, in every interface', async () => {
    const secret = `fbk_probe${Date.now().toString(36)}Zq`;
    logLines.length = 0;
    for (const name of SECRET_PARAMETER_NAMES) {
      for (const written of spellings(name)) {
        for (const path of ['/api/seasons', '/api/v3/games/1/teams/1/lineup_candidates', '/rest/v1.0/clubs', '/bo/games', '/graphql']) {
          await app.inject({ url: `${path}?a=1&${written}=${secret}&b=2` });
        }
      }
    }
    const log = logLines.join('');
    expect(log).toContain('=[redacted]&b=2');
    expect(log).not.toContain(secret);
  });

  it('the reported spellings are read as keys, so they are redacted', async () => {
    logLines.length = 0;
    const accepted = await app.inject({ url: `/rest/v1.0/clubs?api%6Bey=${apiKey}` });
    expect(accepted.statusCode).toBe(200);
    await app.inject({ url: `/api/v3/games/1/teams/1/lineup_candidates?auth%5Ftoken=${apiKey}` });
    await app.inject({ url: '/api/sessions/matchcenter?s%69d=abcdefghijklmnopqrstuv' });
    const log = logLines.join('');
    expect(log).toContain('api%6Bey=[redacted]');
    expect(log).toContain('auth%5Ftoken=[redacted]');
    expect(log).toContain('s%69d=[redacted]');
    expect(log).not.toContain(apiKey);
    expect(log).not.toContain('abcdefghijklmnopqrstuv');
  });
});

describe('mutations come only in a JSON or GraphQL body', () => {
  const mutation = () => `mutation { addFavorite(favorites: [{ type: TEAM, teamId: ${game.homeTeamId} }]) { id } }`;

  it('a form-encoded mutation, which needs no CORS preflight, is a 415 and writes nothing', async () => {
    const before = await league.db.prisma.favoriteSession.count();
    const form = await app.inject({ method: 'POST', url: `/graphql?auth_token=${apiKey}`, headers: FORM, payload: `query=${encodeURIComponent(mutation())}` });
    expect(form.statusCode, form.body).toBe(415);
    expect(form.json().errors[0]).toMatchObject({ extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    expect(form.json().data).toBeUndefined();
    expect(await league.db.prisma.favoriteSession.count()).toBe(before);
  });

  it('a form-encoded query still answers, and a JSON mutation still writes', async () => {
    const query = await app.inject({ method: 'POST', url: '/graphql', headers: FORM, payload: `query=${encodeURIComponent('{ seasons { id } }')}` });
    expect(query.statusCode, query.body).toBe(200);
    const json = await app.inject({ method: 'POST', url: '/graphql', payload: { query: mutation() } });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().data.addFavorite.id).toEqual(expect.any(String));
  });
});
