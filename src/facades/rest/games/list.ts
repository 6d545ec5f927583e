import { notFound } from '../../shared/errors.js';
import type { RequestInfo } from '../../shared/facade.js';
import { localeContext, translate, type Translated } from '../../shared/locale.js';
import { TEXTS } from '../../shared/texts.js';
import { DEFAULT_GAME_CLASS, DEFAULT_LEAGUE } from '../../shared/defaults.js';
import { optionalBoolean, optionalEnum, optionalInt, optionalString } from '../../shared/params.js';
import { periodsText } from '../../shared/result.js';
import { column, headers, imageCell, linkedText, pageLink, region, reload, row, slider, tableEnvelope, textCell } from '../../shared/table.js';
import { dateTime, GAME_ROW_FRAGMENT, gameLink, gameResult, gameRowExtras, nodes, type Connection, type GameRowData } from './game-row.js';

/** Resolves the defaults: the current season, and league/class/group from a team's or player's participation. */
export const LIST_SELECTION_DOCUMENT = /* GraphQL */ `
  query ListSelection($teamId: Int!, $withTeam: Boolean!, $playerId: Int!, $withPlayer: Boolean!) {
    currentSeason { id label }
    team(id: $teamId) @include(if: $withTeam) { groups { ...SelectableGroup } }
    player(id: $playerId) @include(if: $withPlayer) { memberships { season { id } team { groups { ...SelectableGroup } } } }
  }
  fragment SelectableGroup on LeagueGroup { name phase season { id } league { id } gameClass { id } }
`;

/**
 * The groups and their rounds (with start times only): enough to choose the round to show. The
 * season's label is read only when the selection did not bring it (another season than the current).
 */
export const LIST_GROUPS_DOCUMENT = /* GraphQL */ `
  query ListGroups($season: Int!, $league: Int!, $gameClass: Int!, $withSeason: Boolean!) {
    season(id: $season) @include(if: $withSeason) { label }
    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 100) {
      edges { node { id name league { name } gameClass { name } rounds { id number name startsAt } } }
    }
  }
`;

/** The games of the one round shown. */
export const LIST_ROUND_GAMES_DOCUMENT = /* GraphQL */ `
  query ListRoundGames($roundId: Int!) { games(filter: { roundId: $roundId }, first: 5000) { edges { node { ...GameRow } } } }
  ${GAME_ROW_FRAGMENT}
`;

interface SelectableGroup {
  name: string;
  phase: string;
  season: { id: number };
  league: { id: number };
  gameClass: { id: number };
}

export interface ListSelectionData {
  currentSeason: { id: number; label: string } | null;
  team?: { groups: SelectableGroup[] } | null;
  player?: { memberships: { season: { id: number }; team: { groups: SelectableGroup[] } }[] } | null;
}

export interface ListRound {
  id: number;
  number: number;
  name: string;
  startsAt: string | null;
}

export interface ListGroup {
  id: number;
  name: string;
  league: { name: string };
  gameClass: { name: string };
  rounds: ListRound[];
}

export interface ListGroupsData {
  season?: { label: string } | null;
  leagueGroups: Connection<ListGroup>;
}

export interface ListRoundGamesData {
  games: Connection<GameRowData>;
}

export interface ListParams {
  season: number;
  /** Known when the season is the current one (the selection reads its label). */
  seasonLabel?: string;
  league: number;
  gameClass: number;
  group?: string;
  round?: number;
  view: 'short' | 'full';
  streamingLogos: boolean;
  teamId?: number;
  playerId?: number;
}

export function listRequest(info: RequestInfo) {
  return {
    season: optionalInt(info.query, 'season', { min: 1900, max: 2999 }),
    league: optionalInt(info.query, 'league', { min: 1 }),
    gameClass: optionalInt(info.query, 'game_class', { min: 1 }),
    group: optionalString(info.query, 'group'),
    round: optionalInt(info.query, 'round', { min: 1 }),
    view: optionalEnum(info.query, 'view', ['short', 'full'] as const) ?? 'full',
    streamingLogos: optionalBoolean(info.query, 'use_streaming_logos') ?? false,
    teamId: optionalInt(info.query, 'team_id', { min: 1 }),
    playerId: optionalInt(info.query, 'player_id', { min: 1 }),
  };
}

const PHASE_ORDER = ['QUALIFICATION', 'PLAYOFF', 'PLAYOUT'];

