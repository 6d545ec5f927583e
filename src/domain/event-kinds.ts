/**
 * The catalogue of event kinds: every kind a game's log holds, with what each one is. The GraphQL
 * enums, the score, the events table's text and team column, and the back office's categories and
 * their prose are read from here. A new kind is one entry here, and the compiler or a test that names
 * it asks for every other edit (docs/architecture.md, "Worked example: adding an event kind"):
 * test/db/game-event-type.test.ts holds the Prisma enum and the migrations against it,
 * test/docs/event-kinds-in-docs.test.ts the docs.
 *
 * The kinds officials record besides goals, penalties and timeouts are the federation's (its
 * category ids in the `bo` lists). Only goals, own goals and a shootout win score (live-game.ts
 * `replayScore`); a penalty shot that goes in (29, 164) is a goal with `penaltyShot`, one that misses
 * (19) is PENALTY_SHOT_MISSED. An own goal (20) is credited to the side it counts for and names the
 * player who scored it, of the other side. The rules of their recording that are neither about the
 * clock (live-game.ts) nor about the game sheet (game-sheet.ts) are at the end of this module.
 */
import { InvalidInputError } from './errors.js';
import { clockText } from './game-clock.js';
import type { PenaltyKind, PenaltyRole } from './player-statistics.js';

export type Side = 'HOME' | 'AWAY';

/** An event of the log as far as the rules read it. */
export interface LogEvent {
  type: string;
  side: Side | null;
  second: number;
  sequence: number;
  period: number | null;
}

/**
 * A kind's shape: the write that records it (game-write.ts), each with the fields it carries, or a
 * marker, which a status change writes. The back office's categories fix some of those fields.
 */
interface CategoryFields {
  marker: never;
  goal: { subtype: 'Goal' | 'GamePenalty' | 'Player'; penaltyShot: boolean; code?: number };
  ownGoal: { subtype: 'Player' };
  penalty: { subtype: 'Penalty'; penaltyKind: PenaltyKind; role: PenaltyRole; side?: Side };
  timeout: { subtype: 'Team'; side: Side };
  penaltyEnd: { subtype: 'PenaltyEnd' };
  teamEvent: { subtype: 'Team' };
  playerEvent: { subtype: 'Player' };
  misc: { subtype: 'Misc' };
  inspection: { subtype: 'PlayerInspection'; done: boolean };
}
export type EventShape = keyof CategoryFields;
export type RecordedShape = Exclude<EventShape, 'marker'>;

/** The groups the back office's documentation lists its categories in (src/facades/bo/docs.ts has their words). */
export type BoGroup =
  | 'goal'
  | 'penaltyShot'
  | 'penalties'
  | 'assists'
  | 'deputyPenalties'
  | 'penaltyEnd'
  | 'timeouts'
  | 'goalieMoves'
  | 'playerEvents'
  | 'misc'
  | 'inspection';

/** A back office category (`category_id`, the federation's id) of a kind of shape S: its group, its subtype and the fields it fixes. */
export type BoCategory<S extends EventShape = EventShape> = { [K in S]: { id: number; group: BoGroup } & CategoryFields[K] }[S];

export type EventKindSpec<S extends EventShape = EventShape> = {
  [K in S]: {
    shape: K;
    /** Whether its event names a player: always, when the desk names one, or never. */
    player: 'required' | 'optional' | 'none';
    /** Whether it is credited to a side: always, only when it names a player (its sheet's), or never. */
    side: 'credited' | 'withPlayer' | 'none';
    /** It counts one goal for the side it is credited to. */
    scores: boolean;
    /** Its text in the facades' vocabulary (`TEXTS` in src/facades/shared/texts.ts); the compiler refuses a key that is not there. */
    text: string;
    /**
     * What it is, in a few lower-case English words that read in a list (`top player`, `post hit`):
     * the GraphQL enums describe their values with it, and the schema lists a shape's kinds by it.
     */
    description: string;
    /** Its back office categories; a marker is shown as the game's status instead. */
    bo: readonly BoCategory<K>[];
  };
}[S];

