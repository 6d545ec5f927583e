/**
 * The candidates of a lineup: every license of the team's club for the game's season and game class,
 * with the facts the lineup rules (./lineup.ts) judge. Pure: src/schema/lineup-facts.ts loads the
 * records from the database and hands them over as plain data.
 */

import { NotFoundError } from './errors.js';
import type { CandidateFacts } from './lineup.js';
import { isOwnPenalty, MATCH_PENALTIES, type PenaltyKind } from './player-statistics.js';

export type PlayerPosition = 'GOALKEEPER' | 'DEFENDER' | 'CENTER' | 'FORWARD';

/** A candidate with what a lineup form shows about them. */
export interface CandidateRecord extends CandidateFacts {
  firstName: string;
  lastName: string;
  licenseType: string;
  number: number | null;
  position: PlayerPosition | null;
  captain: boolean;
}

/** A license of the club, with the player's memberships in teams of the club in the season. */
export interface ClubLicense {
  id: number;
  licenseType: string;
  /** REGULAR, OTHER or MULTI (prisma `Licensing`). */
  licensing: string;
  locked: boolean;
  player: {
    id: number;
    firstName: string;
    lastName: string;
    position: PlayerPosition | null;
    memberships: readonly { teamId: number; number: number | null; position: PlayerPosition | null; captain: boolean }[];
  };
}

/** A lineup is made for one of the two teams of the game. */
export function assertTeamPlays(game: { id: number; homeTeamId: number | null; awayTeamId: number | null }, teamId: number): void {
  if (game.homeTeamId !== teamId && game.awayTeamId !== teamId) throw new NotFoundError(`Team ${teamId} does not play in game ${game.id}`);
}

/**
 * A team's league level in a season: its highest league (the lowest level number) over its
 * registrations. Unregistered, it ranks below every league (+Infinity).
 */
export function teamLevel(leagueLevels: readonly number[]): number {
  return Math.min(...leagueLevels, Number.POSITIVE_INFINITY);
}

/**
 * The penalties that suspend a player for the team's next game: every match penalty, whatever its
 * grade (the grade says how many games more the federation suspends the player for, which it decides itself).
 */
export const SUSPENDING_PENALTIES: readonly PenaltyKind[] = MATCH_PENALTIES;

/**
 * Players suspended for a game: those with one of the SUSPENDING_PENALTIES of their own (not one
 * they served as an assist or a deputy: isOwnPenalty) for the team in the team's previous decided
 * game (DECIDED_STATUSES) before it. `previousGameEvents` are that game's events.
 */
export function suspendedPlayerIds(
  previousGameEvents: readonly { type: string; penaltyKind: string | null; penaltyRole?: string | null; teamId: number | null; playerId: number | null }[],
  teamId: number,
): Set<number> {
  const suspended = new Set<number>();
  for (const event of previousGameEvents) {
    const suspends = event.type === 'PENALTY' && SUSPENDING_PENALTIES.some((kind) => kind === event.penaltyKind) && isOwnPenalty(event.penaltyRole);
    if (suspends && event.teamId === teamId && event.playerId !== null) suspended.add(event.playerId);
  }
  return suspended;
}

export interface CandidateSituation {
  teamId: number;
  /** Level of each team of the club in the game class (teamLevel), by team id. */
  levelOfTeam: ReadonlyMap<number, number>;
  /** The league level of the game's group, when the team's own level is unknown. */
  gameLeagueLevel: number | null;
  suspended: ReadonlySet<number>;
}

/** The facts of each license, in the order given. */
export function candidateRecords(licenses: readonly ClubLicense[], situation: CandidateSituation): CandidateRecord[] {
  const { teamId, levelOfTeam } = situation;
  const ownLevel = levelOfTeam.get(teamId) ?? situation.gameLeagueLevel ?? Number.POSITIVE_INFINITY;
  // A membership in a team outside the club's teams of this game class never counts as a lower team.
  const isLowerTeam = (otherTeamId: number) => otherTeamId !== teamId && (levelOfTeam.get(otherTeamId) ?? Number.NEGATIVE_INFINITY) > ownLevel;
  return licenses.map((license) => {
    const memberships = license.player.memberships;
    const own = memberships.find((m) => m.teamId === teamId);
    // Number and position come from the membership in this team, else from any membership in the club.
    const membership = own ?? memberships[0];
    const position = membership?.position ?? license.player.position;
    return {
      licenseId: license.id,
      playerId: license.player.id,
      locked: license.locked,
      multiLicense: license.licensing === 'MULTI',
      memberOfTeam: own !== undefined,
      memberOfLowerTeam: memberships.some((m) => isLowerTeam(m.teamId)),
      suspended: situation.suspended.has(license.player.id),
      isGoalkeeper: position === 'GOALKEEPER',
      firstName: license.player.firstName,
      lastName: license.player.lastName,
      licenseType: license.licenseType,
      number: membership?.number ?? null,
      position,
      captain: own?.captain ?? false,
    };
  });
}
