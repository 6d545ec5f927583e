// The search over leagues, groups, clubs, teams and players (`search`): the rules are
// src/domain/search.ts, applied here in one SQL statement, so a search costs one query whatever
// it finds. Clubs, teams and players are matched on their folded names (generated columns with
// trigram indexes: migrations `club_search_name`, `search_names`); leagues and groups on their
// titles (`Herren GF L-UPL`, `Herren GF L-UPL Gruppe 1`), folded as the statement reads them: a
// season holds a few hundred groups at most, and a title joins three tables, which a generated
// column cannot.
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

/** `folded` holds every word of the query. */
function holdsEvery(folded: Prisma.Sql, terms: SearchTerms): Prisma.Sql {
  return Prisma.join(
    terms.words.map((word) => Prisma.sql`${folded} LIKE ${`%${likeLiteral(word)}%`}`),
    ' AND ',
  );
}

const TITLE = Prisma.sql`gc.name || ' ' || l.name`;
const GROUP_TITLE = Prisma.sql`gc.name || ' ' || l.name || ' ' || g.name`;

/** One SELECT per kind, each giving the columns of `hits` (searchStatement). */
function branch(kind: SearchKind, terms: SearchTerms): Prisma.Sql {
  switch (kind) {
    case 'LEAGUE':
      // A league of a game class, once: named by its first group, which its link opens.
      return Prisma.sql`
        SELECT 'LEAGUE', c.league_id, c.name, c.folded, NULL::text, c.season, c.league_id, c.game_class_id, c.group_name
        FROM (
          SELECT DISTINCT ON (g."leagueId", g."gameClassId") g."leagueId" AS league_id, g."gameClassId" AS game_class_id, g."seasonId" AS season,
                 g.name AS group_name, ${TITLE} AS name, ${fold(TITLE)} AS folded
          FROM "LeagueGroup" g JOIN "League" l ON l.id = g."leagueId" JOIN "GameClass" gc ON gc.id = g."gameClassId"
          WHERE g."seasonId" = (SELECT id FROM season)
          ORDER BY g."leagueId", g."gameClassId", g."sortOrder", g.id
        ) c
        WHERE ${holdsEvery(Prisma.sql`c.folded`, terms)}`;
    case 'GROUP':
      return Prisma.sql`
        SELECT 'GROUP', g.id, g.name, ${fold(GROUP_TITLE)}, ${TITLE}, g."seasonId", g."leagueId", g."gameClassId", g.name
        FROM "LeagueGroup" g JOIN "League" l ON l.id = g."leagueId" JOIN "GameClass" gc ON gc.id = g."gameClassId"
        WHERE g."seasonId" = (SELECT id FROM season) AND ${holdsEvery(fold(GROUP_TITLE), terms)}`;
    case 'CLUB':
      return Prisma.sql`
        SELECT 'CLUB', c.id, c.name, c."searchName", c.city, NULL::int, NULL::int, NULL::int, NULL::text
        FROM "Club" c WHERE ${holdsEvery(Prisma.sql`c."searchName"`, terms)}`;
    case 'TEAM':
      return Prisma.sql`
        SELECT 'TEAM', t.id, t.name, t."searchName", gc.name, NULL::int, NULL::int, t."gameClassId", NULL::text
        FROM "Team" t JOIN "GameClass" gc ON gc.id = t."gameClassId" WHERE ${holdsEvery(Prisma.sql`t."searchName"`, terms)}`;
    case 'PLAYER':
      return Prisma.sql`
        SELECT 'PLAYER', p.id, p."firstName" || ' ' || p."lastName", p."searchName", NULL::text, NULL::int, NULL::int, NULL::int, NULL::text
        FROM "Player" p WHERE ${holdsEvery(Prisma.sql`p."searchName"`, terms)}`;
  }
}

export interface SearchRequest {
  terms: SearchTerms;
  kinds: readonly SearchKind[];
  prefer: SearchKind | null;
  season: number | null;
  first: number;
}

/**
 * The statement: every kind's matches, ranked as compareHits orders them, the first `first`; a
 * player's detail is the team of their latest membership, looked up for those hits only.
 */
export function searchStatement({ terms, kinds, prefer, season, first }: SearchRequest): Prisma.Sql {
  const text = likeLiteral(terms.text);
  const kindRank = Prisma.join(
    SEARCH_KINDS.map((kind, index) => Prisma.sql`WHEN ${kind} THEN ${index}`),
    ' ',
  );
  return Prisma.sql`
    WITH season AS (SELECT COALESCE(${season}::int, (SELECT id FROM "Season" WHERE "isCurrent" ORDER BY id DESC LIMIT 1)) AS id),
    hits (kind, id, name, folded, detail, season, league_id, game_class_id, group_name) AS (${Prisma.join(
      kinds.map((kind) => branch(kind, terms)),
      ' UNION ALL ',
    )}),
    top AS (
      SELECT hits.*,
             CASE WHEN folded = ${terms.text} THEN 0 WHEN folded LIKE ${`${text}%`} THEN 1 WHEN folded LIKE ${`% ${text}%`} THEN 2 ELSE 3 END AS match_rank,
             CASE kind ${kindRank} END AS kind_rank,
             CASE WHEN kind = ${prefer}::text THEN 0 ELSE 1 END AS preferred
      FROM hits
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
  } satisfies Record<SearchMatch, { description: string }>,
});

const SearchHit = builder.objectRef<SearchHitRow>('SearchHit').implement({
  description: 'One record a search found.',
  fields: (t) => ({
    kind: t.field({ type: SearchKindEnum, resolve: (hit) => hit.kind }),
    id: t.exposeInt('id', { description: 'The id of the league, group, club, team or player.' }),
    name: t.exposeString('name', {
      description:
        "The hit's name: a league's title (`Herren GF L-UPL`), a group's own name (`Gruppe 1`, searched with its league's title before it), a player's `firstName lastName`.",
    }),
    match: t.field({ type: SearchMatchEnum, resolve: (hit) => hit.match }),
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
    description: `Leagues, groups, clubs, teams and players whose names hold every word of the text, ignoring case and accents, best match first (src/domain/search.ts). One query.`,
    complexity: listCost(SEARCH_MAX_FIRST, COMPUTED.search),
    args: {
      text: t.arg.string({ required: true, description: `Needs a word of at least ${SEARCH_MIN_LENGTH} characters, else BAD_USER_INPUT.` }),
      first: t.arg.int({ description: `How many hits, 1–${SEARCH_MAX_FIRST}; ${SEARCH_DEFAULT_FIRST} when not given.` }),
      kinds: t.arg({ type: [SearchKindEnum], description: 'Only these kinds; every kind when not given.' }),
      prefer: t.arg({ type: SearchKindEnum, description: 'Hits of this kind before all others (the matchcenter search’s category).' }),
      season: t.arg.int({ description: 'The season of the leagues and groups searched; the current one when not given.' }),
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
