import type { ExecutionResult } from 'graphql';
import type { Cache } from '@graphql-yoga/plugin-response-cache';
import { ChangeLog, changeTouches, scopeTag, type ChangeScope, type ScopeTag } from '../live/change-scope.js';
import type { LeagueChange } from '../live/changes.js';
import { BoundedLru } from './bounded-lru.js';
import { SCOPING_TYPES } from './document-scope.js';

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
  /** The records the result shows, if its document is scoped by them; undefined, every write drops it. */
  scope: ChangeScope;
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
 * The response cache's store, bounded by count and by estimated heap (the plugin's in-memory cache
 * counts entries only, and one result can be a megabyte). Weighing serializes the result once, on
 * a miss only, next to an execution that cost far more.
 *
 * `invalidate` (the plugin's, which src/graphql.ts does not call after mutations) drops every entry
 * that holds one of the named types, whatever the id. A live write
 * (`changed`) drops the results of documents that read records by id (keys with SCOPED_KEY_PREFIX)
 * only if they show a game, team, club, player or group it touched, and every other result:
 * standings, top scorers and lists follow from its events too.
 *
 * The plugin looks a result up (a miss) before it executes and stores it after: a result whose
 * lookup came before a write that touched it may hold data from before the write, and is not stored.
 */
export function createBoundedResponseCache(options: { maxEntries?: number; maxBytes?: number } = {}): BoundedResponseCache {
  const entries = new BoundedLru<Stored>({
    maxEntries: options.maxEntries ?? RESPONSE_CACHE_ENTRIES,
    maxBytes: options.maxBytes ?? RESPONSE_CACHE_BYTES,
    weigh: (key, stored) => 2 * key.length + ENTRY_OVERHEAD_BYTES + HEAP_BYTES_PER_JSON_BYTE * JSON.stringify(stored.result).length,
  });
  const log = new ChangeLog();
  /** The generation of the first miss of each id still executing. */
  const missedIn = new Map<string, number>();
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
      if (missed === undefined || log.touchedSince(missed, scope)) return;
      entries.set(id, { result, typenames, scope }, ttl);
    },
    get(id: string) {
      const found = entries.get(id)?.result ?? null;
      if (!found && !missedIn.has(id)) {
        // Results the plugin does not store (errors, private types) never come back to set(): a
        // bound keeps their ids from piling up; a forgotten id only means a result is not stored.
        if (missedIn.size >= MAX_PENDING_MISSES) missedIn.clear();
        missedIn.set(id, log.generation);
      }
      return found;
    },
    changed(change: LeagueChange) {
      const touched = log.record(change);
      entries.deleteWhere((stored) => changeTouches(touched, stored.scope));
    },
    invalidate(entities: Iterable<CacheEntityRecord>) {
      const typenames = new Set<string>();
      for (const entity of entities) typenames.add(entity.typename);
      if (typenames.size > 0) entries.deleteWhere((stored) => [...stored.typenames].some((name) => typenames.has(name)));
    },
    holds: (id: string) => entries.has(id),
    stats: () => ({ entries: entries.size, bytes: entries.totalBytes }),
  };
}
