// `teams(league:)`: a league's teams are those of one season, the one asked for or the current one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, openTestLeague, type TestLeague } from '../support/app.js';

let league: TestLeague;
let leagueId: number;
let currentSeason: number;
let pastSeason: number;
/** A team registered in the league only in the past season. */
let formerTeamId: number;

const TEAMS = 'query ($league: Int, $season: Int) { teams(league: $league, season: $season, first: 100) { edges { node { id } } } }';

async function teamIds(variables: { league: number; season?: number }): Promise<number[]> {
  const answer = await graphql<{ teams: { edges: { node: { id: number } }[] } }>(league.app, TEAMS, variables);
  expect(answer.errors).toBeUndefined();
  return answer.data!.teams.edges.map((edge) => edge.node.id).sort((a, b) => a - b);
}

async function registeredIn(season: number): Promise<number[]> {
  const teams = await league.db.prisma.team.findMany({
    where: { registrations: { some: { group: { leagueId, seasonId: season } } } },
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  return teams.map((team) => team.id);
}

beforeAll(async () => {
  league = await openTestLeague();
  currentSeason = (await league.db.prisma.season.findFirstOrThrow({ where: { isCurrent: true } })).id;
  const pastGroup = await league.db.prisma.leagueGroup.findFirstOrThrow({ where: { seasonId: { lt: currentSeason } }, orderBy: { id: 'asc' } });
  leagueId = pastGroup.leagueId;
  pastSeason = pastGroup.seasonId;
  // A team of the league's game class that plays elsewhere this season: in the past season it was in this league.
  const current = await registeredIn(currentSeason);
  const former = await league.db.prisma.team.findFirstOrThrow({
    where: { gameClassId: pastGroup.gameClassId, id: { notIn: current } },
    orderBy: { id: 'asc' },
  });
  await league.db.prisma.teamRegistration.upsert({
    where: { teamId_groupId: { teamId: former.id, groupId: pastGroup.id } },
    create: { teamId: former.id, groupId: pastGroup.id },
    update: {},
  });
  formerTeamId = former.id;
});
afterAll(async () => {
  await league?.close();
});

describe('teams(league:)', () => {
  it('without a season: the teams registered in the league in the current season, not those of past seasons', async () => {
    const current = await registeredIn(currentSeason);
    expect(current.length).toBeGreaterThan(0);
    const answered = await teamIds({ league: leagueId });
    expect(answered).toEqual(current);
    expect(answered).not.toContain(formerTeamId);
  });

  it('with a season: that season’s teams', async () => {
    const past = await teamIds({ league: leagueId, season: pastSeason });
    expect(past).toEqual(await registeredIn(pastSeason));
    expect(past).toContain(formerTeamId);
    expect(await teamIds({ league: leagueId, season: currentSeason })).toEqual(await registeredIn(currentSeason));
  });

  it('without a season while no season is current: no teams', async () => {
    await league.db.prisma.season.update({ where: { id: currentSeason }, data: { isCurrent: false } });
    try {
      expect(await teamIds({ league: leagueId })).toEqual([]);
    } finally {
      await league.db.prisma.season.update({ where: { id: currentSeason }, data: { isCurrent: true } });
    }
  });
});
