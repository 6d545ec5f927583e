// Id arguments are named in one pattern: `<thing>Id` for one id, `<thing>Ids` for a list
// (`clubId`, `leagueIds`, `gameClassId`). Arguments named otherwise before (`league`, `gameClass`,
// `leagues`) stay, deprecated, and mean the same; a request naming both spellings is refused.
// `season` stays as it is: a season is named by its first year (2025 = 2025/26), a value more than
// a reference (docs/decisions.md).
import { badUserInput } from './errors.js';

/** The deprecation reason of an id argument renamed to `name`. */
export function renamedTo(name: string): string {
  return `Use \`${name}\`: id arguments are named <thing>Id / <thing>Ids. Still answered; giving both is BAD_USER_INPUT.`;
}

/**
 * The value of an argument renamed from `oldName` to `name`: whichever of the two the request gives;
 * BAD_USER_INPUT naming both when it gives both. `where` prefixes the names (`favorites[0].`).
 */
export function renamedArg<T>(args: object, name: string, oldName: string, where = ''): T | null | undefined {
  const values = args as Record<string, T | null | undefined>;
  const value = values[name];
  const old = values[oldName];
  if (value != null && old != null) {
    throw badUserInput(`Give "${where}${name}" or its deprecated name "${where}${oldName}", not both`, `${where}${name}`);
  }
  return value ?? old;
}

/** As `renamedArg`, for an argument that was required: one of the two names must be given. */
export function requiredRenamedArg<T>(args: object, name: string, oldName: string): T {
  const value = renamedArg<T>(args, name, oldName);
  if (value == null) throw badUserInput(`Argument "${name}" is required (or its deprecated name "${oldName}")`, name);
  return value;
}
