/** Favorites as deployed clients send them: JSON objects with a `type` and that type's arguments. */

import { InvalidInputError } from './errors.js';

export type Favorite =
  | { type: 'league'; game_class: number; league: number; group?: string }
  | { type: 'club'; club_id: number }
  | { type: 'team'; team_id: number }
  | { type: 'player'; player_id: number };

export type FavoriteType = Favorite['type'];

/** A favorite that is malformed, names nothing that exists, or does not fit in the session. */
export class FavoriteError extends InvalidInputError {
  override readonly name = 'FavoriteError';
}

const ARGUMENTS: Record<FavoriteType, { required: string[]; optional: string[] }> = {
  league: { required: ['game_class', 'league'], optional: ['group'] },
  club: { required: ['club_id'], optional: [] },
  team: { required: ['team_id'], optional: [] },
  player: { required: ['player_id'], optional: [] },
};

export const FAVORITE_TYPES = Object.keys(ARGUMENTS) as FavoriteType[];

/** No group name holds one, and PostgreSQL cannot store NUL at all (error 22021 / 22P05). */
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** Validates one favorite (already JSON-decoded); the error names what is wrong. */
export function parseFavorite(value: unknown): Favorite {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new FavoriteError('a favorite must be a JSON object');
  const record = value as Record<string, unknown>;
  const type = record.type;
  if (typeof type !== 'string' || !(type in ARGUMENTS)) {
    throw new FavoriteError(`favorite type must be one of ${FAVORITE_TYPES.join(', ')}, got ${JSON.stringify(type ?? null)}`);
  }
  const spec = ARGUMENTS[type as FavoriteType];
  const extra = Object.keys(record).filter((key) => key !== 'type' && !spec.required.includes(key) && !spec.optional.includes(key));
  if (extra.length) throw new FavoriteError(`favorite of type ${type} does not take ${extra.join(', ')}`);
  for (const key of spec.required) {
    if (!(key in record)) throw new FavoriteError(`favorite of type ${type} needs ${key}`);
    if (!isId(record[key])) throw new FavoriteError(`${key} must be a positive integer, got ${JSON.stringify(record[key])}`);
  }
  if (
    record.group !== undefined &&
    (typeof record.group !== 'string' || record.group.trim() === '' || record.group.length > 100 || CONTROL_CHARACTER.test(record.group))
  ) {
    throw new FavoriteError('group must be a non-empty string of at most 100 characters, without control characters');
  }
  return record as Favorite;
}

/** Decodes one `favorites[]` entry (a JSON string). */
export function parseFavoriteJson(json: string): Favorite {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new FavoriteError(`favorite is not valid JSON: ${json.slice(0, 80)}`);
  }
  return parseFavorite(value);
}

/** The same favorite always has the same key, whatever the key order it was sent with. */
export function favoriteKey(favorite: Favorite): string {
  switch (favorite.type) {
    case 'league':
      return JSON.stringify({
        type: 'league',
        game_class: favorite.game_class,
        league: favorite.league,
        ...(favorite.group === undefined ? {} : { group: favorite.group }),
      });
    case 'club':
      return JSON.stringify({ type: 'club', club_id: favorite.club_id });
    case 'team':
      return JSON.stringify({ type: 'team', team_id: favorite.team_id });
    case 'player':
      return JSON.stringify({ type: 'player', player_id: favorite.player_id });
  }
}
