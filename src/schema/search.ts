// The search over leagues, groups, clubs, teams and players (`search`): the rules are
// src/domain/search.ts, applied here in one SQL statement, so a search costs one query whatever
// it finds. Clubs, teams and players are matched on their folded names (generated columns with
// trigram indexes: migrations `club_search_name`, `search_names`); leagues and groups on their
// titles (`Herren GF L-UPL`, `Herren GF L-UPL Gruppe 1`), folded as the statement reads them: a
// season holds a few hundred groups at most, and a title joins three tables, which a generated
// column cannot.
//
// RELATED hits (a record found through its lineage: a team through its club or group, a player
// through their team, its club or group) cannot be read off one index, since the words fall on
// different tables. Each record that holds a word gets a bit mask of the words it holds (bit i =
// word i); a lineage's mask is the OR of its records' masks, and a hit is RELATED when its own mask
// OR one lineage's mask holds every bit. Only records found by the trigram indexes are expanded:
// a RELATED hit either holds an indexed word in its own name (found by its own index) or has a
// lineage holding every indexed word (found from the records above it), so both sets are narrow.
// Words of fewer than SEARCH_MIN_LENGTH characters (no trigram) are counted in the masks, but never
// used to find records. The RELATED branches come last in the ranking, so each is skipped (a
// one-time filter PostgreSQL evaluates before running it) when the name hits already fill the page.
import {
  SEARCH_DEFAULT_FIRST,
  SEARCH_KINDS,
  SEARCH_MATCHES,
  SEARCH_MAX_FIRST,
  SEARCH_MIN_LENGTH,
  type SearchKind,
  type SearchMatch,
  type SearchTerms,
  searchLimit,
  searchTerms,
} from '../domain/search.js';
import { likeLiteral } from '../domain/search-text.js';
import { Prisma } from '../generated/prisma/client.js';
import { builder } from './builder.js';
import { COMPUTED, listCost } from './costs.js';

export interface SearchHitRow {
  kind: SearchKind;
  id: number;
  name: string;
  folded: string;
  match: SearchMatch;
  detail: string | null;
  season: number | null;
  leagueId: number | null;
  gameClassId: number | null;
  groupName: string | null;
}

/** The fold of src/domain/search-text.ts (foldName) in SQL, as the generated columns compute it. */
const fold = (expression: Prisma.Sql) => Prisma.sql`lower(regexp_replace(normalize(${expression}, NFKD), '[\\u0300-\\u036f]', '', 'g'))`;

const containsPattern = (word: string) => `%${likeLiteral(word)}%`;

/** `folded` holds every word of the query. */
function holdsEvery(folded: Prisma.Sql, terms: SearchTerms): Prisma.Sql {
  return Prisma.join(
    terms.words.map((word) => Prisma.sql`${folded} LIKE ${containsPattern(word)}`),
    ' AND ',
  );
}

/** The words a trigram index can find, as bits of the word masks. */
function indexedBits(terms: SearchTerms): number {
  return terms.words.reduce((bits, word, index) => (word.length >= SEARCH_MIN_LENGTH ? bits | (1 << index) : bits), 0);
}

/** `folded` holds one of the indexed words: the condition a trigram index serves (a BitmapOr). */
function holdsAnIndexedWord(folded: Prisma.Sql, terms: SearchTerms): Prisma.Sql {
  const words = terms.words.filter((word) => word.length >= SEARCH_MIN_LENGTH);
  return Prisma.sql`(${Prisma.join(
    words.map((word) => Prisma.sql`${folded} LIKE ${containsPattern(word)}`),
    ' OR ',
  )})`;
}

/** The words `folded` holds, bit i for word i. */
function wordMask(folded: Prisma.Sql, terms: SearchTerms): Prisma.Sql {
  return Prisma.sql`(${Prisma.join(
    terms.words.map((word, index) => Prisma.sql`CASE WHEN ${folded} LIKE ${containsPattern(word)} THEN ${Prisma.raw(String(1 << index))} ELSE 0 END`),
    ' + ',
  )})`;
}

const TITLE = Prisma.sql`gc.name || ' ' || l.name`;
const GROUP_TITLE = Prisma.sql`gc.name || ' ' || l.name || ' ' || g.name`;