/**
 * A penalty shot that goes in is in the federation's catalogue twice: 164 (GamePenalty, a goal
 * event) and 29 (Penalty hit, a player event). Both are one goal kind here; a goal keeps in its
 * `code` which of the two the desk recorded, so that it reads back as sent.
 */
export const PENALTY_SHOT_GOAL_CODES = { gamePenalty: 164, penaltyHit: 29 } as const;

const marker = <T extends string>(text: T, description: string, side: 'credited' | 'none' = 'none', scoring = false) =>
  ({ shape: 'marker', player: 'none', side, scores: scoring, text, description, bo: [] }) as const;
const offender = (id: number, penaltyKind: PenaltyKind) => ({ id, group: 'penalties', subtype: 'Penalty', penaltyKind, role: 'OFFENDER' }) as const;
const assist = (id: number, penaltyKind: PenaltyKind) => ({ id, group: 'assists', subtype: 'Penalty', penaltyKind, role: 'ASSIST' }) as const;
const teamEvent = <T extends string>(id: number, text: T, description: string) =>
  ({ shape: 'teamEvent', player: 'none', side: 'credited', scores: false, text, description, bo: [{ id, group: 'goalieMoves', subtype: 'Team' }] }) as const;
const playerEvent = <T extends string>(id: number, text: T, description: string) =>
  ({
    shape: 'playerEvent',
    player: 'required',
    side: 'credited',
    scores: false,
    text,
    description,
    bo: [{ id, group: 'playerEvents', subtype: 'Player' }],
  }) as const;

/**
 * Every kind, in the order of the database enum (which is the GraphQL enum's order). The
 * categories are those of the federation's /bo/games documentation: a goal from a penalty shot is
 * sent as 164 or 29; an own goal (20) is sent for the team of the player who scored it; a deputy
 * penalty (161 home, 162 away) is a 2' bench penalty served by the player named.
 */
