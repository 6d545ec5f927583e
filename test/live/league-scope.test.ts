import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet } from '../support/live.js';

/**
 * A goal drops the cached answers of its own league (its top scorers, round lists and feeds) and
 * leaves every other league's, and the lists no game write changes (seasons, leagues, groups) stay
 * cached through it. The league's rankings count decided results only: a goal in a live game keeps
 * them, a forfeit (a result) drops them.
 */

let league: TestLeague;
let app: FastifyInstance;
let baseUrl: string;
let federationKey: string;
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let sheet: Awaited<ReturnType<typeof scheduledGameWithSheet>>['sheet'];
let written: { league: number; gameClass: number; season: number };
let other: { league: number; gameClass: number };

const cacheOf = async (url: string) => {
  const response = await app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  return response.headers['x-cache'];
};

beforeAll(async () => {
  league = await openTestLeague();
  ({ game, sheet } = await scheduledGameWithSheet(league.db));
  const group = await league.db.prisma.leagueGroup.findUniqueOrThrow({ where: { id: game.groupId as number } });
  written = { league: group.leagueId, gameClass: group.gameClassId, season: group.seasonId };
  const elsewhere = await league.db.prisma.leagueGroup.findFirstOrThrow({
    where: { seasonId: group.seasonId, leagueId: { not: group.leagueId }, games: { some: {} } },
    orderBy: { id: 'asc' },
  });
  other = { league: elsewhere.leagueId, gameClass: elsewhere.gameClassId };
  federationKey = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
  app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local', responseCacheTtlMs: 60_000 });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app?.close();
  await league?.close();
});

describe('what a goal drops from the response cache', () => {
  it('drops its league’s tables and lists, keeps the other leagues’ and the lists no game changes', async () => {
    const of = (target: { league: number; gameClass: number }) => `league=${target.league}&game_class=${target.gameClass}&season=${written.season}`;
    const ownStandings = `/api/rankings?${of(written)}`;
    const ownLeague = [`/api/topscorers?${of(written)}`, `/api/games?mode=list&${of(written)}`, `/api/calendars?${of(written)}`];
    const otherLeague = [`/api/rankings?${of(other)}`, `/api/topscorers?${of(other)}`, `/api/games?mode=list&${of(other)}`, `/api/calendars?${of(other)}`];
    const noGameData = ['/api/seasons', `/api/leagues?season=${written.season}`, `/api/groups?${of(other)}`];
    const everything = '/api/games?mode=current';
    for (const url of [ownStandings, ...ownLeague, ...otherLeague, ...noGameData, everything]) await cacheOf(url);
    for (const url of [ownStandings, ...ownLeague, ...otherLeague, ...noGameData, everything]) expect(await cacheOf(url), url).toBe('hit');

    const write = (document: string, input: Record<string, unknown>) =>
      postGraphQL(
        baseUrl,
        document,
        { input: { gameId: game.id, idempotencyKey: `scope-${Object.keys(input).length}-${document.length}`, ...input } },
        federationKey,
      );
    expect((await write('mutation ($input: StartGameInput!) { startGame(input: $input) { version } }', {})).errors).toBeUndefined();
    const goal = await write('mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { version } }', {
      side: 'HOME',
      second: 61,
      scorerLicenseId: sheet.HOME[0].licenseId,
    });
    expect(goal.errors).toBeUndefined();

    for (const url of ownLeague) expect(await cacheOf(url), url).toBe('miss');
    expect(await cacheOf(everything), everything).toBe('miss');
    for (const url of [ownStandings, ...otherLeague, ...noGameData]) expect(await cacheOf(url), url).toBe('hit');

    const forfeit = await write('mutation ($input: ForfeitGameInput!) { forfeitGame(input: $input) { version } }', { forfeitingSide: 'AWAY' });
    expect(forfeit.errors).toBeUndefined();
    expect(await cacheOf(ownStandings), ownStandings).toBe('miss');
    expect(await cacheOf(`/api/rankings?${of(other)}`)).toBe('hit');
  });
});
