import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { penaltyMinutesOf } from '../../src/domain/player-statistics.js';
import { seasonOfGame } from '../../src/domain/season.js';
import { getJson, type Json } from '../support/api.js';
import { graphql, openTestLeague, type TestLeague } from '../support/app.js';

/**
 * Penalty minutes are one rule (penaltyMinutesOf): the game events table, the game summary line and
 * the player statistics must agree on them for a game with a match penalty, which counts 25.
 */
let league: TestLeague;
let matchPenalty: { gameId: number; playerId: number; side: 'HOME' | 'AWAY'; seasonId: number };

beforeAll(async () => {
  league = await openTestLeague();
  const event = await league.db.prisma.gameEvent.findFirstOrThrow({
    where: { type: 'PENALTY', penaltyKind: 'MATCH', playerId: { not: null }, side: { not: null } },
    orderBy: { id: 'asc' },
    select: {
      gameId: true,
      playerId: true,
      side: true,
      game: { select: { group: { select: { seasonId: true } }, cupRound: { select: { tournament: { select: { seasonId: true } } } } } },
    },
  });
  matchPenalty = { gameId: event.gameId, playerId: event.playerId!, side: event.side!, seasonId: seasonOfGame(event.game)! };
});
afterAll(async () => {
  await league?.close();
});

/** Minutes of one row of the German events table: `Matchstrafe (…)` or `2'-Strafe (…)`; 0 for other events. */
function minutesOfEventText(text: string): number {
  if (text.startsWith('Matchstrafe')) return penaltyMinutesOf('MATCH');
  const minutes = /^(\d+)'-Strafe/.exec(text);
  return minutes ? Number(minutes[1]) : 0;
}

/** The side's penalty minutes summed over its rows of the events table; every penalty of the side must show minutes. */
async function eventsTableMinutes(team: 'home' | 'away'): Promise<number> {
  const body = await getJson(league.app, `/api/game_events/${matchPenalty.gameId}?team=${team}`);
  const minutes: number[] = body.data.regions[0].rows.map((row: Json) => minutesOfEventText(row.cells[1].text[0])).filter((m: number) => m > 0);
  const penalties = await league.db.prisma.gameEvent.count({
    where: { gameId: matchPenalty.gameId, type: 'PENALTY', side: team === 'home' ? 'HOME' : 'AWAY' },
  });
  expect(minutes).toHaveLength(penalties);
  return minutes.reduce((sum, m) => sum + m, 0);
}

describe('penalty minutes of a game with a match penalty', () => {
  it('are the same in the events table and the summary line, per side', async () => {
    const home = await eventsTableMinutes('home');
    const away = await eventsTableMinutes('away');
    const penalized = matchPenalty.side === 'HOME' ? home : away;
    expect(penalized).toBeGreaterThanOrEqual(penaltyMinutesOf('MATCH'));

    const summary = await getJson(league.app, `/api/games/${matchPenalty.gameId}/summary`);
    const line: string = summary.data.regions[0].rows[0].cells[2].text[1];
    const sides = /^Strafen: .+ (\d+)', .+ (\d+)'$/.exec(line);
    expect(sides, line).not.toBeNull();
    expect([Number(sides![1]), Number(sides![2])]).toEqual([home, away]);
  });

  it('count 25 for the match penalty in the penalized player’s statistics', async () => {
    const penalties = await league.db.prisma.gameEvent.findMany({
      where: { gameId: matchPenalty.gameId, type: 'PENALTY', playerId: matchPenalty.playerId },
      select: { penaltyKind: true },
    });
    const expected = penalties.reduce((sum, penalty) => sum + penaltyMinutesOf(penalty.penaltyKind), 0);
    expect(penaltyMinutesOf('MATCH')).toBe(25);
    expect(expected).toBeGreaterThanOrEqual(25);

    const result = await graphql<{ player: { games: { game: { id: number }; played: boolean; matchPenalties: number; penaltyMinutes: number }[] } }>(
      league.app,
      'query ($id: Int!, $season: Int!) { player(id: $id) { games(season: $season) { game { id } played matchPenalties penaltyMinutes } } }',
      { id: matchPenalty.playerId, season: matchPenalty.seasonId },
    );
    expect(result.errors).toBeUndefined();
    const line = result.data!.player.games.find((game) => game.game.id === matchPenalty.gameId);
    expect(line).toMatchObject({ played: true, penaltyMinutes: expected });
    expect(line!.matchPenalties).toBeGreaterThanOrEqual(1);

    const overview = await getJson(league.app, `/api/players/${matchPenalty.playerId}/overview?season=${matchPenalty.seasonId}`);
    const row = overview.data.regions.flatMap((region: Json) => region.rows).find((r: Json) => r.id === matchPenalty.gameId);
    expect(row.cells.at(-1).text).toEqual([String(expected)]);
  });
});
