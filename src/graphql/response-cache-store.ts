import type { ExecutionResult } from 'graphql';
import type { Cache } from '@graphql-yoga/plugin-response-cache';
import { BoundedLru, type CacheClock } from '../cache/bounded.js';
import { ScopedCache } from '../cache/scoped-cache.js';
import { scopeTag, type ScopeTag } from '../live/change-scope.js';
import type { ChangeFeed, LeagueChange } from '../live/changes.js';
import { SCOPING_TYPES } from './document-scope.js';

/**
 * The heap a stored result holds per byte of its JSON. Measured (node 20, graphql 16.15, demo league
 * of the tests, `node --expose-gc`: process.memoryUsage().heapUsed after gc before and after holding
 * N results, divided by N and by the JSON length):
 *
 *   result                                           JSON    as the plugin hands it   parsed from its JSON
 *   games(first: 100) { … events { type second } }   73 KB   1,012 KB  13.9×          128 KB  1.8×
 *   games(first: 100) { … events { second } }        35 KB                             96 KB  2.8×
 *   games(first: 100) with cursors, teams, scores     27 KB      43 KB   1.6×           38 KB  1.4×
 *   teamVisitors (the crowds table)                  2.1 KB     6.8 KB   3.2×          3.0 KB  1.5×
 *   teams(first: 100) with clubs                     3.3 KB     8.5 KB   2.5×          6.4 KB  2.0×
 *   a group's standings                              0.7 KB     5.2 KB   7.4×          1.1 KB  2.1×
 *   seasons { id }                                    58 B                             242 B   4.2×
 *   synthetic worst shapes: { n: 0.5 }, { b: { c: { d } } }, { a: null } per row        3.6–4.6×
 *
 * The plugin hands over a copy whose objects lost their metadata fields by `delete`, which leaves
 * V8 objects in dictionary mode: a list of small objects then weighs 14 times its JSON, and no
 * factor on the JSON bounds it well. The store therefore keeps the result parsed back from the JSON
 * it serializes anyway to weigh it (the same JSON goes out on every hit), and weighs that at five
 * bytes a JSON byte, above every shape measured, plus 1 KB per entry.
 */
export const HEAP_BYTES_PER_JSON_BYTE = 5;
const ENTRY_OVERHEAD_BYTES = 1024;

export const RESPONSE_CACHE_ENTRIES = 1000;
const MAX_PENDING_MISSES = 10_000;
/**
 * The heap a pending miss holds: its key (a SHA-256 in hex, `scoped:` before it or not) and a
 * number in the LRU's entry. Measured (node 20, `node --expose-gc`, 10,000 keys as
 * result-cache-key.ts builds them, half of them scoped): 213 bytes an entry; weighed as two bytes a
 * key character plus 120, 248 and 262 bytes for such keys. The count binds first; shed under heap
 * pressure like every cache, a forgotten miss only means its result is not stored.
 */
const missWeight = (key: string) => 2 * key.length + 120;
/** Heap the stored results hold at most, as weighed above. */
export const RESPONSE_CACHE_BYTES = 16 * 1024 * 1024;

/** The weight of a stored result whose JSON is `jsonLength` long: the measured factor, its key, and a fixed cost. */
export function resultWeight(jsonLength: number, key: string): number {
  return 2 * key.length + ENTRY_OVERHEAD_BYTES + HEAP_BYTES_PER_JSON_BYTE * jsonLength;
}

/** What the plugin reports a result to hold: a type name and, for identified objects, an id. */
type CacheEntityRecord = Parameters<Cache['set']>[2] extends Iterable<infer Entity> ? Entity : never;

interface Stored {
  /** Parsed from its JSON: compact objects, see HEAP_BYTES_PER_JSON_BYTE. */
  result: ExecutionResult;
  jsonLength: number;
  /** Type names in the result, for invalidation. */
  typenames: ReadonlySet<string>;
}

/** The prefix of a cache key whose document is scoped by the records its results show (src/graphql/document-scope.ts). */
export const SCOPED_KEY_PREFIX = 'scoped:';