/** Pure: the explicit parameters win; a team or player fills league, class and group from their season's groups. */
export function resolveListParams(request: ReturnType<typeof listRequest>, data: ListSelectionData): ListParams {
  const season = request.season ?? data.currentSeason?.id;
  if (season === undefined) throw notFound('No season');
  let participation: SelectableGroup[] = [];
  if (request.teamId !== undefined) {
    if (!data.team) throw notFound(`No team ${request.teamId}`);
    participation = data.team.groups;
  } else if (request.playerId !== undefined) {
    if (!data.player) throw notFound(`No player ${request.playerId}`);
    participation = data.player.memberships.filter((m) => m.season.id === season).flatMap((m) => m.team.groups);
  }
  const chosen = participation
    .filter((g) => g.season.id === season)
    .sort((a, b) => PHASE_ORDER.indexOf(a.phase) - PHASE_ORDER.indexOf(b.phase))[0];
  if ((request.teamId !== undefined || request.playerId !== undefined) && !chosen) {
    throw notFound(`No league participation in season ${season}`);
  }
  return {
    ...request,
    season,
    seasonLabel: season === data.currentSeason?.id ? data.currentSeason.label : undefined,
    league: request.league ?? chosen?.league.id ?? DEFAULT_LEAGUE,
    gameClass: request.gameClass ?? chosen?.gameClass.id ?? DEFAULT_GAME_CLASS,
    group: request.group ?? chosen?.name,
  };
}

/** The round being played: the last round that has started, else the first; a finished season shows its last. */
export function currentRoundNumber(rounds: { number: number; startsAt: string | null }[], now: Date): number | undefined {
  const started = rounds.filter((r) => r.startsAt !== null && new Date(r.startsAt) <= now);
  return (started.length ? started[started.length - 1] : rounds[0])?.number;
}

export interface ListSelection {
  group: ListGroup;
  /** The group's rounds in order and the index of the one shown (-1 when the group has none). */
  rounds: ListRound[];
  index: number;
}

/** Pure: the group (by name, default the first) and the round (by number, default the one being played). */
export function selectListRound(data: ListGroupsData, params: ListParams, now: Date): ListSelection {
  const groups = nodes(data.leagueGroups);
  const group = params.group === undefined ? groups[0] : groups.find((g) => g.name === params.group);
  if (!group) throw notFound(params.group === undefined ? 'No group for this league and game class in the season' : `No group "${params.group}"`);
  const rounds = [...group.rounds].sort((a, b) => a.number - b.number);
  const roundNumber = params.round ?? currentRoundNumber(rounds, now);
  const index = rounds.findIndex((r) => r.number === roundNumber);
  if (params.round !== undefined && index < 0) throw notFound(`No round ${params.round} in this group`);
  return { group, rounds, index };
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

/** Pure: one region for the chosen group's round, WIRE.md §4 `games?mode=list` cells, slider over the group's rounds. */
export function reshapeGameList(data: ListGroupsData, selection: ListSelection, roundGames: GameRowData[], params: ListParams, info: RequestInfo) {
  const t = (text: Translated) => translate(text, info.locale);
  const { group, rounds, index } = selection;
  const round = rounds[index];
  const games = [...roundGames].sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id);
  const rows = games.map((game) =>
    row(
      [
        linkedText(gameLink(game), dateTime(game)),
        textCell(game.venue?.name ?? ''),
        linkedText(pageLink('team_detail', game.homeTeam.id), game.homeTeam.name),
        imageCell(logoUrl(game.homeTeam.logoUrl, params.streamingLogos), game.homeTeam.name),
        textCell('-'),
        imageCell(logoUrl(game.awayTeam.logoUrl, params.streamingLogos), game.awayTeam.name),
        linkedText(pageLink('team_detail', game.awayTeam.id), game.awayTeam.name),
        textCell(gameResult(game, info), params.view === 'full' ? periodsText(game) : null),
        textCell(...(game.hasVideoStream ? ['📺'] : [])),
      ],
      gameRowExtras(game),
    ),
  );
  const roundLink = (r: { number: number } | undefined) => (r ? reload('/games', { round: r.number }) : null);
  return tableEnvelope(info.baseUrl, 'table', {
    context: {
      mode: 'list',
      season: params.season,
      league: params.league,
      game_class: params.gameClass,
      group: group.name,
      round: round?.number ?? null,
      view: params.view,
      use_streaming_logos: params.streamingLogos,
      team_id: params.teamId ?? null,
      player_id: params.playerId ?? null,
      locale: localeContext(info.locale),
    },
    headers: headers(COLUMNS, info.locale),
    title: `${t(TEXTS.season)} ${data.season?.label ?? params.seasonLabel ?? params.season}`,
    subtitle: `${group.gameClass.name} ${group.league.name}`,
    slider: round ? slider(round.name, roundLink(rounds[index - 1]), roundLink(rounds[index + 1])) : null,
    regions: [region(`${group.gameClass.name} ${group.league.name} ${group.name}`, rows)],
  });
}
