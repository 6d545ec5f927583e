/**
 * What the service signs of a game's result, and how it is written down to be signed: the payload
 * of a compact JWS (EdDSA, Ed25519; src/auth/result-signing-keys.ts signs it), so that a club or a
 * newspaper holding the signature can show that the service published this result, and anyone can
 * check it with an ordinary JOSE library against the JWKS (docs/results.md).
 *
 * The payload is the canonical JSON of RFC 8785 (JCS): object members sorted by their names' UTF-16
 * code units, no whitespace, strings and numbers as ECMAScript's JSON.stringify writes them. The
 * payload holds only strings, integers, booleans and null, for which that is the whole of JCS: a
 * verifier who re-serialises the parsed payload with any JCS library gets the same bytes.
 */
import { createHash } from 'node:crypto';
import { isDecided } from './game-status.js';
import type { ResultState } from './result-life.js';

/** The payload's format; a verifier reading another one should not guess. */
export const RESULT_PAYLOAD_VERSION = 1;
/** The protected header's `typ`: what the JWS holds (RFC 7515 §4.1.9, the `application/` left out). */
export const RESULT_JWS_TYPE = 'floorball-result+json';

type Canonical = string | number | boolean | null | readonly Canonical[] | { readonly [name: string]: Canonical };

/** RFC 8785 for the values a payload holds; a number that is not a safe integer is refused rather than written in a form verifiers may read otherwise. */
export function canonicalJson(value: Canonical): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`A signed payload holds integers only, not ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const object = value as { readonly [name: string]: Canonical };
  // Default sort compares UTF-16 code units, as RFC 8785 §3.2.3 asks.
  const names = Object.keys(object).sort();
  return `{${names.map((name) => `${JSON.stringify(name)}:${canonicalJson(object[name])}`).join(',')}}`;
}

/** An event as it is digested: the fields that make the game's log, nothing of who wrote it. */
export interface DigestedEvent {
  id: number;
  type: string;
  side: string | null;
  second: number;
  period: number | null;
  playerId: number | null;
  assistId: number | null;
  penaltyKind: string | null;
  penaltyShot: boolean;
}

/**
 * `sha256:` and the base64url SHA-256 of the canonical JSON array of the game's events, each as
 * `DigestedEvent` lists, in the game's order (clock, then order of recording, then id): the order
 * the events are given in.
 */
export function eventsDigest(events: readonly DigestedEvent[]): string {
  const list = events.map((event) => ({
    id: event.id,
    type: event.type,
    side: event.side,
    second: event.second,
    period: event.period,
    playerId: event.playerId,
    assistId: event.assistId,
    penaltyKind: event.penaltyKind,
    penaltyShot: event.penaltyShot,
  }));
  return `sha256:${createHash('sha256').update(canonicalJson(list)).digest('base64url')}`;
}

export type { ResultState };

/** The game as far as its signed result goes. */
export interface SignableGame {
  id: number;
  startsAt: Date;
  status: string;
  homeTeam: { id: number; name: string } | null;
  awayTeam: { id: number; name: string } | null;
  homeScore: number | null;
  awayScore: number | null;
  /** REGULAR, OVERTIME or PENALTY_SHOTS for a game played to the end. */
  decidedBy: string | null;
  /** The side that forfeited a FORFEIT game; null otherwise. */
  forfeitedBy: string | null;
}

export interface ResultPayload {
  v: number;
  game: { id: number; startsAt: string };
  home: { id: number; name: string };
  away: { id: number; name: string };
  score: { home: number; away: number };
  status: string;
  decidedBy: string | null;
  forfeit: { by: string | null } | null;
  eventsDigest: string;
  resultState: ResultState;
  signedAt: string;
}

/**
 * Whether the result is signed: a game with a result (finished or forfeited, both teams, a score)
 * in a state that is signed unasked (CONFIRMED) or asked for (`includeProvisional`: PROVISIONAL and
 * PROTESTED too; the payload says which state it was).
 */
export function isSignable(game: SignableGame, state: ResultState | null, includeProvisional: boolean): boolean {
  if (!isDecided(game.status) || state === null) return false;
  if (!game.homeTeam || !game.awayTeam || game.homeScore === null || game.awayScore === null) return false;
  return state === 'CONFIRMED' || includeProvisional;
}

/** The payload of a signable game's result (isSignable), signed at `signedAt`. */
export function resultPayload(game: SignableGame, events: readonly DigestedEvent[], state: ResultState, signedAt: Date): ResultPayload {
  if (!game.homeTeam || !game.awayTeam || game.homeScore === null || game.awayScore === null) throw new Error(`Game ${game.id} has no result to sign`);
  const forfeited = game.status === 'FORFEIT';
  return {
    v: RESULT_PAYLOAD_VERSION,
    game: { id: game.id, startsAt: game.startsAt.toISOString() },
    home: { id: game.homeTeam.id, name: game.homeTeam.name },
    away: { id: game.awayTeam.id, name: game.awayTeam.name },
    score: { home: game.homeScore, away: game.awayScore },
    status: game.status,
    decidedBy: forfeited ? null : game.decidedBy,
    // An imported forfeit may not say which side forfeited: `by` null.
    forfeit: forfeited ? { by: game.forfeitedBy } : null,
    eventsDigest: eventsDigest(events),
    resultState: state,
    signedAt: signedAt.toISOString(),
  };
}

/** The bytes signed: the payload's canonical JSON. */
export function canonicalPayload(payload: ResultPayload): string {
  return canonicalJson(payload as unknown as Canonical);
}
