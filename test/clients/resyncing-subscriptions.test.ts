import { ApolloClient, gql as apolloGql, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { Client as UrqlClient, cacheExchange as urqlCacheExchange, fetchExchange, gql as urqlGql, subscriptionExchange } from '@urql/core';
import type { FastifyInstance } from 'fastify';
import { createClient as createWebSocketClient, type Client as WebSocketClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ResumingWsLink } from '../../examples/resuming-subscriptions/apollo.js';
import { resumingSubscriptionExchange } from '../../examples/resuming-subscriptions/urql.js';
import { buildApp } from '../../src/app.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet } from '../support/live.js';
import { TcpProxy } from '../support/tcp-proxy.js';

/**
 * The recipe of docs/live-games.md ("Streams that resync themselves") with the real client
 * libraries, over real sockets through a proxy that cuts the connection while goals are written:
 * Apollo Client 4 and urql over graphql-ws, each with the documented setup (every goal arrives
 * once, in order) and with the libraries' defaults (the app ends in the right state, thanks to the
 * snapshot a resubscription without `after` begins with). graphql-ws keeps its default retries:
 * it reconnects after its own back-off, once the proxy is back.
 */

const FOLLOW = /* GraphQL */ `
  subscription FollowGame($id: Int!, $after: String) {
    gameUpdated(id: $id, after: $after) { kind position version eventId game { id status homeScore awayScore } }
  }
`;
const GAME = /* GraphQL */ `
  query GameScore($id: Int!) {
    game(id: $id) { id status homeScore awayScore }
  }
`;
const START = 'mutation ($input: StartGameInput!) { startGame(input: $input) { version } }';
const GOAL = 'mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { version eventId } }';

interface Score {
  id: number;
  status: string;
  homeScore: number | null;
  awayScore: number | null;
}
interface Update {
  kind: string;
  position: string;
  version: number;
  eventId: number | null;
  game: Score;
}

/** How long a condition may take: a reconnection waits out graphql-ws's back-off (some 1 to 4 s) first. */
const WITHIN_MS = 30_000;

let league: TestLeague;
let app: FastifyInstance;
let proxy: TcpProxy;
let serviceUrl: string;
let federationKey: string;
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let sheet: Awaited<ReturnType<typeof scheduledGameWithSheet>>['sheet'];
let writes = 0;
let second = 0;
/** The ids of the goals written to the current game, in the order they were written. */
let goalIds: number[] = [];

/** Values that arrive later, and a wait for a condition on them (with a timeout) instead of a sleep. */
function watch<T>(what: string) {
  const seen: T[] = [];
  const waiting = new Set<{ until: (all: T[]) => boolean; resolve: () => void }>();
  return {
    seen,
    push(value: T) {
      seen.push(value);
      for (const waiter of [...waiting]) {
        if (!waiter.until(seen)) continue;
        waiting.delete(waiter);
        waiter.resolve();
      }
    },
    until(predicate: (all: T[]) => boolean): Promise<void> {
      if (predicate(seen)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const waiter = {
          until: predicate,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          waiting.delete(waiter);
          reject(new Error(`${what}: condition not met within ${WITHIN_MS} ms; seen ${JSON.stringify(seen)}`));
        }, WITHIN_MS);
        waiting.add(waiter);
      });
    },
  };
}

async function write<T>(mutation: string, input: Record<string, unknown>): Promise<T> {
  const answer = await postGraphQL<T>(serviceUrl, mutation, { input: { gameId: game.id, idempotencyKey: `resync-${++writes}`, ...input } }, federationKey);
  expect(answer.errors).toBeUndefined();
  return answer.data as T;
}

async function goal(): Promise<void> {
  second += 20;
  const side = goalIds.length % 3 === 2 ? 'AWAY' : 'HOME';
  const { recordGoal } = await write<{ recordGoal: { eventId: number } }>(GOAL, { side, second, scorerLicenseId: sheet[side][0].licenseId });
  goalIds.push(recordGoal.eventId);
}

async function goals(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await goal();
}

/** The game as the database has it: what the app must end up showing. */
async function stored(): Promise<Score> {
  return league.db.prisma.game.findUniqueOrThrow({ where: { id: game.id }, select: { id: true, status: true, homeScore: true, awayScore: true } });
}

