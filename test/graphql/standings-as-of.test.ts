// The standings as of a day: a goal written on the game's day and taken back the next day shows in
// the table as of the first day as it stood then, in today's table as corrected; a table as of a
// past day holds until a write, today's until midnight; any number of groups costs the same statements.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerHorizon, withinHorizon } from '../../src/clock.js';
import { nextLocalMidnight } from '../../src/domain/league-time.js';
import { standingsOfGroups } from '../../src/schema/standings-queries.js';
import { countQueries, graphql, openTestLeague, TEST_NOW, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';

let league: TestLeague;
let federationKey: string;
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let sheet: Awaited<ReturnType<typeof scheduledGameWithSheet>>['sheet'];
let written = 0;

const DAY_MS = 24 * 60 * 60_000;
const GAME_DAY = '2026-11-22';
const DAY_BEFORE = '2026-11-21';
const NEXT_DAY = '2026-11-23';

const mutation = (name: string, input: string) => `mutation ($input: ${input}!) { ${name}(input: $input) { ${WRITE_RESULT} } }`;

interface Row {
  teamId: number;
  games: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
}
const STANDINGS = `query ($id: Int!, $asOf: Date, $roundNumber: Int, $asCorrected: Boolean) {
  leagueGroup(id: $id) { standings(asOf: $asOf, roundNumber: $roundNumber, asCorrected: $asCorrected) { teamId games goalsFor goalsAgainst points } }
}`;

async function write(name: string, input: Record<string, unknown>) {
  const type = `${name[0].toUpperCase()}${name.slice(1)}Input`;
  const answer = await graphql<Record<string, { eventId: number | null }>>(
    league.app,
    mutation(name, type),
    { input: { gameId: game.id, idempotencyKey: `standings-${++written}`, ...input } },
    { authorization: `Bearer ${federationKey}` },
  );
  expect(answer.errors, `${name}: ${JSON.stringify(answer.errors)}`).toBeUndefined();
  return answer.data?.[name];
}

/** The home team's row of the game's group. */
async function homeRow(args: { asOf?: string; roundNumber?: number; asCorrected?: boolean } = {}): Promise<Row> {
  const answer = await graphql<{ leagueGroup: { standings: Row[] } }>(league.app, STANDINGS, { id: game.groupId, ...args });
  expect(answer.errors).toBeUndefined();
  const row = answer.data?.leagueGroup.standings.find((r) => r.teamId === game.homeTeamId);
  if (!row) throw new Error('no row of the home team');
  return row;
}

let base: Row;

beforeAll(async () => {
  league = await openTestLeague();
  ({ game, sheet } = await scheduledGameWithSheet(league.db));
  // Played on the test's day, an hour before its now.
  await league.db.prisma.game.update({ where: { id: game.id }, data: { startsAt: new Date(TEST_NOW.getTime() - 60 * 60_000) } });
  federationKey = (await createKey(league.db, 'federation', null, ['games:write'])).key;
  base = await homeRow({ asOf: GAME_DAY });
  // The game day: 2:0 for the home team.
  await write('startGame', {});
  await write('recordGoal', { side: 'HOME', second: 300, scorerLicenseId: sheet.HOME[0].licenseId });
  await write('recordGoal', { side: 'HOME', second: 900, scorerLicenseId: sheet.HOME[1].licenseId });
  const { periods } = await league.db.prisma.leagueGroup.findUniqueOrThrow({ where: { id: game.groupId ?? -1 } });
  // The last period ends with the final whistle.
  for (let period = 1; period < periods; period++) await write('endPeriod', {});
  await write('finishGame', { decidedBy: 'REGULAR' });
});
afterAll(async () => {
  await league?.close();
});

describe('standings as of a day', () => {
  it('count the game from its day on, as it stood at the end of each day, after a correction the next day', async () => {
    const first = await homeRow({ asOf: GAME_DAY });
    expect(first).toMatchObject({ games: base.games + 1, goalsFor: base.goalsFor + 2, points: base.points + 3 });
    expect(await homeRow({ asOf: DAY_BEFORE })).toEqual(await homeRow({ asOf: DAY_BEFORE, asCorrected: true }));
    expect((await homeRow({ asOf: DAY_BEFORE })).games).toBe(base.games);

    // The next day the federation takes the second goal back: undo the final whistle, delete, finish again.
    league.clock.set(new Date(TEST_NOW.getTime() + DAY_MS));
    await write('undoStatus', { reason: 'second goal was offside (video review)' });
    const goal = await league.db.prisma.gameEvent.findFirstOrThrow({ where: { gameId: game.id, type: 'GOAL', second: 900 } });
    await write('deleteEvent', { eventId: goal.id });
    await write('finishGame', { decidedBy: 'REGULAR' });

    const corrected = { games: base.games + 1, goalsFor: base.goalsFor + 1, points: base.points + 3 };
    expect(await homeRow({ asOf: GAME_DAY })).toEqual(first);
    expect(await homeRow({ asOf: GAME_DAY, asCorrected: true })).toMatchObject(corrected);
    expect(await homeRow({ asOf: NEXT_DAY })).toMatchObject(corrected);
    expect(await homeRow()).toMatchObject(corrected);
  });

  it('up to a round: the game counts from its own round on', async () => {
    const round = await league.db.prisma.round.findUniqueOrThrow({ where: { id: game.roundId ?? -1 } });
    const before = await homeRow({ roundNumber: round.number - 1 });
    const after = await homeRow({ roundNumber: round.number });
    expect(after.games - before.games).toBeGreaterThanOrEqual(1);
    expect(await homeRow({ roundNumber: 10_000 })).toEqual(await homeRow());
  });

  it('refuses a round number below 1 and a malformed day', async () => {
    const round = await graphql(league.app, STANDINGS, { id: game.groupId, roundNumber: 0 });
    expect(round.errors?.[0]).toMatchObject({ message: 'roundNumber must be 1 or more, got 0', extensions: { code: 'BAD_USER_INPUT', field: 'roundNumber' } });
    const day = await graphql(league.app, STANDINGS, { id: game.groupId, asOf: '22.11.2026' });
    expect(day.errors?.[0].message).toContain('Date must be YYYY-MM-DD');
  });

  it('explain each tie by the rule that sorts the table', async () => {
    const answer = await graphql<{
      leagueGroup: { standings: { rank: number; teamId: number; points: number; tieBreaks: { rule: string; teamIds: number[]; teams: { id: number }[] }[] }[] };
    }>(
      league.app,
      'query ($id: Int!) { leagueGroup(id: $id) { standings(asOf: "2026-11-22") { rank teamId points tieBreaks { rule teamIds teams { id } } } } }',
      { id: game.groupId },
    );
    const rows = answer.data?.leagueGroup.standings ?? [];
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      const levelOnPoints = rows.filter((other) => other.points === row.points).map((other) => other.teamId);
      expect(row.tieBreaks[0]?.teamIds ?? [row.teamId]).toEqual(levelOnPoints);
      for (const tie of row.tieBreaks) expect(tie.teams.map((team) => team.id)).toEqual(tie.teamIds);
    }
  });
});

