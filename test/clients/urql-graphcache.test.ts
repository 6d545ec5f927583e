import { Client, fetchExchange, gql, subscriptionExchange, type OperationResult } from '@urql/core';
import { cacheExchange } from '@urql/exchange-graphcache';
import type { FastifyInstance } from 'fastify';
import type { ExecutionResult } from 'graphql';
import { createClient as createWebSocketClient, type Client as WebSocketClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet } from '../support/live.js';
import { TcpProxy } from '../support/tcp-proxy.js';

/**
 * What an app built on urql with the normalized cache (graphcache) does, against the real service:
 * it pages a team's games by `totalCount`, follows a game over WebSocket (graphql-ws, urql's default
 * transport), updates its cached game from each live change, and resumes after a dropped connection
 * from the last position it received, missing nothing.
 */

const TEAM_GAMES = gql`
  query TeamGames($teamId: Int!, $after: String) {
    games(filter: { teamId: $teamId }, first: 5, after: $after) {
      totalCount
      edges { node { id nodeId startsAt } }
      pageInfo { hasNextPage endCursor }
    }
  }
`;
const GAME = gql`
  query GameScore($id: Int!) {
    game(id: $id) { id status homeScore awayScore }
  }
`;
const FOLLOW = gql`
  subscription FollowGame($id: Int!, $after: String) {
    gameUpdated(id: $id, after: $after) { position kind eventId game { id status homeScore awayScore } }
  }
`;

interface GameScore {
  id: number;
  status: string;
  homeScore: number | null;
  awayScore: number | null;
}
interface Update {
  position: string;
  kind: string;
  eventId: number | null;
  game: GameScore;
}

let league: TestLeague;
let app: FastifyInstance;
let proxy: TcpProxy;
let writerUrl: string;
let federationKey: string;
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let sheet: Awaited<ReturnType<typeof scheduledGameWithSheet>>['sheet'];
let idempotency = 0;

/** Resolved when the test gives the network back: the client's reconnection waits for it, not for a timer. */
let networkBack: Promise<void> = Promise.resolve();

/** A value that arrives later, awaited by the test instead of a sleep. */
function watch<T>() {
  const seen: T[] = [];
  const waiting: { until: (all: T[]) => boolean; resolve: () => void }[] = [];
  return {
    seen,
    push(value: T) {
      seen.push(value);
      for (const waiter of [...waiting]) {
        if (waiter.until(seen)) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    },
    until(predicate: (all: T[]) => boolean): Promise<void> {
      if (predicate(seen)) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ until: predicate, resolve }));
    },
  };
}

async function write(mutation: string, input: Record<string, unknown>): Promise<void> {
  const answer = await postGraphQL(writerUrl, mutation, { input: { gameId: game.id, idempotencyKey: `urql-${++idempotency}`, ...input } }, federationKey);
  expect(answer.errors).toBeUndefined();
}

const START = 'mutation ($input: StartGameInput!) { startGame(input: $input) { version } }';
const GOAL = 'mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { version } }';

function goal(side: 'HOME' | 'AWAY', second: number) {
  return write(GOAL, { side, second, scorerLicenseId: sheet[side][0].licenseId });
}

/**
 * urql's subscription transport over graphql-ws, keeping the last position in the payload: on a
 * reconnect graphql-ws sends the same payload again, so the stream resumes where it stopped.
 */
function resumingTransport(ws: WebSocketClient) {
  return subscriptionExchange({
    forwardSubscription(request) {
      const payload: { query: string; variables: Record<string, unknown> } = { query: request.query ?? '', variables: { ...request.variables } };
      return {
        subscribe(sink) {
          const unsubscribe = ws.subscribe<{ gameUpdated?: Update }>(payload, {
            next(result) {
              const position = result.data?.gameUpdated?.position;
              if (position) payload.variables = { ...payload.variables, after: position };
              sink.next(result as ExecutionResult);
            },
            error: (error) => sink.error(error),
            complete: () => sink.complete(),
          });
          return { unsubscribe };
        },
      };
    },
  });
}

beforeAll(async () => {
  league = await openTestLeague();
  ({ game, sheet } = await scheduledGameWithSheet(league.db));
  federationKey = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
  app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local', responseCacheTtlMs: 60_000 });
  writerUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  proxy = await TcpProxy.onFreePort({ host: '127.0.0.1', port: Number(new URL(writerUrl).port) });
  await proxy.start();
});