/** One SELECT per kind of the hits its name finds, each giving the columns of `named` (searchStatement). */
function namedBranch(kind: SearchKind, terms: SearchTerms, full: Prisma.Sql): Prisma.Sql {
  switch (kind) {
    case 'LEAGUE':
      // A league of a game class, once: named by its first group, which its link opens.
      return Prisma.sql`
        SELECT 'LEAGUE', c.league_id, c.title, c.title_folded, NULL::text, c.season, c.league_id, c.game_class_id, c.name
        FROM (
          SELECT DISTINCT ON (league_id, game_class_id) * FROM season_groups ORDER BY league_id, game_class_id, sort_order, id
        ) c
        WHERE ${holdsEvery(Prisma.sql`c.title_folded`, terms)}`;
    case 'GROUP':
      return Prisma.sql`
        SELECT 'GROUP', g.id, g.name, g.folded, g.title, g.season, g.league_id, g.game_class_id, g.name
        FROM season_groups g WHERE ${holdsEvery(Prisma.sql`g.folded`, terms)}`;
    // Clubs, teams and players: those of `*_words` that hold every word.
    case 'CLUB':
      return Prisma.sql`
        SELECT 'CLUB', c.id, c.name, c.folded, c.city, NULL::int, NULL::int, NULL::int, NULL::text
        FROM club_words c WHERE c.mask = ${full}`;
    case 'TEAM':
      return Prisma.sql`
        SELECT 'TEAM', t.id, t.name, t.folded, gc.name, NULL::int, NULL::int, t.game_class_id, NULL::text
        FROM team_words t JOIN "GameClass" gc ON gc.id = t.game_class_id WHERE t.mask = ${full}`;
    case 'PLAYER':
      return Prisma.sql`
        SELECT 'PLAYER', p.id, p.name, p.folded, NULL::text, NULL::int, NULL::int, NULL::int, NULL::text
        FROM player_words p WHERE p.mask = ${full}`;
  }
}

/**
 * The clubs, teams and players that hold an indexed word (one trigram index scan each), with the
 * mask of the words they hold: the name hits and the start of the lineages read them.
 */
function wordTables(terms: SearchTerms): Prisma.Sql {
  const mask = (folded: Prisma.Sql) => wordMask(folded, terms);
  return Prisma.sql`
    club_words AS (
      SELECT c.id, c.name, c."searchName" AS folded, c.city, ${mask(Prisma.sql`c."searchName"`)} AS mask
      FROM "Club" c WHERE ${holdsAnIndexedWord(Prisma.sql`c."searchName"`, terms)}
    ),
    team_words AS (
      SELECT t.id, t.name, t."searchName" AS folded, t."gameClassId" AS game_class_id, ${mask(Prisma.sql`t."searchName"`)} AS mask
      FROM "Team" t WHERE ${holdsAnIndexedWord(Prisma.sql`t."searchName"`, terms)}
    ),
    player_words AS (
      SELECT p.id, p."firstName" || ' ' || p."lastName" AS name, p."searchName" AS folded, ${mask(Prisma.sql`p."searchName"`)} AS mask
      FROM "Player" p WHERE ${holdsAnIndexedWord(Prisma.sql`p."searchName"`, terms)}
    ),`;
}

/** The kinds a lineage can find (leagues and groups have none). */
type RelatedKind = Extract<SearchKind, 'CLUB' | 'TEAM' | 'PLAYER'>;
const RELATED_KINDS: readonly RelatedKind[] = ['CLUB', 'TEAM', 'PLAYER'];

/**
 * The CTEs of the lineages. They read the statement's `season_groups` (every group of the season
 * with its titles and mask) and `*_words` (wordTables).
 */
