// What an administrator's request may do to the API keys, decided before anything is written. The
// GraphQL fields and the keys CLI's direct path persist these decisions through one store
// (src/auth/key-store.ts), so a service and a CLI cannot disagree on what a request may do.
import { GAMES_WRITE_SCOPE, isKeyScope, KEY_SCOPES, type KeyScope } from './access.js';
import { InvalidInputError, NotFoundError } from './errors.js';

/** Long enough for "Desk Floorball Club Wiler-Ersigen, season 2026/27"; short enough for a list line. */
export const MAX_KEY_NAME_LENGTH = 100;

/** What an administrator asks for: a name, a club (null: federation-wide) and scopes, or an event's games. */
export interface NewKeyRequest {
  name: string;
  clubId: number | null;
  scopes: readonly string[];
  /** An event desk's key (the back office's anlass): the games it reports. Absent or empty: no event key. */
  gameIds?: readonly number[];
}

/** A key about to be created, checked: trimmed name, known scopes once each, an event's games once each. */
export interface KeyGrant {
  name: string;
  clubId: number | null;
  scopes: readonly string[];
  gameIds: readonly number[];
}

/** An event is a day's games at one desk: a tournament day has a dozen, a league game one. */
export const MAX_EVENT_GAMES = 40;

/** What the decisions need to know of a stored key. */
export interface KeyState {
  id: number;
  name: string;
  clubId: number | null;
  scopes: readonly string[];
  gameIds: readonly number[];
  revokedAt: Date | null;
}

export interface KeyRevocation {
  id: number;
  revokedAt: Date;
}

/** A new secret for the same name, club and scopes; the old key is revoked in the same transaction. */
export interface KeyRotation {
  revoke: KeyRevocation;
  grant: KeyGrant;
}

// Control characters would break the tab-separated `keys list` and the audit lines that quote the name.
const CONTROL_CHARACTERS = /\p{Cc}/u;

/** Whether a value can name a stored club or key at all (what is worth looking up). */
export function isRecordId(value: number | null): value is number {
  return value !== null && Number.isSafeInteger(value) && value > 0;
}

/**
 * A new key as asked for, or an error saying what is wrong with the request. `club` is the club the
 * database holds under `request.clubId` (null when it holds none, or when no club is asked for);
 * `games` the ids of `request.gameIds` the database holds.
 *
 * An event key reports its games and does nothing else: it has the games:write scope, no club (it
 * reads no club's internal data) and no other scope.
 */
export function decideNewKey(request: NewKeyRequest, club: { id: number } | null, games: readonly number[] = []): KeyGrant {
  const name = request.name.trim();
  if (name === '') throw new InvalidInputError('A key needs a name: who or what uses it (a desk, an app)', 'name');
  if (name.length > MAX_KEY_NAME_LENGTH) throw new InvalidInputError(`A key name has at most ${MAX_KEY_NAME_LENGTH} characters, got ${name.length}`, 'name');
  if (CONTROL_CHARACTERS.test(name)) throw new InvalidInputError('A key name may not contain control characters (tabs, line breaks)', 'name');
  const unknown = request.scopes.filter((scope) => !isKeyScope(scope));
  if (unknown.length > 0) throw new InvalidInputError(`Unknown scope ${unknown.join(', ')}: the scopes are ${KEY_SCOPES.join(', ')}`, 'scopes');
  const scopes: KeyScope[] = [...new Set(request.scopes.filter(isKeyScope))];
  const gameIds = [...new Set(request.gameIds ?? [])];
  if (gameIds.length > 0) return decideEventKey(name, request, scopes, gameIds, games);
  if (request.clubId === null) return { name, clubId: null, scopes, gameIds: [] };
  if (!isRecordId(request.clubId)) throw new InvalidInputError(`A club is named by its id, a positive integer; got ${request.clubId}`, 'clubId');
  if (club?.id !== request.clubId) throw new NotFoundError(`No club ${request.clubId}`);
  return { name, clubId: request.clubId, scopes, gameIds: [] };
}

function decideEventKey(name: string, request: NewKeyRequest, scopes: readonly KeyScope[], gameIds: number[], games: readonly number[]): KeyGrant {
  if (request.clubId !== null)
    throw new InvalidInputError("An event key names its games, not a club: it reports those games and reads no club's data", 'clubId');
  const extra = scopes.filter((scope) => scope !== GAMES_WRITE_SCOPE);
  if (extra.length > 0) throw new InvalidInputError(`An event key only reports its games; it takes no ${extra.join(', ')} scope`, 'scopes');
  if (gameIds.length > MAX_EVENT_GAMES) throw new InvalidInputError(`An event key names at most ${MAX_EVENT_GAMES} games, got ${gameIds.length}`, 'gameIds');
  const notIds = gameIds.filter((id) => !isRecordId(id));
  if (notIds.length > 0) throw new InvalidInputError(`Games are named by their ids, positive integers; got ${notIds.join(', ')}`, 'gameIds');
  const unknown = gameIds.filter((id) => !games.includes(id));
  if (unknown.length > 0) throw new NotFoundError(`No game ${unknown.join(', ')}`);
  return { name, clubId: null, scopes: [GAMES_WRITE_SCOPE], gameIds: [...gameIds].sort((a, b) => a - b) };
}

/** Revoking a key that exists and still works; `key` is what the database holds under `id`. */
export function decideRevocation(id: number, key: KeyState | null, now: Date): KeyRevocation {
  const usable = usableKey(id, key, '');
  return { id: usable.id, revokedAt: now };
}

/** Rotating a key that exists and still works: a revoked key stays revoked (create a new one instead). */
export function decideRotation(id: number, key: KeyState | null, now: Date): KeyRotation {
  const usable = usableKey(id, key, ': a revoked key is not rotated, create a new one instead');
  return {
    revoke: { id: usable.id, revokedAt: now },
    grant: { name: usable.name, clubId: usable.clubId, scopes: [...usable.scopes], gameIds: [...usable.gameIds] },
  };
}

function usableKey(id: number, key: KeyState | null, whatInstead: string): KeyState {
  if (!key || key.id !== id) throw new NotFoundError(`No API key ${id}`);
  if (key.revokedAt) throw new InvalidInputError(`API key ${id} ("${key.name}") is already revoked, since ${key.revokedAt.toISOString()}${whatInstead}`, 'id');
  return key;
}
