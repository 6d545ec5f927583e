/**
 * Which games `mode=current` shows, from its three optional id lists (spec "Filter rules for current"):
 * none given → all games; league/game-class ids only → league games matching them, no cup games;
 * tournament ids only → cup games matching them; both kinds → matching cup games and matching
 * league games together.
 */
export interface CurrentGamesFilter {
  leagueGames: { leagueIds?: number[]; gameClassIds?: number[] } | null;
  cupGames: { tournamentIds?: number[] } | null;
}

/** null: no restriction at all. */
export function currentGamesFilter(ids: { leagueIds?: number[]; gameClassIds?: number[]; tournamentIds?: number[] }): CurrentGamesFilter | null {
  const leagueFilterGiven = ids.leagueIds !== undefined || ids.gameClassIds !== undefined;
  const cupFilterGiven = ids.tournamentIds !== undefined;
  if (!leagueFilterGiven && !cupFilterGiven) return null;
  return {
    leagueGames: leagueFilterGiven ? { leagueIds: ids.leagueIds, gameClassIds: ids.gameClassIds } : null,
    cupGames: cupFilterGiven ? { tournamentIds: ids.tournamentIds } : null,
  };
}
