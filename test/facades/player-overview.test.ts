import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reshapePlayerOverview, type PlayerOverviewData } from '../../src/facades/rest/player-overview.js';
import type { RequestInfo } from '../../src/facades/shared/facade.js';
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
    expect(body.data.headers.map((h: Json) => h.key)).toEqual(['date', 'location', 'time', 'home', 'away', 'score', 'goals', 'assists', 'points', 'penalty_minutes']);
    expect(body.data.context).toMatchObject({ player_id: member.playerId, season: 2026 });
    const team = await league.db.prisma.team.findUniqueOrThrow({ where: { id: member.teamId } });
    const region = body.data.regions.find((r: Json) => r.text === team.name);
    const games = await league.db.prisma.game.findMany({
      where: { OR: [{ homeTeamId: member.teamId }, { awayTeamId: member.teamId }], AND: [{ OR: [{ group: { seasonId: 2026 } }, { cupRound: { tournament: { seasonId: 2026 } } }] }] },
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
    expect(await countQueries(league.db, () => getJson(league.app, `/api/players/${member.playerId}/overview`))).toBeLessThanOrEqual(9);
    await expectError(league.app, '/api/players/99999999/overview', 404);
    await expectError(league.app, `/api/players/${member.playerId}/overview?season=x`, 400, /season/);
  });
});

describe('player overview reshaper (fixture)', () => {
  const team = (id: number) => ({ id, name: `Team ${id}` });
  const game = (id: number, status: string, homeTeam = team(1), awayTeam = team(9)) => ({
    id,
    startsAt: '2026-10-17T15:30:00.000Z',
    status,
    homeScore: status === 'SCHEDULED' ? null : 3,
    awayScore: status === 'SCHEDULED' ? null : 1,
    homePeriodScores: [],
    awayPeriodScores: [],
    decidedBy: 'REGULAR',
    venue: { name: 'Halle', city: 'Ort' },
    homeTeam,
    awayTeam,
  });
  const line = (played: boolean, teamId: number, goals = 0) => ({ played, goals, assists: 1, points: goals + 1, penaltyMinutes: 2, team: team(teamId) });
  const data: PlayerOverviewData = {
    season: { label: '2026/27' },
    player: {
      id: 5,
      firstName: 'Anna',
      lastName: 'Muster',
      memberships: [{ team: team(1) }],
      games: [
        { ...line(true, 1, 2), game: game(11, 'FINISHED') },
        { ...line(false, 1), game: game(12, 'FINISHED') },
        { ...line(false, 1), game: game(13, 'SCHEDULED') },
        { ...line(true, 2), game: game(14, 'FINISHED', team(2), team(9)) },
      ],
    },
  };
  const info = { query: {}, params: {}, locale: 'de', now: new Date('2026-11-22T15:30:00Z'), baseUrl: 'http://x' } as RequestInfo;

  it('puts the member team’s games in its region and the others after; marks games the player missed', () => {
    const body = reshapePlayerOverview(data, 2026, info);
    expect(body.data.regions.map((r) => [r.text, r.rows.map((row) => row.id)])).toEqual([
      ['Team 1', [11, 12, 13]],
      ['Weitere Spiele', [14]],
    ]);
    const [played, missed, upcoming] = body.data.regions[0].rows.map((row) => row.cells.slice(5).map((cell) => cell.text));
    expect(played).toEqual([['3:1'], ['2'], ['1'], ['3'], ['2']]);
    expect(missed).toEqual([['3:1'], ['Nicht gespielt'], [], [], []]);
    expect(upcoming).toEqual([['-'], [], [], [], []]);
  });
});
