import type { ExecutionResult } from 'graphql';
import type { Cache } from '@graphql-yoga/plugin-response-cache';
import { BoundedLru, type CacheClock } from '../cache/bounded.js';
import { ScopedCache } from '../cache/scoped-cache.js';
import { scopeTag, type ScopeTag } from '../live/change-scope.js';
import type { ChangeFeed, ChangePosition, LeagueChange } from '../live/changes.js';
import type { SharedAnswerSpace } from '../cache/shared-answer-store.js';
import { entityTagOf } from '../http/entity-tags.js';
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
  /**
   * A request of this process begins (`begin`) or ends (`end`) the query operation under `id`.
   * Only the ids of running queries are asked of the shared store; the claim to build one is
   * released when the last such request ends without the result having been stored (an error, a
   * result a key decided), so that other processes need not wait for a build never stored.
   */
  begin(id: string): void;
  end(id: string): void;
}

/** The media type of a result in the shared store: the stored result and the type names it holds, as JSON. */
const SHARED_RESULT_TYPE = 'application/json';

/** A result as the shared store keeps it. */
interface SharedResult {
  result: ExecutionResult;
  typenames: string[];
}

/** A result this process builds for the shared store: where the build began, and whether this process holds the claim. */
interface SharedBuild {
  position: ChangePosition;
  claimed: boolean;
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
  options: {
    maxEntries?: number;
    maxBytes?: number;
    now?: CacheClock;
    feed?: Pick<ChangeFeed, 'state'>;
    /**
     * The GraphQL space of the store shared by every worker and instance
     * (src/cache/shared-answer-store.ts): a result missing here is looked up there before it is
     * executed, and a result stored here is stored there too. Absent: this process's cache only.
     */
    shared?: SharedAnswerSpace;
  } = {},
): BoundedResponseCache {
  const now = options.now ?? Date.now;
  const shared = options.shared;
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
  /** Shared-store look-ups under way, one per id: concurrent misses in this process wait for the same one. */
  const lookingUp = new Map<string, Promise<ExecutionResult | null>>();
  /** Results this process executes after the shared store did not have them. */
  const building = new Map<string, SharedBuild>();
  /** Requests of this process running each id (begin/end). */
  const running = new Map<string, number>();

  /** Looks a missed result up in the shared store; found, it is kept here too. Not found, this process builds it (`building`). */
  const lookUpShared = (space: SharedAnswerSpace, id: string, position: ChangePosition, generation: number): Promise<ExecutionResult | null> => {
    const lookup = (async () => {
      const obtained = await space.obtain(id, now);
      if (!obtained.answer) {
        building.set(id, { position, claimed: obtained.claimed });
        return null;
      }
      const { answer } = obtained;
      const ttlMs = answer.freshUntil - now();
      if (ttlMs <= 0) return null;
      const json = answer.body.toString('utf8');
      const found = JSON.parse(json) as SharedResult;
      // Kept under the scope the row was built for, unless this process heard of a write that touched it since the miss.
      // Weighed by the row's JSON: the result's and its few type names.
      if (
        entries.store(
          id,
          { result: found.result, jsonLength: json.length, typenames: new Set(found.typenames) },
          { scope: answer.scope, since: generation, ttlMs },
        )
      )
        missedIn.delete(id);
      return found.result;
    })().finally(() => lookingUp.delete(id));
    lookingUp.set(id, lookup);
    return lookup;
  };

  /** Stores a result this process built in the shared store, unless a write it heard since the miss touched it; frees the claim either way. */
  const storeShared = async (
    space: SharedAnswerSpace,
    id: string,
    build: SharedBuild,
    stored: SharedResult,
    scope: ScopeTag[] | undefined,
    since: number,
    ttlMs: number,
  ) => {
    if (entries.touchedSince(since, scope)) {
      if (build.claimed) await space.release(id);
      return;
    }
    const body = Buffer.from(JSON.stringify(stored));
    const etag = entityTagOf(SHARED_RESULT_TYPE, body);
    // The claim is freed by the same statement, stored or not.
    const kept = await space.store(
      id,
      { body, contentType: SHARED_RESULT_TYPE, etag, variants: {}, scope, freshUntil: now() + ttlMs },
      build.position,
      build.claimed,
    );
    // A write heard while the row was written: its deletion may have run before the row was there.
    if (kept && entries.touchedSince(since, scope)) await space.forget(id, etag);
  };

  return {
    set(id: string, result: ExecutionResult, entities: Iterable<CacheEntityRecord>, ttl: number) {
      const missed = missedIn.get(id);
      missedIn.delete(id);
      const build = building.get(id);
      building.delete(id);
      const typenames = new Set<string>();
      const tags: ScopeTag[] = [];
      for (const entity of entities) {
        typenames.add(entity.typename);
        const kind = SCOPING_TYPES[entity.typename];
        const tag = kind && scopeTag(kind, entity.id);
        if (tag) tags.push(tag);
      }
      const scope = id.startsWith(SCOPED_KEY_PREFIX) ? tags : undefined;
      if (missed === undefined) {
        if (build?.claimed) void shared?.release(id);
        return;
      }
      const json = JSON.stringify(result);
      entries.store(id, { result: JSON.parse(json) as ExecutionResult, jsonLength: json.length, typenames }, { scope, since: missed, ttlMs: ttl });
      if (shared && build) void storeShared(shared, id, build, { result, typenames: [...typenames] }, scope, missed, ttl);
    },
    get(id: string) {
      const found = entries.get(id)?.result ?? null;
      if (found) return found;
      if (!missedIn.has(id)) missedIn.set(id, entries.generation);
      // Asked once per miss: the second look-up of the same execution (yoga looks before and at execution) finds the build noted.
      if (!shared || !running.has(id) || building.has(id)) return null;
      const pending = lookingUp.get(id);
      if (pending) return pending;
      const position = shared.position();
      return position ? lookUpShared(shared, id, position, missedIn.get(id) ?? entries.generation) : null;
    },
    begin(id: string) {
      if (shared) running.set(id, (running.get(id) ?? 0) + 1);
    },
    end(id: string) {
      if (!running.has(id)) return;
      const left = (running.get(id) ?? 0) - 1;
      if (left > 0) {
        running.set(id, left);
        return;
      }
      running.delete(id);
      const build = building.get(id);
      building.delete(id);
      if (build?.claimed) void shared?.release(id);
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
