import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet } from '../support/live.js';
import { type SseSubscription, subscribe } from '../support/sse.js';

/**
 * A `gameUpdated` stream without a position begins with the game as it stands (kind SNAPSHOT); each
 * stream with one of its own, also when it joins streams of the same subscription; a stream resumed
 * from a position (a snapshot's included) begins with none and gets exactly what it missed.
 */

const FOLLOW = 'subscription ($id: Int!) { gameUpdated(id: $id) { kind version position eventId game { homeScore awayScore } } }';

interface Payload {
  data?: { gameUpdated?: { kind: string; version: number; position: string; eventId: number | null; game: { homeScore: number; awayScore: number } } };
  errors?: { extensions?: { code?: string } }[];
}

let league: TestLeague;
let app: FastifyInstance;
let baseUrl: string;
let federationKey: string;
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let writes = 0;

async function write(mutation: string, input: Record<string, unknown>): Promise<number> {
  const answer = await postGraphQL<Record<string, { version: number }>>(
    baseUrl,
    mutation,
    { input: { gameId: game.id, idempotencyKey: `snapshots-${++writes}`, ...input } },
    federationKey,
  );
  expect(answer.errors).toBeUndefined();
  return Object.values(answer.data ?? {})[0].version;
}

const goal = (second: number) => write('mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { version } }', { side: 'HOME', second });
const update = async (stream: SseSubscription<Payload>) => (await stream.next(20_000)).data?.gameUpdated;

beforeAll(async () => {
  league = await openTestLeague();
  ({ game } = await scheduledGameWithSheet(league.db));
  federationKey = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
  app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local', graphql: { timeoutMs: 60_000 } });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  await write('mutation ($input: StartGameInput!) { startGame(input: $input) { version } }', {});
});

afterAll(async () => {
  await app?.close();
  await league?.close();
});

describe('a gameUpdated stream without a position', () => {
  it('begins with a snapshot of its own, also when it joins an open stream of the same subscription, which does not receive it', async () => {
    const first = await subscribe<Payload>(baseUrl, FOLLOW, { id: game.id });
    let second: SseSubscription<Payload> | undefined;
    try {
      const snapshot = await update(first);
      expect(snapshot).toMatchObject({ kind: 'SNAPSHOT', version: 1, eventId: null, game: { homeScore: 0 }, position: expect.stringMatching(/^\d+$/) });
      const scored = await goal(30);
      expect(await update(first)).toMatchObject({ kind: 'EVENT_ADDED', version: scored, game: { homeScore: 1 } });

      // A second stream of the same document joins the execution: its snapshot shows the goal.
      second = await subscribe<Payload>(baseUrl, FOLLOW, { id: game.id });
      expect(await update(second)).toMatchObject({ kind: 'SNAPSHOT', version: scored, game: { homeScore: 1 } });
      const again = await goal(60);
      // Both get the next change, once; the first never sees the second's snapshot.
      expect(await update(first)).toMatchObject({ kind: 'EVENT_ADDED', version: again, game: { homeScore: 2 } });
      expect(await update(second)).toMatchObject({ kind: 'EVENT_ADDED', version: again, game: { homeScore: 2 } });
    } finally {
      first.close();
      second?.close();
    }
  });

  it('resumed from its snapshot’s position (Last-Event-ID) gets exactly the changes since, and no snapshot', async () => {
    const opened = await subscribe<Payload>(baseUrl, FOLLOW, { id: game.id });
    const snapshot = await update(opened);
    opened.close();
    expect(snapshot?.kind).toBe('SNAPSHOT');
    const missed = [await goal(90), await goal(120)];
    const resumed = await subscribe<Payload>(baseUrl, FOLLOW, { id: game.id }, { 'last-event-id': snapshot!.position });
    try {
      const got = [await update(resumed), await update(resumed)];
      expect(got.map((one) => [one?.kind, one?.version])).toEqual(missed.map((version) => ['EVENT_ADDED', version]));
      const live = await goal(150);
      expect(await update(resumed)).toMatchObject({ kind: 'EVENT_ADDED', version: live });
    } finally {
      resumed.close();
    }
  });
});
