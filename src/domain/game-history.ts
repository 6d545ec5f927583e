/**
 * A game's public history: every write kept in its audit (GameAuditEntry), told to anyone. The
 * audit is the administrators' (it names the key); the history says what changed, when, by which
 * role, and why where a reason was given, and nothing else: no key, key name or prefix, no
 * idempotency key, no input beyond the fields listed here.
 *
 * `HISTORY_CATALOGUE` names every audited mutation. The live writes' names come from
 * `GameWriteKind`, so the compiler asks for an entry when a write is added; the writes audited
 * under a name of their own (the game sheet, the result's life) are listed in `AuditedMutation`,
 * and test/domain/game-history.test.ts reads every `gameAuditEntry.create` of src/ and asks for an
 * entry for each name it writes.
 */
import type { GameWriteKind } from './game-write.js';
import { RESULT_LIFE_WRITES, type ResultLifeWriteKind } from './result-life.js';

/** The mutations of a result's life (who protests, upholds, rejects, confirms), audited under these names. */
export const RESULT_LIFE_MUTATIONS = RESULT_LIFE_WRITES;
export type ResultLifeMutation = ResultLifeWriteKind;

/** Every name a GameAuditEntry's `mutation` holds. */
export type AuditedMutation = GameWriteKind | 'writeGameSheet' | ResultLifeMutation;