/** The gym's Wi-Fi drops: every socket through the proxy is reset and none gets through while `meanwhile` writes goals. */
async function cutWhile(meanwhile: () => Promise<void>): Promise<void> {
  await proxy.stop();
  try {
    await meanwhile();
  } finally {
    await proxy.start();
  }
}

const goalUpdates = (updates: Update[]) => updates.filter((update) => update.kind === 'EVENT_ADDED');
const sameScore = (shown: Score | undefined, expected: Score) =>
  shown?.homeScore === expected.homeScore && shown?.awayScore === expected.awayScore && shown?.status === expected.status;

/** With the recipe: the stream began with a snapshot, then every goal once, in order, and no second snapshot. */
async function expectEveryGoalOnce(updates: Update[]): Promise<void> {
  expect(updates[0]).toMatchObject({ kind: 'SNAPSHOT', eventId: null, game: { id: game.id, status: 'LIVE', homeScore: 0, awayScore: 0 } });
  expect(goalUpdates(updates).map((update) => update.eventId)).toEqual(goalIds);
  expect(updates.filter((update) => update.kind === 'SNAPSHOT')).toHaveLength(1);
  const versions = updates.map((update) => update.version);
  expect(versions).toEqual([...versions].sort((a, b) => a - b));
  expect(new Set(versions).size).toBe(versions.length);
  expect(updates.at(-1)?.game).toMatchObject(await stored());
}

/**
 * With the defaults: the three goals of the cut never come as updates (the resubscription has no
 * position); the snapshot that begins it shows them, its version past theirs. The two written just
 * after the cut come as updates or are in that snapshot, whichever was first; the last one, written
 * after the snapshot came, is an update.
 */
function expectResyncedWithoutTheCutsGoals(updates: Update[]): void {
  const arrived = goalUpdates(updates).map((update) => update.eventId);
  expect(arrived.slice(0, 2)).toEqual(goalIds.slice(0, 2));
  for (const lost of goalIds.slice(2, 5)) expect(arrived).not.toContain(lost);
  expect(arrived.at(-1)).toBe(goalIds[7]);
  const snapshots = updates.filter((update) => update.kind === 'SNAPSHOT');
  expect(snapshots).toHaveLength(2);
  expect(snapshots[1].version).toBeGreaterThan(goalUpdates(updates)[1].version + 2);
  expect(snapshots[1].game.homeScore! + snapshots[1].game.awayScore!).toBeGreaterThanOrEqual(5);
}

beforeAll(async () => {
  league = await openTestLeague();
  federationKey = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
  app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local' });
  serviceUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  proxy = await TcpProxy.onFreePort({ host: '127.0.0.1', port: Number(new URL(serviceUrl).port) });
  await proxy.start();
});

afterAll(async () => {
  await proxy?.stop();
  await app?.close();
  await league?.close();
});

/** A game of its own for each test, started, with no goal yet. */
beforeEach(async () => {
  ({ game, sheet } = await scheduledGameWithSheet(league.db));
  goalIds = [];
  second = 0;
  await write(START, {});
});

const wsUrl = () => `ws://127.0.0.1:${proxy.port}/graphql`;
/** graphql-ws with its defaults (retries, back-off, laziness); only the WebSocket class Node needs. */
const webSocketClient = (): WebSocketClient => createWebSocketClient({ url: wsUrl(), webSocketImpl: WebSocket });

