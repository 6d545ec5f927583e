// People's passwords (the back office's PUT /bo/people/:id/validate_password): stored only as a
// memory-hard scrypt hash with a salt of its own, its parameters kept with it so that they can be
// raised later without invalidating the hashes already stored. A password is never logged, kept
// past the check, or answered. Why these parameters: docs/decisions.md (the back office's people).
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost: N = 2^15, r = 8, p = 1 takes 32 MiB and ~50–100 ms per hash on one core. */
export const PASSWORD_HASH_PARAMETERS = { log2N: 15, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** A password longer than this is no password anyone was given: refused unhashed, so a huge one costs nothing. */
export const MAX_PASSWORD_LENGTH = 1024;
/** The most any stored hash may ask for (r·N·128 bytes): a hash written with absurd parameters is refused, not run. */
const MAX_MEMORY_BYTES = 256 * 1024 * 1024;

const SCHEME = 'scrypt';

interface Parameters {
  log2N: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, { log2N, r, p }: Parameters): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** log2N, r, p, maxmem: 2 * 128 * r * 2 ** log2N + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$15$8$1$<salt>$<key>` of a new password, with a fresh random salt. */
export async function hashPassword(password: string, parameters: Parameters = PASSWORD_HASH_PARAMETERS): Promise<string> {
  if (password.length === 0 || password.length > MAX_PASSWORD_LENGTH) throw new RangeError(`A password has 1–${MAX_PASSWORD_LENGTH} characters`);
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, parameters);
  return [SCHEME, parameters.log2N, parameters.r, parameters.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface StoredHash extends Parameters {
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): StoredHash | undefined {
  const [scheme, log2N, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== SCHEME || rest.length > 0 || salt === undefined || key === undefined) return undefined;
  const parameters = { log2N: Number(log2N), r: Number(r), p: Number(p) };
  if (!Object.values(parameters).every((value) => Number.isInteger(value) && value >= 1)) return undefined;
  if (parameters.log2N > 24 || 128 * parameters.r * 2 ** parameters.log2N > MAX_MEMORY_BYTES || parameters.p > 16) return undefined;
  const parsed = { ...parameters, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
  return parsed.salt.length > 0 && parsed.key.length > 0 ? parsed : undefined;
}

/** A hash of nothing anyone knows, checked when there is no stored hash: the answer takes as long whether the person has a password or not. */
let decoy: Promise<string> | undefined;

/**
 * Whether `password` is the one `stored` was made of, compared in constant time. No stored hash (a
 * person without a password), a malformed one or an overlong password: false, after the same work
 * as a real check, so the time taken does not tell a person with a password from one without.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const hash = stored ? parse(stored) : undefined;
  const usable = hash !== undefined && password.length > 0 && password.length <= MAX_PASSWORD_LENGTH;
  const checked = usable ? hash : (parse(await (decoy ??= hashPassword(randomBytes(18).toString('base64url')))) as StoredHash);
  const key = await derive(usable ? password : 'not the password', checked.salt, checked);
  return usable && key.length === checked.key.length && timingSafeEqual(key, checked.key);
}
