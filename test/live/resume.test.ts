import type { FastifyInstance } from 'fastify';
import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../src/app.js';
import { sqlThrough } from '../../src/live/change-journal.js';
import { readReplay } from '../../src/live/stream-positions.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';

let league: TestLeague;
/** Replays at most three missed changes. */
let app: FastifyInstance;
let baseUrl: string;
let federationKey: string;
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let writes = 0;
const clients: Client[] = [];

const START = `mutation ($input: StartGameInput!) { startGame(input: $input) { ${WRITE_RESULT} } }`;
const GOAL = `mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { ${WRITE_RESULT} } }`;
const GAME_UPDATED = 'subscription ($id: Int!, $after: String) { gameUpdated(id: $id, after: $after) { kind version position game { homeScore } } }';

interface Update {
  kind: string;
  version: number;
  position: string;
  game: { homeScore: number };
}

async function goal(second: number): Promise<void> {
  const answer = await postGraphQL(baseUrl, GOAL, { input: { gameId: game.id, idempotencyKey: `resume-${++writes}`, side: 'HOME', second } }, federationKey);
  expect(answer.errors).toBeUndefined();
}

/**
 * The position of the newest change, as the last update a client received would carry it. Read
 * from the log itself, so a test can subscribe "from now" and miss nothing it writes afterwards,
 * whether its subscription is registered before the write or not.
 */
async function newestPosition(): Promise<string> {
  const newest = await league.db.prisma.changeLogEntry.findFirstOrThrow({ orderBy: { seq: 'desc' }, select: { seq: true } });
  return String(newest.seq);
}

