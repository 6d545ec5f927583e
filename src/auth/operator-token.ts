import { randomBytes } from 'node:crypto';

/**
 * The embedded database's local operator token for this start (src/auth/api-keys.ts): kept in
 * memory and written only into the data directory's lock file, never stored or logged, so it dies
 * with the process.
 */
export function newOperatorToken(): string {
  return `fbo_${randomBytes(32).toString('base64url')}`;
}