export const EVENT_KINDS = {
  GAME_START: marker('gameStart', 'start of the game'),
  PERIOD_START: marker('periodStart', 'start of a period'),
  GOAL: {
    shape: 'goal',
    player: 'optional',
    side: 'credited',
    scores: true,
    text: 'goalScorer',
    description: 'goal, from play or from a penalty shot',
    bo: [
      { id: 1, group: 'goal', subtype: 'Goal', penaltyShot: false },
      { id: 164, group: 'penaltyShot', subtype: 'GamePenalty', penaltyShot: true, code: PENALTY_SHOT_GOAL_CODES.gamePenalty },
      { id: 29, group: 'penaltyShot', subtype: 'Player', penaltyShot: true, code: PENALTY_SHOT_GOAL_CODES.penaltyHit },
    ],
  },
  OWN_GOAL: {
    shape: 'ownGoal',
    player: 'optional',
    side: 'credited',
    scores: true,
    text: 'ownGoal',
    description: 'own goal, credited to the side it counts for',
    bo: [{ id: 20, group: 'playerEvents', subtype: 'Player' }],
  },
  PENALTY: {
    shape: 'penalty',
    player: 'optional',
    side: 'credited',
    scores: false,
    text: 'penalty',
    description: 'penalty',
    bo: [
      offender(3, 'MINOR_2'),
      offender(4, 'MAJOR_5'),
      offender(5, 'MISCONDUCT_10'),
      offender(6, 'MATCH_1'),
      offender(7, 'MATCH_2'),
      offender(8, 'MATCH_3'),
      offender(9, 'PENALTY_SHOT'),
      offender(49, 'MINOR_2_2'),
      offender(167, 'MATCH'),
      assist(153, 'MINOR_2'),
      assist(154, 'MAJOR_5'),
      assist(155, 'MISCONDUCT_10'),
      assist(156, 'MATCH_1'),
      assist(157, 'MATCH_2'),
      assist(158, 'MATCH_3'),
      { id: 161, group: 'deputyPenalties', subtype: 'Penalty', penaltyKind: 'MINOR_2', role: 'DEPUTY', side: 'HOME' },
      { id: 162, group: 'deputyPenalties', subtype: 'Penalty', penaltyKind: 'MINOR_2', role: 'DEPUTY', side: 'AWAY' },
    ],
  },
  TIMEOUT: {
    shape: 'timeout',
    player: 'none',
    side: 'credited',
    scores: false,
    text: 'timeoutHome',
    description: 'timeout',
    bo: [
      { id: 10, group: 'timeouts', subtype: 'Team', side: 'HOME' },
      { id: 11, group: 'timeouts', subtype: 'Team', side: 'AWAY' },
    ],
  },
  PERIOD_END: marker('periodEnd', 'end of a period'),
  /** The shootout's winner is credited one goal more. */
  PENALTY_SHOOTOUT: marker('penaltyShootout', 'penalty shootout won by the side credited, one goal more for it', 'credited', true),
  GAME_END: marker('gameEnd', 'final whistle'),
  BEST_PLAYER: playerEvent(12, 'bestPlayer', 'top player'),
  /** A player's last penalty has ended. */
  PENALTY_END: {
    shape: 'penaltyEnd',
    player: 'required',
    side: 'credited',
    scores: false,
    text: 'penaltyEnd',
    description: "end of a player's last penalty",
    bo: [{ id: 151, group: 'penaltyEnd', subtype: 'PenaltyEnd' }],
  },
  GOALIE_OUT: teamEvent(15, 'goalieOut', 'goalie out of the goal for an extra skater'),
  GOALIE_BACK: teamEvent(16, 'goalieBack', 'goalie back in the goal'),
  GOALIE_CHANGE: playerEvent(13, 'goalieChange', 'change of goalie'),
  INJURY: playerEvent(14, 'injury', 'injury'),
  CROSSBAR: playerEvent(17, 'crossbar', 'crossbar hit'),
  POST: playerEvent(18, 'post', 'post hit'),
  PENALTY_SHOT_MISSED: playerEvent(19, 'penaltyShotMissed', 'penalty shot missed'),
  /** A federation code without a kind of its own; `code` says what. It has a side when it names a player. */
  MISC: {
    shape: 'misc',
    player: 'optional',
    side: 'withPlayer',
    scores: false,
    text: 'miscEvent',
    description: 'a federation code without a kind of its own',
    bo: [{ id: 39, group: 'misc', subtype: 'Misc' }],
  },
  /** The players' licenses were checked, or the check was skipped; it is about both teams. */
  PLAYER_INSPECTION: {
    shape: 'inspection',
    player: 'none',
    side: 'none',
    scores: false,
    text: 'inspectionDone',
    description: "player inspection: the players' licenses checked, or the check skipped",
    bo: [
      { id: 165, group: 'inspection', subtype: 'PlayerInspection', done: true },
      { id: 166, group: 'inspection', subtype: 'PlayerInspection', done: false },
    ],
  },
} as const satisfies Record<string, EventKindSpec>;

export type EventKind = keyof typeof EVENT_KINDS;
/** The kinds of a shape (or of several). */
export type KindOfShape<S extends EventShape> = { [K in EventKind]: (typeof EVENT_KINDS)[K]['shape'] extends S ? K : never }[EventKind];

/** Every kind, in the catalogue's order. */
export const EVENT_KIND_NAMES = Object.keys(EVENT_KINDS) as EventKind[];

export const isEventKind = (type: string): type is EventKind => Object.hasOwn(EVENT_KINDS, type);

/** The kind's entry; undefined for a type the catalogue does not have. */
const specOf = (type: string): EventKindSpec | undefined => (isEventKind(type) ? EVENT_KINDS[type] : undefined);

/** The kinds of a shape, in the catalogue's order. */
export function kindsShaped<S extends EventShape>(...shapes: S[]): KindOfShape<S>[] {
  return EVENT_KIND_NAMES.filter((type): type is KindOfShape<S> => (shapes as EventShape[]).includes(EVENT_KINDS[type].shape));
}

