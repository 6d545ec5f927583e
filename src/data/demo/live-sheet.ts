// The game sheet a demo team sends before a game played live: picked from the players the lineup
// rules let play (the `lineupCandidates` query: src/schema/lineup.ts, rules in src/domain/lineup.ts),
// so that `writeGameSheet` accepts it: 6–20 players, 1–3 goalkeepers, at most 4 who play up or on a
// multi-team license, each shirt number once, one captain, nobody from the other team's sheet.
import { LINEUP_LIMITS } from '../../domain/lineup.js';
import type { PlayerPosition } from '../../generated/prisma/enums.js';
import type { SideSheet } from './live-play.js';
import type { Random } from './random.js';

/** A candidate as `lineupCandidates` answers (eligible ones only). */
export interface SheetCandidate {
  licenseId: number;
  playerId: number;
  number: number | null;
  position: PlayerPosition | null;
  captain: boolean;
  /** regular, other or multi (the lineup rules' licensing). */
  licensing: string | null;
}

/** One line as `writeGameSheet` takes it. */
export interface SheetLine {
  licenseId: number;
  number?: number;
  position: PlayerPosition;
  captain: boolean;
}

/** Skaters a demo team brings: a full bench mostly. */
const SKATERS = { min: 14, max: 18 } as const;
const GOALKEEPERS = 2;

/**
 * The lines of one team's sheet, or null when too few players may play. Regular members first; a
 * team short of goalkeepers puts a skater in goal (the sheet's position decides who keeps goal).
 * Numbers are the players' own where they are unique; left out, the service's number memory applies.
 */
export function chooseSheetLines(random: Random, candidates: readonly SheetCandidate[], takenPlayerIds: ReadonlySet<number> = new Set()): SheetLine[] | null {
  const usable = random.shuffle(candidates.filter((candidate) => candidate.licensing !== null && !takenPlayerIds.has(candidate.playerId)));
  const regularFirst = [...usable.filter((c) => c.licensing === 'regular'), ...usable.filter((c) => c.licensing !== 'regular')];
  let nonRegular = 0;
  const take = (candidate: SheetCandidate) => {
    if (candidate.licensing !== 'regular') {
      if (nonRegular >= LINEUP_LIMITS.maxNonRegular) return false;
      nonRegular += 1;
    }
    return true;
  };

  const goalkeepers: SheetCandidate[] = [];
  for (const candidate of regularFirst.filter((c) => c.position === 'GOALKEEPER')) {
    if (goalkeepers.length < GOALKEEPERS && take(candidate)) goalkeepers.push(candidate);
  }
  const skaters: SheetCandidate[] = [];
  const wanted = Math.min(random.int(SKATERS.min, SKATERS.max), LINEUP_LIMITS.maxPlayers - Math.max(goalkeepers.length, LINEUP_LIMITS.minGoalkeepers));
  for (const candidate of regularFirst.filter((c) => c.position !== 'GOALKEEPER')) {
    if (skaters.length < wanted && take(candidate)) skaters.push(candidate);
  }
  if (goalkeepers.length === 0) {
    const standIn = skaters.pop();
    if (standIn) goalkeepers.push(standIn);
  }
  if (goalkeepers.length < LINEUP_LIMITS.minGoalkeepers || goalkeepers.length + skaters.length < LINEUP_LIMITS.minPlayers) return null;

  const captain = skaters.find((c) => c.captain) ?? skaters.find((c) => c.licensing === 'regular') ?? skaters[0];
  const numbers = new Set<number>();
  const numberOf = (candidate: SheetCandidate) => {
    const number = candidate.number;
    if (number === null || number < 1 || number > 99 || numbers.has(number)) return {};
    numbers.add(number);
    return { number };
  };
  return [
    ...goalkeepers.map((c): SheetLine => ({ licenseId: c.licenseId, ...numberOf(c), position: 'GOALKEEPER', captain: false })),
    ...skaters.map((c): SheetLine => ({ licenseId: c.licenseId, ...numberOf(c), position: c.position ?? 'FORWARD', captain: c === captain })),
  ];
}

/** The players a plan may name, from a written sheet's lines: goalkeepers in the order sent, the first starts in goal. */
export function sideSheetOf(lines: readonly { licenseId: number; position: PlayerPosition | null }[]): SideSheet {
  return {
    goalkeepers: lines.filter((line) => line.position === 'GOALKEEPER').map((line) => line.licenseId),
    skaters: lines.filter((line) => line.position !== 'GOALKEEPER').map((line) => line.licenseId),
  };
}
