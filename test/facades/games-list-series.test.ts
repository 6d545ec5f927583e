// `games?mode=list` on the demo league's finished playoff: one region per best-of-5 series.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries, graphql, openTestLeague, type TestLeague } from '../support/app.js';
import { getJson, type Json } from '../support/api.js';

let league: TestLeague;
/** A game scheduled after a decided series, as a federation may leave on the calendar: not shown. */
const UNPLAYED_ID = 99_000_001;
const PLAYOFF = '/api/games?mode=list&season=2025&league=1&game_class=11&group=Playoff';

interface StoredGame {
  id: number;
  homeTeamId: number | null;
  awayTeamId: number | null;
  startsAt: Date;
  homeScore: number | null;
  awayScore: number | null;
  status: string;
}

beforeAll(async () => {
  league = await openTestLeague();
  const group = await playoffGroup();
  const first = group.rounds[0].games[0];
  const last = group.rounds[0].games.filter((g) => pairKey(g) === pairKey(first)).at(-1) as StoredGame;
  await league.db.prisma.game.create({
    data: {
      id: UNPLAYED_ID,
      groupId: group.id,
      roundId: group.rounds[0].id,
      homeTeamId: first.homeTeamId,
      awayTeamId: first.awayTeamId,
      startsAt: new Date(last.startsAt.getTime() + 3 * 86_400_000),
      status: 'SCHEDULED',
    },
  });
});
afterAll(async () => {
  await league?.close();
});

const pairKey = (g: StoredGame) => [g.homeTeamId!, g.awayTeamId!].sort((a, b) => a! - b!).join('-');

function playoffGroup() {
  return league.db.prisma.leagueGroup.findFirstOrThrow({
    where: { seasonId: 2025, leagueId: 1, gameClassId: 11, phase: 'PLAYOFF' },
    include: { rounds: { orderBy: { number: 'asc' }, include: { games: { orderBy: [{ startsAt: 'asc' }, { id: 'asc' }] } } } },
  });
}

/** The series of a round as stored, counted independently of the domain rule: first to three wins. */
function expectedSeries(games: StoredGame[], teamName: Map<number, string>) {
  const pairings = new Map<string, StoredGame[]>();
  for (const game of games) pairings.set(pairKey(game), [...(pairings.get(pairKey(game)) ?? []), game]);
  return [...pairings.values()].map((pairing) => {
    const [first] = pairing;
    const played = pairing.filter((g) => g.status === 'FINISHED');
    const wins = (team: number) => played.filter((g) => (g.homeScore as number) > (g.awayScore as number) === (g.homeTeamId === team)).length;
    const [home, away] = [wins(first.homeTeamId!), wins(first.awayTeamId!)];
    const decided = Math.max(home, away) === 3;
    return {
      text: `${teamName.get(first.homeTeamId!)} - ${teamName.get(first.awayTeamId!)} ${home}:${away}${decided ? ' Serie beendet' : ''}`,
      ids: played.map((g) => g.id),
    };
  });
}

describe('mode=list on a playoff group', () => {
  it('the group declares its series length; qualification groups play single games', async () => {
    const response = await graphql<{ leagueGroups: { edges: { node: { phase: string; seriesBestOf: number | null } }[] } }>(
      league.app,
      'query { leagueGroups(season: 2025, league: 1, gameClass: 11) { edges { node { phase seriesBestOf } } } }',
    );
    const byPhase = Object.fromEntries((response.data?.leagueGroups.edges ?? []).map(({ node }) => [node.phase, node.seriesBestOf]));
    expect(byPhase).toEqual({ QUALIFICATION: null, PLAYOFF: 5, PLAYOUT: 5 });
  });

  it('shows one region per series with its score, ` Serie beendet` once decided, and no unplayed game after the decision', async () => {
    const group = await playoffGroup();
    const teams = await league.db.prisma.team.findMany({ select: { id: true, name: true } });
    const teamName = new Map(teams.map((t) => [t.id, t.name]));
    expect(group.rounds.length).toBeGreaterThan(1);
    for (const round of group.rounds) {
      const body = await getJson(league.app, `${PLAYOFF}&round=${round.number}`);
      const regions = body.data.regions.map((r: Json) => ({ text: r.text, ids: r.rows.map((row: Json) => row.id) }));
      expect(regions, round.name).toEqual(expectedSeries(round.games, teamName));
      for (const region of body.data.regions) {
        expect(region.text).toMatch(/^.+ - .+ [0-3]:[0-3] Serie beendet$/);
        for (const row of region.rows) expect(row.cells).toHaveLength(9);
      }
    }
    const firstRound = await getJson(league.app, `${PLAYOFF}&round=1`);
    expect(firstRound.data.regions.flatMap((r: Json) => r.rows.map((row: Json) => row.id))).not.toContain(UNPLAYED_ID);
  });

  it('speaks the requested language', async () => {
    const body = await getJson(league.app, `${PLAYOFF}&round=1&locale=fr-CH`);
    for (const region of body.data.regions) expect(region.text).toMatch(/ série terminée$/);
  });

  it('costs the queries of any other round list', async () => {
    const qualification = await league.db.prisma.leagueGroup.findFirstOrThrow({
      where: { seasonId: 2025, leagueId: 1, gameClassId: 11, phase: 'QUALIFICATION' },
    });
    const plain = await countQueries(league.db, () =>
      getJson(league.app, `/api/games?mode=list&season=2025&league=1&game_class=11&group=${encodeURIComponent(qualification.name)}&round=1`),
    );
    const series = await countQueries(league.db, () => getJson(league.app, `${PLAYOFF}&round=1`));
    expect(series).toBe(plain);
    // games.test.ts's four for the current season, plus the label of another season; the series length comes with the group.
    expect(series).toBeLessThanOrEqual(5);
  });
});
