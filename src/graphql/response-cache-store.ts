import type { ExecutionResult } from 'graphql';
import type { Cache } from '@graphql-yoga/plugin-response-cache';
import { BoundedLru } from './bounded-lru.js';

/**
 * Measured: a cached result object holds about 1.9 heap bytes per byte of its JSON (results of
 * 0.5–35 KB from the demo league). Weighing by twice the JSON length, plus a little per entry,
 * errs on the heavy side.
 */
const HEAP_BYTES_PER_JSON_BYTE = 2;
const ENTRY_OVERHEAD_BYTES = 512;

export const RESPONSE_CACHE_ENTRIES = 1000;
const MAX_PENDING_MISSES = 10_000;
export const RESPONSE_CACHE_BYTES = 16 * 1024 * 1024;

/** What the plugin reports a result to hold: a type name and, for identified objects, an id. */
type CacheEntityRecord = Parameters<Cache['set']>[2] extends Iterable<infer Entity> ? Entity : never;

interface Stored {
  result: ExecutionResult;
  /** Type names in the result, for invalidation. */
  typenames: ReadonlySet<string>;
}

export interface BoundedResponseCache extends Cache {
  /** Entries and estimated heap held, for tests and diagnostics. */
  stats(): { entries: number; bytes: number };
  /** Drops every result (a write committed); results of executions that began before are not kept either. */
  clear(): void;
}

/**
 * The response cache's store, bounded by count and by estimated heap (the plugin's in-memory cache
 * counts entries only, and one result can be a megabyte). Weighing serializes the result once, on
 * a miss only, next to an execution that cost far more.
 *
 * Invalidation (after a mutation) drops every entry that holds one of the named types, whatever the
 * id: coarser than per entity, and cheap, since no per-entity index is kept. A live write clears
 * everything (`clear`): standings, top scorers and statistics follow from its events too.
 *
 * The plugin looks a result up (a miss) before it executes and stores it after: a result whose
 * lookup came before the latest clear was read before a write committed, and is not stored.
 */
export function createBoundedResponseCache(options: { maxEntries?: number; maxBytes?: number } = {}): BoundedResponseCache {
  const entries = new BoundedLru<Stored>({
    maxEntries: options.maxEntries ?? RESPONSE_CACHE_ENTRIES,
    maxBytes: options.maxBytes ?? RESPONSE_CACHE_BYTES,
    weigh: (key, stored) => 2 * key.length + ENTRY_OVERHEAD_BYTES + HEAP_BYTES_PER_JSON_BYTE * JSON.stringify(stored.result).length,
  });
  let generation = 0;
  /** The generation of the first miss of each id still executing. */
  const missedIn = new Map<string, number>();
  return {
    set(id: string, result: ExecutionResult, entities: Iterable<CacheEntityRecord>, ttl: number) {
      const missed = missedIn.get(id);
      missedIn.delete(id);
      if (missed !== generation) return;
      const typenames = new Set<string>();
      for (const entity of entities) typenames.add(entity.typename);
      entries.set(id, { result, typenames }, ttl);
    },
    get(id: string) {
      const found = entries.get(id)?.result ?? null;
      if (!found && !missedIn.has(id)) {
        // Results the plugin does not store (errors, private types) never come back to set(): a
        // bound keeps their ids from piling up; a forgotten id only means a result is not stored.
        if (missedIn.size >= MAX_PENDING_MISSES) missedIn.clear();
        missedIn.set(id, generation);
      }
      return found;
    },
    clear() {
      generation += 1;
      entries.deleteWhere(() => true);
    },
    invalidate(entities: Iterable<CacheEntityRecord>) {
      const typenames = new Set<string>();
      for (const entity of entities) typenames.add(entity.typename);
      if (typenames.size > 0) entries.deleteWhere((stored) => [...stored.typenames].some((name) => typenames.has(name)));
    },
    stats: () => ({ entries: entries.size, bytes: entries.totalBytes }),
  };
}
