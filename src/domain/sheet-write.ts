/**
 * Writing one team's game sheet (its lineup for one game), as the officials do before and during
 * the game: which games take a sheet, what a sheet must satisfy, and which number each line wears.
 * The lineup rules themselves (eligibility, 6–20 players, 1–3 goalkeepers, the quota) are
 * `judgeLineup` (lineup.ts), applied here unchanged; this module adds what only a written sheet has:
 * shirt numbers, a captain, positions, the game's other sheet and events, and which license a line
 * that names a player stands for (`resolveSheetLines`). The writer (src/live/sheet-writer.ts) loads
 * the facts and stores what `resolveSheetLines`, `judgeSheet` and `numberSheet` decide.
 */
import { InvalidInputError } from './errors.js';
import { isPending } from './game-status.js';
import type { GameChangeKind } from './game-write.js';
import type { PlayerPosition } from './lineup-candidates.js';
import { type CandidateFacts, eligibility, judgeLineup, type LineupMessage } from './lineup.js';

export const SHIRT_NUMBERS = { min: 1, max: 99 } as const;

/** What caches and subscribers are told of a written sheet: any game change drops what caches hold of the game, its teams and the players named. */
export const SHEET_CHANGE_KIND: GameChangeKind = 'SHEET_WRITTEN';

/** One line of a sheet as the rules judge it: its player named by license. */
export interface SheetLineRequest {
  licenseId: number;
  /** The shirt number; absent: the number the player last wore (`numberSheet`). */
  number?: number | null;
  /** Null: no position on the sheet (`resolveSheetLines` fills in the player's known one where there is one). */
  position: PlayerPosition | null;
  captain?: boolean | null;
  /** False: this line's number is not the player's to remember (a borrowed shirt). */
  rememberNumber?: boolean | null;
}

/**
 * One line of a sheet as the officials send it: its player named by license, or by player (the back
 * office's `player_id`), exactly one of the two.
 */
export interface SheetLineInput extends Omit<SheetLineRequest, 'licenseId' | 'position'> {
  licenseId?: number | null;
  playerId?: number | null;
  /** Absent: the player's known position (`knownPosition`; the back office sends lines without one). */
  position?: PlayerPosition | null;
}

/** A candidate of the team's lineup as a line naming it is resolved: the lineup rules' facts and the player's known position. */
export interface SheetCandidate extends CandidateFacts {
  /** Where the player plays, as the lineup candidates show it (src/domain/lineup-candidates.ts `candidateRecords`). */
  position: PlayerPosition | null;
}

type SheetRule =
  | LineupMessage['rule']
  | 'shirt_number'
  | 'number_taken'
  | 'captains'
  | 'on_other_sheet'
  | 'named_by_event'
  | 'license_or_player'
  | 'unknown_player'
  | 'player_twice';

/** Why a sheet is refused: the rule, the license it is about (null for the sheet as a whole), and a text for people. */
interface SheetProblem {
  rule: SheetRule;
  licenseId: number | null;
  message: string;
}

/** What a sheet is judged against, besides the game's status. */
export interface SheetSituation {
  status: string;
  /** The team's club's licenses for the game, keyed by license, as the lineup rules see them (src/schema/lineup-facts.ts). */
  candidates: ReadonlyMap<number, CandidateFacts>;
  /** Players on the other team's sheet of this game: a player is on one sheet of a game. */
  otherSheetPlayerIds: ReadonlySet<number>;
  /** Lines of the team's current sheet whose player an event of the game names for the team (scorer, assist, penalized). */
  linesNamedByEvents: readonly { licenseId: number | null; playerId: number }[];
}

/** A line the rules accepted, with the player its license names; its number as sent. */
export interface JudgedLine {
  licenseId: number;
  playerId: number;
  number: number | null;
  position: PlayerPosition | null;
  captain: boolean;
  rememberNumber: boolean;
}

/** A line as it is stored; `numberFrom` says where its number came from (null: it has none). */
export interface SheetEntry extends JudgedLine {
  numberFrom: 'given' | 'remembered' | null;
}

/**
 * Which games take a sheet: one still to be played or under way (a player added during the game, a
 * number corrected), the pending games of game-status.ts. A finished, cancelled or forfeited game's
 * sheet is part of its record and stays as it is.
 */
