import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { isKnockoutPhase, mainGroupOf } from '../../domain/groups.js';
import { leagueOrOwnerScope } from '../shared/change-scope.js';
import { DEFAULT_GAME_CLASS, DEFAULT_LEAGUE } from '../shared/defaults.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { orNotFound } from '../shared/found.js';
import { localeContext } from '../shared/locale.js';
import { day, flag, integer, oneOf, paramsSchema, seasonYear, text, withDefault, type ParamsOf } from '../shared/param-schema.js';
import type { RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { example, leagueQuery, localized } from '../shared/route-doc.js';
import { seasonResolver } from '../shared/season.js';
import { column, headers, imageCell, linkedText, pageLink, region, reload, row, tab, tableEnvelope, textCell } from '../shared/table.js';
import { TEXTS } from '../shared/texts.js';
import type { Row, Tab } from '../shared/wire.js';
import { competitionName, groupTitle } from '../shared/competition.js';

/**
 * The season's groups for the tabs ride on the season query (a relation, joined into the same
 * statement): asked for only when the tabs list the whole season; otherwise the tabs are the
 * league's groups the document selects anyway.
 */
export const RANKINGS_DOCUMENT = graphql(`
  query Rankings($season: Int!, $league: Int!, $gameClass: Int!, $seasonWide: Boolean!, $asOf: Date, $roundNumber: Int, $asCorrected: Boolean) {
    season(id: $season) {
      label
      groups @include(if: $seasonWide) { name league { id name level } gameClass { id name } }
    }
    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 100) {
      edges { node {
        name phase playoffLine league { id name level } gameClass { id name }
        standings(asOf: $asOf, roundNumber: $roundNumber, asCorrected: $asCorrected) { rank games wins overtimeWins overtimeLosses losses forfeits goalsFor goalsAgainst points team { id name logoUrl } }
      } }
    }
  }
`);

/** `team_id`: the team's groups of the season, whose main group is the ranking shown. */
export const RANKINGS_TEAM_DOCUMENT = graphql(`
  query RankingsTeam($id: Int!, $season: Int!) {
    team(id: $id) { groups(season: $season) { name phase league { id } gameClass { id } } }
  }
`);

/** `season.groups`: every group of the season, present only when the tabs list the whole season. */
export type RankingsData = ResultOf<typeof RANKINGS_DOCUMENT>;
/** A group as a tab needs it (the season's groups and the league's groups both fit). */
export type TabGroupData = NonNullable<NonNullable<RankingsData['season']>['groups']>[number];
type GroupData = RankingsData['leagueGroups']['edges'][number]['node'];
/** A standing as the document selects it: the computed row with its team instead of the team id. */
type StandingData = GroupData['standings'][number];

/**
 * An absent season is the current one (resolved before the document runs); an absent league is
 * DEFAULT_LEAGUE (resolved by the route: whether one was named decides the tabs); an absent group,
 * every qualification group. `team_id` shows the team's main group of the season (its league, game
 * class and group, in place of those given) with the team's row highlighted; `view=short` keeps the
 * columns a standings widget shows. `date` (a day) and `round` (a round number of the shown groups)
 * give the table as of that day or after that round, each result as it stood at the end of that
 * day unless `corrected=true` (an addition of this service: the federation's API has neither).
 */
export const RANKINGS_QUERY = paramsSchema({
  season: seasonYear(),
  league: integer({ min: 1 }),
  game_class: withDefault(integer({ min: 1 }), DEFAULT_GAME_CLASS),
  group: text(),
  team_id: integer({ min: 1 }),
  view: withDefault(oneOf(['full', 'short']), 'full'),
  date: day(),
  round: integer({ min: 1 }),
  corrected: flag(),
});
export type RankingsParams = Omit<ParamsOf<typeof RANKINGS_QUERY>, 'season' | 'league' | 'view'> & {
  season: number;
  league: number;
  /** Absent: `full`. */
  view?: 'full' | 'short';
};

const COLUMNS = [
  column('rank', TEXTS.rank),
  column('logo', TEXTS.logo),
  column('team', TEXTS.team),
  column('games', TEXTS.games, { short: 'Sp' }),
  column('forfeits', TEXTS.forfeits, { short: 'F' }),
  column('wins', TEXTS.wins, { short: 'S' }),
  column('overtime_wins', TEXTS.overtimeWins, { short: 'SnV' }),
  column('overtime_losses', TEXTS.overtimeLosses, { short: 'NnV' }),
  column('losses', TEXTS.losses, { short: 'N' }),
  column('goals', TEXTS.goals, { short: 'T' }),
  column('goal_difference', TEXTS.goalDifference, { short: 'TD' }),
  column('points_quotient', TEXTS.pointsQuotient, { short: 'PQ' }),
  column('points', TEXTS.points, { short: 'P' }),
];

/** `view=short`: rank, logo, team and games where the full table has them, then goal difference and points. */
const SHORT_KEYS: ReadonlySet<string> = new Set(['rank', 'logo', 'team', 'games', 'goal_difference', 'points']);
const inShortView = (c: (typeof COLUMNS)[number]) => c.key !== undefined && SHORT_KEYS.has(c.key);
const SHORT_COLUMNS = COLUMNS.filter(inShortView);

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

function standingRow(s: StandingData, params: RankingsParams): Row {
  const cells = [
    textCell(s.rank),
    imageCell(s.team.logoUrl, s.team.name),
    linkedText(pageLink('team_detail', s.team.id), s.team.name),
    textCell(s.games),
    textCell(s.forfeits),
    textCell(s.wins),
    textCell(s.overtimeWins),
    textCell(s.overtimeLosses),
    textCell(s.losses),
    textCell(`${s.goalsFor}:${s.goalsAgainst}`),
    textCell(signed(s.goalsFor - s.goalsAgainst)),
    textCell((s.games ? s.points / s.games : 0).toFixed(2)),
    textCell(s.points),
  ];
  const shown = params.view === 'short' ? cells.filter((_, index) => inShortView(COLUMNS[index])) : cells;
  const standing = row(shown, { data: { team: { id: s.team.id, name: s.team.name }, rank: s.rank } });
  if (s.team.id === params.team_id) standing.highlight = true;
  return standing;
}

const groupKey = (group: TabGroupData) => `${group.league.id}:${group.gameClass.id}:${group.name}`;

/**
 * One tab per group, its text `[league, group]` (`["Herren GF L-UPL", "Gruppe 1"]`, the lines the
 * live-score client reads), reloading the rankings with its league, game class and group; the shown
 * groups' tabs highlighted. Ordered by league level, then game class, keeping the schema's order
 * otherwise (league id, then the group's sort order): a stable sort.
 */
function rankingTabs(groups: readonly TabGroupData[], shown: readonly TabGroupData[]): Tab[] {
  const shownKeys = new Set(shown.map(groupKey));
  return [...groups]
    .sort((a, b) => a.league.level - b.league.level || a.gameClass.id - b.gameClass.id)
    .map((group) =>
      tab(
        [competitionName(group), group.name],
        reload('/rankings', { league: group.league.id, game_class: group.gameClass.id, group: group.name }),
        shownKeys.has(groupKey(group)),
      ),
    );
}

/**
 * Pure: one region per group (the requested one, else every qualification group of the league — a
 * league split into groups shows them side by side); a separator row under the playoff line.
 * Tabs: every group of the season when the document brought them (`season.groups`, asked for when
 * the request names neither league nor group), else the groups of the shown league and game class.
 */
export function reshapeRankings(data: RankingsData, params: RankingsParams, ctx: RenderContext) {
  const groups = data.leagueGroups.edges.map((e) => e.node);
  // Without a group: the regular season, i.e. every group not played as a knock-out series.
  const shown = params.group === undefined ? groups.filter((g) => !isKnockoutPhase(g.phase)) : groups.filter((g) => g.name === params.group);
  const first = orNotFound(shown[0], params.group === undefined ? 'No groups for this league and game class in the season' : `No group "${params.group}"`);
  const regions = shown.map((group) => {
    const rows: Row[] = [];
    group.standings.forEach((standing, index) => {
      rows.push(standingRow(standing, params));
      if (group.playoffLine !== null && index + 1 === group.playoffLine && index + 1 < group.standings.length) {
        rows.push(row([], { separator: true }));
      }
    });
    return region(shown.length > 1 ? group.name : groupTitle(group), rows);
  });
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: {
      season: params.season,
      league: params.league,
      game_class: params.game_class,
      group: params.group ?? null,
      ...(params.view === 'short' ? { view: 'short' } : {}),
      // Only when asked for, so that today's table reads as it always did.
      ...(params.date === undefined ? {} : { date: params.date }),
      ...(params.round === undefined ? {} : { round: params.round }),
      ...(params.corrected === undefined ? {} : { corrected: params.corrected }),
      locale: localeContext(ctx.locale),
    },
    headers: headers(params.view === 'short' ? SHORT_COLUMNS : COLUMNS, ctx.locale),
    title: competitionName(first),
    subtitle: data.season?.label ?? String(params.season),
    tabs: rankingTabs(data.season?.groups ?? groups, shown),
    regions,
  });
}