function updates<T = { gameUpdated: Update }>(query: string, variables: Record<string, unknown>) {
  const client = createClient({ url: `${baseUrl.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
  clients.push(client);
  return { client, results: client.iterate<T>({ query, variables }) };
}

async function take<T>(results: AsyncIterator<{ data?: T | null; errors?: readonly { extensions?: Record<string, unknown> }[] }>, count: number) {
  const taken = [];
  for (let i = 0; i < count; i += 1) {
    const next = await results.next();
    if (next.done) throw new Error(`the stream ended after ${i} of ${count} results`);
    taken.push(next.value);
  }
  return taken;
}

/** A GraphQL subscription over SSE as EventSource opens it: GET, with the Last-Event-ID it remembered. */
async function eventSource(query: string, variables: Record<string, unknown>, lastEventId: string) {
  const abort = new AbortController();
  const url = `${baseUrl}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
  const response = await fetch(url, { headers: { accept: 'text/event-stream', 'last-event-id': lastEventId }, signal: abort.signal });
  const events: { id?: string; data: unknown }[] = [];
  const waiting: (() => void)[] = [];
  void (async () => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        buffer += decoder.decode(read.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          if (!lines.some((line) => line === 'event: next')) continue;
          const field = (name: string) =>
            lines
              .find((line) => line.startsWith(`${name}:`))
              ?.slice(name.length + 1)
              .trim();
          events.push({ id: field('id'), data: JSON.parse(field('data') ?? 'null') });
          for (const wake of waiting.splice(0)) wake();
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    status: response.status,
    /** Resolves once `count` events have come. */
    until: async (count: number) => {
      while (events.length < count) await new Promise<void>((resolve) => waiting.push(resolve));
      return events.slice(0, count);
    },
    close: () => abort.abort(),
  };
}

beforeAll(async () => {
  league = await openTestLeague();
  ({ game } = await scheduledGameWithSheet(league.db));
  federationKey = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
  app = await buildApp({
    database: league.db,
    clock: league.clock,
    logLevel: 'silent',
    publicBaseUrl: 'http://test.local',
    streamResumeMaxChanges: 3,
    graphql: { timeoutMs: 60_000 },
  });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const started = await postGraphQL(baseUrl, START, { input: { gameId: game.id, idempotencyKey: 'resume-start' } }, federationKey);
  expect(started.errors).toBeUndefined();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await app?.close();
  await league?.close();
});

describe('a subscription resumed from its last position', () => {
  it('gets what it missed while away, in order, then the live changes, none twice', async () => {
    const first = updates(GAME_UPDATED, { id: game.id, after: await newestPosition() });
    await goal(10);
    const [received] = await take(first.results, 1);
    const last = received.data!.gameUpdated;
    expect(last).toMatchObject({ kind: 'EVENT_ADDED', position: expect.stringMatching(/^\d+$/) });
    await first.client.dispose();

    await goal(20);
    await goal(30);
    const again = updates(GAME_UPDATED, { id: game.id, after: last.position });
    const missed = await take(again.results, 2);
    await goal(40);
    const [live] = await take(again.results, 1);
    const got = [...missed, live].map((result) => result.data!.gameUpdated);
    expect(got.map((update) => update.version)).toEqual([last.version + 1, last.version + 2, last.version + 3]);
    expect(got.map((update) => update.kind)).toEqual(['EVENT_ADDED', 'EVENT_ADDED', 'EVENT_ADDED']);
    // `game` is the game as it is when the update is sent: a replayed one already shows the later goals.
    expect(got[2].game.homeScore).toBe(last.game.homeScore + 3);
    const positions = [last, ...got].map((update) => Number(update.position));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(positions).size).toBe(4);
    await again.results.return?.();
  });

  it('resumes liveGames the same way', async () => {
    const after = await newestPosition();
    await goal(50);
    await goal(60);
    const { results } = updates<{ liveGames: { kind: string; position: string; game: { id: number } } }>(
      'subscription ($team: Int, $after: String) { liveGames(filter: { teamId: $team }, after: $after) { kind position game { id } } }',
      { team: game.homeTeamId, after },
    );
    const missed = (await take(results, 2)).map((result) => result.data!.liveGames);
    expect(missed.map((update) => update.game.id)).toEqual([game.id, game.id]);
    expect(Number(missed[0].position)).toBeLessThan(Number(missed[1].position));
    await results.return?.();
  });

  it('ends with STREAM_POSITION_EXPIRED when what it missed is more than the window replays, or its position is unknown', async () => {
    const after = await newestPosition();
    for (const second of [70, 80, 90, 100]) await goal(second);
    for (const position of [after, '2147483000', 'not a position']) {
      const { results } = updates(GAME_UPDATED, { id: game.id, after: position });
      const [ended] = await take(results, 1);
      expect(ended.errors?.[0]).toMatchObject({
        message: expect.stringContaining('fetch the current state and subscribe again'),
        extensions: { code: 'STREAM_POSITION_EXPIRED' },
      });
      expect((await results.next()).done).toBe(true);
    }
  });
});

describe('the resume window (STREAM_RESUME_WINDOW_MS)', () => {
  it('replays a missed change younger than the window, and says expired for one older (by the database clock)', async () => {
    const after = Number(await newestPosition());
    await goal(105);
    const request = { after, gameId: game.id, wanted: () => true };
    const within = await readReplay(sqlThrough(league.db.prisma), { windowMs: 3_600_000, maxChanges: 10 }, request);
    expect(within.expired === false && within.changes.map((change) => change.seq)).toEqual([after + 1]);
    expect(await readReplay(sqlThrough(league.db.prisma), { windowMs: 0, maxChanges: 10 }, request)).toEqual({ expired: true });
    // Nothing missed: nothing to be too old.
    expect(await readReplay(sqlThrough(league.db.prisma), { windowMs: 0, maxChanges: 10 }, { ...request, after: after + 1 })).toEqual({
      expired: false,
      changes: [],
    });
  });
});

describe('an SSE stream reconnected by EventSource', () => {
  it('carries each update’s position as its event id, and resumes from the Last-Event-ID header', async () => {
    const after = await newestPosition();
    await goal(110);
    await goal(120);
    const stream = await eventSource(GAME_UPDATED, { id: game.id }, after);
    try {
      expect(stream.status).toBe(200);
      const missed = await stream.until(2);
      await goal(130);
      const events = await stream.until(3);
      const updatesOf = events.map((event) => (event.data as { data: { gameUpdated: Update } }).data.gameUpdated);
      expect(events.map((event) => event.id)).toEqual(updatesOf.map((update) => update.position));
      expect(updatesOf.map((update) => update.version)).toEqual([updatesOf[0].version, updatesOf[0].version + 1, updatesOf[0].version + 2]);
      expect(Number(missed[0].id)).toBeGreaterThan(Number(after));
    } finally {
      stream.close();
    }
  });
});
