import { badRequest, notFound } from '../../shared/errors.js';
import type { RequestInfo } from '../../shared/facade.js';
import { formatDate, formatTime } from '../../shared/format.js';
import { localeContext, translate, type Translated } from '../../shared/locale.js';
import { TEXTS } from '../../shared/texts.js';
import { optionalInt, requiredInt } from '../../shared/params.js';
import { column, headers, linkedText, mapLink, pageLink, region, reload, row, slider, tableEnvelope, textCell } from '../../shared/table.js';
import type { Cell, Tab } from '../../shared/wire.js';
import { GAME_ROW_FRAGMENT, gameLink, gameResult, gameRowExtras, nodes, type Connection, type GameRowData } from './game-row.js';

/**
 * `mode=club` and `mode=team`: one schedule builder; the two differ only in whose games they list,
 * the title and the club view's league/group column.
 */
export const SCHEDULE_DOCUMENT = /* GraphQL */ `
  query Schedule($filter: GameFilter!, $clubId: Int!, $isClub: Boolean!, $teamId: Int!, $season: Int!) {
    season(id: $season) { label }
    club(id: $clubId) @include(if: $isClub) { name }
    team(id: $teamId) @skip(if: $isClub) {
      name
      groups(season: $season) { name phase league { id } gameClass { id } }
    }
    games(filter: $filter, first: 5000) { edges { node { ...GameRow } } }
  }
  ${GAME_ROW_FRAGMENT}
`;

export interface ScheduleData {
  season: { label: string } | null;
  club?: { name: string } | null;
  team?: { name: string; groups: { name: string; phase: string; league: { id: number }; gameClass: { id: number } }[] } | null;
  games: Connection<GameRowData>;
}

export type ScheduleKind = 'club' | 'team';

export interface ScheduleParams {
  kind: ScheduleKind;
  ownerId: number;
  season: number;
  page: number;
  perPage: number;
}

export const DEFAULT_GAMES_PER_PAGE = 10;
export const MAX_GAMES_PER_PAGE = 100;

export function scheduleParams(kind: ScheduleKind, info: RequestInfo): ScheduleParams {
  return {
    kind,
    ownerId: requiredInt(info.query, kind === 'club' ? 'club_id' : 'team_id', { min: 1 }),
    season: requiredInt(info.query, 'season', { min: 1900, max: 2999 }),
    page: optionalInt(info.query, 'page') ?? 1,
    perPage: optionalInt(info.query, 'games_per_page', { min: 1, max: MAX_GAMES_PER_PAGE }) ?? DEFAULT_GAMES_PER_PAGE,
  };
}

export function scheduleVariables(params: ScheduleParams) {
  const isClub = params.kind === 'club';
  return {
    filter: { season: params.season, ...(isClub ? { clubId: params.ownerId } : { teamId: params.ownerId }) },
    isClub,
    clubId: isClub ? params.ownerId : 0,
    teamId: isClub ? 0 : params.ownerId,
    season: params.season,
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

function leagueGroupCell(game: GameRowData): Cell {
  if (game.group) {
    const g = game.group;
    return linkedText(pageLink('league_group_detail', g.season.id, g.league.id, g.gameClass.id, g.name), `${g.gameClass.name} ${g.league.name}`, g.name);
  }
  return textCell(game.cupRound?.tournament.name ?? '', game.cupRound?.name ?? '');
}

/** Pure: games in order of occurrence (start, then id), one page of them, slider over the pages. */
export function reshapeSchedule(data: ScheduleData, params: ScheduleParams, info: RequestInfo) {
  const t = (text: Translated) => translate(text, info.locale);
  const ownerName = params.kind === 'club' ? data.club?.name : data.team?.name;
  if (!ownerName) throw notFound(`No ${params.kind} ${params.ownerId}`);
  const games = nodes(data.games).sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id);
  const pages = Math.max(1, Math.ceil(games.length / params.perPage));
  if (params.page < 1 || params.page > pages) throw badRequest(`Invalid page value ${params.page}: pages 1 to ${pages}`);
  const pageGames = games.slice((params.page - 1) * params.perPage, params.page * params.perPage);
  const isClub = params.kind === 'club';
  const rows = pageGames.map((game) => {
    const startsAt = new Date(game.startsAt);
    const venue = game.venue ? { ...textCell(game.venue.name, game.venue.city), link: mapLink(game.venue) } : textCell('', '');
    const cells: Cell[] = [
      linkedText(gameLink(game), formatDate(startsAt), formatTime(startsAt)),
      venue,
      ...(isClub ? [leagueGroupCell(game)] : []),
      linkedText(pageLink('team_detail', game.homeTeam.id), game.homeTeam.name),
      linkedText(pageLink('team_detail', game.awayTeam.id), game.awayTeam.name),
      textCell(gameResult(game, info)),
    ];
    return row(cells, gameRowExtras(game));
  });
  const pageLinkTo = (page: number) => (page >= 1 && page <= pages ? reload('/games', { page }) : null);
  const tabs: Tab[] = [];
  const mainGroup = data.team?.groups.find((g) => g.phase === 'QUALIFICATION') ?? data.team?.groups[0];
  if (!isClub && mainGroup) {
    tabs.push({
      text: t(TEXTS.standings),
      type: 'tab',
      link: reload('/rankings', { season: params.season, league: mainGroup.league.id, game_class: mainGroup.gameClass.id, group: mainGroup.name }, [
        params.season,
        mainGroup.league.id,
        mainGroup.gameClass.id,
        mainGroup.name,
      ]),
      highlight: false,
    });
  }
  return tableEnvelope(info.baseUrl, 'table', {
    context: {
      mode: params.kind,
      [isClub ? 'club_id' : 'team_id']: params.ownerId,
      season: params.season,
      page: params.page,
      games_per_page: params.perPage,
      locale: localeContext(info.locale),
    },
    headers: headers(scheduleColumns(isClub), info.locale),
    title: `${t(TEXTS.gamesOverview)} ${ownerName}, ${t(TEXTS.season)} ${data.season?.label ?? params.season}`,
    tabs,
    slider: slider(`${t(TEXTS.page)} ${params.page}/${pages}`, pageLinkTo(params.page - 1), pageLinkTo(params.page + 1)),
    regions: [region(null, rows)],
  });
}
