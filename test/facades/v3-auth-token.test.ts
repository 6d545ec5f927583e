import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import type { Database } from '../../src/db/database.js';
import { openTestDatabase } from '../support/database.js';
import { createKey } from '../support/keys.js';
import { buildLineupLeague } from '../support/lineup-league.js';

let db: Database;
let app: FastifyInstance;
let clubKey: string;
const logLines: string[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  await buildLineupLeague(db);
  app = await buildApp({
    database: db,
    clock: fixedClock('2026-11-22T12:00:00Z'),
    logLevel: 'info',
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  clubKey = (await createKey(db, 'UHC Testdorf', 1)).key;
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const CANDIDATES = '/api/v3/games/100/teams/10/lineup_candidates';

describe('v3 token as the official documentation sends it: ?auth_token=<token>', () => {
  it('accepts auth_token in the query with the same answer as the Bearer header, and keeps it out of the log', async () => {
    const byQuery = await app.inject({ method: 'GET', url: `${CANDIDATES}?auth_token=${encodeURIComponent(clubKey)}` });
    const byHeader = await app.inject({ method: 'GET', url: CANDIDATES, headers: { authorization: `Bearer ${clubKey}` } });
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.body).toBe(byHeader.body);
    expect(logLines.join('\n')).not.toContain(clubKey);
    expect(logLines.join('\n')).toContain('auth_token=[redacted]');
  });

  it('refuses a wrong auth_token with 401 and names both ways when none is given', async () => {
    const wrong = await app.inject({ method: 'GET', url: `${CANDIDATES}?auth_token=fbk_not-a-real-key-at-all` });
    expect(wrong.statusCode).toBe(401);
    const missing = await app.inject({ method: 'GET', url: CANDIDATES });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().errors[0].detail).toMatch(/auth_token=<key>/);
  });
});
