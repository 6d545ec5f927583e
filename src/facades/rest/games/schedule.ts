import type { ResultOf } from '@graphql-typed-document-node/core';
import { mainGroupOf } from '../../../domain/groups.js';
import { graphql } from '../../generated/gql.js';
import { badRequest } from '../../shared/errors.js';
import { facadeDocument, type FacadeDependencies } from '../../shared/facade.js';
import { formatDate, formatTime } from '../../shared/format.js';
import { orNotFound } from '../../shared/found.js';
import { localeContext } from '../../shared/locale.js';
import { integer, oneOf, paramsSchema, required, seasonYear, withDefault, type ParamsOf } from '../../shared/param-schema.js';
import { textIn, type RenderContext } from '../../shared/render-context.js';
import { parseParams } from '../../shared/route.js';
import { TEXTS } from '../../shared/texts.js';
import { column, headers, linkedText, mapLink, pageLink, region, reload, row, slider, tableEnvelope, textCell } from '../../shared/table.js';
import type { Cell, Tab } from '../../shared/wire.js';
import { dateLine, gameLink, gameResult, gameRowExtras, markedRow, nodes, RESULT_STATE_PARAM, sideCell, type GameRowData } from '../shared/game-row.js';
import { competitionName, groupTitle } from '../../shared/competition.js';

export const DEFAULT_GAMES_PER_PAGE = 10;
/**
 * Deployed exporters ask for `games_per_page=1000` and never page: one page may hold everything the
 * document loads (5,000 games: far more than one club plays in a season).
 */
export const MAX_GAMES_PER_PAGE = 5000;

/**
 * `mode=club` and `mode=team`: one schedule builder; the two differ only in whose games they list,
 * the title and the club view's league/group column.
 */
export const SCHEDULE_DOCUMENT = graphql(`
  query Schedule($filter: GameFilter!, $clubId: Int!, $isClub: Boolean!, $teamId: Int!, $season: Int!, $first: Int!) {
    season(id: $season) { label }
    club(id: $clubId) @include(if: $isClub) { name }
    team(id: $teamId) @skip(if: $isClub) {
      name
      groups(season: $season) { name phase league { id name } gameClass { id name } }
    }
    games(filter: $filter, first: $first) { edges { node { ...GameRow } } }
  }
`);

export type ScheduleData = ResultOf<typeof SCHEDULE_DOCUMENT>;
type ScheduleGroup = NonNullable<ScheduleData['team']>['groups'][number];

/** After the owner's id: what both schedules take. An out-of-range page is a 400 once the page count is known. */
const SEASON_AND_PAGE = {
  season: required(seasonYear()),
  page: withDefault(integer(), 1),
  games_per_page: withDefault(integer({ min: 1, max: MAX_GAMES_PER_PAGE }), DEFAULT_GAMES_PER_PAGE),
  ...RESULT_STATE_PARAM,
};
/**
 * The club view sorts by its league/group column (`order=league`, the column's header key) as the
 * federation documents ("Club games"): league and group first, chronological within each; `direction`
 * turns the first criterion (`desc`: groups from the last, or with `order=date` the newest game first).
 */
export const CLUB_SCHEDULE_QUERY = paramsSchema({
  club_id: required(integer({ min: 1 })),
  ...SEASON_AND_PAGE,
  order: withDefault(oneOf(['date', 'league']), 'date'),
  direction: withDefault(oneOf(['asc', 'desc']), 'asc'),
});
export const TEAM_SCHEDULE_QUERY = paramsSchema({ team_id: required(integer({ min: 1 })), ...SEASON_AND_PAGE });

/** `order` and `direction` (club view): absent, chronological ascending. */
export type ScheduleParams =
  | ({ mode: 'club' } & Omit<ParamsOf<typeof CLUB_SCHEDULE_QUERY>, 'order' | 'direction'> &
      Partial<Pick<ParamsOf<typeof CLUB_SCHEDULE_QUERY>, 'order' | 'direction'>>)
  | ({ mode: 'team' } & ParamsOf<typeof TEAM_SCHEDULE_QUERY>);

const ownerIdOf = (params: ScheduleParams) => (params.mode === 'club' ? params.club_id : params.team_id);

export function scheduleVariables(params: ScheduleParams) {
  const isClub = params.mode === 'club';
  const ownerId = ownerIdOf(params);
  return {
    filter: { season: params.season, ...(isClub ? { clubId: ownerId } : { teamId: ownerId }) },
    isClub,
    clubId: isClub ? ownerId : 0,
    teamId: isClub ? 0 : ownerId,
    season: params.season,
    first: MAX_GAMES_PER_PAGE,
  };
}

/** The club view adds the league/group column after the venue. */
function scheduleColumns(isClub: boolean) {
  return [
    column('date', TEXTS.date, { align: 'l' }),
    column('location', TEXTS.venue, { align: 'l' }),
    ...(isClub ? [column('league', TEXTS.league, { align: 'l' })] : []),
    column('home', TEXTS.home, { align: 'l' }),
    column('away', TEXTS.away, { align: 'l' }),
    column('result', TEXTS.result, { align: 'c' }),
  ];
}

/** The league/group column's two lines: `[league, group]`, for a cup game `[cup, round]`. */
function leagueGroupLines(game: GameRowData): [string, string] {
  if (game.group) return [competitionName(game.group), game.group.name];
  return [game.cupRound?.tournament.name ?? '', game.cupRound?.name ?? ''];
}

