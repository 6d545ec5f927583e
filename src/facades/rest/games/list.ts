import type { ResultOf } from '@graphql-typed-document-node/core';
import type { FastifyReply } from 'fastify';
import { answerReadFrom } from '../../../cache/answer-scope.js';
import { scopeTag } from '../../../live/change-scope.js';
import { mainGroupOf } from '../../../domain/groups.js';
import { graphql } from '../../generated/gql.js';
import { competitionName } from '../../shared/competition.js';
import { roundSeries } from '../../../domain/series.js';
import { DEFAULT_GAME_CLASS, DEFAULT_LEAGUE } from '../../shared/defaults.js';
import { notFound } from '../../shared/errors.js';
import { facadeDocument, type FacadeDependencies } from '../../shared/facade.js';
import { orNotFound } from '../../shared/found.js';
import { localeContext } from '../../shared/locale.js';
import { flag, integer, oneOf, paramsSchema, seasonYear, text, withDefault, type ParamsOf } from '../../shared/param-schema.js';
import { textIn, type RenderContext } from '../../shared/render-context.js';
import { parseParams } from '../../shared/route.js';
import { TEXTS } from '../../shared/texts.js';
import { periodsText } from '../../shared/result.js';
import { column, headers, imageCell, linkedText, region, reload, row, slider, tableEnvelope, textCell } from '../../shared/table.js';
import type { Region, Row } from '../../shared/wire.js';
import {
  dateLine,
  dateTime,
  gameLink,
  gameResult,
  gameRowExtras,
  markedRow,
  nodes,
  RESULT_STATE_PARAM,
  sideCell,
  sideText,
  type GameRowData,
} from '../shared/game-row.js';

/** Resolves the defaults: the current season, and league/class/group from a team's or player's participation. */
export const LIST_SELECTION_DOCUMENT = graphql(`
  query ListSelection($teamId: Int!, $withTeam: Boolean!, $playerId: Int!, $withPlayer: Boolean!) {
    currentSeason { id label }
    team(id: $teamId) @include(if: $withTeam) { groups { ...SelectableGroup } }
    player(id: $playerId) @include(if: $withPlayer) { memberships { season { id } team { groups { ...SelectableGroup } } } }
  }
  fragment SelectableGroup on LeagueGroup { name phase season { id } league { id } gameClass { id } }
`);

/**
 * The groups and their rounds (with start times only): enough to choose the round to show. The
 * season's label is read only when the selection did not bring it (another season than the current).
 */
export const LIST_GROUPS_DOCUMENT = graphql(`
  query ListGroups($season: Int!, $league: Int!, $gameClass: Int!, $withSeason: Boolean!) {
    season(id: $season) @include(if: $withSeason) { label }
    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 100) {
      edges { node { id name seriesBestOf league { name } gameClass { name } rounds { id number name startsAt } } }
    }
  }
`);

/** The games of the one round shown. */
export const LIST_ROUND_GAMES_DOCUMENT = graphql(`
  query ListRoundGames($roundId: Int!) { games(filter: { roundId: $roundId }, first: 5000) { edges { node { ...GameRow } } } }
`);

export type ListSelectionData = ResultOf<typeof LIST_SELECTION_DOCUMENT>;
type SelectableGroup = NonNullable<ListSelectionData['team']>['groups'][number];

export type ListGroupsData = ResultOf<typeof LIST_GROUPS_DOCUMENT>;
/** `seriesBestOf` is set on playoff/playout groups: their rounds are best-of-N series, one region each. Null: single games. */
export type ListGroup = ListGroupsData['leagueGroups']['edges'][number]['node'];
export type ListRound = ListGroup['rounds'][number];

export type ListRoundGamesData = ResultOf<typeof LIST_ROUND_GAMES_DOCUMENT>;

/** `mode=list`. A team or a player chooses league, class and group where the query names none. */
export const GAME_LIST_QUERY = paramsSchema({
  season: seasonYear(),
  league: integer({ min: 1 }),
  game_class: integer({ min: 1 }),
  group: text(),
  round: integer({ min: 1 }),
  view: withDefault(oneOf(['short', 'full']), 'full'),
  use_streaming_logos: withDefault(flag(), false),
  team_id: integer({ min: 1 }),
  player_id: integer({ min: 1 }),
  ...RESULT_STATE_PARAM,
});
export type GameListQuery = ParamsOf<typeof GAME_LIST_QUERY>;
/** The query with season, league and class resolved (explicit, else from the team or player, else the defaults). */
export type GameListParams = GameListQuery & { season: number; league: number; game_class: number };

