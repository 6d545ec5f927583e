// What the key CLIs (`npm run keys`, `npm run audit`) do, whichever way they reach the league: a
// running service over HTTP (admin-over-http.ts) or the database directly (admin-client.ts). A
// module of its own, so that the two ways import it and not each other.
import type { AdministeredKey, IssuedKey } from '../../auth/key-store.js';
import type { PublicSigningKey } from '../../auth/result-signing-keys.js';
import type { NewKeyRequest } from '../../domain/key-admin.js';
import type { AuditRow } from '../../live/audit.js';

/** What the CLIs do, on a running service or directly on the database. */
export interface KeyAdministration {
  listKeys(): Promise<AdministeredKey[]>;
  createKey(request: NewKeyRequest): Promise<IssuedKey>;
  revokeKey(id: number): Promise<AdministeredKey>;
  rotateKey(id: number): Promise<IssuedKey>;
  gameAudit(gameId: number): Promise<AuditRow[]>;
  /** The keys results are signed with, oldest first (src/auth/result-signing-keys.ts). */
  signingKeys(): Promise<PublicSigningKey[]>;
  /** Retires the key that signs results and makes the next one. */
  rotateSigningKey(): Promise<PublicSigningKey>;
  close(): Promise<void>;
}