/** Which table the standings are asked for: today's unless a day or a round is named. */
function tableOf(params: ParamsOf<typeof RANKINGS_QUERY>) {
  return { asOf: params.date ?? null, roundNumber: params.round ?? null, asCorrected: params.corrected ?? null };
}

export function rankingsRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument(deps, RANKINGS_DOCUMENT);
  const runTeam = facadeDocument(deps, RANKINGS_TEAM_DOCUMENT);
  const resolveSeason = seasonResolver(deps);
  /** The team's main group of the season: the league, game class and group its ranking shows. */
  const teamGroup = async (teamId: number, season: number) => {
    const team = orNotFound((await runTeam({ id: teamId, season })).team, `No team ${teamId}`);
    return orNotFound(mainGroupOf(team.groups), `Team ${teamId} plays in no group in season ${season}`);
  };
  facadeGet(
    app,
    deps,
    '/rankings',
    {
      querystring: RANKINGS_QUERY,
      config: { changeScope: (request) => leagueOrOwnerScope(request, DEFAULT_LEAGUE, [['team', 'team_id']], 'standings') },
      doc: {
        id: 'rankings',
        tag: 'Leagues',
        summary: "A group's ranking",
        response: 'table',
        examples: [
          example('default league', '/api/rankings'),
          example('short view', '/api/rankings?view=short'),
          example('as of a day', '/api/rankings?date=2026-11-01'),
          example('after a round', '/api/rankings?round=5'),
          example("a team's ranking", (ids) => `/api/rankings?team_id=${ids.team}`),
          example('malformed season', '/api/rankings?season=abc', 400),
          example('malformed day', '/api/rankings?date=01.11.2026', 400),
          example('unknown group', (ids) => `/api/rankings?${leagueQuery(ids)}&group=nope`, 404),
        ],
        snapshot: (ids) => [localized(4, '/api/rankings'), localized(5, `/api/rankings?${leagueQuery(ids)}&group=${encodeURIComponent(ids.group.name)}`)],
      },
    },
    async (params, ctx) => {
      const season = await resolveSeason(params.season);
      if (params.team_id !== undefined) {
        const group = await teamGroup(params.team_id, season);
        const shown = { ...params, season, league: group.league.id, game_class: group.gameClass.id, group: group.name };
        return reshapeRankings(await run({ season, league: shown.league, gameClass: shown.game_class, seasonWide: false, ...tableOf(params) }), shown, ctx);
      }
      const league = params.league ?? DEFAULT_LEAGUE;
      const seasonWide = params.league === undefined && params.group === undefined;
      const data = await run({ season, league, gameClass: params.game_class, seasonWide, ...tableOf(params) });
      return reshapeRankings(data, { ...params, season, league }, ctx);
    },
  );
}
