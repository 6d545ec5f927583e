import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { expectError, getJson, type Json } from '../support/api.js';
import { expectTableEnvelope } from '../support/wire.js';

let league: TestLeague;
let member: { playerId: number; teamId: number };
beforeAll(async () => {
  league = await openTestLeague();
  // A member of a top-league team who missed at least one of the team's finished games.
  const members = await league.db.prisma.teamMember.findMany({
    where: { seasonId: 2026, team: { registrations: { some: { group: { seasonId: 2026, leagueId: 1 } } } } },
    orderBy: { id: 'asc' },
  });
  for (const candidate of members) {
    const missed = await league.db.prisma.game.count({
      where: {
        status: 'FINISHED',
        group: { seasonId: 2026 },
        OR: [{ homeTeamId: candidate.teamId }, { awayTeamId: candidate.teamId }],
        lineup: { none: { playerId: candidate.playerId } },
      },
    });
    const scored = await league.db.prisma.gameEvent.count({ where: { type: 'GOAL', playerId: candidate.playerId, game: { group: { seasonId: 2026 } } } });
    if (missed > 0 && scored > 0) {
      member = candidate;
      break;
    }
  }
});
afterAll(async () => {
  await league?.close();
});

describe('GET /api/players/:player_id/overview', () => {
  it('lists the team’s games of the season, `Nicht gespielt` where the player was not in the lineup', async () => {
    const body = await getJson(league.app, `/api/players/${member.playerId}/overview`);
    expectTableEnvelope(body);
    expect(body.data.headers.map((h: Json) => h.key)).toEqual([
      'date',
      'location',
      'time',
      'home',
      'away',
      'score',
      'goals',
      'assists',
      'points',
      'penalty_minutes',
    ]);
    expect(body.data.context).toMatchObject({ player_id: member.playerId, season: 2026 });
    const team = await league.db.prisma.team.findUniqueOrThrow({ where: { id: member.teamId } });
    const region = body.data.regions.find((r: Json) => r.text === team.name);
    const games = await league.db.prisma.game.findMany({
      where: {
        OR: [{ homeTeamId: member.teamId }, { awayTeamId: member.teamId }],
        AND: [{ OR: [{ group: { seasonId: 2026 } }, { cupRound: { tournament: { seasonId: 2026 } } }] }],
      },
      include: { lineup: { where: { playerId: member.playerId } }, events: { where: { type: 'GOAL' } } },
      orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
    });
    expect(region.rows.map((r: Json) => r.id)).toEqual(games.map((g) => g.id));
    let notPlayed = 0;
    for (const [index, row] of region.rows.entries()) {
      const game = games[index];
      expect(row.cells).toHaveLength(10);
      expect(row.link).toEqual({ type: 'page', page: 'game_detail', ids: [game.id] });
      if (game.status !== 'FINISHED' && game.status !== 'LIVE') {
        expect(row.cells[6].text).toEqual([]);
      } else if (game.lineup.length === 0 && !game.events.some((e) => e.playerId === member.playerId || e.assistId === member.playerId)) {
        expect(row.cells[6].text).toEqual(['Nicht gespielt']);
        notPlayed += 1;
      } else {
        const goals = game.events.filter((e) => e.playerId === member.playerId).length;
        const assists = game.events.filter((e) => e.assistId === member.playerId).length;
        expect(row.cells.slice(6, 9).map((c: Json) => c.text[0])).toEqual([goals, assists, goals + assists].map(String));
      }
    }
    expect(notPlayed).toBeGreaterThan(0);
  });

  it('takes a season, runs a fixed number of queries and answers bad input', async () => {
    const body = await getJson(league.app, `/api/players/${member.playerId}/overview?season=2024&locale=en`);
    expect(body.data.subtitle).toBe('Season 2024/25');
    // 5: the current season, then the document: the season, the player with the season's memberships, the season's games
    // with the player's sheets and events in them (one statement of the loader), and the games the rows name.
    expect(await countQueries(league.db, () => getJson(league.app, `/api/players/${member.playerId}/overview`))).toBeLessThanOrEqual(5);
    await expectError(league.app, '/api/players/99999999/overview', 404);
    await expectError(league.app, `/api/players/${member.playerId}/overview?season=x`, 400, /season/);
  });
});