export function assertSheetWritable(status: string): void {
  if (!isPending(status)) {
    throw new InvalidInputError(`A game sheet is written for a scheduled or live game; this game is ${status.toLowerCase()}`);
  }
}

const isShirtNumber = (value: number) => Number.isInteger(value) && value >= SHIRT_NUMBERS.min && value <= SHIRT_NUMBERS.max;

function refuse(problems: readonly SheetProblem[]): never {
  throw new InvalidInputError(`The game sheet is refused: ${problems.map((p) => `${p.rule}: ${p.message}`).join('; ')}`, 'lines');
}

/**
 * The license a line naming a player stands for, among the team club's licenses for the game
 * (`candidates`): the player's eligible license, the regular one first (a member of the team: it
 * does not count towards the quota), then the lowest license id. A player with licenses of which
 * none is eligible gets the lowest of them, so that the lineup rules refuse the line naming that
 * license and why. Null when the player has no license of the club for the game.
 */
export function licenseOfPlayer(playerId: number, candidates: ReadonlyMap<number, CandidateFacts>): number | null {
  const rank = (facts: CandidateFacts) => {
    const verdict = eligibility(facts);
    if (!verdict.eligible) return 2;
    return verdict.licensing === 'regular' ? 0 : 1;
  };
  const preferred = (a: CandidateFacts, b: CandidateFacts) => rank(a) - rank(b) || a.licenseId - b.licenseId;
  const own = [...candidates.values()].filter((facts) => facts.playerId === playerId).sort(preferred);
  return own[0]?.licenseId ?? null;
}

/**
 * The position of a line sent without one: where the player is known to play (their membership in
 * the team, else in another team of the club, else their registered position: the lineup
 * candidates' `position`), so that a desk that sends no positions (the back office's bare
 * `player_ids`) leaves none of them empty that the league knows; a goalkeeper keeps goal. None
 * when nothing is known of the player.
 */
export function knownPosition(candidate: SheetCandidate | undefined): PlayerPosition | null {
  if (!candidate) return null;
  return candidate.position ?? (candidate.isGoalkeeper ? 'GOALKEEPER' : null);
}

/**
 * Names every line's player by license, as the rules judge a sheet: a line sent with `licenseId`
 * keeps it, a line sent with `playerId` gets `licenseOfPlayer`; a line without a position gets the
 * player's `knownPosition`. Refuses a line naming both or neither, and a player without a license
 * of the club for the game, every problem at once.
 */
export function resolveSheetLines(lines: readonly SheetLineInput[], candidates: ReadonlyMap<number, SheetCandidate>): SheetLineRequest[] {
  const problems: SheetProblem[] = [];
  const positioned = (line: Omit<SheetLineInput, 'licenseId' | 'playerId'>, licenseId: number): SheetLineRequest => ({
    ...line,
    licenseId,
    position: line.position ?? knownPosition(candidates.get(licenseId)),
  });
  const resolved = lines.flatMap(({ licenseId, playerId, ...line }, index): SheetLineRequest[] => {
    if (licenseId != null && playerId == null) return [positioned(line, licenseId)];
    if (playerId == null || licenseId != null) {
      const named = licenseId == null ? 'neither a licenseId nor a playerId' : 'both a licenseId and a playerId';
      problems.push({ rule: 'license_or_player', licenseId: licenseId ?? null, message: `line ${index + 1} names ${named}: give exactly one` });
      return [];
    }
    const chosen = licenseOfPlayer(playerId, candidates);
    if (chosen === null) {
      problems.push({ rule: 'unknown_player', licenseId: null, message: `player ${playerId} has no license of this club for this game` });
      return [];
    }
    return [positioned(line, chosen)];
  });
  if (problems.length > 0) refuse(problems);
  return resolved;
}

/**
 * Judges a team's sheet: the lineup rules (with the goalkeepers the sheet names: who keeps goal in
 * this game is what the sheet says, not the player's usual position), shirt numbers 1–99 and each
 * once, at most one captain, no player of the other team's sheet, and every player an event of the
 * game names still on it. Returns the lines in the order sent; refuses with every problem at once.
 */