/** Events officials record during play; markers (period start and end, game start and end, the shootout) follow from transitions. */
export const RECORDED_TYPES = kindsShaped('goal', 'ownGoal', 'penalty', 'timeout', 'penaltyEnd', 'teamEvent', 'playerEvent', 'misc', 'inspection');
export type RecordedType = KindOfShape<RecordedShape>;
export function isRecordedType(type: string): type is RecordedType {
  const shape = specOf(type)?.shape;
  return shape !== undefined && shape !== 'marker';
}

/** What a side's goalie does: leaves the goal for an extra skater, is back in it (the GraphQL enum TeamEventKind). */
export const TEAM_EVENT_TYPES = kindsShaped('teamEvent');
export type TeamEventType = KindOfShape<'teamEvent'>;

/** What happens to one player of a side, such as top player, injury or a post hit (the GraphQL enum PlayerEventKind). */
export const PLAYER_EVENT_TYPES = kindsShaped('playerEvent');
export type PlayerEventType = KindOfShape<'playerEvent'>;

/** The kinds that count a goal for the side credited. */
export const scores = (type: string): boolean => specOf(type)?.scores === true;

/** The federation's codes (a penalty's offence, a MISC event's meaning) run from 0 to 999; the database checks the same bounds. */
export const FEDERATION_CODE_MIN = 0;
export const FEDERATION_CODE_MAX = 999;

/** The recorded events that name a player: goals (scorer, assist), own goals (scorer), penalties, penalty ends, player events and MISC. */
export function namesPlayer(type: string): boolean {
  const player = specOf(type)?.player;
  return player !== undefined && player !== 'none';
}

export const otherSide = (side: Side): Side => (side === 'HOME' ? 'AWAY' : 'HOME');

/**
 * The side whose game sheet an event's player is on: the side it is credited to, except for an own
 * goal, which counts for the side its scorer plays against.
 */
export function playerSideOf(type: string, side: Side): Side {
  return specOf(type)?.shape === 'ownGoal' ? otherSide(side) : side;
}

/** The recorded events that are about one player and mean nothing without them. */
export function requiresPlayer(type: string): boolean {
  return specOf(type)?.player === 'required';
}

/** The recorded events credited to no side: a player inspection is about both teams. A MISC event has a side when it names one. */
export function isSideless(type: string): boolean {
  const spec = specOf(type);
  // Markers are the game's, not recorded: they are never corrected, so the question is not theirs.
  return spec !== undefined && spec.shape !== 'marker' && spec.side === 'none';
}

export function isGoalieMove(type: string): type is TeamEventType {
  return specOf(type)?.shape === 'teamEvent';
}
export function assertFederationCode(code: number, name = 'code'): void {
  if (!Number.isInteger(code) || code < FEDERATION_CODE_MIN || code > FEDERATION_CODE_MAX)
    throw new InvalidInputError(`${name} must be a whole number from ${FEDERATION_CODE_MIN} to ${FEDERATION_CODE_MAX}, got ${code}`, name);
}

/** A goal's code says which of the two penalty-shot categories it was recorded as; only a penalty shot has one. */
export function assertGoalCode(code: number, penaltyShot: boolean): void {
  const codes: readonly number[] = Object.values(PENALTY_SHOT_GOAL_CODES);
  if (!penaltyShot || !codes.includes(code))
    throw new InvalidInputError(
      `A goal's code is the category of the penalty shot it was scored from, ${PENALTY_SHOT_GOAL_CODES.gamePenalty} (GamePenalty) or ${PENALTY_SHOT_GOAL_CODES.penaltyHit} (Penalty hit), got ${code}${penaltyShot ? '' : ' for a goal not from a penalty shot'}`,
      'code',
    );
}

/** An assist or a deputy sits out a penalty that is another's (its role says so): the penalty names who serves it. */
export function assertPenaltyServerNamed(role: string | null | undefined, player: number | null | undefined): void {
  if (role != null && role !== 'OFFENDER' && player == null)
    throw new InvalidInputError(`A penalty served by ${role === 'ASSIST' ? 'an assist' : 'a deputy'} names the player who serves it`, 'playerLicenseId');
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
      throw new InvalidInputError(`The penalty end at ${clockText(event.second)} names a player without a penalty before it in this game`, 'playerLicenseId');
  }
}
