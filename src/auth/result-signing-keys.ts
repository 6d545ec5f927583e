/**
 * The keys results are signed with (src/domain/result-signature.ts says what is signed): Ed25519
 * pairs in the database (`ResultSigningKey`), so that every instance signs with the same key and
 * serves the same JWKS. The first signature makes the first key; `rotateSigningKey` (the operator's
 * `npm run keys -- rotate-signing-key`) retires the signing key and makes the next one. Retired keys
 * stay in the JWKS: what they signed still verifies.
 *
 * Two instances making the first key at once, or a rotation racing one, take a transaction-scoped
 * advisory lock first, so one key signs at a time. The private half is read only by `signResult`,
 * is written with a raw statement (a failing Prisma call would print its arguments) and leaves this
 * module only as a signature.
 */
import { CompactSign, calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { PrismaClient } from '../db/database.js';
import { RESULT_JWS_TYPE } from '../domain/result-signature.js';

export const SIGNING_ALGORITHM = 'EdDSA';

/** The lock every change of the signing key takes (an arbitrary constant, this module's own). */
const SIGNING_KEY_LOCK = 5_034_103;

/** A signing key as the JWKS and the operator see it: never its private half. */
export interface PublicSigningKey {
  kid: string;
  publicJwk: JWK;
  createdAt: Date;
  retiredAt: Date | null;
}

export interface SignedPayload {
  jws: string;
  kid: string;
}

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** Imported private keys by kid: importing costs a little, a key never changes. */
const imported = new Map<string, Promise<CryptoKey | Uint8Array>>();

/** Every key, oldest first, as the JWKS lists them. */
export async function listSigningKeys(prisma: PrismaClient): Promise<PublicSigningKey[]> {
  const rows = await prisma.resultSigningKey.findMany({ select: { kid: true, publicJwk: true, createdAt: true, retiredAt: true }, orderBy: { id: 'asc' } });
  return rows.map((row) => ({ ...row, publicJwk: row.publicJwk as JWK }));
}

/** The JSON Web Key Set of every key, newest first (RFC 7517 §5): what `/.well-known/jwks.json` serves. */
export async function signingKeySet(prisma: PrismaClient): Promise<{ keys: JWK[] }> {
  const keys = await listSigningKeys(prisma);
  return { keys: keys.reverse().map((key) => ({ ...key.publicJwk, kid: key.kid, alg: SIGNING_ALGORITHM, use: 'sig' })) };
}

/** The key that signs now, ready to sign: its id and its private half, which only `signWith` uses. */
export interface SigningKey {
  kid: string;
  readonly privateKey: CryptoKey | Uint8Array;
}

/** The key that signs now, made first if there is none. One statement; a request signing many results asks once. */
export async function currentSigningKey(prisma: PrismaClient, now: Date): Promise<SigningKey> {
  const key = (await signingKeyRow(prisma)) ?? (await prisma.$transaction((tx) => lockedSigningKey(tx, now)));
  let privateKey = imported.get(key.kid);
  if (!privateKey) {
    privateKey = importJWK(key.privateJwk as JWK, SIGNING_ALGORITHM);
    imported.set(key.kid, privateKey);
  }
  return { kid: key.kid, privateKey: await privateKey };
}

/** Signs `payload` (the canonical bytes) with `key`: a compact JWS whose header names the key. */
export async function signWith(key: SigningKey, payload: string): Promise<SignedPayload> {
  const jws = await new CompactSign(new TextEncoder().encode(payload))
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid, typ: RESULT_JWS_TYPE })
    .sign(key.privateKey);
  return { jws, kid: key.kid };
}

/** Retires the signing key (if any) and makes the next one, which signs from now on. */
export async function rotateSigningKey(prisma: PrismaClient, now: Date): Promise<PublicSigningKey> {
  return prisma.$transaction(async (tx) => {
    await lock(tx);
    await tx.resultSigningKey.updateMany({ where: { retiredAt: null }, data: { retiredAt: now } });
    const made = await makeKey(tx, now);
    return { kid: made.kid, publicJwk: made.publicJwk, createdAt: now, retiredAt: null };
  });
}

interface SigningKeyRow {
  kid: string;
  privateJwk: unknown;
}

/** The newest key not retired. */
function signingKeyRow(client: PrismaClient | Tx): Promise<SigningKeyRow | null> {
  return client.resultSigningKey.findFirst({ where: { retiredAt: null }, orderBy: { id: 'desc' }, select: { kid: true, privateJwk: true } });
}

async function lock(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SIGNING_KEY_LOCK}::bigint)`;
}

/** Under the lock: the signing key another instance made meanwhile, or a new one. */
async function lockedSigningKey(tx: Tx, now: Date): Promise<SigningKeyRow> {
  await lock(tx);
  const existing = await signingKeyRow(tx);
  if (existing) return existing;
  const made = await makeKey(tx, now);
  return { kid: made.kid, privateJwk: made.privateJwk };
}

async function makeKey(tx: Tx, now: Date): Promise<{ kid: string; publicJwk: JWK; privateJwk: JWK }> {
  const pair = await generateKeyPair(SIGNING_ALGORITHM, { crv: 'Ed25519', extractable: true });
  const privateJwk = await exportJWK(pair.privateKey);
  const { kty, crv, x } = await exportJWK(pair.publicKey);
  const publicJwk: JWK = { kty, crv, x };
  const kid = await calculateJwkThumbprint(publicJwk);
  await tx.$executeRaw`INSERT INTO "ResultSigningKey" ("kid", "publicJwk", "privateJwk", "createdAt")
    VALUES (${kid}, ${JSON.stringify(publicJwk)}::jsonb, ${JSON.stringify(privateJwk)}::jsonb, ${now})`;
  return { kid, publicJwk, privateJwk };
}
