import { createHash, randomBytes } from 'node:crypto';

/** Keys are shown once at creation; only their SHA-256 is stored, so a leaked table leaks no key. */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `fbk_${randomBytes(24).toString('base64url')}`;
  return { key, prefix: key.slice(0, 10), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The scope that lets a key record live games: its club's home games, or every game for a federation key. */
export const GAMES_WRITE_SCOPE = 'games:write';
export const KEY_SCOPES = [GAMES_WRITE_SCOPE] as const;

export function isKeyScope(scope: string): scope is (typeof KEY_SCOPES)[number] {
  return (KEY_SCOPES as readonly string[]).includes(scope);
}
