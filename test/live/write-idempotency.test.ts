import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/domain/errors.js';
import { RESEND_WINDOW_MS } from '../../src/domain/game-write.js';
import {
  assertIdempotencyKey,
  type EarlierWrite,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  LAST_WRITE_KEY_MAX_LENGTH,
  retryVerdict,
  storedKeys,
} from '../../src/live/write-idempotency.js';

const WRITE = { idempotencyKey: 'k', idempotencyScope: 'WRITE' } as const;
const LAST = { idempotencyKey: 'k', idempotencyScope: 'LAST_WRITE' } as const;
const game = { id: 1003928, version: 5 };
const AT = new Date('2026-11-22T15:30:00Z');
const written = (over: Partial<EarlierWrite> = {}): EarlierWrite => ({
  gameId: game.id,
  version: game.version,
  eventId: null,
  inputHash: 'h',
  at: AT,
  ...over,
});
const later = (ms: number) => new Date(AT.getTime() + ms);

describe('which stored key a key maps to', () => {
  it('WRITE (also when no scope is given): the key itself, for the lookup and the new write', () => {
    expect(storedKeys(WRITE, game)).toEqual({ earlier: 'k', written: 'k' });
    expect(storedKeys({ idempotencyKey: 'k' }, game)).toEqual({ earlier: 'k', written: 'k' });
    expect(storedKeys({ idempotencyKey: 'k', idempotencyScope: null }, game)).toEqual({ earlier: 'k', written: 'k' });
  });

  it('LAST_WRITE: the key with the game and the version before the write; a retry looks for the write that made the current version', () => {
    expect(storedKeys(LAST, game)).toEqual({ earlier: 'k@1003928:4', written: 'k@1003928:5' });
    // Nothing was written to the game yet: no earlier write can be a retry's.
    expect(storedKeys(LAST, { id: 7, version: 0 })).toEqual({ earlier: null, written: 'k@7:0' });
  });

  it('a LAST_WRITE key of the longest length fits the stored length with the longest suffix', () => {
    const longest = 2 ** 31 - 1;
    const key = { idempotencyKey: 'x'.repeat(LAST_WRITE_KEY_MAX_LENGTH), idempotencyScope: 'LAST_WRITE' } as const;
    expect(LAST_WRITE_KEY_MAX_LENGTH).toBeGreaterThanOrEqual(64);
    expect(storedKeys(key, { id: longest, version: longest }).written).toHaveLength(IDEMPOTENCY_KEY_MAX_LENGTH);
  });
});

describe('the length of a key', () => {
  it('1 to 100 characters; with LAST_WRITE 1 to 78, so that its suffix fits', () => {
    expect(() => assertIdempotencyKey({ idempotencyKey: 'x'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH) })).not.toThrow();
    expect(() => assertIdempotencyKey({ idempotencyKey: 'x'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1) })).toThrow('idempotencyKey must be 1 to 100 characters');
    expect(() => assertIdempotencyKey({ idempotencyKey: '' })).toThrow(InvalidInputError);
    expect(() => assertIdempotencyKey({ ...LAST, idempotencyKey: 'x'.repeat(LAST_WRITE_KEY_MAX_LENGTH) })).not.toThrow();
    expect(() => assertIdempotencyKey({ ...LAST, idempotencyKey: 'x'.repeat(LAST_WRITE_KEY_MAX_LENGTH + 1) })).toThrow(
      'idempotencyKey must be 1 to 78 characters with idempotencyScope LAST_WRITE',
    );
    expect(() => assertIdempotencyKey({ ...LAST, idempotencyKey: '' })).toThrow(InvalidInputError);
  });
});

describe('when a key replays', () => {
  it('writes when the key found no earlier write', () => {
    expect(retryVerdict(WRITE, game, null, 'h')).toBe('write');
    expect(retryVerdict(LAST, game, null, 'h')).toBe('write');
  });

  it('WRITE: replays the earlier write with the same input whenever it was made; refuses another input', () => {
    expect(retryVerdict(WRITE, game, written({ version: 2 }), 'h')).toBe('replay');
    expect(() => retryVerdict(WRITE, game, written({ version: 2 }), 'other')).toThrow('idempotencyKey "k" was already used for a different write');
  });

  it('LAST_WRITE: replays the write that made the game’s current version with the same input; refuses another input', () => {
    expect(retryVerdict(LAST, game, written(), 'h')).toBe('replay');
    expect(() => retryVerdict(LAST, game, written(), 'other')).toThrow(InvalidInputError);
  });

  it('LAST_WRITE: writes anew when what the stored key found is not the game’s last write (a WRITE key spelled like a scoped one)', () => {
    expect(retryVerdict(LAST, game, written({ version: 3 }), 'h')).toBe('write');
    expect(retryVerdict(LAST, game, written({ gameId: 42 }), 'other')).toBe('write');
  });

  it('LAST_WRITE of a repeatable write (undo, a period end or start): a resend within the resend window, the desk’s next step after it', () => {
    const undo = { now: later(RESEND_WINDOW_MS), repeatable: true };
    expect(retryVerdict(LAST, game, written(), 'h', undo)).toBe('replay');
    expect(retryVerdict(LAST, game, written(), 'h', { ...undo, now: later(RESEND_WINDOW_MS + 1) })).toBe('write');
    // Anything else the desk records names what it records: the same one twice in a row is a resend, however late.
    expect(retryVerdict(LAST, game, written(), 'h', { now: later(3_600_000), repeatable: false })).toBe('replay');
    // A key the client chose (WRITE) is its word that this is the same write, whenever it comes.
    expect(retryVerdict(WRITE, game, written(), 'h', { ...undo, now: later(3_600_000) })).toBe('replay');
  });
});