function lineageTables(terms: SearchTerms, full: number): Prisma.Sql {
  const indexed = indexedBits(terms);
  const mask = (folded: Prisma.Sql) => wordMask(folded, terms);
  const season = Prisma.sql`(SELECT id FROM season)`;
  return Prisma.sql`
    lineage_teams AS (
      SELECT id FROM team_words
      UNION SELECT t.id FROM "Team" t JOIN club_words cw ON cw.id = t."clubId"
      UNION SELECT r."teamId" FROM "TeamRegistration" r JOIN season_groups g ON g.id = r."groupId" WHERE g.mask & ${Prisma.raw(String(indexed))} <> 0
    ),
    team_lineages AS (
      SELECT t.id AS team_id, ${mask(Prisma.sql`t."searchName"`)} | ${mask(Prisma.sql`c."searchName"`)} | COALESCE(g.mask, 0) AS mask
      FROM lineage_teams lt JOIN "Team" t ON t.id = lt.id JOIN "Club" c ON c.id = t."clubId"
      LEFT JOIN ("TeamRegistration" r JOIN season_groups g ON g.id = r."groupId") ON r."teamId" = t.id
    ),
    club_lineages AS (
      SELECT cw.id AS club_id, cw.mask | g.mask AS mask
      FROM club_words cw JOIN "Team" t ON t."clubId" = cw.id JOIN "TeamRegistration" r ON r."teamId" = t.id JOIN season_groups g ON g.id = r."groupId"
      UNION ALL
      SELECT c.id, ${mask(Prisma.sql`c."searchName"`)} | g.mask
      FROM season_groups g JOIN "TeamRegistration" r ON r."groupId" = g.id JOIN "Team" t ON t.id = r."teamId" JOIN "Club" c ON c.id = t."clubId"
      WHERE g.mask & ${Prisma.raw(String(indexed))} = ${Prisma.raw(String(indexed))}
    ),
    player_lineages AS (
      SELECT pw.id AS player_id, pw.name, pw.folded, pw.mask AS own_mask,
             pw.mask | ${mask(Prisma.sql`t."searchName"`)} | ${mask(Prisma.sql`c."searchName"`)} | COALESCE(g.mask, 0) AS mask
      FROM player_words pw
      -- A look-up per player on the membership index (OFFSET 0 keeps it one): the planner would
      -- otherwise hash the whole season's memberships for a few hundred players.
      CROSS JOIN LATERAL (SELECT tm."teamId" FROM "TeamMember" tm WHERE tm."playerId" = pw.id AND tm."seasonId" = ${season} OFFSET 0) tm
      JOIN "Team" t ON t.id = tm."teamId" JOIN "Club" c ON c.id = t."clubId"
      LEFT JOIN ("TeamRegistration" r JOIN season_groups g ON g.id = r."groupId") ON r."teamId" = t.id
      UNION ALL
      SELECT p.id, p."firstName" || ' ' || p."lastName", p."searchName", own.mask, own.mask | tl.mask
      FROM team_lineages tl JOIN "TeamMember" tm ON tm."teamId" = tl.team_id AND tm."seasonId" = ${season} JOIN "Player" p ON p.id = tm."playerId"
      CROSS JOIN LATERAL (SELECT ${mask(Prisma.sql`p."searchName"`)} AS mask) own
      WHERE tl.mask & ${Prisma.raw(String(indexed))} = ${Prisma.raw(String(indexed))}
    ),
    related_ids (kind, id) AS (
      SELECT DISTINCT 'CLUB', club_id FROM club_lineages WHERE mask = ${Prisma.raw(String(full))}
      UNION ALL SELECT DISTINCT 'TEAM', team_id FROM team_lineages WHERE mask = ${Prisma.raw(String(full))}
    ),`;
}

/**
 * One SELECT per kind of the RELATED hits, with the columns of `named`: the records a full lineage
 * finds that their name alone does not. `needed` is the one-time filter: the hits of this kind can
 * reach the page.
 */
function relatedBranch(kind: RelatedKind, terms: SearchTerms, needed: Prisma.Sql, full: Prisma.Sql, first: number): Prisma.Sql {
  const ids = Prisma.sql`(SELECT id FROM related_ids WHERE kind = ${kind})`;
  switch (kind) {
    case 'CLUB':
      return Prisma.sql`
        SELECT 'CLUB', c.id, c.name, c."searchName", c.city, NULL::int, NULL::int, NULL::int, NULL::text
        FROM "Club" c WHERE ${needed} AND c.id IN ${ids} AND NOT (${holdsEvery(Prisma.sql`c."searchName"`, terms)})`;
    case 'TEAM':
      return Prisma.sql`
        SELECT 'TEAM', t.id, t.name, t."searchName", gc.name, NULL::int, NULL::int, t."gameClassId", NULL::text
        FROM "Team" t JOIN "GameClass" gc ON gc.id = t."gameClassId" WHERE ${needed} AND t.id IN ${ids} AND NOT (${holdsEvery(Prisma.sql`t."searchName"`, terms)})`;
    case 'PLAYER':
      // Only the first `first` by name can reach the page: a league's or club's name finds many.
      return Prisma.sql`
        (SELECT 'PLAYER', p.player_id, p.name, p.folded, NULL::text, NULL::int, NULL::int, NULL::int, NULL::text
         FROM (SELECT DISTINCT player_id, name, folded FROM player_lineages WHERE ${needed} AND mask = ${full} AND own_mask <> ${full}) p
         ORDER BY p.folded COLLATE "C", p.player_id LIMIT ${first})`;
  }
}

export interface SearchRequest {
  terms: SearchTerms;
  kinds: readonly SearchKind[];
  prefer: SearchKind | null;
  season: number | null;
  first: number;
}

const HIT_COLUMNS = Prisma.sql`kind, id, name, folded, detail, season, league_id, game_class_id, group_name`;

