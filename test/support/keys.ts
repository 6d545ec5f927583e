import type { Database } from '../../src/db/database.js';
import { newApiKey } from '../../src/domain/api-keys.js';

/** Creates an API key as the keys CLI does and returns the secret. */
export async function createKey(db: Database, name: string, clubId: number | null = null, scopes: string[] = []): Promise<{ id: number; key: string }> {
  const { key, prefix, hash } = newApiKey();
  const created = await db.prisma.apiKey.create({ data: { name, prefix, hash, clubId, scopes, createdAt: new Date() } });
  return { id: created.id, key };
}