describe('what a table as of a day costs and how long it holds', () => {
  const ALL_GROUPS = `query ($asOf: Date) { leagueGroups(first: 40) { edges { node { standings(asOf: $asOf) { teamId points tieBreaks { rule teams { id } } } } } } }`;

  it('a fixed number of statements for one group or all of them', async () => {
    const one = await countQueries(league.db, () => graphql(league.app, STANDINGS, { id: game.groupId, asOf: GAME_DAY }));
    const all = await countQueries(league.db, async () => {
      const answer = await graphql<{ leagueGroups: { edges: unknown[] } }>(league.app, ALL_GROUPS, { asOf: GAME_DAY });
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.leagueGroups.edges.length).toBeGreaterThan(5);
    });
    // The group(s), the registrations, the games with their later audit entries (joined); for all, the tied teams too.
    expect(one).toBe(3);
    expect(all).toBe(4);
  });

  it('as of a past day: holds until a write; as of today or later: until midnight', async () => {
    const now = league.clock.now();
    const horizonOf = async (asOf: string | null) => {
      const horizon = new AnswerHorizon();
      await withinHorizon(horizon, () =>
        standingsOfGroups(league.db.prisma, league.clock, [game.groupId ?? -1], { asOf, roundNumber: null, asCorrected: false }),
      );
      return horizon.remainingMs;
    };
    const untilMidnight = nextLocalMidnight(now).getTime() - now.getTime();
    expect(await horizonOf(GAME_DAY)).toBe(Number.POSITIVE_INFINITY);
    expect(await horizonOf(NEXT_DAY)).toBe(untilMidnight);
    expect(await horizonOf('2027-03-01')).toBe(untilMidnight);
    expect(await horizonOf(null)).toBe(untilMidnight);
  });
});
