/**
 * The search over leagues, groups, clubs, teams and players (GraphQL `search`): what a query is,
 * which records it finds and in which order the hits come. The database applies the same rules in
 * one statement (src/schema/search.ts), a test holds the two equal.
 *
 * - A query is folded like every searched name (`foldName`: case and accents ignored) and split into
 *   words; a name matches when it holds every word (`ivo brun` finds `Ivo Brunner`).
 * - A record is also found through the league's hierarchy in the season searched: when its name and
 *   one of its lineages (the names of what it belongs to, `Lineage`) hold every word between them,
 *   it is a RELATED hit. `NLB` finds the NLB's leagues and groups by name, and the teams registered
 *   in its groups, their clubs and players as RELATED; `brunner sturmweid` finds the players named
 *   Brunner of a Sturmweid team.
 * - Hits are ranked by how the whole query meets the name: the name itself (EXACT), its beginning
 *   (PREFIX), the beginning of one of its words (WORD), anywhere else (PART), through a lineage
 *   (RELATED). Ties go by kind (league, group, club, team, player), then by folded name, then by id.
 *   A preferred kind (the matchcenter's category) comes before every other kind.
 * - Names are searched as the federation stores them: one name per record, not translated.
 */
import { InvalidInputError } from './errors.js';
import { foldName } from './search-text.js';

export const SEARCH_KINDS = ['LEAGUE', 'GROUP', 'CLUB', 'TEAM', 'PLAYER'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_MATCHES = ['EXACT', 'PREFIX', 'WORD', 'PART', 'RELATED'] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

/**
 * A query needs a word of at least this many characters: a trigram index cannot narrow a pattern of
 * fewer (its other words may be shorter: `uh lyss`).
 */
export const SEARCH_MIN_LENGTH = 3;
/** Longer queries are refused (no name is this long). */
export const SEARCH_MAX_LENGTH = 100;
/** At most this many words; each is one more condition on the index. */
export const SEARCH_MAX_WORDS = 5;
export const SEARCH_DEFAULT_FIRST = 10;
export const SEARCH_MAX_FIRST = 50;

/** A query as the database matches it: the folded text (words joined by one space) and its words. */
export interface SearchTerms {
  readonly text: string;
  readonly words: readonly string[];
}

/** The folded query, or an InvalidInputError saying why it cannot be searched. */
export function searchTerms(query: string): SearchTerms {
  const words = foldName(query).split(/\s+/).filter(Boolean);
  const text = words.join(' ');
  if (!words.some((word) => word.length >= SEARCH_MIN_LENGTH)) {
    throw new InvalidInputError(`The search text needs a word of at least ${SEARCH_MIN_LENGTH} characters, got "${query}"`);
  }
  if (text.length > SEARCH_MAX_LENGTH) throw new InvalidInputError(`The search text must have at most ${SEARCH_MAX_LENGTH} characters`);
  if (words.length > SEARCH_MAX_WORDS) throw new InvalidInputError(`The search text must have at most ${SEARCH_MAX_WORDS} words`);
  return { text, words };
}

/** How many hits to return: `first` when given, within 1 … SEARCH_MAX_FIRST. */
export function searchLimit(first: number | null | undefined): number {
  if (first == null) return SEARCH_DEFAULT_FIRST;
  if (!Number.isInteger(first) || first < 1 || first > SEARCH_MAX_FIRST) {
    throw new InvalidInputError(`first must be between 1 and ${SEARCH_MAX_FIRST}, got ${first}`);
  }
  return first;
}

/**
 * One way a record belongs to the league in the season searched: the folded names above it. A group
 * is named by its title (`herren gf nlb gruppe 1`: game class, league, group), so its league is in it.
 * - a club: the title of a group one of its teams is registered in;
 * - a team: its club, and the title of a group it is registered in (none when it has no group);
 * - a player: a team they are a member of in the season, that team's club, and one of its groups.
 * Leagues and groups have none: their titles already name what they belong to.
 */
export type Lineage = readonly string[];

/**
 * How the query meets a record: by its folded name (EXACT … PART), else RELATED when the name and one
 * of its lineages hold every word between them, else null.
 */
export function matchOf(foldedName: string, terms: SearchTerms, lineages: readonly Lineage[] = []): SearchMatch | null {
  const inName = (word: string) => foldedName.includes(word);
  if (!terms.words.every(inName)) {
    const related = lineages.some((names) => terms.words.every((word) => inName(word) || names.some((name) => name.includes(word))));
    return related ? 'RELATED' : null;
  }
  if (foldedName === terms.text) return 'EXACT';
  if (foldedName.startsWith(terms.text)) return 'PREFIX';
  if (foldedName.includes(` ${terms.text}`)) return 'WORD';
  return 'PART';
}

/** What the order of hits reads. */
export interface RankedHit {
  readonly kind: SearchKind;
  readonly id: number;
  readonly match: SearchMatch;
  /** The folded name. */
  readonly folded: string;
}

/** The order of hits: the preferred kind first, then by match, kind, folded name (code point order) and id. */
export function compareHits(preferred?: SearchKind | null): (a: RankedHit, b: RankedHit) => number {
  const preferredFirst = (hit: RankedHit) => (hit.kind === preferred ? 0 : 1);
  return (a, b) =>
    preferredFirst(a) - preferredFirst(b) ||
    SEARCH_MATCHES.indexOf(a.match) - SEARCH_MATCHES.indexOf(b.match) ||
    SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind) ||
    (a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : 0) ||
    a.id - b.id;
}