afterAll(async () => {
  await proxy?.stop();
  await app?.close();
  await league?.close();
});

describe('urql with graphcache against the service', () => {
  it('pages a team’s games to the end, as many as totalCount says', async () => {
    const client = new Client({ url: `http://127.0.0.1:${proxy.port}/graphql`, exchanges: [cacheExchange({ keys: connectionKeys }), fetchExchange] });
    const ids: number[] = [];
    let after: string | null = null;
    let total: number | undefined;
    for (let page = 0; page < 100; page++) {
      const result: OperationResult = await client.query(TEAM_GAMES, { teamId: game.homeTeamId, after }).toPromise();
      expect(result.error).toBeUndefined();
      const games = result.data.games as {
        totalCount: number;
        edges: { node: { id: number } }[];
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
      };
      total ??= games.totalCount;
      expect(games.totalCount).toBe(total);
      ids.push(...games.edges.map((edge) => edge.node.id));
      if (!games.pageInfo.hasNextPage) break;
      after = games.pageInfo.endCursor;
    }
    expect(total).toBeGreaterThan(5);
    expect(ids).toHaveLength(total as number);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('updates its cached game from live changes over WebSocket and misses none across a dropped connection', async () => {
    let releaseNetwork = () => {};
    const ws = createWebSocketClient({
      url: `ws://127.0.0.1:${proxy.port}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 3,
      shouldRetry: () => true,
      retryWait: () => networkBack,
    });
    const client = new Client({
      url: `http://127.0.0.1:${proxy.port}/graphql`,
      exchanges: [cacheExchange({ keys: connectionKeys }), resumingTransport(ws), fetchExchange],
    });
    try {
      // The app's screen: the game from the cache, refreshed whenever the cache changes.
      const screen = watch<GameScore>();
      const shown = client
        .query(GAME, { id: game.id }, { requestPolicy: 'cache-and-network' })
        .subscribe((result) => result.data?.game && screen.push(result.data.game as GameScore));
      await screen.until((all) => all.length > 0);
      await write(START, {});
      const updates = watch<Update>();
      // From the position of the newest change on: what follows is never lost, whenever the socket is up.
      const followed = client.subscription(FOLLOW, { id: game.id, after: await newestPosition() }).subscribe((result) => {
        expect(result.error, JSON.stringify(result.error?.networkError ?? result.error?.graphQLErrors)).toBeUndefined();
        if (result.data?.gameUpdated) updates.push(result.data.gameUpdated as Update);
      });
      await goal('HOME', 30);
      await updates.until((all) => all.length === 1);
      await screen.until((all) => all.at(-1)?.homeScore === 1);

      // The gym's Wi-Fi drops: the socket is reset, and two goals are scored meanwhile.
      let giveBack = () => {};
      networkBack = new Promise((resolve) => {
        giveBack = resolve;
      });
      releaseNetwork = giveBack;
      await proxy.stop();
      await goal('HOME', 95);
      await goal('AWAY', 140);
      await proxy.start();
      giveBack();

      await updates.until((all) => all.length === 3);
      await screen.until((all) => all.at(-1)?.homeScore === 2 && all.at(-1)?.awayScore === 1);
      expect(updates.seen.map((update) => update.kind)).toEqual(['EVENT_ADDED', 'EVENT_ADDED', 'EVENT_ADDED']);
      expect(new Set(updates.seen.map((update) => update.position)).size).toBe(3);
      expect(new Set(updates.seen.map((update) => update.eventId)).size).toBe(3);
      expect(screen.seen.at(-1)).toMatchObject({ id: game.id, status: 'LIVE', homeScore: 2, awayScore: 1 });
      shown.unsubscribe();
      followed.unsubscribe();
    } finally {
      releaseNetwork();
      await ws.dispose();
    }
  });
});

/** Connections and pages are not entities: graphcache embeds them in their parent. */
const connectionKeys = { QueryGamesConnection: () => null, QueryGamesConnectionEdge: () => null, PageInfo: () => null, GameUpdate: () => null };

/** The position of the newest change in the log, as an app holds it from its last update. */
async function newestPosition(): Promise<string> {
  const newest = await league.db.prisma.changeLogEntry.findFirstOrThrow({ orderBy: { seq: 'desc' }, select: { seq: true } });
  return String(newest.seq);
}
