import { tagsOfChange, type ChangeScope, type ScopeTag } from '../live/change-scope.js';
import type { LeagueChange } from '../live/changes.js';

/** What a change may have altered: these records, or `everything` (an import, a change that does not say). */
export type Touched = ReadonlySet<ScopeTag> | 'everything';

/** Whether an answer of this scope is altered by a change that altered `changed`. */
export function changeTouches(changed: Touched, scope: ChangeScope): boolean {
  return changed === 'everything' || scope === undefined || scope.some((tag) => changed.has(tag));
}

/** How many recent changes a cache remembers; an answer whose build began before the oldest is never kept. */
const REMEMBERED_CHANGES = 1024;

/**
 * The changes a cache has heard of, numbered (its generations): an answer remembers the number
 * current when its build began, and is only kept (or handed to requests that waited for it) if no
 * change since touched its scope.
 */
export class ChangeLog {
  private latest = 0;
  private readonly recent: { generation: number; changed: Touched }[] = [];

  /** The number of the latest change heard of. */
  get generation(): number {
    return this.latest;
  }

  record(change: LeagueChange): Touched {
    const changed = tagsOfChange(change);
    this.latest += 1;
    this.recent.push({ generation: this.latest, changed });
    if (this.recent.length > REMEMBERED_CHANGES) this.recent.shift();
    return changed;
  }

  /** Whether a change after `generation` (up to `until`, the latest by default) touched the scope. */
  touchedSince(generation: number, scope: ChangeScope, until = this.latest): boolean {
    if (generation >= until) return false;
    if (this.recent.length === 0 || this.recent[0].generation > generation + 1) return true;
    // Newest first: an answer's build is seldom more than a few changes old.
    for (let i = this.recent.length - 1; i >= 0 && this.recent[i].generation > generation; i -= 1) {
      if (this.recent[i].generation <= until && changeTouches(this.recent[i].changed, scope)) return true;
    }
    return false;
  }
}
