/**
 * The idempotency of a game's writes, as the audit keeps it: every write of a game is audited under
 * its idempotency key, together with a hash of its input and the version it made. A retry with the
 * same key and input finds that row and returns the first result; the same key with another input
 * is refused. Live writes (src/live/game-writer.ts) and game-sheet writes (src/live/sheet-writer.ts)
 * share the table, so one key is used once, whatever it was used for.
 *
 * A key belongs to the game, not to whoever sent it: two desks of one game, or the federation
 * resending a desk's write, meet the same row (each caller is first checked to be allowed to write
 * the game). A caller's key also stays unique across its own writes (the table's unique index), so a
 * key sent for one game and then for another is refused rather than written twice.
 *
 * A key's scope says how long it replays. `WRITE` (the default): for good. `LAST_WRITE`: only while
 * the write it made is still the game's last write. That scope is for keys derived from a request's
 * content (a back-office client sends none, and the same request is legitimately sent again later: a
 * second period end, a lineup A→B→A), which must tell a retry from a repeat. Such a key is stored as
 * `key@game:versionBefore`: the write that made the game's current version is the one stored with
 * the version before it, so a retry finds it exactly while nothing else was written since. A write
 * whose repeat is meaningful by itself (an undo, a period's end or start: `isRepeatableWrite`)
 * replays under such a key only within `RESEND_WINDOW_MS` of the first: later, the same request is
 * the desk's next step.
 */
import { createHash } from 'node:crypto';
import { InvalidInputError } from '../domain/errors.js';
import { RESEND_WINDOW_MS } from '../domain/game-write.js';
import { Prisma } from '../generated/prisma/client.js';

/** The longest key stored (GameAuditEntry.idempotencyKey): what a client sends with `WRITE`, and a `LAST_WRITE` key with its suffix. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;

export const IDEMPOTENCY_SCOPES = ['WRITE', 'LAST_WRITE'] as const;
export type IdempotencyScope = (typeof IDEMPOTENCY_SCOPES)[number];

/** The suffix of a `LAST_WRITE` key at its longest: `@`, a game id and `:` a version, both 32-bit integers (10 digits). */
const SCOPED_SUFFIX_MAX_LENGTH = 1 + 10 + 1 + 10;
/** The longest `LAST_WRITE` key a client may send: with its suffix, it fits the stored length. */
export const LAST_WRITE_KEY_MAX_LENGTH = IDEMPOTENCY_KEY_MAX_LENGTH - SCOPED_SUFFIX_MAX_LENGTH;

/** A write's idempotency key as the client sends it; no scope means `WRITE`. */
export interface Idempotency {
  /** Chosen by the client per write and sent again with every retry of it. */
  idempotencyKey: string;
  idempotencyScope?: IdempotencyScope | null;
}

/** The game a write is about, as its lock read it. */
interface LockedVersion {
  id: number;
  version: number;
}

/** A write kept in the audit, as a retry finds it. */
export interface EarlierWrite {
  gameId: number;
  /** The game's version after that write. */
  version: number;
  eventId: number | null;
  inputHash: string;
  /** When it was written, by the service's clock. */
  at: Date;
}

/** When a retry is judged, and whether the write's repeat could be meant (`isRepeatableWrite`). */
export interface RetryTiming {
  now: Date;
  repeatable: boolean;
}

const scopeOf = (key: Idempotency): IdempotencyScope => key.idempotencyScope ?? 'WRITE';

export function assertIdempotencyKey(key: Idempotency): void {
  const max = scopeOf(key) === 'LAST_WRITE' ? LAST_WRITE_KEY_MAX_LENGTH : IDEMPOTENCY_KEY_MAX_LENGTH;
  if (key.idempotencyKey.length === 0 || key.idempotencyKey.length > max) {
    throw new InvalidInputError(
      `idempotencyKey must be 1 to ${max} characters${max === IDEMPOTENCY_KEY_MAX_LENGTH ? '' : ` with idempotencyScope ${scopeOf(key)}`}`,
      'idempotencyKey',
    );
  }
}

/**
 * Which stored key a write's key maps to: `earlier`, the one a retry is looked up by (null: no
 * earlier write can be one, a `LAST_WRITE` key on a game nothing was written to), and `written`, the
 * one a new write is kept under. The game id is part of a `LAST_WRITE` key because the stored keys
 * are unique per API key, not per game: the same content sent for two games at the same version must
 * not meet.
 */
export function storedKeys(key: Idempotency, game: LockedVersion): { earlier: string | null; written: string } {
  if (scopeOf(key) === 'WRITE') return { earlier: key.idempotencyKey, written: key.idempotencyKey };
  const at = (version: number) => `${key.idempotencyKey}@${game.id}:${version}`;
  return { earlier: game.version > 0 ? at(game.version - 1) : null, written: at(game.version) };
}

/**
 * Whether the write is a retry of `earlier` (what its key's `earlier` stored key found): `replay`
 * it, or `write` it anew; the same key with another input is refused, in either scope. A `LAST_WRITE`
 * key replays only the write that made the game's current version; the stored key says so by
 * construction (versions rise by one per write, under the game's lock), and the check makes sure of
 * it should a `WRITE` key happen to be spelled like a scoped one.
 */
export function retryVerdict(key: Idempotency, game: LockedVersion, earlier: EarlierWrite | null, inputHash: string, timing?: RetryTiming): 'replay' | 'write' {
  if (!earlier) return 'write';
  if (scopeOf(key) === 'LAST_WRITE') {
    if (earlier.gameId !== game.id || earlier.version !== game.version) return 'write';
    if (timing?.repeatable && timing.now.getTime() - earlier.at.getTime() > RESEND_WINDOW_MS) return 'write';
  }
  if (earlier.inputHash !== inputHash)
    throw new InvalidInputError(`idempotencyKey "${key.idempotencyKey}" was already used for a different write`, 'idempotencyKey');
  return 'replay';
}

/** The hash a write's input is audited with: what a retry must send again. */
export function inputHashOf(input: unknown): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/**
 * Looks the write's key up, under the game's lock: the earlier write this one is a retry of (return
 * its result, write nothing), or null and the stored key to keep the new write under. Refused when
 * the key was used for another input.
 */
export async function lookUpKey(
  tx: Pick<Prisma.TransactionClient, 'gameAuditEntry'>,
  keyId: number,
  key: Idempotency,
  game: LockedVersion,
  inputHash: string,
  timing?: RetryTiming,
): Promise<{ replay: EarlierWrite | null; storedKey: string }> {
  const stored = storedKeys(key, game);
  // The game's own first write under this key, whoever sent it; else this caller's use of it on
  // another game. One statement: the caller has at most one row per key (the unique index).
  const found =
    stored.earlier === null
      ? []
      : await tx.gameAuditEntry.findMany({
          where: { idempotencyKey: stored.earlier, OR: [{ gameId: game.id }, { apiKeyId: keyId }] },
          select: { gameId: true, version: true, eventId: true, inputHash: true, at: true },
          orderBy: { id: 'asc' },
          take: 2,
        });
  const earlier = found.find((row) => row.gameId === game.id) ?? found[0] ?? null;
  return { replay: retryVerdict(key, game, earlier, inputHash, timing) === 'replay' ? earlier : null, storedKey: stored.written };
}

/**
 * Runs the write's transaction, once more if it lost the race for its idempotency key: the same key
 * sent at the same time for two games, whose other write holds it now. The second attempt finds
 * that write and refuses this one for its different input.
 */
export async function retryingKeyRace<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return attempt();
    throw error;
  }
}
