import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { SEARCH_DEFAULT_FIRST, SEARCH_MAX_FIRST } from '../../domain/search.js';
import { graphql } from '../generated/gql.js';
import type { SearchKind } from '../generated/graphql.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { localeContext } from '../shared/locale.js';
import { integer, oneOf, paramsSchema, required, seasonYear, text, withDefault, type ParamsOf } from '../shared/param-schema.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { example } from '../shared/route-doc.js';
import { column, headers, linkedText, pageLink, region, row, tableEnvelope, textCell } from '../shared/table.js';
import { TEXTS } from '../shared/texts.js';
import type { Cell } from '../shared/wire.js';

/**
 * `/search?q=` (a table of hits, each linking to its page) and `/sessions/matchcenter/search?q=`
 * (the hits as matchcenter sections, each a favorite to add): two shapes of the GraphQL `search`,
 * whose rules (what matches, through which hierarchy, in which order) are src/domain/search.ts.
 */
export const SEARCH_DOCUMENT = graphql(`
  query Search($text: String!, $first: Int, $prefer: SearchKind, $season: Int) {
    search(text: $text, first: $first, prefer: $prefer, season: $season) { kind id name match detail season leagueId gameClassId groupName }
  }
`);

export type SearchData = ResultOf<typeof SEARCH_DOCUMENT>;
type Hit = SearchData['search'][number];

const limit = () => withDefault(integer({ min: 1, max: SEARCH_MAX_FIRST }), SEARCH_DEFAULT_FIRST);

/** `q` is required; one shorter than the domain's minimum is the 400 the GraphQL BAD_USER_INPUT becomes. */
export const SEARCH_QUERY = paramsSchema({ q: required(text()), limit: limit(), season: seasonYear() });
export type SearchParams = ParamsOf<typeof SEARCH_QUERY>;

/** The matchcenter's favorite types; `type` puts hits of that category first. */
const MATCHCENTER_TYPES = ['league', 'club', 'team', 'player'] as const;
export const MATCHCENTER_SEARCH_QUERY = paramsSchema({ q: required(text()), type: oneOf(MATCHCENTER_TYPES), limit: limit(), season: seasonYear() });
export type MatchcenterSearchParams = ParamsOf<typeof MATCHCENTER_SEARCH_QUERY>;

const PREFERRED: Record<(typeof MATCHCENTER_TYPES)[number], SearchKind> = { league: 'LEAGUE', club: 'CLUB', team: 'TEAM', player: 'PLAYER' };

const KIND_TEXTS = { LEAGUE: TEXTS.league, GROUP: TEXTS.group, CLUB: TEXTS.club, TEAM: TEXTS.team, PLAYER: TEXTS.player } as const;

const COLUMNS = [
  column('name', TEXTS.name, { align: 'l' }),
  column('kind', TEXTS.searchKind, { align: 'l' }),
  column('detail', TEXTS.searchDetail, { align: 'l' }),
];

/** What a hit sets in a client's context: the ids its page or its favorite takes. */
export function hitContext(hit: Hit): Record<string, unknown> {
  switch (hit.kind) {
    case 'LEAGUE':
      return { season: hit.season, league: hit.leagueId, game_class: hit.gameClassId };
    case 'GROUP':
      return { season: hit.season, league: hit.leagueId, game_class: hit.gameClassId, group: hit.groupName };
    case 'CLUB':
      return { club_id: hit.id };
    case 'TEAM':
      return { team_id: hit.id };
    case 'PLAYER':
      return { player_id: hit.id };
  }
}

/** The name cell: linked to the hit's page (a league opens its first group); a club has no page a link may name (WIRE.md §3). */
function nameCell(hit: Hit): Cell {
  switch (hit.kind) {
    case 'LEAGUE':
    case 'GROUP':
      return linkedText(pageLink('league_group_detail', hit.season, hit.leagueId, hit.gameClassId, hit.groupName), hit.name);
    case 'TEAM':
      return linkedText(pageLink('team_detail', hit.id), hit.name);
    case 'PLAYER':
      return linkedText(pageLink('player_detail', hit.id), hit.name);
    case 'CLUB':
      return textCell(hit.name);
  }
}

