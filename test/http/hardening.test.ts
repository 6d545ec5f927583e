import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';

let league: TestLeague;
let app: FastifyInstance;
let address: string;
let apiKey: string;
const logLines: string[] = [];

// Both modes: the development checks must never turn hostile input into a 500 either way.
describe.each([false, true])('hostile input (production: %s)', (production) => {
  beforeAll(async () => {
    league = await openTestLeague();
    apiKey = (await createKey(league.db, 'hardening')).key;
    app = await buildApp({
      database: league.db,
      clock: league.clock,
      logLevel: 'info',
      logStream: { write: (line: string) => void logLines.push(line) },
      production,
      publicBaseUrl: 'http://test.local',
    });
    address = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await league?.close();
  });

  /** Sends raw bytes over a real socket: some of these requests no HTTP client would send. */
  function rawRequest(text: string): Promise<string> {
    const { port } = new URL(address);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
      socket.write(text);
    });
  }

  describe('NUL characters, which PostgreSQL cannot store, are a 400 in every interface', () => {
    it('in a main-interface query parameter', async () => {
      const response = await app.inject({ url: '/api/clubs?season=2026&locale=de%00' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ type: 'Error', data: { code: 400, message: 'Parameters must not contain NUL characters' } });
    });

    it('in the legacy search', async () => {
      const response = await app.inject({ url: `/rest/v1.0/clubs/search?q=birke%00nfeld&apikey=${apiKey}` });
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(/^<\?xml[^>]*>\s*<error><code>400<\/code>/);
    });

    it('in a favorite group name sent as JSON', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/sessions/add_favorite',
        payload: { sid: null, favorites: [JSON.stringify({ type: 'league', league: 1, game_class: 11, group: 'Gruppe\u00001' })] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().type).toBe('Error');
    });

    it('in a GraphQL variable', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: 'query ($q: String!) { clubs(nameContains: $q) { edges { node { id } } } }', variables: { q: 'a\u0000b' } },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toMatch(/NUL/);
    });
  });

  describe('fastify’s own client errors come in the interface’s format and repeat no input', () => {
    it('a bad percent-escape in the URL', async () => {
      const response = await fetch(`${address}/rest/v1.0/clubs/%E0%A4%A?apikey=${apiKey}`);
      const body = await response.text();
      expect(response.status).toBe(400);
      expect(body).toMatch(/<error><code>400<\/code><message>The URL is not valid/);
      expect(body).not.toContain(apiKey);
      const api = await fetch(`${address}/api/games/%E0%A4%A`);
      expect(api.status).toBe(400);
      expect(await api.json()).toMatchObject({ type: 'Error', data: { code: 400 } });
    });

    it('headers too large: 431', async () => {
      const answer = await rawRequest(`GET /api/seasons?apikey=${apiKey} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      expect(answer).toContain('"type":"Error"');
      expect(answer).toContain('"code":431');
      expect(answer).not.toContain(apiKey);
      const legacy = await rawRequest(`GET /rest/v1.0/clubs HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(legacy).toMatch(/<error><code>431<\/code>/);
    });

    it('a malformed request line: 400', async () => {
      const answer = await rawRequest('GARBAGE\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('"type":"Error"');
    });

    it('a body too large: 413', async () => {
      const response = await fetch(`${address}/api/sessions/add_favorite`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sid: 'x'.repeat(300_000) }),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ type: 'Error', data: { code: 413, message: 'The request body is too large' } });
    });

    it('bad JSON: 400 without the body in the message', async () => {
      const response = await fetch(`${address}/rest/v1.0/clubs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"apikey":"${apiKey}"`,
      });
      const body = await response.text();
      expect(response.status).toBe(400);
      expect(body).toMatch(/<message>The body is not valid JSON<\/message>/);
      expect(body).not.toContain(apiKey);
    });
  });

  describe('request ids', () => {
    it('are echoed in X-Request-Id and in error bodies; a caller’s plain id is kept', async () => {
      const response = await app.inject({ url: '/api/games/abc', headers: { 'x-request-id': 'lb-1234' } });
      expect(response.headers['x-request-id']).toBe('lb-1234');
      expect(response.json().request_id).toBe('lb-1234');
      const generated = await app.inject({ url: '/api/seasons', headers: { 'x-request-id': 'not ok\n{"level":60}' } });
      expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('secrets never reach the log', () => {
    it('API keys, tokens and session ids in URLs, headers and bodies', async () => {
      const sid = (
        await app.inject({
          method: 'POST',
          url: '/api/sessions/add_favorite',
          payload: { sid: null, favorites: [JSON.stringify({ type: 'league', league: 1, game_class: 11 })] },
        })
      ).json().data as string;
      await app.inject({ url: `/rest/v1.0/clubs?apikey=${apiKey}` });
      await app.inject({ url: `/rest/v1.0/clubs/99999?foo=1&apikey=${apiKey}&x=2` });
      await app.inject({
        method: 'POST',
        url: '/rest/v1.0/clubs',
        payload: `apikey=${apiKey}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      await app.inject({ url: '/api/v3/games/1/teams/1/lineup_candidates', headers: { authorization: `Bearer ${apiKey}` } });
      await app.inject({ url: '/api/v3/games/1/teams/1/lineup_candidates', headers: { 'x-api-key': apiKey } });
      await app.inject({ url: `/api/v3/games/1/teams/1/lineup_candidates?auth_token=${apiKey}` });
      await app.inject({ url: `/api/games?mode=favorite&sid=${sid}` });
      await app.inject({ url: `/api/sessions/matchcenter?sid=${encodeURIComponent(sid)}` });
      const log = logLines.join('');
      expect(log).toContain('"url":"/rest/v1.0/clubs?apikey=[redacted]"');
      expect(log).toContain('foo=1&apikey=[redacted]&x=2');
      expect(log).not.toContain(apiKey);
      expect(log).not.toContain(sid);
      expect(log).not.toContain(encodeURIComponent(sid));
      // one line per request, with its id
      const lines = logLines.map((line) => JSON.parse(line) as { msg: string; reqId?: string });
      const requestLines = lines.filter((line) => line.msg === 'request');
      expect(requestLines.length).toBeGreaterThanOrEqual(9);
      expect(requestLines.every((line) => typeof line.reqId === 'string')).toBe(true);
      expect(lines.some((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toBe(false);
    });
  });

  describe('health', () => {
    it('live answers without the database; ready and its /health alias check it', async () => {
      expect((await app.inject({ url: '/health/live' })).json()).toEqual({ status: 'ok' });
      expect((await app.inject({ url: '/health/ready' })).json()).toEqual({ status: 'ok', database: league.db.kind });
      expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    });
  });
});

describe('a service still starting', () => {
  it('answers 503 with Retry-After to everything but the health checks, and says why it is not ready', async () => {
    const starting = await openTestLeague();
    const gated = await buildApp({ database: starting.db, clock: starting.clock, logLevel: 'silent', isStarted: () => false });
    try {
      const api = await gated.inject({ url: '/api/seasons' });
      expect(api.statusCode).toBe(503);
      expect(api.headers['retry-after']).toBe('2');
      expect(api.json().data.message).toBe('The service is starting; try again shortly');
      expect((await gated.inject({ url: '/health/live' })).statusCode).toBe(200);
      const ready = await gated.inject({ url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', reason: 'starting: waiting for the database' });
    } finally {
      await gated.close();
      await starting.close();
    }
  });
});