function leagueGroupCell(game: GameRowData): Cell {
  if (game.group) {
    const g = game.group;
    return linkedText(pageLink('league_group_detail', g.season.id, g.league.id, g.gameClass.id, g.name), ...leagueGroupLines(game));
  }
  return textCell(...leagueGroupLines(game));
}

const chronological = (a: GameRowData, b: GameRowData) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id;
const byText = (a: string, b: string) => a.localeCompare(b, 'de', { numeric: true });

/** Games in the order asked for: chronological (by start, then id), or by league and group first and chronological within. */
export function scheduleOrder(games: readonly GameRowData[], order: 'date' | 'league' = 'date', direction: 'asc' | 'desc' = 'asc'): GameRowData[] {
  const sign = direction === 'desc' ? -1 : 1;
  if (order === 'date') return [...games].sort((a, b) => sign * chronological(a, b));
  return [...games].sort((a, b) => {
    const [leagueA, groupA] = leagueGroupLines(a);
    const [leagueB, groupB] = leagueGroupLines(b);
    return sign * (byText(leagueA, leagueB) || byText(groupA, groupB)) || chronological(a, b);
  });
}

/** The standings of the team's main group, as a tab. */
function standingsTab(group: ScheduleGroup, season: number, ctx: RenderContext): Tab {
  const ids = [season, group.league.id, group.gameClass.id, group.name];
  return {
    text: textIn(ctx)(TEXTS.standings),
    type: 'tab',
    link: reload('/rankings', { season, league: group.league.id, game_class: group.gameClass.id, group: group.name }, ids),
    highlight: false,
  };
}

/** Pure: games in order of occurrence (start, then id; the club view as `order`/`direction` ask), one page of them, slider over the pages. */
export function reshapeSchedule(data: ScheduleData, params: ScheduleParams, ctx: RenderContext) {
  const t = textIn(ctx);
  const isClub = params.mode === 'club';
  const ownerId = ownerIdOf(params);
  const ownerName = orNotFound(isClub ? data.club?.name : data.team?.name, `No ${params.mode} ${ownerId}`);
  const games = isClub ? scheduleOrder(nodes(data.games), params.order, params.direction) : scheduleOrder(nodes(data.games));
  const perPage = params.games_per_page;
  const pages = Math.max(1, Math.ceil(games.length / perPage));
  if (params.page < 1 || params.page > pages) throw badRequest(`Invalid page value ${params.page}: pages 1 to ${pages}`);
  const pageGames = games.slice((params.page - 1) * perPage, params.page * perPage);
  const rows = pageGames.map((game) => {
    const startsAt = new Date(game.startsAt);
    const venue = game.venue ? { ...textCell(game.venue.name, game.venue.city), link: mapLink(game.venue) } : textCell('', '');
    const cells: Cell[] = [
      linkedText(gameLink(game), dateLine(game, ctx, formatDate(startsAt)), formatTime(startsAt)),
      venue,
      ...(isClub ? [leagueGroupCell(game)] : []),
      sideCell(game, 'home', ctx),
      sideCell(game, 'away', ctx),
      textCell(gameResult(game, ctx)),
    ];
    return markedRow(row(cells, gameRowExtras(game)), game, params.result_state, ctx);
  });
  const pageLinkTo = (page: number) => (page >= 1 && page <= pages ? reload('/games', { page }) : null);
  const mainGroup = isClub ? undefined : mainGroupOf(data.team?.groups ?? []);
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: {
      mode: params.mode,
      [isClub ? 'club_id' : 'team_id']: ownerId,
      season: params.season,
      page: params.page,
      games_per_page: perPage,
      // Only when asked for: the paging links reload the context, which keeps the order.
      ...(isClub && params.order !== undefined && params.order !== 'date' ? { order: params.order } : {}),
      ...(isClub && params.direction !== undefined && params.direction !== 'asc' ? { direction: params.direction } : {}),
      locale: localeContext(ctx.locale),
    },
    headers: headers(scheduleColumns(isClub), ctx.locale),
    title: `${t(TEXTS.gamesOverview)} ${ownerName}, ${t(TEXTS.season)} ${data.season?.label ?? params.season}`,
    subtitle: mainGroup ? groupTitle(mainGroup) : null,
    tabs: mainGroup ? [standingsTab(mainGroup, params.season, ctx)] : [],
    slider: slider(`${t(TEXTS.page)} ${params.page}/${pages}`, pageLinkTo(params.page - 1), pageLinkTo(params.page + 1)),
    regions: [region(null, rows)],
  });
}

/** `mode=club` and `mode=team`: the same schedule, of the club's or the team's games. */
export function scheduleMode(deps: FacadeDependencies) {
  const run = facadeDocument(deps, SCHEDULE_DOCUMENT);
  const show = async (params: ScheduleParams, ctx: RenderContext) => reshapeSchedule(await run(scheduleVariables(params)), params, ctx);
  return {
    club: (rawQuery: unknown, ctx: RenderContext) => show({ mode: 'club', ...parseParams(CLUB_SCHEDULE_QUERY, rawQuery) }, ctx),
    team: (rawQuery: unknown, ctx: RenderContext) => show({ mode: 'team', ...parseParams(TEAM_SCHEDULE_QUERY, rawQuery) }, ctx),
  };
}