export function judgeSheet(lines: readonly SheetLineRequest[], situation: SheetSituation): JudgedLine[] {
  assertSheetWritable(situation.status);
  const problems: SheetProblem[] = [];
  const positioned = new Map(situation.candidates);
  for (const line of lines) {
    const facts = situation.candidates.get(line.licenseId);
    if (facts) positioned.set(line.licenseId, { ...facts, isGoalkeeper: line.position === 'GOALKEEPER' });
  }
  problems.push(
    ...judgeLineup(
      lines.map((line) => line.licenseId),
      positioned,
    ).messages,
  );

  const wearer = new Map<number, number>();
  for (const line of lines) {
    if (line.number == null) continue;
    if (!isShirtNumber(line.number)) {
      problems.push({ rule: 'shirt_number', licenseId: line.licenseId, message: `license ${line.licenseId}: shirt number ${line.number} is not 1–99` });
      continue;
    }
    const other = wearer.get(line.number);
    if (other !== undefined && other !== line.licenseId)
      problems.push({
        rule: 'number_taken',
        licenseId: line.licenseId,
        message: `license ${line.licenseId}: number ${line.number} is worn by license ${other}`,
      });
    else wearer.set(line.number, line.licenseId);
  }

  const captains = lines.filter((line) => line.captain).map((line) => line.licenseId);
  if (captains.length > 1)
    problems.push({ rule: 'captains', licenseId: null, message: `at most one captain, got ${captains.length} (licenses ${captains.join(', ')})` });

  // Every license without facts is refused above (unknown_license): when nothing is, each line is here.
  const judged: JudgedLine[] = [];
  for (const line of lines) {
    const facts = situation.candidates.get(line.licenseId);
    if (!facts) continue;
    judged.push({
      licenseId: line.licenseId,
      playerId: facts.playerId,
      number: line.number ?? null,
      position: line.position,
      captain: line.captain ?? false,
      rememberNumber: line.rememberNumber ?? true,
    });
    if (situation.otherSheetPlayerIds.has(facts.playerId))
      problems.push({
        rule: 'on_other_sheet',
        licenseId: line.licenseId,
        message: `license ${line.licenseId}: the player is on the other team's sheet of this game`,
      });
  }
  const sheetLicenseOf = new Map<number, number>();
  for (const line of judged) {
    // Two licenses of one player: one line per player (the same license twice is a `duplicate` above).
    const other = sheetLicenseOf.get(line.playerId);
    if (other !== undefined && other !== line.licenseId)
      problems.push({
        rule: 'player_twice',
        licenseId: line.licenseId,
        message: `license ${line.licenseId}: player ${line.playerId} is on the sheet already, with license ${other}`,
      });
    sheetLicenseOf.set(line.playerId, line.licenseId);
  }
  const players = new Set(sheetLicenseOf.keys());
  for (const named of situation.linesNamedByEvents) {
    if (!players.has(named.playerId))
      problems.push({
        rule: 'named_by_event',
        licenseId: named.licenseId,
        message: `${named.licenseId === null ? `player ${named.playerId}` : `license ${named.licenseId}`}: an event of this game names the player, who stays on the sheet (correct or delete the event first)`,
      });
  }

  if (problems.length > 0) refuse(problems);
  return judged;
}

/**
 * The number each line wears, as the federation's back office numbers a sheet: the number sent,
 * else the number the player last wore (`remembered`, by player). Numbers sent come first; a
 * remembered number another line already wears is left out rather than refusing a sheet for a
 * number nobody sent, and the line goes without one (the officials may send it).
 */
export function numberSheet(lines: readonly JudgedLine[], remembered: ReadonlyMap<number, number>): SheetEntry[] {
  const taken = new Set(lines.flatMap((line) => (line.number === null ? [] : [line.number])));
  return lines.map((line) => {
    if (line.number !== null) return { ...line, numberFrom: 'given' };
    const last = remembered.get(line.playerId);
    if (last === undefined || !isShirtNumber(last) || taken.has(last)) return { ...line, numberFrom: null };
    taken.add(last);
    return { ...line, number: last, numberFrom: 'remembered' };
  });
}
