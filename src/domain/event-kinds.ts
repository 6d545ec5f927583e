/**
 * The events officials record besides goals, penalties and timeouts, as the federation records
 * them (its category ids in brackets), and the rules of their recording that are neither about the
 * clock (live-game.ts) nor about the game sheet (game-sheet.ts). None of them scores: the score
 * counts goals and own goals only (live-game.ts `replayScore`); a penalty shot that goes in (29,
 * 164) is a goal with `penaltyShot`, one that misses (19) is PENALTY_SHOT_MISSED. An own goal (20)
 * is credited to the side it counts for and names the player who scored it, of the other side.
 */
import { InvalidInputError } from './errors.js';
import { clockText } from './game-clock.js';
// Types only: live-game.ts builds its RECORDED_TYPES from the lists here.
import type { LogEvent, Side } from './live-game.js';

/** A side's goalie leaves the goal for an extra skater (15) and is back in it (16). */
export const TEAM_EVENT_TYPES = ['GOALIE_OUT', 'GOALIE_BACK'] as const;
export type TeamEventType = (typeof TEAM_EVENT_TYPES)[number];

/** What happens to one player of a side: top player (12), change of goalie (13), injury (14), crossbar (17), post (18), penalty shot missed (19). */
export const PLAYER_EVENT_TYPES = ['BEST_PLAYER', 'GOALIE_CHANGE', 'INJURY', 'CROSSBAR', 'POST', 'PENALTY_SHOT_MISSED'] as const;
export type PlayerEventType = (typeof PLAYER_EVENT_TYPES)[number];

/** The federation's codes (a penalty's offence, a MISC event's meaning) run from 0 to 999; the database checks the same bounds. */
export const FEDERATION_CODE_MIN = 0;
export const FEDERATION_CODE_MAX = 999;

/**
 * A penalty shot that goes in is in the federation's catalogue twice: 164 (GamePenalty, a goal
 * event) and 29 (Penalty hit, a player event). Both are one goal kind here; a goal keeps in its
 * `code` which of the two the desk recorded, so that it reads back as sent.
 */
export const PENALTY_SHOT_GOAL_CODES = { gamePenalty: 164, penaltyHit: 29 } as const;

const includes = (types: readonly string[], type: string) => types.includes(type);

/** The recorded events that name a player: goals (scorer, assist), own goals (scorer), penalties, penalty ends, player events and MISC. */
export function namesPlayer(type: string): boolean {
  return type === 'GOAL' || type === 'OWN_GOAL' || type === 'PENALTY' || type === 'PENALTY_END' || type === 'MISC' || includes(PLAYER_EVENT_TYPES, type);
}

export const otherSide = (side: Side): Side => (side === 'HOME' ? 'AWAY' : 'HOME');

/**
 * The side whose game sheet an event's player is on: the side it is credited to, except for an own
 * goal, which counts for the side its scorer plays against.
 */
export function playerSideOf(type: string, side: Side): Side {
  return type === 'OWN_GOAL' ? otherSide(side) : side;
}

/** The recorded events that are about one player and mean nothing without them. */
export function requiresPlayer(type: string): boolean {
  return type === 'PENALTY_END' || includes(PLAYER_EVENT_TYPES, type);
}

/** The recorded events credited to no side: a player inspection is about both teams. A MISC event has a side when it names one. */
export function isSideless(type: string): boolean {
  return type === 'PLAYER_INSPECTION';
}

export function isGoalieMove(type: string): type is TeamEventType {
  return includes(TEAM_EVENT_TYPES, type);
}

export function assertFederationCode(code: number, name = 'code'): void {
  if (!Number.isInteger(code) || code < FEDERATION_CODE_MIN || code > FEDERATION_CODE_MAX)
    throw new InvalidInputError(`${name} must be a whole number from ${FEDERATION_CODE_MIN} to ${FEDERATION_CODE_MAX}, got ${code}`);
}

/** A goal's code says which of the two penalty-shot categories it was recorded as; only a penalty shot has one. */
export function assertGoalCode(code: number, penaltyShot: boolean): void {
  const codes: readonly number[] = Object.values(PENALTY_SHOT_GOAL_CODES);
  if (!penaltyShot || !codes.includes(code))
    throw new InvalidInputError(
      `A goal's code is the category of the penalty shot it was scored from, ${PENALTY_SHOT_GOAL_CODES.gamePenalty} (GamePenalty) or ${PENALTY_SHOT_GOAL_CODES.penaltyHit} (Penalty hit), got ${code}${penaltyShot ? '' : ' for a goal not from a penalty shot'}`,
    );
}

/** An assist or a deputy sits out a penalty that is another's (its role says so): the penalty names who serves it. */
export function assertPenaltyServerNamed(role: string | null | undefined, player: number | null | undefined): void {
  if (role != null && role !== 'OFFENDER' && player == null)
    throw new InvalidInputError(`A penalty served by ${role === 'ASSIST' ? 'an assist' : 'a deputy'} names the player who serves it`);
}

const sideName = (side: Side) => (side === 'HOME' ? 'home' : 'away');

function inOrder<E extends LogEvent>(events: readonly E[]): E[] {
  return [...events].sort((a, b) => a.second - b.second || a.sequence - b.sequence);
}

/**
 * A side's goalie leaves the goal and comes back in turn, in game order: out only while in the goal,
 * back only while out. Checked on the log a write leaves, so a late entry, a correction or a deletion
 * cannot leave a return without its leaving.
 */
export function assertGoalieMovesAlternate(events: readonly LogEvent[], side: Side): void {
  let out = false;
  for (const event of inOrder(events)) {
    if (event.side !== side || !isGoalieMove(event.type)) continue;
    if (event.type === 'GOALIE_OUT' && out)
      throw new InvalidInputError(`The ${sideName(side)} team's goalie is already out of the goal at ${clockText(event.second)}: record GOALIE_BACK first`);
    if (event.type === 'GOALIE_BACK' && !out)
      throw new InvalidInputError(`The ${sideName(side)} team's goalie is not out of the goal at ${clockText(event.second)}: record GOALIE_OUT first`);
    out = event.type === 'GOALIE_OUT';
  }
}

/**
 * A penalty end (151) ends a penalty of the player it names, recorded for the same side before it
 * in game order. Checked for the players given, on the log a write leaves.
 */
export function assertPenaltyEndsFollowPenalties(events: readonly (LogEvent & { playerId: number | null })[], playerIds: Iterable<number | null>): void {
  const players = new Set([...playerIds].filter((id): id is number => id !== null));
  const penalized = new Set<string>();
  for (const event of inOrder(events)) {
    if (event.playerId === null || !players.has(event.playerId)) continue;
    const key = `${event.side}:${event.playerId}`;
    if (event.type === 'PENALTY') penalized.add(key);
    else if (event.type === 'PENALTY_END' && !penalized.has(key))
      throw new InvalidInputError(`The penalty end at ${clockText(event.second)} names a player without a penalty before it in this game`);
  }
}
