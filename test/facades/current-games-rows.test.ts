import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { localDay } from '../../src/facades/shared/format.js';
import { createLocalChangeFeed } from '../../src/live/changes.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet } from '../support/live.js';

/**
 * The day's games (`mode=current`) keep their rows across requests where the response cache keeps
 * answers: after a goal, only the written game is read again, and the answer is the one the
 * uncached service gives. An import (data changed wholesale) forgets the rows.
 */

let league: TestLeague;
let cached: FastifyInstance;
let uncached: FastifyInstance;
let baseUrl: string;
let key: string;
const changes = createLocalChangeFeed();
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let day: string;

beforeAll(async () => {
  league = await openTestLeague();
  ({ game } = await scheduledGameWithSheet(league.db));
  day = localDay(game.startsAt);
  key = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
  const options = { database: league.db, clock: league.clock, logLevel: 'silent' as const, publicBaseUrl: 'http://test.local' };
  cached = await buildApp({ ...options, responseCacheTtlMs: 60_000, changes });
  uncached = await buildApp({ ...options, responseCacheTtlMs: 0 });
  baseUrl = await cached.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await cached?.close();
  await uncached?.close();
  changes.close();
  await league?.close();
});

const current = (app: FastifyInstance) => app.inject({ url: `/api/games?mode=current&on_date=${day}` });

describe('the day’s games, row by row', () => {
  it('reads only the written game again after a goal, and answers what the uncached service answers', async () => {
    const first = await current(cached);
    expect(first.body).toBe((await current(uncached)).body);
    const other = await league.db.prisma.game.findFirstOrThrow({
      where: {
        startsAt: { gte: new Date(`${day}T00:00:00Z`), lt: new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000) },
        id: { not: game.id },
        homeTeamId: { notIn: [game.homeTeamId!, game.awayTeamId!] },
        awayTeamId: { notIn: [game.homeTeamId!, game.awayTeamId!] },
      },
      include: { homeTeam: true },
    });
    expect(first.body).toContain(other.homeTeam!.name);

    // Renamed behind the service's back: no version moves and no change is announced.
    const renamed = `${other.homeTeam!.name} (renamed)`;
    await league.db.prisma.team.update({ where: { id: other.homeTeamId! }, data: { name: renamed } });
    const write = (document: string, input: Record<string, unknown>) =>
      postGraphQL(baseUrl, document, { input: { gameId: game.id, idempotencyKey: `rows-${document.length}`, ...input } }, key);
    expect(
      (
        await write('mutation ($input: StartGameInput!) { startGame(input: $input) { version } }', {
          outsideStartWindow: true,
          reason: 'played at another time (test)',
        })
      ).errors,
    ).toBeUndefined();
    expect((await write('mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { version } }', { side: 'HOME', second: 61 })).errors).toBeUndefined();

    let afterGoal!: Awaited<ReturnType<typeof current>>;
    // The day's ids and versions are kept and brought up to date by the change feed: only the written game's row is read.
    expect(await countQueries(league.db, async () => (afterGoal = await current(cached)))).toBe(1);
    expect(afterGoal.headers['x-cache']).toBe('miss');
    // The written game was read again: it is live, with its score; the other game's row was kept.
    const rowOf = (body: string, id: number) =>
      (JSON.parse(body) as { data: { regions: { rows: { id: number; cells: { text?: string[] }[] }[] }[] } }).data.regions
        .flatMap((region) => region.rows)
        .find((row) => row.id === id);
    expect(rowOf(afterGoal.body, game.id)?.cells[4].text).toEqual(['1:0']);
    expect(afterGoal.body).not.toContain(renamed);
    expect(afterGoal.body.replace(other.homeTeam!.name, renamed)).toBe((await current(uncached)).body);

    // Several writes in a row, each answered from the kept listing and rows plus the written game:
    // the same bytes as a fresh build every time (apart from the rename the service was not told of).
    const writes: [string, Record<string, unknown>][] = [
      ['mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { version } }', { side: 'AWAY', second: 75, idempotencyKey: 'rows-second-goal' }],
      ['mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { version } }', { side: 'HOME', second: 90, idempotencyKey: 'rows-third-goal' }],
      ['mutation ($input: EndPeriodInput!) { endPeriod(input: $input) { version } }', { idempotencyKey: 'rows-period-end' }],
    ];
    for (const [document, input] of writes) {
      expect((await write(document, input)).errors).toBeUndefined();
      let incremental!: Awaited<ReturnType<typeof current>>;
      expect(await countQueries(league.db, async () => (incremental = await current(cached)))).toBe(1);
      expect(incremental.headers['x-cache']).toBe('miss');
      expect(incremental.body.replace(other.homeTeam!.name, renamed)).toBe((await current(uncached)).body);
    }
    expect(rowOf((await current(cached)).body, game.id)?.cells[4].text).toEqual(['2:1']);

    // An import tells every cache that data changed wholesale: the kept rows go too.
    changes.publish({ kind: 'data' });
    const afterImport = await current(cached);
    expect(afterImport.body).toContain(renamed);
    expect(afterImport.body).toBe((await current(uncached)).body);
  });
});
