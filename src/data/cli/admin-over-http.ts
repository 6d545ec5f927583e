// Key administration through a running service's GraphQL endpoint (src/schema/api-key.ts), with
// the embedded service's operator token or an admin key. The service decides and writes exactly as
// the direct path does (src/auth/key-store.ts); this only carries the request and reads the answer.
import type { AdministeredKey, IssuedKey } from '../../auth/key-store.js';
import type { PublicSigningKey } from '../../auth/result-signing-keys.js';
import type { NewKeyRequest } from '../../domain/key-admin.js';
import type { AuditRow } from '../../live/audit.js';
import type { KeyAdministration } from './key-administration.js';

const KEY_FIELDS = 'id name prefix clubId scopes gameIds createdAt revokedAt';
const SIGNING_KEY_FIELDS = 'keyId publicJwk createdAt retiredAt';

export const ADMIN_DOCUMENTS = {
  apiKeys: `query ApiKeys { apiKeys { ${KEY_FIELDS} } }`,
  createApiKey: `mutation CreateApiKey($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret key { ${KEY_FIELDS} } } }`,
  revokeApiKey: `mutation RevokeApiKey($id: Int!) { revokeApiKey(id: $id) { ${KEY_FIELDS} } }`,
  rotateApiKey: `mutation RotateApiKey($id: Int!) { rotateApiKey(id: $id) { secret key { ${KEY_FIELDS} } } }`,
  resultSigningKeys: `query ResultSigningKeys { resultSigningKeys { ${SIGNING_KEY_FIELDS} } }`,
  rotateResultSigningKey: `mutation RotateResultSigningKey { rotateResultSigningKey { ${SIGNING_KEY_FIELDS} } }`,
  gameAudit: `query GameAudit($gameId: Int!) { gameAudit(gameId: $gameId) { at version mutation eventId change apiKey { id name prefix clubId } } }`,
} as const;

interface WireKey {
  id: number;
  name: string;
  prefix: string;
  clubId: number | null;
  scopes: string[];
  gameIds: number[];
  createdAt: string;
  revokedAt: string | null;
}

interface WireIssuedKey {
  secret: string;
  key: WireKey;
}

interface WireAuditRow {
  at: string;
  version: number;
  mutation: string;
  eventId: number | null;
  change: string;
  apiKey: AuditRow['apiKey'];
}

interface WireSigningKey {
  keyId: string;
  publicJwk: string;
  createdAt: string;
  retiredAt: string | null;
}

interface GraphQLBody<T> {
  data?: T | null;
  errors?: { message?: string }[];
}

/** The service could not be reached at all: nothing was sent, so the request may be tried another way. */
export class ServiceUnreachableError extends Error {
  override readonly name = 'ServiceUnreachableError';
}

/** How long one administrative request may take; it is a handful of rows. */
const REQUEST_TIMEOUT_MS = 30_000;

export function administrationOverHttp(baseUrl: string, secret: string): KeyAdministration {
  const endpoint = `${baseUrl.replace(/\/+$/, '')}/graphql`;
  const run = async <T>(document: string, variables: Record<string, unknown> = {}): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', authorization: `Bearer ${secret}` },
        body: JSON.stringify({ query: document, variables }),
        // A redirect would carry the secret to wherever it points.
        redirect: 'error',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
      if (cause?.code === 'ECONNREFUSED') throw new ServiceUnreachableError(`Nothing answers at ${baseUrl} (${reason})`);
      throw new Error(`The request to ${baseUrl} failed (${reason})`);
    }
    const body = parseBody<T>(await response.text());
    const message = body?.errors?.find((error) => error.message)?.message;
    if (response.status >= 500) throw new Error(`The service at ${baseUrl} answered ${response.status}${message ? `: ${message}` : ''}`);
    if (message) throw new Error(message);
    if (!body?.data) throw new Error(`The service at ${baseUrl} answered ${response.status} without data: is it this league service?`);
    return body.data;
  };
  return {
    listKeys: async () => (await run<{ apiKeys: WireKey[] }>(ADMIN_DOCUMENTS.apiKeys)).apiKeys.map(keyOf),
    createKey: async (request: NewKeyRequest) =>
      issuedOf((await run<{ createApiKey: WireIssuedKey }>(ADMIN_DOCUMENTS.createApiKey, { input: request })).createApiKey),
    revokeKey: async (id) => keyOf((await run<{ revokeApiKey: WireKey }>(ADMIN_DOCUMENTS.revokeApiKey, { id })).revokeApiKey),
    rotateKey: async (id) => issuedOf((await run<{ rotateApiKey: WireIssuedKey }>(ADMIN_DOCUMENTS.rotateApiKey, { id })).rotateApiKey),
    gameAudit: async (gameId) => (await run<{ gameAudit: WireAuditRow[] }>(ADMIN_DOCUMENTS.gameAudit, { gameId })).gameAudit.map(auditRowOf),
    signingKeys: async () => (await run<{ resultSigningKeys: WireSigningKey[] }>(ADMIN_DOCUMENTS.resultSigningKeys)).resultSigningKeys.map(signingKeyOf),
    rotateSigningKey: async () =>
      signingKeyOf((await run<{ rotateResultSigningKey: WireSigningKey }>(ADMIN_DOCUMENTS.rotateResultSigningKey)).rotateResultSigningKey),
    close: async () => undefined,
  };
}

function parseBody<T>(text: string): GraphQLBody<T> | undefined {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? (body as GraphQLBody<T>) : undefined;
  } catch {
    return undefined;
  }
}

function keyOf(wire: WireKey): AdministeredKey {
  return { ...wire, createdAt: new Date(wire.createdAt), revokedAt: wire.revokedAt === null ? null : new Date(wire.revokedAt) };
}

function issuedOf(wire: WireIssuedKey): IssuedKey {
  return { secret: wire.secret, key: keyOf(wire.key) };
}

function auditRowOf(wire: WireAuditRow): AuditRow {
  return { ...wire, at: new Date(wire.at), change: JSON.parse(wire.change) as unknown };
}

function signingKeyOf(wire: WireSigningKey): PublicSigningKey {
  return {
    kid: wire.keyId,
    publicJwk: JSON.parse(wire.publicJwk) as PublicSigningKey['publicJwk'],
    createdAt: new Date(wire.createdAt),
    retiredAt: wire.retiredAt === null ? null : new Date(wire.retiredAt),
  };
}
