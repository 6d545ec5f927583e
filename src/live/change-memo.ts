/**
 * Distinct loads one change may share. Subscribers of a change ask for a handful of selections (the
 * apps' documents); past this bound a selection is loaded for its subscriber alone, as before, so a
 * client sending ever new documents cannot grow the memo.
 */
export const MAX_SHARED_LOADS = 32;

/**
 * What the subscribers of one change load to answer it, loaded once for all of them: the game and
 * the event with a given selection, the per-request loaders. It lives as long as the change's
 * delivery, that is until the last subscriber has taken it, so it needs no expiry; a change is
 * never answered from another change's memo.
 */
export class ChangeMemo {
  private readonly values = new Map<string, unknown>();

  /** `make()`'s value under `key`, made by the first subscriber that asks; a rejected promise is forgotten, so the next one tries again. */
  get<T>(key: string, make: () => T): T {
    if (this.values.has(key)) return this.values.get(key) as T;
    const value = make();
    if (this.values.size >= MAX_SHARED_LOADS) return value;
    this.values.set(key, value);
    if (value instanceof Promise) {
      value.catch(() => {
        if (this.values.get(key) === value) this.values.delete(key);
      });
    }
    return value;
  }

  get size(): number {
    return this.values.size;
  }
}
