import type { RequestInfo } from '../../shared/facade.js';
import { addDays, formatShortDate, formatTime, localDay, startOfLocalDay } from '../../shared/format.js';
import { localeContext, translate, type Translated } from '../../shared/locale.js';
import { TEXTS } from '../../shared/texts.js';
import { optionalBoolean, optionalDate, optionalIdList } from '../../shared/params.js';
import { column, headers, linkedText, region, reload, row, slider, tableEnvelope, textCell } from '../../shared/table.js';
import { competitionName, DAY_GAME_FRAGMENT, gameLink, gameRowExtras, nodes, type Connection, type DayGameData } from './game-row.js';

/** Games of one league day plus whether game days exist before and after it (for the slider). */
export const CURRENT_GAMES_DOCUMENT = /* GraphQL */ `
  query CurrentGames($filter: GameFilter!, $before: GameFilter!, $after: GameFilter!) {
    games(filter: $filter, first: 5000) { edges { node { ...DayGame } } }
    earlier: games(filter: $before, last: 1) { edges { node { startsAt } } }
    later: games(filter: $after, first: 1) { edges { node { startsAt } } }
  }
  ${DAY_GAME_FRAGMENT}
`;

/** For before_date/after_date: the nearest game before or after an instant. */
export const NEAREST_GAME_DOCUMENT = /* GraphQL */ `
  query NearestGame($before: GameFilter!, $after: GameFilter!, $wantBefore: Boolean!) {
    earlier: games(filter: $before, last: 1) @include(if: $wantBefore) { edges { node { startsAt } } }
    later: games(filter: $after, first: 1) @skip(if: $wantBefore) { edges { node { startsAt } } }
  }
`;

export interface CurrentGamesData {
  games: Connection<DayGameData>;
  earlier: Connection<{ startsAt: string }>;
  later: Connection<{ startsAt: string }>;
}

export interface NearestGameData {
  earlier?: Connection<{ startsAt: string }>;
  later?: Connection<{ startsAt: string }>;
}

export interface CurrentParams {
  onDate?: string;
  beforeDate?: string;
  afterDate?: string;
  leagueIds?: number[];
  gameClassIds?: number[];
  tournamentIds?: number[];
  /** undefined when not asked for; echoed as null like the deployed service does. */
  onlyVideoStreamed?: boolean;
}

export function currentParams(info: RequestInfo): CurrentParams {
  return {
    onDate: optionalDate(info.query, 'on_date'),
    beforeDate: optionalDate(info.query, 'before_date'),
    afterDate: optionalDate(info.query, 'after_date'),
    leagueIds: optionalIdList(info.query, 'league_ids'),
    gameClassIds: optionalIdList(info.query, 'game_class_ids'),
    tournamentIds: optionalIdList(info.query, 'tournament_ids'),
    onlyVideoStreamed: optionalBoolean(info.query, 'only_video_streamed'),
  };
}

export function baseFilter(params: CurrentParams) {
  return {
    leagueIds: params.leagueIds,
    gameClassIds: params.gameClassIds,
    tournamentIds: params.tournamentIds,
    onlyVideoStreamed: params.onlyVideoStreamed || undefined,
  };
}

/** The slider asks for the game day before `before_date` or after `after_date`; `null` when there is none. */
export function sliderTarget(params: CurrentParams): { instant: Date; direction: 'before' | 'after' } | null {
  if (params.beforeDate) return { instant: startOfLocalDay(params.beforeDate), direction: 'before' };
  if (params.afterDate) return { instant: startOfLocalDay(addDays(params.afterDate, 1)), direction: 'after' };
  return null;
}

export function dayFilters(params: CurrentParams, day: string) {
  const from = startOfLocalDay(day).toISOString();
  const to = startOfLocalDay(addDays(day, 1)).toISOString();
  const base = baseFilter(params);
  return { filter: { ...base, from, to }, before: { ...base, to: from }, after: { ...base, from: to } };
}

const COLUMNS = [
  column('time', TEXTS.time, { align: 'l', width: 4 }),
  column('home', TEXTS.home, { align: 'r', width: 4 }),
  column(undefined, '-', { align: 'c', width: 1 }),
  column('away', TEXTS.away, { align: 'l', width: 4 }),
  column('score', TEXTS.result, { align: 'l', width: 2 }),
];

function regionKey(game: DayGameData): string {
  return game.group ? `0:${game.group.league.id}:${game.group.gameClass.id}` : `1:${game.cupRound?.tournament.id ?? 0}`;
}

/** Pure: one region per league (and per cup), games in start order, slider to the neighbouring game days. */
export function reshapeCurrentGames(data: CurrentGamesData, day: string, params: CurrentParams, info: RequestInfo) {
  const t = (text: Translated) => translate(text, info.locale);
  const byCompetition = new Map<string, { text: string; games: DayGameData[] }>();
  for (const game of nodes(data.games)) {
    const key = regionKey(game);
    if (!byCompetition.has(key)) byCompetition.set(key, { text: competitionName(game), games: [] });
    byCompetition.get(key)!.games.push(game);
  }
  const regions = [...byCompetition.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([, { text, games }]) =>
      region(
        text,
        games.map((game) => {
          const live = game.status === 'LIVE';
          const score = game.homeScore === null || game.awayScore === null ? '-' : `${game.homeScore}:${game.awayScore}`;
          return row(
            [
              textCell(live ? t(TEXTS.gameLive) : formatTime(new Date(game.startsAt))),
              linkedText(gameLink(game), game.homeTeam.name),
              textCell('-'),
              linkedText(gameLink(game), game.awayTeam.name),
              textCell(game.status === 'SCHEDULED' || game.status === 'CANCELLED' ? '-' : score),
            ],
            gameRowExtras(game),
          );
        }),
      ),
    );
  const listIds = (ids?: number[]) => (ids ? ids.join(',') : null);
  return tableEnvelope(info.baseUrl, 'table', {
    context: {
      tabs: true,
      locale: localeContext(info.locale),
      on_date: day,
      mode: 'current',
      tournament_ids: listIds(params.tournamentIds),
      league_ids: listIds(params.leagueIds),
      game_class_ids: listIds(params.gameClassIds),
      only_video_streamed: params.onlyVideoStreamed ?? null,
      team_id: null,
    },
    headers: headers(COLUMNS, info.locale),
    title: t(TEXTS.currentGamesTitle),
    slider: slider(
      formatShortDate(day),
      data.earlier.edges.length ? reload('/games', { before_date: day }) : null,
      data.later.edges.length ? reload('/games', { after_date: day }) : null,
    ),
    regions,
  });
}

export function todayIn(info: RequestInfo): string {
  return localDay(info.now);
}
