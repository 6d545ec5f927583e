import type { LeagueChange } from './changes.js';

/**
 * Which records an answer was read from, as far as a live write can change it: a route that reads
 * one game, team, club, player, league group or league says so (a league's top scorers and game
 * lists name the league, its rankings the league's `standings`, which only a write to a decided
 * result changes; lists no game write changes, such as seasons and groups, name
 * nothing), and a write that touches none of them leaves its cached answers alone. Whatever a
 * route does not declare is read from anywhere, and every write drops it.
 *
 * This module is the vocabulary (the tags, and which a change names); the caches match them and
 * number the changes they heard of in src/cache/change-log.ts (`changeTouches`, `ChangeLog`).
 */
export type ScopeTag =
  | `game:${number}`
  | `team:${number}`
  | `club:${number}`
  | `player:${number}`
  | `group:${number}`
  | `league:${number}`
  | `standings:${number}`;
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
  if (change.kind !== 'game' || !change.game.affects?.leagueIds) return 'everything';
  const { gameId, groupId, affects } = change.game;
  return new Set<ScopeTag>([
    `game:${gameId}`,
    ...(groupId === null ? [] : [`group:${groupId}` as const]),
    ...affects.teamIds.map((id) => `team:${id}` as const),
    ...affects.clubIds.map((id) => `club:${id}` as const),
    ...affects.playerIds.map((id) => `player:${id}` as const),
    ...(affects.leagueIds ?? []).map((id) => `league:${id}` as const),
    ...(change.game.resultChanged === false ? [] : (affects.leagueIds ?? []).map((id) => `standings:${id}` as const)),
  ]);
}
