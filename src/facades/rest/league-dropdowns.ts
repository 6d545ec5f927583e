import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { DEFAULT_GAME_CLASS, DEFAULT_LEAGUE } from '../shared/defaults.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { integer, paramsSchema, seasonYear, withDefault, type ParamsOf } from '../shared/param-schema.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { readsNoGameData } from '../shared/change-scope.js';
import { example, leagueQuery, localized } from '../shared/route-doc.js';
import { seasonResolver, type WithSeason } from '../shared/season.js';
import { dropdown, dropdownEntry } from '../shared/table.js';
import { TEXTS } from '../shared/texts.js';
import { competitionName } from '../shared/competition.js';

/** `/leagues` and `/groups` are the same dropdown over a season's league groups, at two levels of detail. */
export const SEASON_GROUPS_DOCUMENT = graphql(`
  query SeasonGroups($season: Int!, $league: Int, $gameClass: Int) {
    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 5000) {
      edges { node { name league { id name level } gameClass { id name } } }
    }
  }
`);

/** An absent season is the current one (resolved before the document runs). */
export const LEAGUES_QUERY = paramsSchema({ season: seasonYear() });
export const GROUPS_QUERY = paramsSchema({
  league: withDefault(integer({ min: 1 }), DEFAULT_LEAGUE),
  game_class: withDefault(integer({ min: 1 }), DEFAULT_GAME_CLASS),
  season: seasonYear(),
});

/** The parameters once the season is resolved. */
export type LeaguesParams = WithSeason<ParamsOf<typeof LEAGUES_QUERY>>;
export type GroupsParams = WithSeason<ParamsOf<typeof GROUPS_QUERY>>;

export type SeasonGroupsData = ResultOf<typeof SEASON_GROUPS_DOCUMENT>;

/** Pure: one entry per league and game class, in league-level order; the default league is highlighted. */
export function reshapeLeagues(data: SeasonGroupsData, params: LeaguesParams, ctx: RenderContext) {
  const seen = new Map<string, { text: string; league: number; gameClass: number; level: number }>();
  for (const { node } of data.leagueGroups.edges) {
    const key = `${node.league.id}:${node.gameClass.id}`;
    if (!seen.has(key)) seen.set(key, { text: competitionName(node), league: node.league.id, gameClass: node.gameClass.id, level: node.league.level });
  }
  const entries = [...seen.values()]
    .sort((a, b) => a.gameClass - b.gameClass || a.level - b.level || a.league - b.league)
    .map((e) =>
      dropdownEntry(
        e.text,
        { season: params.season, league: e.league, game_class: e.gameClass },
        e.league === DEFAULT_LEAGUE && e.gameClass === DEFAULT_GAME_CLASS,
      ),
    );
  const text = textIn(ctx)(TEXTS.league);
  return dropdown(text, '/leagues', text, entries);
}

/** Pure: the groups of one league and game class, first group highlighted. */
export function reshapeGroups(data: SeasonGroupsData, params: GroupsParams, ctx: RenderContext) {
  const entries = data.leagueGroups.edges.map(({ node }, index) =>
    dropdownEntry(node.name, { season: params.season, league: node.league.id, game_class: node.gameClass.id, group: node.name }, index === 0),
  );
  const text = textIn(ctx)(TEXTS.group);
  return dropdown(text, '/groups', text, entries);
}

export function leagueDropdownRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument(deps, SEASON_GROUPS_DOCUMENT);
  const resolveSeason = seasonResolver(deps);
  facadeGet(
    app,
    deps,
    '/leagues',
    {
      querystring: LEAGUES_QUERY,
      config: readsNoGameData,
      doc: {
        id: 'leagues',
        tag: 'Leagues',
        summary: 'Leagues and game classes of a season',
        response: 'dropdown',
        examples: [example('current season', '/api/leagues'), example('malformed season', '/api/leagues?season=abc', 400)],
        snapshot: () => [localized(2, '/api/leagues')],
      },
    },
    async (params, ctx) => {
      const season = await resolveSeason(params.season);
      return reshapeLeagues(await run({ season }), { ...params, season }, ctx);
    },
  );
  facadeGet(
    app,
    deps,
    '/groups',
    {
      querystring: GROUPS_QUERY,
      config: readsNoGameData,
      doc: {
        id: 'groups',
        tag: 'Leagues',
        summary: 'Groups of a league',
        response: 'dropdown',
        examples: [example('a league', (ids) => `/api/groups?${leagueQuery(ids)}`), example('malformed league', '/api/groups?league=x', 400)],
        snapshot: (ids) => [localized(3, `/api/groups?${leagueQuery(ids)}`)],
      },
    },
    async (params, ctx) => {
      const season = await resolveSeason(params.season);
      return reshapeGroups(await run({ season, league: params.league, gameClass: params.game_class }), { ...params, season }, ctx);
    },
  );
}
