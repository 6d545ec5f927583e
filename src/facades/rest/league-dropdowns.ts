import type { FastifyInstance } from 'fastify';
import { facadeDocument, requestInfo, type FacadeDependencies } from '../shared/facade.js';
import { translate } from '../shared/locale.js';
import { TEXTS } from '../shared/texts.js';
import { DEFAULT_GAME_CLASS, DEFAULT_LEAGUE } from '../shared/defaults.js';
import { optionalInt } from '../shared/params.js';
import { seasonResolver } from '../shared/season.js';
import { dropdown, dropdownEntry } from '../shared/table.js';

/** `/leagues` and `/groups` are the same dropdown over a season's league groups, at two levels of detail. */
export const SEASON_GROUPS_DOCUMENT = /* GraphQL */ `
  query SeasonGroups($season: Int!, $league: Int, $gameClass: Int) {
    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 5000) {
      edges { node { name league { id name level } gameClass { id name } } }
    }
  }
`;

export interface SeasonGroupsData {
  leagueGroups: { edges: { node: { name: string; league: { id: number; name: string; level: number }; gameClass: { id: number; name: string } } }[] };
}

/** Pure: one entry per league and game class, in league-level order; the default league is highlighted. */
export function reshapeLeagues(data: SeasonGroupsData, season: number, locale: 'de' | 'fr' | 'it' | 'en') {
  const seen = new Map<string, { text: string; league: number; gameClass: number; level: number }>();
  for (const { node } of data.leagueGroups.edges) {
    const key = `${node.league.id}:${node.gameClass.id}`;
    if (!seen.has(key)) seen.set(key, { text: `${node.gameClass.name} ${node.league.name}`, league: node.league.id, gameClass: node.gameClass.id, level: node.league.level });
  }
  const entries = [...seen.values()]
    .sort((a, b) => a.gameClass - b.gameClass || a.level - b.level || a.league - b.league)
    .map((e) => dropdownEntry(e.text, { season, league: e.league, game_class: e.gameClass }, e.league === DEFAULT_LEAGUE && e.gameClass === DEFAULT_GAME_CLASS));
  return dropdown(translate(TEXTS.league, locale), '/leagues', translate(TEXTS.league, locale), entries);
}

/** Pure: the groups of one league and game class, first group highlighted. */
export function reshapeGroups(data: SeasonGroupsData, season: number, locale: 'de' | 'fr' | 'it' | 'en') {
  const entries = data.leagueGroups.edges.map(({ node }, index) =>
    dropdownEntry(node.name, { season, league: node.league.id, game_class: node.gameClass.id, group: node.name }, index === 0),
  );
  return dropdown(translate(TEXTS.group, locale), '/groups', translate(TEXTS.group, locale), entries);
}

export function leagueDropdownRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument<SeasonGroupsData>(deps, SEASON_GROUPS_DOCUMENT);
  const resolveSeason = seasonResolver(deps);
  app.get('/leagues', async (request) => {
    const info = requestInfo(deps, request);
    const season = await resolveSeason(optionalInt(info.query, 'season', { min: 1900, max: 2999 }));
    return reshapeLeagues(await run({ season }), season, info.locale);
  });
  app.get('/groups', async (request) => {
    const info = requestInfo(deps, request);
    const league = optionalInt(info.query, 'league', { min: 1 }) ?? DEFAULT_LEAGUE;
    const gameClass = optionalInt(info.query, 'game_class', { min: 1 }) ?? DEFAULT_GAME_CLASS;
    const season = await resolveSeason(optionalInt(info.query, 'season', { min: 1900, max: 2999 }));
    return reshapeGroups(await run({ season, league, gameClass }), season, info.locale);
  });
}
