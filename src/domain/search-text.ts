/**
 * Case- and accent-insensitive form of a name: `Grünau` and `GRUNAU` both become `grunau`.
 * The club table keeps the same fold of every name in `Club.searchName`, computed by PostgreSQL
 * (migration `club_search_name`); the two must stay equal.
 */
export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Text for Prisma's `contains` / `startsWith` filters matched literally: they become SQL `LIKE`
 * patterns, where `%` and `_` are wildcards unless escaped (PostgreSQL's escape is the backslash).
 */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
