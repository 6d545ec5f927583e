import { ForbiddenError } from './errors.js';
import type { Decider } from './result-authority.js';
import type { ResultActor } from './result-life.js';

/** The scope that lets a key record live games: its club's home games, or every game for a federation key. */
export const GAMES_WRITE_SCOPE = 'games:write';
/** The scope that lets a key create, list, rotate and revoke keys and read any game's audit. */
export const ADMIN_SCOPE = 'admin';
/** The scope that lets a federation key read people and look players up by licence number (the back office's `people_reader` right). */
export const PEOPLE_READ_SCOPE = 'people:read';
/** The scope that lets a federation key check a person's password (the back office's `password_validator` right). */
export const PASSWORDS_VALIDATE_SCOPE = 'passwords:validate';
/** The scope that lets a key manage its own webhooks (docs/webhooks.md); the admin scope manages everyone's. */
export const WEBHOOKS_SCOPE = 'webhooks';
export const KEY_SCOPES = [GAMES_WRITE_SCOPE, ADMIN_SCOPE, PEOPLE_READ_SCOPE, PASSWORDS_VALIDATE_SCOPE, WEBHOOKS_SCOPE] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

export function isKeyScope(scope: string): scope is KeyScope {
  return (KEY_SCOPES as readonly string[]).includes(scope);
}

/** Who a request speaks for, once its key has been looked up. */
export interface ApiCredential {
  /** The stored key; null for the local operator of an embedded database (a per-start token, never stored). */
  keyId: number | null;
  /** The club the key belongs to; null for a federation key, which may read every club. */
  clubId: number | null;
  /** What the key may do beyond reading public data. */
  scopes: readonly string[];
  /** An event desk's key (the back office's anlass): the only games it may report. Empty for every other key. */
  gameIds: readonly number[];
  /** Set when the request presented a session token (the back office's auth_token) rather than the key itself. */
  session?: { id: number; expiresAt: Date } | null;
}

/** An event's desk key: it reports its event's games and reads no club's internal data. */
export function isEventKey(credential: ApiCredential): boolean {
  return credential.gameIds.length > 0;
}

/** A club's team-internal data (lineup candidates, lineup checks): a key of that club, or a federation key. */
export function mayReadClub(credential: ApiCredential, clubId: number): boolean {
  if (isEventKey(credential)) return false;
  return credential.clubId === null || credential.clubId === clubId;
}

export function assertMayReadClub(credential: ApiCredential, clubId: number): void {
  if (!mayReadClub(credential, clubId)) throw new ForbiddenError('This API key belongs to another club');
}

export function assertScope(credential: ApiCredential, scope: KeyScope, doing: string): void {
  if (!credential.scopes.includes(scope)) throw new ForbiddenError(`${doing} needs a key with the ${scope} scope; this API key has not got it`);
}

/** A stored key: every game write is audited under one. */
export type StoredKeyCredential = ApiCredential & { keyId: number };

/** Game officials write with a stored `games:write` key; any other key reads only. */
export function assertMayWriteGames(credential: ApiCredential): asserts credential is StoredKeyCredential {
  if (credential.keyId === null || !credential.scopes.includes(GAMES_WRITE_SCOPE)) {
    throw new ForbiddenError(`This API key may read only: recording games needs the ${GAMES_WRITE_SCOPE} scope`);
  }
}

/** Only a federation key may start a game outside its start window: a club's desk that does so has picked the wrong game. */
export function assertMayStartOutsideWindow(credential: ApiCredential): void {
  assertMayWriteGames(credential);
  if (credential.clubId !== null || isEventKey(credential))
    throw new ForbiddenError('Only a federation key may start a game outside its start window (outsideStartWindow)');
}

/** A club's key writes its club's home games, an event's desk key its event's games, a federation key every game. */
export function assertMayWriteGame(credential: ApiCredential, game: { id: number; homeClubId: number }): asserts credential is StoredKeyCredential {
  assertMayWriteGames(credential);
  if (!mayWriteGame(credential, game)) {
    throw new ForbiddenError(
      isEventKey(credential) ? "These event credentials may report their event's games only" : "This API key may record its own club's home games only",
    );
  }
}

/** Whether the key may report the game; `assertMayWriteGame` says why not. */
export function mayWriteGame(credential: ApiCredential, game: { id: number; homeClubId: number }): boolean {
  if (credential.keyId === null || !credential.scopes.includes(GAMES_WRITE_SCOPE)) return false;
  if (isEventKey(credential)) return credential.gameIds.includes(game.id);
  return credential.clubId === null || credential.clubId === game.homeClubId;
}

/** Which games a key may report, as a filter: its event's games, its club's home games, or every game. */
export type ReportableGames = { kind: 'games'; gameIds: readonly number[] } | { kind: 'homeClub'; clubId: number } | { kind: 'all' };

export function reportableGames(credential: ApiCredential): ReportableGames {
  assertMayWriteGames(credential);
  if (isEventKey(credential)) return { kind: 'games', gameIds: credential.gameIds };
  return credential.clubId === null ? { kind: 'all' } : { kind: 'homeClub', clubId: credential.clubId };
}

/** Who a writing key decides a game as (result-authority.ts): the federation's keys (no club, no event) or a game's desk. */
export function deciderOf(credential: ApiCredential): Decider {
  return credential.clubId === null && !isEventKey(credential) ? 'federation' : 'desk';
}

/**
 * People's data (their records, a player looked up by licence number) and their passwords are the
 * federation's: a federation key (no club, no event) with the scope, and no other key. A club's key
 * given the scope still may not: it would read every club's people (docs/decisions.md).
 */
export function assertMayUsePeople(credential: ApiCredential, scope: typeof PEOPLE_READ_SCOPE | typeof PASSWORDS_VALIDATE_SCOPE, doing: string): void {
  assertScope(credential, scope, doing);
  if (credential.clubId !== null || isEventKey(credential)) throw new ForbiddenError(`${doing} needs a federation key: this key belongs to a club or an event`);
}

/** Managing webhooks: a key with the webhooks scope (its own webhooks) or the admin scope (every webhook). */
export function assertMayManageWebhooks(credential: ApiCredential, doing: string): void {
  if (!credential.scopes.includes(WEBHOOKS_SCOPE) && !credential.scopes.includes(ADMIN_SCOPE)) {
    throw new ForbiddenError(`${doing} needs a key with the ${WEBHOOKS_SCOPE} scope; this API key has not got it`);
  }
}

/** Whose webhooks a key sees: its own, or every one for the admin scope. Null: every one. */
export function webhookOwnerFilter(credential: ApiCredential): { ownerKeyId: number | null } | null {
  return credential.scopes.includes(ADMIN_SCOPE) ? null : { ownerKeyId: credential.keyId };
}

/** Who a writing key is in a result's life (result-life.ts): the federation, an event's desk, or a club. */
export function resultActorOf(credential: ApiCredential): ResultActor {
  if (isEventKey(credential)) return { kind: 'event' };
  return credential.clubId === null ? { kind: 'federation' } : { kind: 'club', clubId: credential.clubId };
}
