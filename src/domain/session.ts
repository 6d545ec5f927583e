import { randomBytes } from 'node:crypto';

/** A session lives 30 days after its last change; every add or remove renews it. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const MAX_FAVORITES_PER_SESSION = 100;
/** Favorites one call may change; deployed clients send one. */
export const MAX_FAVORITES_PER_CALL = 20;

/** 192 random bits, URL-safe: unguessable and never sequential. */
export function newSessionId(): string {
  return randomBytes(24).toString('base64url');
}

export function expiryFrom(now: Date): Date {
  return new Date(now.getTime() + SESSION_LIFETIME_MS);
}

export function isUsableSessionId(sid: unknown): sid is string {
  return typeof sid === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(sid);
}