/**
 * Pure: one region of hits, best match first; cells 0 name (+ page link) · 1 kind · 2 what it belongs
 * to. Rows carry `id`, `type` (`league`, `group`, `club`, `team`, `player`) and `set_in_context`.
 */
export function reshapeSearch(data: SearchData, params: SearchParams, ctx: RenderContext) {
  const t = textIn(ctx);
  const rows = data.search.map((hit) =>
    row([nameCell(hit), textCell(t(KIND_TEXTS[hit.kind])), textCell(hit.detail ?? '')], {
      id: hit.id,
      type: hit.kind.toLowerCase(),
      set_in_context: hitContext(hit),
    }),
  );
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: { q: params.q, limit: params.limit, ...(params.season === undefined ? {} : { season: params.season }), locale: localeContext(ctx.locale) },
    headers: headers(COLUMNS, ctx.locale),
    title: t(TEXTS.searchTitle).replace('{text}', params.q),
    regions: [region(null, rows)],
  });
}

/** A hit as a favorite (the sessions' JSON): leagues and groups are `league` favorites. */
export function hitFavorite(hit: Hit): Record<string, unknown> {
  switch (hit.kind) {
    case 'LEAGUE':
      return { type: 'league', game_class: hit.gameClassId, league: hit.leagueId };
    case 'GROUP':
      return { type: 'league', game_class: hit.gameClassId, league: hit.leagueId, group: hit.groupName };
    case 'CLUB':
      return { type: 'club', club_id: hit.id };
    case 'TEAM':
      return { type: 'team', team_id: hit.id };
    case 'PLAYER':
      return { type: 'player', player_id: hit.id };
  }
}

/** Pure: the matchcenter's envelope, a section per hit whose context is the favorite to add. */
export function reshapeMatchcenterSearch(data: SearchData, _params: MatchcenterSearchParams, _ctx: RenderContext) {
  return {
    type: 'matchcenter',
    data: {
      sections: data.search.map((hit) => {
        const favorite = hitFavorite(hit);
        return { type: favorite.type, title: hit.detail ? `${hit.name} (${hit.detail})` : hit.name, context: favorite };
      }),
    },
  };
}

export function searchRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument(deps, SEARCH_DOCUMENT);
  facadeGet(
    app,
    deps,
    '/search',
    {
      querystring: SEARCH_QUERY,
      doc: {
        id: 'search',
        tag: 'Leagues',
        summary: 'Search leagues, groups, clubs, teams and players by name',
        description:
          'Every word of `q` must occur in the name, or in the name and what the hit belongs to in the season taken together (a team’s club and group, a player’s team with its club and group, a club’s group: `NLB` finds the NLB’s clubs, teams and players), ignoring case and accents; at least 3 characters. Best match first: the whole name, its beginning, the beginning of a word, anywhere, through what it belongs to; then leagues, groups, clubs, teams, players, then by name. Rows link to the hit’s page and carry `set_in_context`.',
        response: 'table',
        examples: [
          example('clubs and teams', '/api/search?q=unihockey&limit=5'),
          example('a league', '/api/search?q=l-upl&locale=fr'),
          example('too short', '/api/search?q=ab', 400),
          example('no text', '/api/search', 400),
        ],
      },
    },
    async (params, ctx) => reshapeSearch(await run({ text: params.q, first: params.limit, season: params.season ?? null }), params, ctx),
  );
  facadeGet(
    app,
    deps,
    '/sessions/matchcenter/search',
    {
      querystring: MATCHCENTER_SEARCH_QUERY,
      doc: {
        id: 'matchcenterSearch',
        tag: 'Sessions',
        summary: 'Search favorites to add to the matchcenter',
        description:
          'The search of `/search` as matchcenter sections: each section’s `context` is a favorite `/sessions/add_favorite` takes (groups are `league` favorites with their group). `type` (league, club, team, player) puts hits of that category first.',
        response: 'matchcenter',
        examples: [
          example('teams first', '/api/sessions/matchcenter/search?q=unihockey&type=team&limit=5'),
          example('too short', '/api/sessions/matchcenter/search?q=u', 400),
        ],
      },
    },
    async (params, ctx) =>
      reshapeMatchcenterSearch(
        await run({ text: params.q, first: params.limit, prefer: params.type ? PREFERRED[params.type] : null, season: params.season ?? null }),
        params,
        ctx,
      ),
  );
}
