// `/api/rankings?date=…&round=…`: the federation's apps ask the table as of a day or after a round
// (an addition: the federation's API has neither); today's table answers as it always did.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries, graphql, openTestLeague, type TestLeague } from '../support/app.js';
import { expectError, getJson, type Json } from '../support/api.js';

let league: TestLeague;
beforeAll(async () => {
  league = await openTestLeague();
});
afterAll(async () => {
  await league?.close();
});

const PAST_DAY = '2026-10-15';

/** Team id → [games, goals, points] of the shown table's rows. */
function tableOf(body: Json): Map<number, [number, string, number]> {
  const rows = body.data.regions.flatMap((region: Json) => region.rows.filter((row: Json) => !row.separator));
  return new Map(rows.map((row: Json) => [row.data.team.id, [Number(row.cells[3].text[0]), row.cells[9].text[0], Number(row.cells[12].text[0])]]));
}

/** The same table from GraphQL, for the default league and game class. */
async function graphqlTable(args: string): Promise<Map<number, [number, string, number]>> {
  const answer = await graphql<{ leagueGroups: { edges: { node: { phase: string; standings: Json[] } }[] } }>(
    league.app,
    `{ leagueGroups(season: 2026, leagueId: 1, gameClassId: 11) { edges { node { phase standings(${args}) { teamId games goalsFor goalsAgainst points } } } } }`,
  );
  const rows = (answer.data?.leagueGroups.edges ?? []).filter((edge) => edge.node.phase === 'QUALIFICATION').flatMap((edge) => edge.node.standings);
  return new Map(rows.map((row) => [row.teamId, [row.games, `${row.goalsFor}:${row.goalsAgainst}`, row.points]]));
}

describe('GET /api/rankings as of a day or after a round', () => {
  it('date: the table as of that day, said in the context, in the same envelope and statements as today’s', async () => {
    const today = await getJson(league.app, '/api/rankings?season=2026');
    const past = await getJson(league.app, `/api/rankings?season=2026&date=${PAST_DAY}`);
    expect(Object.keys(past)).toEqual(Object.keys(today));
    expect(past.data.context).toMatchObject({ season: 2026, league: 1, game_class: 11, date: PAST_DAY });
    expect(today.data.context).not.toHaveProperty('date');
    expect(past.data.headers).toEqual(today.data.headers);
    const pastTable = tableOf(past);
    expect(pastTable).toEqual(await graphqlTable(`asOf: "${PAST_DAY}"`));
    const played = (table: Map<number, [number, string, number]>) => [...table.values()].reduce((sum, [games]) => sum + games, 0);
    expect(played(pastTable)).toBeLessThan(played(tableOf(today)));
    const statements = (url: string) => countQueries(league.db, () => getJson(league.app, url));
    const asOfDay = await statements(`/api/rankings?season=2026&date=${PAST_DAY}`);
    expect(asOfDay).toBe(await statements('/api/rankings?season=2026'));
    expect(asOfDay).toBeLessThanOrEqual(5);
  });

  it('round: the table after that round; corrected: results as they stand now', async () => {
    const afterTwo = await getJson(league.app, '/api/rankings?season=2026&round=2');
    expect(afterTwo.data.context).toMatchObject({ round: 2 });
    expect(tableOf(afterTwo)).toEqual(await graphqlTable('roundNumber: 2'));
    for (const [games] of tableOf(afterTwo).values()) expect(games).toBeLessThanOrEqual(2);
    const corrected = await getJson(league.app, `/api/rankings?season=2026&date=${PAST_DAY}&corrected=true`);
    expect(corrected.data.context).toMatchObject({ date: PAST_DAY, corrected: true });
    expect(tableOf(corrected)).toEqual(await graphqlTable(`asOf: "${PAST_DAY}", asCorrected: true`));
  });

  it('a team’s ranking as of a day highlights the team', async () => {
    const body = await getJson(league.app, '/api/rankings?season=2026');
    const teamId = body.data.regions[0].rows[0].data.team.id;
    const past = await getJson(league.app, `/api/rankings?season=2026&team_id=${teamId}&date=${PAST_DAY}`);
    expect(past.data.regions[0].rows.find((row: Json) => row.highlight)?.data.team.id).toBe(teamId);
  });

  it.each([
    ['date=15.10.2026', /^Parameter date must be a date YYYY-MM-DD, got "15.10.2026"$/],
    ['date=2026-13-01', /date/],
    ['round=0', /round/],
    ['round=x', /round/],
    ['corrected=perhaps', /corrected/],
  ])('refuses %s with the interface’s 400', async (query, message) => {
    await expectError(league.app, `/api/rankings?season=2026&${query}`, 400, message);
  });
});
