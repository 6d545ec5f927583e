import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { graphql, openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet } from '../support/live.js';

/**
 * The top scorers count played games' goals kept by game version: after a goal, a table reads the
 * goals of the one game that moved (the games and their versions are kept too, from the change
 * feed). Each answer is checked against an app that keeps nothing (a TTL of 0 reads every goal each
 * time).
 */

const TOP_SCORERS = `query ($season: Int!, $leagueId: Int!, $gameClassId: Int!, $clubId: Int, $first: Int, $all: Boolean) {
  topScorers(season: $season, leagueId: $leagueId, gameClassId: $gameClassId, clubId: $clubId, first: $first, all: $all) {
    rank goals assists points player { id } team { id }
  }
}`;

interface ScorerRow {
  rank: number;
  goals: number;
  assists: number;
  points: number;
  player: { id: number };
  team: { id: number } | null;
}

let league: TestLeague;
let keeping: FastifyInstance;
let reading: FastifyInstance;
let keepingUrl: string;
let deskKey: string;
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let sheet: Awaited<ReturnType<typeof scheduledGameWithSheet>>['sheet'];
let table: { season: number; leagueId: number; gameClassId: number };

/** The table as `app` answers it, and the SQL statements that answering sent. */
async function scorers(app: FastifyInstance, clubId?: number, first?: number): Promise<{ rows: ScorerRow[]; statements: string[] }> {
  const statements: string[] = [];
  const stop = league.db.onQuery((query) => statements.push(query.sql));
  try {
    const answer = await graphql<{ topScorers: ScorerRow[] }>(app, TOP_SCORERS, { ...table, clubId, first, all: first === undefined });
    expect(answer.errors).toBeUndefined();
    return { rows: answer.data!.topScorers, statements };
  } finally {
    stop();
  }
}

const readsGoals = (statement: string) => statement.includes('"GameEvent"');

beforeAll(async () => {
  league = await openTestLeague();
  ({ game, sheet } = await scheduledGameWithSheet(league.db));
  const group = await league.db.prisma.leagueGroup.findUniqueOrThrow({ where: { id: game.groupId as number } });
  table = { season: group.seasonId, leagueId: group.leagueId, gameClassId: group.gameClassId };
  deskKey = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
  const common = { database: league.db, clock: league.clock, logLevel: 'silent' as const, publicBaseUrl: 'http://test.local' };
  keeping = await buildApp({ ...common, responseCacheTtlMs: 60_000 });
  reading = await buildApp({ ...common, responseCacheTtlMs: 0 });
  keepingUrl = await keeping.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await keeping?.close();
  await reading?.close();
  await league?.close();
});

describe('top scorers from goals kept by game version', () => {
  it('counts a goal at once, reading the goals of that game alone, and answers as a service that keeps nothing', async () => {
    const before = await scorers(keeping);
    expect(before.rows.length).toBeGreaterThan(0);
    expect(before.rows).toEqual((await scorers(reading)).rows);
    const [scorer, assistant] = sheet.HOME;
    const pointsOf = (rows: ScorerRow[], playerId: number) => rows.find((row) => row.player.id === playerId) ?? { goals: 0, assists: 0 };

    const write = (document: string, name: string, input: Record<string, unknown>) =>
      postGraphQL(keepingUrl, document, { input: { gameId: game.id, idempotencyKey: `kept-goals-${name}`, ...input } }, deskKey);
    expect((await write('mutation ($input: StartGameInput!) { startGame(input: $input) { version } }', 'start', {})).errors).toBeUndefined();
    const goal = await write('mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { version } }', 'goal', {
      side: 'HOME',
      second: 61,
      scorerLicenseId: scorer.licenseId,
      assistLicenseId: assistant.licenseId,
    });
    expect(goal.errors).toBeUndefined();

    const after = await scorers(keeping);
    expect(after.rows).toEqual((await scorers(reading)).rows);
    expect(pointsOf(after.rows, scorer.playerId).goals).toBe(pointsOf(before.rows, scorer.playerId).goals + 1);
    expect(pointsOf(after.rows, assistant.playerId).assists).toBe(pointsOf(before.rows, assistant.playerId).assists + 1);
    // The head of the table, ranked without ordering every player, is the whole table's first rows.
    for (const first of [1, 5, 20]) expect((await scorers(keeping, undefined, first)).rows).toEqual(after.rows.slice(0, first));
    // The keeping app read the goals of the game written, one game, and listed no games (they are
    // kept, with their versions from the change feed): the service that keeps nothing reads the season's.
    const goalReads = after.statements.filter(readsGoals);
    expect(goalReads).toHaveLength(1);
    expect(goalReads[0]).toMatch(/"id" IN \(\$\d+\)/);
    expect(after.statements.filter((statement) => statement.includes('"LeagueGroup"'))).toEqual([]);
    expect((await scorers(reading)).statements.filter(readsGoals)).toHaveLength(1);

    // An aborted game is no longer played: its goals stop counting.
    const abort = await write('mutation ($input: AbortGameInput!) { abortGame(input: $input) { version } }', 'abort', {});
    expect(abort.errors).toBeUndefined();
    const aborted = await scorers(keeping);
    expect(aborted.rows).toEqual((await scorers(reading)).rows);
    expect(pointsOf(aborted.rows, scorer.playerId).goals).toBe(pointsOf(before.rows, scorer.playerId).goals);
  });

  it('answers a club’s scorers as the service that keeps nothing', async () => {
    const clubId = game.homeTeam!.clubId!;
    const kept = await scorers(keeping, clubId);
    expect(kept.rows.length).toBeGreaterThan(0);
    expect(kept.rows.every((row) => row.team !== null)).toBe(true);
    expect(kept.rows).toEqual((await scorers(reading, clubId)).rows);
  });
});
