/**
 * Keys of the DataLoaders that load by several ids at once (a team in a season, …): a loader caches
 * by one primitive key, so the ids are joined into a string and split again in the batch function.
 */
function compositeKey(...ids: number[]): string {
  return ids.join(':');
}

export function splitKey(key: string): number[] {
  return key.split(':').map(Number);
}

export function teamSeasonKey(teamId: number, seasonId: number): string {
  return compositeKey(teamId, seasonId);
}

/** A player in the competition (league, game class, season) of a league group. */
export function groupPlayerKey(groupId: number, playerId: number): string {
  return compositeKey(groupId, playerId);
}

export function memberKey(teamId: number, seasonId: number, playerId: number): string {
  return compositeKey(teamId, seasonId, playerId);
}

export function playerSeasonKey(playerId: number, seasonId: number): string {
  return compositeKey(playerId, seasonId);
}