/** Pure: the explicit parameters win; a team or player fills league, class and group from their season's main group. */
export function resolveListParams(query: GameListQuery, data: ListSelectionData): GameListParams {
  const season = orNotFound(query.season ?? data.currentSeason?.id, 'No season');
  let participation: SelectableGroup[] = [];
  if (query.team_id !== undefined) {
    participation = orNotFound(data.team, `No team ${query.team_id}`).groups;
  } else if (query.player_id !== undefined) {
    const player = orNotFound(data.player, `No player ${query.player_id}`);
    participation = player.memberships.filter((m) => m.season.id === season).flatMap((m) => m.team.groups);
  }
  const chosen = mainGroupOf(participation.filter((g) => g.season.id === season));
  if ((query.team_id !== undefined || query.player_id !== undefined) && !chosen) {
    throw notFound(`No league participation in season ${season}`);
  }
  return {
    ...query,
    season,
    league: query.league ?? chosen?.league.id ?? DEFAULT_LEAGUE,
    game_class: query.game_class ?? chosen?.gameClass.id ?? DEFAULT_GAME_CLASS,
    group: query.group ?? chosen?.name,
  };
}

/** The round being played: the last round that has started, else the first; a finished season shows its last. */
export function currentRoundNumber(rounds: { number: number; startsAt: string | null }[], now: Date): number | undefined {
  const started = rounds.filter((r) => r.startsAt !== null && new Date(r.startsAt) <= now);
  return (started.length ? started[started.length - 1] : rounds[0])?.number;
}

/** The group named, else the first; the 404 says which one was missing. Also the calendars' choice. */
export function chosenGroup<G extends { name: string }>(groups: readonly G[], name: string | undefined): G {
  const group = name === undefined ? groups[0] : groups.find((g) => g.name === name);
  return orNotFound(group, name === undefined ? 'No group for this league and game class in the season' : `No group "${name}"`);
}

export interface ListSelection {
  group: ListGroup;
  /** The group's rounds in order and the index of the one shown (-1 when the group has none). */
  rounds: ListRound[];
  index: number;
}

/** Pure: the group (by name, default the first) and the round (by number, default the one being played). */
export function selectListRound(data: ListGroupsData, params: GameListParams, now: Date): ListSelection {
  const group = chosenGroup(nodes(data.leagueGroups), params.group);
  const rounds = [...group.rounds].sort((a, b) => a.number - b.number);
  const roundNumber = params.round ?? currentRoundNumber(rounds, now);
  const index = rounds.findIndex((r) => r.number === roundNumber);
  if (params.round !== undefined && index < 0) throw notFound(`No round ${params.round} in this group`);
  return { group, rounds, index };
}

/** What the list shows: the groups with their rounds, the games of the round chosen, the current season (for its label). */
export interface GameListData {
  groups: ListGroupsData;
  roundGames: GameRowData[];
  currentSeason: ListSelectionData['currentSeason'];
}

const COLUMNS = [
  column('date', TEXTS.date, { align: 'l' }),
  column('location', TEXTS.venue, { align: 'l' }),
  column('home_name', TEXTS.home, { align: 'r' }),
  column('home_logo', '', { align: 'c' }),
  column(undefined, '-', { align: 'c' }),
  column('away_logo', '', { align: 'c' }),
  column('away_name', TEXTS.away, { align: 'l' }),
  column('result', TEXTS.result, { align: 'c' }),
  column('broadcast', '📺', { align: 'c' }),
];

function logoUrl(url: string | null, streaming: boolean): string | null {
  return url && streaming ? `${url}?size=large` : url;
}

function listRow(game: GameRowData, params: GameListParams, ctx: RenderContext): Row {
  return markedRow(
    row(
      [
        linkedText(gameLink(game), dateLine(game, ctx, dateTime(game))),
        textCell(game.venue?.name ?? ''),
        sideCell(game, 'home', ctx),
        imageCell(logoUrl(game.homeTeam?.logoUrl ?? null, params.use_streaming_logos), sideText(game, 'home', ctx)),
        textCell('-'),
        imageCell(logoUrl(game.awayTeam?.logoUrl ?? null, params.use_streaming_logos), sideText(game, 'away', ctx)),
        sideCell(game, 'away', ctx),
        textCell(gameResult(game, ctx), params.view === 'full' ? periodsText(game) : null),
        textCell(...(game.hasVideoStream ? ['📺'] : [])),
      ],
      gameRowExtras(game),
    ),
    game,
    params.result_state,
    ctx,
  );
}

