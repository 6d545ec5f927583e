import { createHash, randomBytes } from 'node:crypto';

export { GAMES_WRITE_SCOPE, ADMIN_SCOPE, KEY_SCOPES, isKeyScope, type KeyScope } from './access.js';

/** Keys are shown once at creation; only their SHA-256 is stored, so a leaked table leaks no key. */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `fbk_${randomBytes(24).toString('base64url')}`;
  return { key, prefix: key.slice(0, 10), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
