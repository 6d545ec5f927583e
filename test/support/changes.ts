import type { GameChange, LeagueChange } from '../../src/live/changes.js';

/** A live write to `gameId` of teams 1 and 2 (club 10), naming player 100, in group 5 of league 3. */
export function gameChange(gameId: number): LeagueChange {
  const affects: GameChange['affects'] = { teamIds: [1, 2], clubIds: [10], playerIds: [100], leagueIds: [3] };
  return {
    kind: 'game',
    game: {
      gameId,
      version: 1,
      kind: 'EVENT_ADDED',
      eventId: 1,
      status: 'LIVE',
      homeScore: 1,
      awayScore: 0,
      scoreChanged: true,
      groupId: 5,
      homeTeamId: 1,
      awayTeamId: 2,
      homeClubId: 10,
      awayClubId: 10,
      affects,
    },
  };
}
