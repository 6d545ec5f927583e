import type { FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLServer } from '../../src/graphql.js';
import { createLocalChangeFeed } from '../../src/live/changes.js';
import { LiveUpdates } from '../../src/live/updates.js';
import { getSchema } from '../../src/schema/index.js';
import { openTestLeague, type TestLeague } from '../support/app.js';

let league: TestLeague;
beforeAll(async () => {
  league = await openTestLeague();
});
afterAll(async () => league?.close());

describe('the result-cache probe that lets cached GraphQL answers skip the request queue', () => {
  it('holds exactly the operations the response cache stored, keyed as the plugin keys them', async () => {
    const changes = createLocalChangeFeed();
    const live = new LiveUpdates(changes);
    const game = await league.db.prisma.game.findFirstOrThrow();
    const { yoga, holdsResult } = createGraphQLServer(
      getSchema(),
      { prisma: league.db.prisma, clock: league.clock, publicBaseUrl: 'http://test.local', live },
      { production: true, responseCacheTtlMs: 60_000, cacheClock: () => 0 },
      pino({ level: 'silent' }),
    );
    const query = 'query ($id: Int!) { game(id: $id) { homeScore } }';
    const post = (id: number) => ({ method: 'POST', body: { query, variables: { id } } }) as unknown as FastifyRequest;
    expect(await holdsResult(post(game.id))).toBe(false);
    const answer = await yoga.fetch(
      'http://test.local/graphql',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables: { id: game.id } }) },
      {
        req: { headers: {}, ip: '127.0.0.1' } as FastifyRequest,
        reply: {} as FastifyReply,
      },
    );
    expect(answer.status).toBe(200);
    expect(await holdsResult(post(game.id))).toBe(true);
    const asGet = { method: 'GET', query: { query, variables: JSON.stringify({ id: game.id }) } } as unknown as FastifyRequest;
    expect(await holdsResult(asGet)).toBe(true);
    expect(await holdsResult(post(game.id + 1))).toBe(false);
    expect(await holdsResult({ method: 'POST', body: 'not json' } as unknown as FastifyRequest)).toBe(false);
    changes.publish({ kind: 'data' });
    expect(await holdsResult(post(game.id))).toBe(false);
    live.close();
  });
});
