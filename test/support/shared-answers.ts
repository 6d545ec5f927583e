import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppOptions, buildApp } from '../../src/app.js';
import type { SharedAnswerStore } from '../../src/cache/shared-answer-store.js';
import { fixedClock } from '../../src/clock.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import type { LeagueChange, RemoteChangeFeed } from '../../src/live/changes.js';
import { createPostgresChangeFeed, notifyThrough } from '../../src/live/pg-feed.js';
import { TEST_NOW } from './app.js';

export const serverUrl = process.env.DATABASE_URL;
export const onPostgres = Boolean(serverUrl && /^postgres(ql)?:\/\//.test(serverUrl));
export const silent = { warn: () => undefined, info: () => undefined };
export const DAY_MS = 86_400_000;
/** The build version the instances of the tests run (AppOptions.answerVersion), unless a test plays a rolling deploy. */
export const TEST_BUILD = 'test-build';

/** The key a cache's answer has in the shared store: the build's version, the cache's space, its own key. */
export const storeKey = (space: 'public' | 'legacy' | 'graphql', key: string, version = TEST_BUILD) => `${version} ${space} ${key}`;

export interface Instance {
  database: Database;
  feed: RemoteChangeFeed;
  app: FastifyInstance;
  url: string;
  store: SharedAnswerStore;
  nextChange(): Promise<LeagueChange>;
  close(): Promise<void>;
}

/** One service instance on the shared PostgreSQL database with SHARED_ANSWER_STORE=database. */
export async function startInstance(databaseUrl: string, cacheClock: () => number, version = TEST_BUILD, more: Partial<AppOptions> = {}): Promise<Instance> {
  const database = await openDatabase({ databaseUrl, poolSize: 5 });
  const feed = createPostgresChangeFeed({ databaseUrl, log: silent, notify: notifyThrough(database) });
  await feed.listening;
  const app = await buildApp({
    database,
    databaseUrl,
    clock: fixedClock(TEST_NOW),
    cacheClock,
    logLevel: 'silent',
    publicBaseUrl: 'http://test.local',
    // A day: the answers' horizons (midnight, a game's referees) decide how long they are fresh.
    responseCacheTtlMs: DAY_MS,
    changes: feed,
    sharedAnswerStore: 'database',
    answerVersion: version,
    metrics: { path: '/metrics', token: undefined },
    ...more,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const nextChange = () =>
    new Promise<LeagueChange>((resolve) => {
      const stop = feed.subscribe((change) => {
        stop();
        resolve(change);
      });
    });
  const close = async () => {
    await app.close();
    await feed.close();
    await database.close();
  };
  return { database, feed, app, url, store: app.sharedAnswers!, nextChange, close };
}

export async function sql<R = Record<string, unknown>>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as R[];
  } finally {
    await client.end();
  }
}

/** Waits for what another process does in its own time (a row stored after the answer went out, a deletion on hearing a change). */
export async function until(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Waits until each instance's store may be used (its feed current, no failed statement in the last
 * second): a statement of an earlier test that timed out on a loaded machine pauses a store for a
 * second, and a test of what two stores do together must not begin within it.
 */
export async function storesUsable(...instances: Instance[]): Promise<void> {
  await until(async () => instances.every((instance) => instance.store.position() !== undefined));
}

/** The instances' store statistics, for the message of an assertion about what they did together. */
export const storeStats = (...instances: Instance[]): string => JSON.stringify(instances.map((instance) => instance.store.stats));