export const HISTORY_KINDS = [
  'EVENT_ADDED',
  'EVENT_CORRECTED',
  'EVENT_DELETED',
  'STATUS_CHANGED',
  'STATUS_UNDONE',
  'TRANSITION_MOVED',
  'RESULT_REPORTED',
  'SHEET_CHANGED',
  'SPECTATORS_RECORDED',
  'RESULT_PROTESTED',
  'PROTEST_UPHELD',
  'PROTEST_REJECTED',
  'RESULT_CONFIRMED',
  'OTHER',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** What each kind of history entry is, in words (the GraphQL enum's descriptions, the docs). */
export const HISTORY_KIND_MEANINGS: Record<HistoryKind, string> = {
  EVENT_ADDED: 'An event was recorded (a goal, a penalty, a timeout, …).',
  EVENT_CORRECTED: 'A recorded event was corrected (its clock, player, side, …), or a period marker stamped with its moment.',
  EVENT_DELETED: 'A recorded event was deleted.',
  STATUS_CHANGED: 'The game moved on: started, a period ended or began, finished, forfeited or aborted.',
  STATUS_UNDONE: 'The last status change was undone.',
  TRANSITION_MOVED: 'A status change was moved to another second of the clock.',
  RESULT_REPORTED: 'A result was reported after the fact, without its events.',
  SHEET_CHANGED: "A team's game sheet (its lineup) was written.",
  SPECTATORS_RECORDED: 'The spectators were counted.',
  RESULT_PROTESTED: 'A club protested the result.',
  PROTEST_UPHELD: 'The federation upheld a protest (the result corrected).',
  PROTEST_REJECTED: 'The federation rejected a protest (the result stands).',
  RESULT_CONFIRMED: 'The federation confirmed the result.',
  OTHER: 'A write this version of the service does not name (written by a newer one, during an update).',
};

/**
 * Where an entry's reason is: in the write's input (`reason`, where the write's reason is asked
 * for), in the change (the result's life), or nowhere (a penalty's `reason` is its offence, which
 * the event itself shows).
 */
type ReasonSource = 'input' | 'change' | 'none';

interface CatalogueEntry {
  kind: HistoryKind;
  reason: ReasonSource;
}

const event = (kind: HistoryKind): CatalogueEntry => ({ kind, reason: 'none' });
const withReason = (kind: HistoryKind): CatalogueEntry => ({ kind, reason: 'input' });
const resultLife = (kind: HistoryKind): CatalogueEntry => ({ kind, reason: 'change' });

export const HISTORY_CATALOGUE: Record<AuditedMutation, CatalogueEntry> = {
  startGame: withReason('STATUS_CHANGED'),
  recordGoal: event('EVENT_ADDED'),
  recordPenalty: event('EVENT_ADDED'),
  recordTimeout: event('EVENT_ADDED'),
  recordPenaltyEnd: event('EVENT_ADDED'),
  recordTeamEvent: event('EVENT_ADDED'),
  recordPlayerEvent: event('EVENT_ADDED'),
  recordMisc: event('EVENT_ADDED'),
  recordInspection: event('EVENT_ADDED'),
  endPeriod: event('STATUS_CHANGED'),
  startPeriod: event('STATUS_CHANGED'),
  finishGame: withReason('STATUS_CHANGED'),
  correctEvent: event('EVENT_CORRECTED'),
  deleteEvent: event('EVENT_DELETED'),
  forfeitGame: withReason('STATUS_CHANGED'),
  abortGame: withReason('STATUS_CHANGED'),
  reportResult: withReason('RESULT_REPORTED'),
  undoStatus: withReason('STATUS_UNDONE'),
  correctTransition: withReason('TRANSITION_MOVED'),
  recordSpectators: event('SPECTATORS_RECORDED'),
  writeGameSheet: event('SHEET_CHANGED'),
  protestResult: resultLife('RESULT_PROTESTED'),
  upholdProtest: resultLife('PROTEST_UPHELD'),
  rejectProtest: resultLife('PROTEST_REJECTED'),
  confirmResult: resultLife('RESULT_CONFIRMED'),
};

export function isAuditedMutation(name: string): name is AuditedMutation {
  return Object.hasOwn(HISTORY_CATALOGUE, name);
}

export function historyKindOf(mutation: string): HistoryKind {
  return isAuditedMutation(mutation) ? HISTORY_CATALOGUE[mutation].kind : 'OTHER';
}

export const HISTORY_ROLES = ['HOME_DESK', 'AWAY_DESK', 'EVENT_DESK', 'FEDERATION', 'CLUB'] as const;
export type HistoryRole = (typeof HISTORY_ROLES)[number];

export const HISTORY_ROLE_MEANINGS: Record<HistoryRole, string> = {
  HOME_DESK: "The home team's club, by one of its keys.",
  AWAY_DESK: "The away team's club, by one of its keys.",
  EVENT_DESK: 'The desk of an event (a tournament), whose credentials report its games only.',
  FEDERATION: 'The federation, by a key of no club and no event.',
  CLUB: "A club whose teams are neither of the game's (now): a team moved to another club after the write.",
};

/** The writing key as far as its role goes: never more of it leaves this function. */
export interface Writer {
  clubId: number | null;
  gameIds: readonly number[];
}

/** The game's clubs now (a team's club; null for a side not yet paired). */
export interface GameClubs {
  homeClubId: number | null;
  awayClubId: number | null;
}

/** Who wrote, as a role: an event's key by its event, a club's by its side (home first when one club has both), else the federation. */
export function historyRoleOf(writer: Writer, game: GameClubs): HistoryRole {
  if (writer.gameIds.length > 0) return 'EVENT_DESK';
  if (writer.clubId === null) return 'FEDERATION';
  if (writer.clubId === game.homeClubId) return 'HOME_DESK';
  if (writer.clubId === game.awayClubId) return 'AWAY_DESK';
  return 'CLUB';
}

/** An event as the history shows it: the public fields of the game's log, no more. */
export interface HistoryEvent {
  type: string;
  side: string | null;
  second: number;
  period: number | null;
  playerId: number | null;
  assistId: number | null;
  penaltyKind: string | null;
  penaltyReason: string | null;
}

export interface Change<T> {
  before: T;
  after: T;
}

export interface HistoryScore {
  home: number;
  away: number;
}

/** What one write changed, for everyone: each part null when the write did not change it. */
export interface HistoryChange {
  eventId: number | null;
  event: Change<HistoryEvent | null> | null;
  score: Change<HistoryScore | null> | null;
  status: Change<string> | null;
  resultState: Change<string | null> | null;
  transition: { to: string; second: number } | null;
  spectators: number | null;
  sheetTeamId: number | null;
}

export interface HistoryEntry extends HistoryChange {
  kind: HistoryKind;
  /** The mutation's name, as the API names it (recordGoal, finishGame, …). */
  write: string;
  at: Date;
  version: number;
  role: HistoryRole;
  reason: string | null;
}

/** An audit entry as stored, with its writer's club and event games (its key's, read for the role and dropped). */
export interface StoredAuditEntry {
  at: Date;
  mutation: string;
  version: number;
  eventId: number | null;
  change: unknown;
  writer: Writer;
}

type Json = Record<string, unknown>;

const objectOr = (value: unknown): Json | null => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null);
const stringOr = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const intOr = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

function historyEvent(value: unknown): HistoryEvent | null {
  const event = objectOr(value);
  if (!event) return null;
  return {
    type: stringOr(event.type) ?? 'UNKNOWN',
    side: stringOr(event.side),
    second: intOr(event.second) ?? 0,
    period: intOr(event.period),
    playerId: intOr(event.playerId),
    assistId: intOr(event.assistId),
    penaltyKind: stringOr(event.penaltyKind),
    penaltyReason: stringOr(event.penaltyReason),
  };
}

/** The audit keeps scores as "home:away"; a game without a score reads "0:0" there and null here only when unreadable. */
function historyScore(value: unknown): HistoryScore | null {
  const match = /^(\d+):(\d+)$/.exec(stringOr(value) ?? '');
  return match ? { home: Number(match[1]), away: Number(match[2]) } : null;
}

function changeOf<T>(value: unknown, read: (side: unknown) => T, changed: (before: T, after: T) => boolean): Change<T> | null {
  const pair = objectOr(value);
  if (!pair) return null;
  const before = read(pair.before);
  const after = read(pair.after);
  return changed(before, after) ? { before, after } : null;
}

const differs = <T>(before: T, after: T) => JSON.stringify(before) !== JSON.stringify(after);

function reasonOf(mutation: string, change: Json): string | null {
  if (!isAuditedMutation(mutation)) return null;
  const source = HISTORY_CATALOGUE[mutation].reason;
  if (source === 'input') return stringOr(objectOr(change.input)?.reason);
  if (source === 'change') return stringOr(change.reason);
  return null;
}

/** One audit entry as the public history tells it. */
export function historyEntryOf(entry: StoredAuditEntry, game: GameClubs): HistoryEntry {
  const change = objectOr(entry.change) ?? {};
  const input = objectOr(change.input) ?? {};
  const kind = historyKindOf(entry.mutation);
  const sheet = objectOr(change.sheet);
  return {
    kind,
    write: entry.mutation,
    at: entry.at,
    version: entry.version,
    role: historyRoleOf(entry.writer, game),
    reason: reasonOf(entry.mutation, change),
    eventId: entry.eventId,
    event: changeOf(change.event, historyEvent, (before, after) => before !== null || after !== null),
    score: changeOf(change.score, historyScore, differs),
    status: changeOf(change.status, (value) => stringOr(value) ?? 'UNKNOWN', differs),
    resultState: changeOf(change.resultState, stringOr, differs),
    transition:
      entry.mutation === 'correctTransition' && typeof input.to === 'string' && intOr(input.second) !== null
        ? { to: input.to, second: intOr(input.second) as number }
        : null,
    spectators: entry.mutation === 'recordSpectators' ? intOr(input.spectators) : null,
    sheetTeamId: sheet ? intOr(sheet.teamId) : null,
  };
}
