// Who dresses for a game: up to two goalkeepers and enough skaters for 14–20 players, drawn from
// the season's roster, now and then with a guest from another team of the club.
import type { DemoDocument } from './document.js';
import type { Random } from './random.js';
import type { Roster, RosterSlot } from './rosters.js';

export interface LineupSize {
  min: number;
  max: number;
}

export const FULL_LINEUP: LineupSize = { min: 14, max: 20 };
const GUEST_CHANCE = 0.3;

/** `taken` holds players already lined up for the opponent (a player appears once per game). */
export function pickLineup(random: Random, roster: Roster, taken: ReadonlySet<number>, size: LineupSize): RosterSlot[] {
  const available = roster.members.filter((slot) => !roster.unavailable.has(slot.player.row.id) && !taken.has(slot.player.row.id));
  const goalkeepers = available.filter((slot) => slot.position === 'GOALKEEPER').slice(0, 2);
  const skaters = available.filter((slot) => slot.position !== 'GOALKEEPER');
  const target = random.int(size.min, size.max);
  const lineup = [...goalkeepers, ...random.sample(skaters, target - goalkeepers.length)];
  for (const guest of roster.guests) {
    if (lineup.length >= size.max) break;
    if (!taken.has(guest.player.row.id) && random.chance(GUEST_CHANCE)) lineup.push(guest);
  }
  return lineup;
}

export function writeLineup(document: DemoDocument, gameId: number, teamId: number, lineup: readonly RosterSlot[]): void {
  for (const slot of lineup) {
    document.rows.lineups.push({
      gameId,
      teamId,
      playerId: slot.player.row.id,
      licenseId: slot.license.id,
      number: slot.number,
      position: slot.position,
      captain: slot.captain,
    });
  }
}