/**
 * A series round: one region per series (domain rule `roundSeries`), titled `Home - Away 2:1`, plus
 * ` Serie beendet` once decided; a decided series leaves out its games that will not be played.
 * Null for a group of single games, or a series round without games (rendered as any other round).
 */
function seriesRegions(group: ListGroup, games: readonly GameRowData[], params: GameListParams, ctx: RenderContext): Region[] | null {
  // A round whose pairings are not all decided yet is listed as single games (src/domain/pairing.ts).
  const paired = games.flatMap((game) => (game.homeTeam && game.awayTeam ? [{ ...game, homeTeam: game.homeTeam, awayTeam: game.awayTeam }] : []));
  if (paired.length < games.length) return null;
  const series = roundSeries(
    group.seriesBestOf,
    paired.map((game) => ({ ...game, homeTeamId: game.homeTeam.id, awayTeamId: game.awayTeam.id })),
  );
  if (!series?.length) return null;
  const t = textIn(ctx);
  return series.map((s) => {
    const { homeTeam, awayTeam } = s.games[0];
    const text = `${homeTeam.name} - ${awayTeam.name} ${s.homeWins}:${s.awayWins}${s.decided ? ` ${t(TEXTS.seriesOver)}` : ''}`;
    return region(
      text,
      s.shown.map((game) => listRow(game, params, ctx)),
    );
  });
}

/**
 * Pure: one region for the chosen group's round (one per series in a playoff or playout round),
 * WIRE.md §4 `games?mode=list` cells, slider over the group's rounds.
 */
export function reshapeGameList(data: GameListData, params: GameListParams, ctx: RenderContext) {
  const t = textIn(ctx);
  const { group, rounds, index } = selectListRound(data.groups, params, ctx.now);
  const round = rounds[index];
  const games = [...data.roundGames].sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id);
  const roundLink = (r: { number: number } | undefined) => (r ? reload('/games', { round: r.number }) : null);
  const currentSeasonLabel = data.currentSeason?.id === params.season ? data.currentSeason.label : undefined;
  const competition = competitionName(group);
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: {
      mode: 'list',
      season: params.season,
      league: params.league,
      game_class: params.game_class,
      group: group.name,
      round: round?.number ?? null,
      view: params.view,
      use_streaming_logos: params.use_streaming_logos,
      team_id: params.team_id ?? null,
      player_id: params.player_id ?? null,
      locale: localeContext(ctx.locale),
    },
    headers: headers(COLUMNS, ctx.locale),
    title: `${t(TEXTS.season)} ${data.groups.season?.label ?? currentSeasonLabel ?? params.season}`,
    subtitle: competition,
    slider: round ? slider(round.name, roundLink(rounds[index - 1]), roundLink(rounds[index + 1])) : null,
    regions: seriesRegions(group, games, params, ctx) ?? [
      region(
        `${competition} ${group.name}`,
        games.map((game) => listRow(game, params, ctx)),
      ),
    ],
  });
}

/** `mode=list`: the selection (season, team or player), the groups and their rounds, then the one round's games. */
export function gameListMode(deps: FacadeDependencies) {
  const runSelection = facadeDocument(deps, LIST_SELECTION_DOCUMENT);
  const runGroups = facadeDocument(deps, LIST_GROUPS_DOCUMENT);
  const runRoundGames = facadeDocument(deps, LIST_ROUND_GAMES_DOCUMENT);
  return async (rawQuery: unknown, ctx: RenderContext, reply: FastifyReply) => {
    const query = parseParams(GAME_LIST_QUERY, rawQuery);
    const selection = await runSelection({
      teamId: query.team_id ?? 0,
      withTeam: query.team_id !== undefined,
      playerId: query.player_id ?? 0,
      withPlayer: query.team_id === undefined && query.player_id !== undefined,
    });
    const params = resolveListParams(query, selection);
    // The selection read the current season's label; another season's is read with the groups.
    const withSeason = params.season !== selection.currentSeason?.id;
    const groups = await runGroups({ season: params.season, league: params.league, gameClass: params.game_class, withSeason });
    const { group, rounds, index } = selectListRound(groups, params, ctx.now);
    // The answer shows this group's rounds and one round's games, nothing of the league's other
    // groups: a write elsewhere in the league keeps it (a write to any of its games names the group).
    const groupTag = scopeTag('group', group.id);
    if (groupTag) answerReadFrom(reply.request, [groupTag]);
    const round = rounds[index];
    const roundGames = round ? nodes((await runRoundGames({ roundId: round.id })).games) : [];
    return reshapeGameList({ groups, roundGames, currentSeason: selection.currentSeason }, params, ctx);
  };
}
