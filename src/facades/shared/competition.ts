/** What names a competition on the wire: a game class and a league (a group adds its own name). */
export interface NamedCompetition {
  league: { name: string };
  gameClass: { name: string };
}

/** `Herren GF L-UPL`: game class before league, as the federation orders them since 2.17. */
export function competitionName(competition: NamedCompetition): string {
  return `${competition.gameClass.name} ${competition.league.name}`;
}

/** `Herren GF L-UPL Gruppe 1`: one group of a competition. */
export function groupTitle(group: NamedCompetition & { name: string }): string {
  return `${competitionName(group)} ${group.name}`;
}