/**
 * The statement: every kind's hits by name, then the RELATED ones, ranked as compareHits orders
 * them, the first `first`; a player's detail is the team of their latest membership, looked up for
 * those hits only.
 */
export function searchStatement({ terms, kinds, prefer, season, first }: SearchRequest): Prisma.Sql {
  const text = likeLiteral(terms.text);
  const full = (1 << terms.words.length) - 1;
  const kindRank = Prisma.join(
    SEARCH_KINDS.map((kind, index) => Prisma.sql`WHEN ${kind} THEN ${index}`),
    ' ',
  );
  const relatedKinds = RELATED_KINDS.filter((kind) => kinds.includes(kind));
  // RELATED hits of a kind rank after every name hit, or, when the kind is preferred, after its own
  // kind's name hits only: when those fill the page, the branch need not run.
  const needed = (kind: RelatedKind) =>
    Prisma.sql`(SELECT count(*) FROM (SELECT 1 FROM named ${kind === prefer ? Prisma.sql`WHERE kind = ${kind}` : Prisma.empty} LIMIT ${first}) page) < ${first}`;
  const related = relatedKinds.length
    ? Prisma.sql`${lineageTables(terms, full)}
    related_hits (${HIT_COLUMNS}) AS (${Prisma.join(
      relatedKinds.map((kind) => relatedBranch(kind, terms, needed(kind), Prisma.raw(String(full)), first)),
      ' UNION ALL ',
    )}),`
    : Prisma.empty;
  const hits = relatedKinds.length
    ? Prisma.sql`SELECT named.*, false AS is_related FROM named UNION ALL SELECT related_hits.*, true FROM related_hits`
    : Prisma.sql`SELECT named.*, false AS is_related FROM named`;
  return Prisma.sql`
    WITH season AS (SELECT COALESCE(${season}::int, (SELECT id FROM "Season" WHERE "isCurrent" ORDER BY id DESC LIMIT 1)) AS id),
    season_groups AS (
      SELECT sg.*, ${wordMask(Prisma.sql`sg.folded`, terms)} AS mask
      FROM (
        SELECT g.id, g."leagueId" AS league_id, g."gameClassId" AS game_class_id, g."seasonId" AS season, g.name, g."sortOrder" AS sort_order,
               ${TITLE} AS title, ${fold(TITLE)} AS title_folded, ${fold(GROUP_TITLE)} AS folded
        FROM "LeagueGroup" g JOIN "League" l ON l.id = g."leagueId" JOIN "GameClass" gc ON gc.id = g."gameClassId"
        WHERE g."seasonId" = (SELECT id FROM season)
      ) sg
    ),
    ${wordTables(terms)}
    named (${HIT_COLUMNS}) AS (${Prisma.join(
      kinds.map((kind) => namedBranch(kind, terms, Prisma.raw(String(full)))),
      ' UNION ALL ',
    )}),
    ${related}
    top AS (
      SELECT hits.*,
             CASE WHEN is_related THEN 4 WHEN folded = ${terms.text} THEN 0 WHEN folded LIKE ${`${text}%`} THEN 1 WHEN folded LIKE ${`% ${text}%`} THEN 2 ELSE 3 END AS match_rank,
             CASE kind ${kindRank} END AS kind_rank,
             CASE WHEN kind = ${prefer}::text THEN 0 ELSE 1 END AS preferred
      FROM (${hits}) hits
      ORDER BY preferred, match_rank, kind_rank, folded COLLATE "C", id
      LIMIT ${first}
    )
    SELECT top.kind, top.id, top.name, top.folded, top.match_rank, COALESCE(top.detail, member.team_name) AS detail,
           top.season, top.league_id, top.game_class_id, top.group_name
    FROM top
    LEFT JOIN LATERAL (
      SELECT t.name AS team_name FROM "TeamMember" tm JOIN "Team" t ON t.id = tm."teamId"
      WHERE top.kind = 'PLAYER' AND tm."playerId" = top.id ORDER BY tm."seasonId" DESC, tm.id DESC LIMIT 1
    ) member ON true
    ORDER BY top.preferred, top.match_rank, top.kind_rank, top.folded COLLATE "C", top.id`;
}

interface StatementRow {
  kind: SearchKind;
  id: number;
  name: string;
  folded: string;
  match_rank: number;
  detail: string | null;
  season: number | null;
  league_id: number | null;
  game_class_id: number | null;
  group_name: string | null;
}

