import type { LeagueChange } from './changes.js';

/**
 * Which records an answer was read from, as far as a live write can change it: a route that reads
 * one game, team, club, player or league group says so, and a write that touches none of them leaves its cached
 * answers alone. Everything else — standings, top scorers, lists, whatever a route does not
 * declare — is read from anywhere, and every write drops it.
 */
export type ScopeTag = `game:${number}` | `team:${number}` | `club:${number}` | `player:${number}` | `group:${number}`;
export type ScopeKind = ScopeTag extends `${infer Kind}:${number}` ? Kind : never;

/** `undefined`: the answer may follow from any record (every change drops it). */
export type ChangeScope = readonly ScopeTag[] | undefined;

/**
 * The tag of one record named by a request parameter. A value that is not a plain id (`007`,
 * `12abc`) gets no tag, so the answer falls back to the widest scope rather than one that a
 * write's tag (`game:7`) would never match.
 */
export function scopeTag(kind: ScopeKind, value: unknown): ScopeTag | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return /^[1-9][0-9]{0,15}$/.test(text) ? (`${kind}:${text}` as ScopeTag) : undefined;
}

/** A scope of the records named, or the widest one if any cannot be named. */
export function scopeOf(...tags: (ScopeTag | undefined)[]): ChangeScope {
  return tags.every((tag): tag is ScopeTag => tag !== undefined) ? tags : undefined;
}

/** What a change may have altered: `everything` for data changed wholesale (an import) or a change that does not say. */
export function tagsOfChange(change: LeagueChange): ReadonlySet<ScopeTag> | 'everything' {
  if (change.kind !== 'game' || !change.game.affects) return 'everything';
  const { gameId, groupId, affects } = change.game;
  return new Set<ScopeTag>([
    `game:${gameId}`,
    ...(groupId === null ? [] : [`group:${groupId}` as const]),
    ...affects.teamIds.map((id) => `team:${id}` as const),
    ...affects.clubIds.map((id) => `club:${id}` as const),
    ...affects.playerIds.map((id) => `player:${id}` as const),
  ]);
}

/** Whether an answer of this scope is altered by a change that altered `changed`. */
export function changeTouches(changed: ReadonlySet<ScopeTag> | 'everything', scope: ChangeScope): boolean {
  return changed === 'everything' || scope === undefined || scope.some((tag) => changed.has(tag));
}

/** How many recent changes a cache remembers; an answer whose build began before the oldest is never kept. */
const REMEMBERED_CHANGES = 1024;

/**
 * The changes a cache has heard of, numbered: an answer remembers the number current when its
 * build began, and is only kept (or handed to requests that waited for it) if no change since
 * touched its scope.
 */
export class ChangeLog {
  private latest = 0;
  private readonly recent: { generation: number; changed: ReadonlySet<ScopeTag> | 'everything' }[] = [];

  /** The number of the latest change heard of. */
  get generation(): number {
    return this.latest;
  }

  record(change: LeagueChange): ReadonlySet<ScopeTag> | 'everything' {
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