export interface BoundedResponseCache extends Cache {
  /** Whether a fresh result is stored under the key, without counting as a lookup. */
  holds(id: string): boolean;
  /** Entries and estimated heap held, for tests and diagnostics. */
  stats(): { entries: number; bytes: number };
  /**
   * A write committed: drops the results it may alter (of scoped documents, those showing a record
   * it touched; every other one), and results of such executions that began before are not kept.
   */
  changed(change: LeagueChange): void;
}

/**
 * The response cache's store: yoga's cache interface around the service's one cache (ScopedCache,
 * src/cache/scoped-cache.ts), bounded by count and by the heap the results hold (the plugin's
 * in-memory cache counts entries only, and one result can be a megabyte). Storing serializes the
 * result once and parses it back (see HEAP_BYTES_PER_JSON_BYTE), on a miss only, next to an
 * execution that cost far more. It stores whatever src/graphql.ts lets the plugin hand it: the
 * decision what may be shared is made there.
 *
 * `invalidate` (the plugin's, which src/graphql.ts does not call after mutations) drops every entry
 * that holds one of the named types, whatever the id. A live write
 * (`changed`) drops the results of documents that read records by id (keys with SCOPED_KEY_PREFIX)
 * only if they show a game, team, club, player or group it touched, and every other result:
 * standings, top scorers and lists follow from its events too.
 *
 * The plugin looks a result up (a miss) before it executes and stores it after: the miss notes the
 * cache's generation, and a result whose lookup came before a write that touched it may hold data
 * from before the write, so it is not stored. (Concurrent misses of one key each execute, as the
 * plugin expects of a store: the store does not make them wait for one another.)
 */
export function createBoundedResponseCache(
  options: { maxEntries?: number; maxBytes?: number; now?: CacheClock; feed?: Pick<ChangeFeed, 'state'> } = {},
): BoundedResponseCache {
  const entries = new ScopedCache<Stored>({
    maxEntries: options.maxEntries ?? RESPONSE_CACHE_ENTRIES,
    maxBytes: options.maxBytes ?? RESPONSE_CACHE_BYTES,
    weigh: (stored, key) => resultWeight(stored.jsonLength, key),
    now: options.now,
    // Its changes come through `changed`; the feed says whether any may have been missed.
    feed: options.feed,
  });
  /**
   * The generation of the first miss of each id still executing. Results the plugin does not store
   * (errors, private types) never come back to set(): the bound keeps their ids from piling up, and
   * a forgotten id only means a result is not stored.
   */
  const missedIn = new BoundedLru<number>({
    maxEntries: MAX_PENDING_MISSES,
    maxBytes: MAX_PENDING_MISSES * missWeight(`${SCOPED_KEY_PREFIX}${'0'.repeat(64)}`),
    weigh: (_generation, key) => missWeight(key),
  });
  return {
    set(id: string, result: ExecutionResult, entities: Iterable<CacheEntityRecord>, ttl: number) {
      const missed = missedIn.get(id);
      missedIn.delete(id);
      const typenames = new Set<string>();
      const tags: ScopeTag[] = [];
      for (const entity of entities) {
        typenames.add(entity.typename);
        const kind = SCOPING_TYPES[entity.typename];
        const tag = kind && scopeTag(kind, entity.id);
        if (tag) tags.push(tag);
      }
      const scope = id.startsWith(SCOPED_KEY_PREFIX) ? tags : undefined;
      if (missed === undefined) return;
      const json = JSON.stringify(result);
      entries.store(id, { result: JSON.parse(json) as ExecutionResult, jsonLength: json.length, typenames }, { scope, since: missed, ttlMs: ttl });
    },
    get(id: string) {
      const found = entries.get(id)?.result ?? null;
      if (!found && !missedIn.has(id)) missedIn.set(id, entries.generation);
      return found;
    },
    changed: (change: LeagueChange) => entries.changed(change),
    invalidate(entities: Iterable<CacheEntityRecord>) {
      const typenames = new Set<string>();
      for (const entity of entities) typenames.add(entity.typename);
      if (typenames.size > 0) entries.deleteWhere((stored) => [...stored.typenames].some((name) => typenames.has(name)));
    },
    holds: (id: string) => entries.holds(id),
    stats: () => entries.stats(),
  };
}
