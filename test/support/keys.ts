import type { Database } from '../../src/db/database.js';
import { newApiKey } from '../../src/domain/api-keys.js';

/** Creates an API key as the keys CLI does and returns the secret. */
export async function createKey(db: Database, name: string, clubId: number | null = null, scopes: string[] = []): Promise<{ id: number; key: string }> {
  const { key, prefix, hash } = newApiKey();
  const created = await db.prisma.apiKey.create({ data: { name, prefix, hash, clubId, scopes, createdAt: new Date() } });
  return { id: created.id, key };
}

/**
 * `value` with its last character replaced by another: a wrong secret (token, key) that is always
 * wrong. A fixed replacement is not: `${key.slice(0, -1)}x` is the key itself whenever the key
 * already ends in `x`, one random key in 64.
 */
export function withLastCharacterChanged(value: string): string {
  const last = value.at(-1);
  return `${value.slice(0, -1)}${last === 'x' ? 'y' : 'x'}`;
}