export function hitOf(row: StatementRow): SearchHitRow {
  return {
    kind: row.kind,
    id: row.id,
    name: row.name,
    folded: row.folded,
    match: SEARCH_MATCHES[row.match_rank],
    detail: row.detail,
    season: row.season,
    leagueId: row.league_id,
    gameClassId: row.game_class_id,
    groupName: row.group_name,
  };
}

export const SearchKindEnum = builder.enumType('SearchKind', {
  description: 'What a search hit is; hits of equal match come in this order.',
  values: {
    LEAGUE: { description: 'A league of a game class in the season (`Herren GF L-UPL`).' },
    GROUP: { description: 'A group of a league in the season, searched by its title (`Herren GF L-UPL Gruppe 1`).' },
    CLUB: { description: 'A club.' },
    TEAM: { description: 'A team.' },
    PLAYER: { description: 'A player (`firstName lastName`).' },
  } satisfies Record<SearchKind, { description: string }>,
});

const SearchMatchEnum = builder.enumType('SearchMatch', {
  description: 'How the search text meets the name, best first: hits are ranked by it.',
  values: {
    EXACT: { description: 'The name is the search text.' },
    PREFIX: { description: 'The name begins with it.' },
    WORD: { description: 'A word of the name begins with it.' },
    PART: { description: 'The name holds every word of it elsewhere.' },
    RELATED: {
      description:
        'The name and what the hit belongs to in the season hold every word between them: a team’s club and group, a player’s team, its club and group, a club’s group (`NLB` finds the teams of the NLB).',
    },
  } satisfies Record<SearchMatch, { description: string }>,
});

const SearchHit = builder.objectRef<SearchHitRow>('SearchHit').implement({
  description: 'One record a search found.',
  fields: (t) => ({
    kind: t.field({ type: SearchKindEnum, description: 'What the hit is: a league, group, club, team or player.', resolve: (hit) => hit.kind }),
    id: t.exposeInt('id', { description: 'The id of the league, group, club, team or player.' }),
    name: t.exposeString('name', {
      description:
        "The hit's name: a league's title (`Herren GF L-UPL`), a group's own name (`Gruppe 1`, searched with its league's title before it), a player's `firstName lastName`.",
    }),
    match: t.field({ type: SearchMatchEnum, description: 'How the search text meets the name; hits are ranked by it.', resolve: (hit) => hit.match }),
    detail: t.exposeString('detail', {
      nullable: true,
      description: "What the hit belongs to: a group's league, a club's city, a team's game class, a player's latest team.",
    }),
    season: t.exposeInt('season', { nullable: true, description: 'Leagues and groups: the season searched.' }),
    leagueId: t.exposeInt('leagueId', { nullable: true, description: 'Leagues and groups.' }),
    gameClassId: t.exposeInt('gameClassId', { nullable: true, description: 'Leagues, groups and teams.' }),
    groupName: t.exposeString('groupName', { nullable: true, description: "Groups: the group's name. Leagues: their first group's, which opens the league." }),
  }),
});

builder.queryFields((t) => ({
  search: t.field({
    type: [SearchHit],
    description: `Leagues, groups, clubs, teams and players whose names hold every word of the text, ignoring case and accents, or whose names and what they belong to in the season (club, team, group, league) hold them between them; best match first (src/domain/search.ts). One query.`,
    complexity: listCost(SEARCH_MAX_FIRST, COMPUTED.search),
    args: {
      text: t.arg.string({ required: true, description: `Needs a word of at least ${SEARCH_MIN_LENGTH} characters, else BAD_USER_INPUT.` }),
      first: t.arg.int({ description: `How many hits, 1–${SEARCH_MAX_FIRST}; ${SEARCH_DEFAULT_FIRST} when not given.` }),
      kinds: t.arg({ type: [SearchKindEnum], description: 'Only these kinds; every kind when not given.' }),
      prefer: t.arg({ type: SearchKindEnum, description: 'Hits of this kind before all others (the matchcenter search’s category).' }),
      season: t.arg.int({
        description:
          'The season of the leagues and groups searched, and of the registrations and memberships RELATED hits are found through; the current one when not given.',
      }),
    },
    resolve: async (_root, args, ctx) => {
      const request: SearchRequest = {
        terms: searchTerms(args.text),
        kinds: args.kinds?.length ? SEARCH_KINDS.filter((kind) => args.kinds?.includes(kind)) : SEARCH_KINDS,
        prefer: args.prefer ?? null,
        season: args.season ?? null,
        first: searchLimit(args.first),
      };
      const rows = await ctx.prisma.$queryRaw<StatementRow[]>(searchStatement(request));
      return rows.map(hitOf);
    },
  }),
}));
