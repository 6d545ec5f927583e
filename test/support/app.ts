import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import type { Database } from '../../src/db/database.js';
import { loadDemoLeague } from '../../src/data/demo/index.js';
import { DEMO_NOW, demoFixture } from '../../scripts/examples/demo-fixture.js';
import { openTestDatabase } from './database.js';

/** The instant every demo-league test runs at: the demo fixture's (a Sunday afternoon in the middle of the season). */
export const TEST_NOW = DEMO_NOW;

export interface TestLeague {
  db: Database;
  app: FastifyInstance;
  clock: ReturnType<typeof fixedClock>;
  close(): Promise<void>;
}

/** The demo fixture's league (or another seed or scale) in a fresh database, behind a real fastify app. */
export async function openTestLeague(options: { scale?: number; seed?: number; publicBaseUrl?: string } = {}): Promise<TestLeague> {
  const db = await openTestDatabase();
  await loadDemoLeague(db.prisma, demoFixture(options));
  const clock = fixedClock(TEST_NOW);
  const app = await buildApp({ database: db, clock, logLevel: 'silent', publicBaseUrl: options.publicBaseUrl ?? 'http://test.local' });
  return {
    db,
    app,
    clock,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number;
  data?: T;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export async function graphql<T = Record<string, unknown>>(
  app: FastifyInstance,
  query: string,
  variables?: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<GraphQLResponse<T>> {
  const response = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers });
  return { status: response.statusCode, ...(response.json() as Omit<GraphQLResponse<T>, 'status'>) };
}

/** Runs `action` and returns how many SQL statements it sent. */
export async function countQueries(db: Database, action: () => Promise<unknown>): Promise<number> {
  const before = db.queryCount();
  await action();
  return db.queryCount() - before;
}
