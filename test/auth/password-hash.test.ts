import { describe, expect, it } from 'vitest';
import { hashPassword, MAX_PASSWORD_LENGTH, PASSWORD_HASH_PARAMETERS, verifyPassword } from '../../src/auth/password-hash.js';

describe('password hashes', () => {
  it('scrypt with its parameters and a salt of its own: the same password hashes differently each time', async () => {
    const [first, second] = [await hashPassword('correct horse'), await hashPassword('correct horse')];
    const { log2N, r, p } = PASSWORD_HASH_PARAMETERS;
    expect(first).toMatch(new RegExp(`^scrypt\\$${log2N}\\$${r}\\$${p}\\$[A-Za-z0-9_-]{22}\\$[A-Za-z0-9_-]{43}$`));
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', first)).toBe(true);
    expect(await verifyPassword('correct horse', second)).toBe(true);
    expect(await verifyPassword('correct horse ', first)).toBe(false);
    expect(await verifyPassword('Correct horse', first)).toBe(false);
  });

  it('a hash made with other parameters is checked with its own', async () => {
    const cheaper = await hashPassword('secret', { log2N: 10, r: 8, p: 1 });
    expect(cheaper.startsWith('scrypt$10$8$1$')).toBe(true);
    expect(await verifyPassword('secret', cheaper)).toBe(true);
  });

  it('no hash, a malformed or absurd one, an empty or overlong password: false, never an error', async () => {
    const stored = await hashPassword('secret');
    expect(await verifyPassword('secret', null)).toBe(false);
    expect(await verifyPassword('secret', undefined)).toBe(false);
    expect(await verifyPassword('secret', 'bcrypt$whatever')).toBe(false);
    expect(await verifyPassword('secret', stored.replace('scrypt$15$', 'scrypt$40$'))).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
    expect(await verifyPassword('x'.repeat(MAX_PASSWORD_LENGTH + 1), stored)).toBe(false);
    await expect(hashPassword('')).rejects.toThrow(RangeError);
  });
});
