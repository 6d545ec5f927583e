/**
 * Who a live write may name: a player on the game sheet of the side the event is credited to (an
 * own goal's scorer: of the other side, event-kinds.ts `playerSideOf`), and never one player as
 * both the scorer and the assist of a goal.
 */
import { InvalidInputError } from './errors.js';
import { type LiveGameState, teamOf } from './game-write.js';
import type { Side } from './live-game.js';

/** The player a license names, who must be on that side's game sheet; null when no license is named. `field`: the input field that named it. */
export function playerOnSheet(
  game: Pick<LiveGameState, 'homeTeamId' | 'awayTeamId' | 'sheet'>,
  side: Side,
  licenseId: number | null | undefined,
  field?: string,
): number | null {
  if (licenseId == null) return null;
  const teamId = teamOf(game, side);
  const line = game.sheet.find((candidate) => candidate.teamId === teamId && candidate.licenseId === licenseId);
  if (!line) throw new InvalidInputError(`License ${licenseId} is not on the ${side === 'HOME' ? 'home' : 'away'} team's game sheet`, field);
  return line.playerId;
}

/**
 * The scorer does not assist their own goal. Only a named scorer who is also the named assist is
 * refused: a goal without an assist (or without a scorer) names nobody twice. Takes license ids
 * (a goal being recorded: one license per player on a game's sheet) or player ids (a correction,
 * which keeps the players already named).
 */
export function assertScorerIsNotAssist(scorer: number | null | undefined, assist: number | null | undefined): void {
  if (scorer != null && scorer === assist) throw new InvalidInputError('The scorer cannot assist the own goal', 'assistLicenseId');
}