describe('Apollo Client 4 over graphql-ws', () => {
  it('with ResumingWsLink (the recipe): a snapshot, then every goal exactly once and in order across a cut socket', async () => {
    const ws = webSocketClient();
    const client = new ApolloClient({ link: new ResumingWsLink(ws), cache: new InMemoryCache() });
    try {
      const updates = watch<Update>('Apollo with the recipe');
      const followed = client.subscribe({ query: apolloGql(FOLLOW), variables: { id: game.id } }).subscribe({
        next: (result) => {
          expect(result.error).toBeUndefined();
          updates.push((result.data as { gameUpdated: Update }).gameUpdated);
        },
      });
      await updates.until((all) => all.length === 1);
      await goals(2);
      await updates.until((all) => goalUpdates(all).length === 2);
      await cutWhile(() => goals(3));
      await goals(2);
      await updates.until((all) => goalUpdates(all).length === 7);
      await expectEveryGoalOnce(updates.seen);
      followed.unsubscribe();
    } finally {
      client.stop();
      await ws.dispose();
    }
  });

  it('with the defaults (GraphQLWsLink): the resubscription begins with a snapshot, so the cached game ends right', async () => {
    const ws = webSocketClient();
    const client = new ApolloClient({ link: new GraphQLWsLink(ws), cache: new InMemoryCache() });
    try {
      // The app's screen: the game from Apollo's normalized cache, which the subscription's `game` updates.
      const screen = watch<Score>('Apollo screen');
      const shown = client.watchQuery({ query: apolloGql(GAME), variables: { id: game.id } }).subscribe((result) => {
        const shownGame = (result.data as { game?: Score } | undefined)?.game;
        if (shownGame) screen.push(shownGame);
      });
      const updates = watch<Update>('Apollo with the defaults');
      const followed = client.subscribe({ query: apolloGql(FOLLOW), variables: { id: game.id } }).subscribe({
        next: (result) => {
          expect(result.error).toBeUndefined();
          updates.push((result.data as { gameUpdated: Update }).gameUpdated);
        },
      });
      await updates.until((all) => all.length === 1);
      await goals(2);
      await updates.until((all) => goalUpdates(all).length === 2);
      await cutWhile(() => goals(3));
      await goals(2);
      // graphql-ws sends the first subscribe message again, without a position: a snapshot answers it.
      await updates.until((all) => all.filter((update) => update.kind === 'SNAPSHOT').length === 2);
      await goals(1);
      const expected = await stored();
      await screen.until((all) => sameScore(all.at(-1), expected));
      expectResyncedWithoutTheCutsGoals(updates.seen);
      followed.unsubscribe();
      shown.unsubscribe();
    } finally {
      client.stop();
      await ws.dispose();
    }
  });
});

describe('urql over graphql-ws', () => {
  it('with resumingSubscriptionExchange (the recipe): a snapshot, then every goal exactly once and in order across a cut socket', async () => {
    const ws = webSocketClient();
    const client = new UrqlClient({
      url: `http://127.0.0.1:${proxy.port}/graphql`,
      exchanges: [urqlCacheExchange, resumingSubscriptionExchange(ws), fetchExchange],
    });
    try {
      const updates = watch<Update>('urql with the recipe');
      const followed = client.subscription(urqlGql(FOLLOW), { id: game.id }).subscribe((result) => {
        expect(result.error).toBeUndefined();
        if (result.data?.gameUpdated) updates.push(result.data.gameUpdated as Update);
      });
      await updates.until((all) => all.length === 1);
      await goals(2);
      await updates.until((all) => goalUpdates(all).length === 2);
      await cutWhile(() => goals(3));
      await goals(2);
      await updates.until((all) => goalUpdates(all).length === 7);
      await expectEveryGoalOnce(updates.seen);
      followed.unsubscribe();
    } finally {
      await ws.dispose();
    }
  });

  it('with the defaults (subscriptionExchange as urql documents it): the resubscription begins with a snapshot, so the app ends right', async () => {
    const ws = webSocketClient();
    const client = new UrqlClient({
      url: `http://127.0.0.1:${proxy.port}/graphql`,
      exchanges: [
        urqlCacheExchange,
        fetchExchange,
        subscriptionExchange({
          forwardSubscription(request) {
            const input = { ...request, query: request.query || '' };
            return { subscribe: (sink) => ({ unsubscribe: ws.subscribe(input, sink) }) };
          },
        }),
      ],
    });
    try {
      const updates = watch<Update>('urql with the defaults');
      const followed = client.subscription(urqlGql(FOLLOW), { id: game.id }).subscribe((result) => {
        expect(result.error).toBeUndefined();
        if (result.data?.gameUpdated) updates.push(result.data.gameUpdated as Update);
      });
      await updates.until((all) => all.length === 1);
      await goals(2);
      await updates.until((all) => goalUpdates(all).length === 2);
      await cutWhile(() => goals(3));
      await goals(2);
      await updates.until((all) => all.filter((update) => update.kind === 'SNAPSHOT').length === 2);
      await goals(1);
      const expected = await stored();
      // The app shows the last update's game.
      await updates.until((all) => sameScore(all.at(-1)?.game, expected));
      expectResyncedWithoutTheCutsGoals(updates.seen);
      followed.unsubscribe();
    } finally {
      await ws.dispose();
    }
  });
});
