import type { ResultOf } from '@graphql-typed-document-node/core';
import type { FastifyReply } from 'fastify';
import { graphql } from '../../generated/gql.js';
import { facadeDocument, type FacadeDependencies } from '../../shared/facade.js';
import { type RowBounds, VersionedRows } from '../../../cache/versioned-rows.js';
import { localDayRange } from '../../../domain/league-time.js';
import { addDays, formatShortDate, formatTime, localDay, startOfLocalDay } from '../../shared/format.js';
import { localeContext } from '../../shared/locale.js';
import { day, flag, idList, paramsSchema, type ParamsOf } from '../../shared/param-schema.js';
import { textIn, type RenderContext } from '../../shared/render-context.js';
import { parseParams } from '../../shared/route.js';
import { TEXTS } from '../../shared/texts.js';
import { column, headers, linkedText, region, reload, row, slider, tableEnvelope, textCell } from '../../shared/table.js';
import { livePeriodText } from '../../shared/live-period.js';
import { dateLine, gameCompetitionName, gameLink, gameResult, gameRowExtras, nodes, sideText, type DayGameData } from '../shared/game-row.js';

/** Games of one league day plus whether game days exist before and after it (for the slider). */
export const CURRENT_GAMES_DOCUMENT = graphql(`
  query CurrentGames($filter: GameFilter!, $before: GameFilter!, $after: GameFilter!) {
    games(filter: $filter, first: 5000) { edges { node { ...DayGame } } }
    earlier: games(filter: $before, last: 1) { edges { node { startsAt } } }
    later: games(filter: $after, first: 1) { edges { node { startsAt } } }
  }
`);

/**
 * The same list as ids and versions only, with the slider: where the day's games are kept across
 * requests (src/cache/versioned-rows.ts), only the games whose version moved are read whole. The
 * listing itself is kept too, its versions brought up to date by the change feed: a live write
 * changes no day's members, so after a goal only the written game is read.
 */
export const CURRENT_GAME_VERSIONS_DOCUMENT = graphql(`
  query CurrentGameVersions($filter: GameFilter!, $before: GameFilter!, $after: GameFilter!) {
    games(filter: $filter, first: 5000) { edges { node { id version } } }
    earlier: games(filter: $before, last: 1) { edges { node { startsAt } } }
    later: games(filter: $after, first: 1) { edges { node { startsAt } } }
  }
`);

/**
 * The rows of the games named, with the version they were read at. They are kept across requests
 * until the version moves, so every field of `DayGame` must follow from the game's version and
 * from data only an import changes (a clock's phase and period do; its running second would not).
 */
export const DAY_GAMES_BY_ID_DOCUMENT = graphql(`
  query DayGamesById($filter: GameFilter!) {
    games(filter: $filter, first: 5000) { edges { node { version ...DayGame } } }
  }
`);

/** For before_date/after_date: the nearest game before or after an instant. */
export const NEAREST_GAME_DOCUMENT = graphql(`
  query NearestGame($before: GameFilter!, $after: GameFilter!, $wantBefore: Boolean!) {
    earlier: games(filter: $before, last: 1) @include(if: $wantBefore) { edges { node { startsAt } } }
    later: games(filter: $after, first: 1) @skip(if: $wantBefore) { edges { node { startsAt } } }
  }
`);

export type CurrentGamesData = ResultOf<typeof CURRENT_GAMES_DOCUMENT>;
export type NearestGameData = ResultOf<typeof NEAREST_GAME_DOCUMENT>;

/** `mode=current`. `only_video_streamed` has no default: when not asked for it is echoed as null, as deployed. */
export const CURRENT_GAMES_QUERY = paramsSchema({
  on_date: day(),
  before_date: day(),
  after_date: day(),
  league_ids: idList(),
  game_class_ids: idList(),
  tournament_ids: idList(),
  only_video_streamed: flag(),
});
export type CurrentGamesQuery = ParamsOf<typeof CURRENT_GAMES_QUERY>;
/** The query with the day shown resolved (asked for, found by the slider, or today). */
export type CurrentGamesParams = CurrentGamesQuery & { on_date: string };

function baseFilter(params: CurrentGamesQuery) {
  return {
    leagueIds: params.league_ids,
    gameClassIds: params.game_class_ids,
    tournamentIds: params.tournament_ids,
    onlyVideoStreamed: params.only_video_streamed || undefined,
  };
}

/** The slider asks for the game day before `before_date` or after `after_date`; `null` when there is none. */
export function sliderTarget(params: CurrentGamesQuery): { instant: Date; direction: 'before' | 'after' } | null {
  if (params.before_date) return { instant: startOfLocalDay(params.before_date), direction: 'before' };
  if (params.after_date) return { instant: startOfLocalDay(addDays(params.after_date, 1)), direction: 'after' };
  return null;
}

export function dayFilters(params: CurrentGamesParams) {
  const range = localDayRange(params.on_date);
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const base = baseFilter(params);
  return { filter: { ...base, from, to }, before: { ...base, to: from }, after: { ...base, from: to } };
}

export function todayIn(ctx: Pick<RenderContext, 'today'>): string {
  return ctx.today;
}

const COLUMNS = [
  column('time', TEXTS.time, { align: 'l', width: 4 }),
  column('home', TEXTS.home, { align: 'r', width: 4 }),
  column(undefined, '-', { align: 'c', width: 1 }),
  column('away', TEXTS.away, { align: 'l', width: 4 }),
  column('score', TEXTS.result, { align: 'l', width: 2 }),
];

/** League regions before cup regions, each in id order. */
function regionKey(game: DayGameData): string {
  return game.group ? `0:${game.group.league.id}:${game.group.gameClass.id}` : `1:${game.cupRound?.tournament.id ?? 0}`;
}

/** A game's row of the day's games: its start or live period, the sides, the score. */
function currentGameRow(game: DayGameData, ctx: RenderContext) {
  const t = textIn(ctx);
  const live = game.status === 'LIVE';
  // The result as every games table writes it (n.V., n.P., a forfeit's or an abort's mark); only a
  // live score stays plain here, without the other tables' `*`, as deployed.
  const score = live && game.homeScore !== null && game.awayScore !== null ? `${game.homeScore}:${game.awayScore}` : gameResult(game, ctx);
  return row(
    [
      // `Spiel läuft` stays the first line, which deployed clients look for; the period follows it.
      live ? textCell(t(TEXTS.gameLive), livePeriodText(game.clock, t)) : textCell(dateLine(game, ctx, formatTime(new Date(game.startsAt)))),
      linkedText(gameLink(game), sideText(game, 'home', ctx)),
      textCell('-'),
      linkedText(gameLink(game), sideText(game, 'away', ctx)),
      textCell(score),
    ],
    gameRowExtras(game),
  );
}

type CurrentGameRow = ReturnType<typeof currentGameRow>;

/**
 * Rows made, per game data object and locale. Where the day's games are kept across requests
 * (`dayGamesReader`), the same object comes back until the game's version moves, so its row need
 * not be made again; a row follows from the game and the locale alone. Weak: a row goes with its
 * game's data. Rows are never changed once made (the answer is only serialized).
 */
const rowsMade = new WeakMap<DayGameData, Map<string, CurrentGameRow>>();

function rowOf(game: DayGameData, ctx: RenderContext): CurrentGameRow {
  let byLocale = rowsMade.get(game);
  if (!byLocale) rowsMade.set(game, (byLocale = new Map()));
  let made = byLocale.get(ctx.locale);
  if (!made) byLocale.set(ctx.locale, (made = currentGameRow(game, ctx)));
  return made;
}

/**
 * A row's JSON, made once per row object (rows are kept with their games, `rowOf`): the day's
 * answer is about a thousand rows, and writing them all again after every goal was the largest part
 * of its rebuild.
 */
const rowsWritten = new WeakMap<CurrentGameRow, string>();

function rowJson(made: CurrentGameRow): string {
  let json = rowsWritten.get(made);
  if (json === undefined) rowsWritten.set(made, (json = JSON.stringify(made)));
  return json;
}

/** Stands for a region's rows in the envelope written without them; JSON writes the NUL as `\u0000`, which no text of the answer holds written out. */
const ROWS_MARK = '\u0000rows\u0000';

/**
 * The answer as `JSON.stringify` writes it, byte for byte: the envelope written with a mark in place
 * of each region's rows, and the mark replaced by the rows' kept JSON (an array is written as its
 * items' JSON joined by commas, without spaces).
 */
export function currentGamesJson(answer: ReturnType<typeof reshapeCurrentGames>): string {
  const { regions } = answer.data;
  const envelope = JSON.stringify({ ...answer, data: { ...answer.data, regions: regions.map((r) => ({ ...r, rows: ROWS_MARK })) } });
  const mark = JSON.stringify(ROWS_MARK);
  let index = 0;
  return envelope.replaceAll(mark, () => `[${regions[index++].rows.map(rowJson).join(',')}]`);
}

/** Pure: one region per league (and per cup), games in start order, slider to the neighbouring game days. */
export function reshapeCurrentGames(data: CurrentGamesData, params: CurrentGamesParams, ctx: RenderContext) {
  const t = textIn(ctx);
  const byCompetition = new Map<string, { text: string; games: DayGameData[] }>();
  for (const game of nodes(data.games)) {
    const key = regionKey(game);
    const competition = byCompetition.get(key) ?? { text: gameCompetitionName(game), games: [] };
    competition.games.push(game);
    byCompetition.set(key, competition);
  }
  const regions = [...byCompetition.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([, { text, games }]) =>
      region(
        text,
        games.map((game) => rowOf(game, ctx)),
      ),
    );
  const listIds = (ids?: number[]) => (ids ? ids.join(',') : null);
  const shown = params.on_date;
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: {
      tabs: true,
      locale: localeContext(ctx.locale),
      on_date: shown,
      mode: 'current',
      tournament_ids: listIds(params.tournament_ids),
      league_ids: listIds(params.league_ids),
      game_class_ids: listIds(params.game_class_ids),
      only_video_streamed: params.only_video_streamed ?? null,
      team_id: null,
    },
    headers: headers(COLUMNS, ctx.locale),
    title: t(TEXTS.currentGamesTitle),
    slider: slider(
      formatShortDate(shown),
      data.earlier.edges.length ? reload('/games', { before_date: shown }) : null,
      data.later.edges.length ? reload('/games', { after_date: shown }) : null,
    ),
    regions,
  });
}

type DayGameRow = DayGameData & { version: number };

/**
 * The heap a kept row of the day's games holds per byte of its JSON. Measured (node 20, demo league
 * seed 7, `node --expose-gc`: process.memoryUsage().heapUsed after gc holding N rows as
 * DAY_GAMES_BY_ID_DOCUMENT returns them and after letting them go, divided by N and by the JSON):
 *
 *   rows read                          rows     heap a row   JSON a row   factor
 *   scale 0.1, one game a read         2,760    2,073 B      407 B        5.1
 *   scale 0.1, 20 games a read         2,760    2,059 B      407 B        5.1
 *   scale 0.1, 200 games a read        2,760    2,029 B      407 B        5.0
 *   scale 1, 100 games a read         12,684    2,087 B      416 B        5.0
 *
 * A row is a dozen small objects (the game, its clock, teams, group, league, class, cup) whatever
 * its names, so the factor hardly varies; six bytes a JSON byte is above every read measured.
 */
const HEAP_BYTES_PER_JSON_BYTE = 6;

/**
 * What the day's games keep of their rows: a few days' games of every league at scale 10 (count),
 * and 16 MB of heap, which 5,000 rows as measured (about 2.5 KB each as weighed) stay below: the
 * bytes bind only rows that grew (longer names, more fields in DayGame).
 */
export const DAY_GAME_ROWS: RowBounds<DayGameRow> = {
  maxRows: 5000,
  maxBytes: 16 * 1024 * 1024,
  weigh: (row) => HEAP_BYTES_PER_JSON_BYTE * JSON.stringify(row).length,
};

/**
 * The day's games as CURRENT_GAMES_DOCUMENT answers them: that document where no rows are kept,
 * else the ids and versions (kept, or read) and the rows of the games whose version moved.
 */
export function dayGamesReader(deps: FacadeDependencies): (params: CurrentGamesParams) => Promise<CurrentGamesData> {
  const runDay = facadeDocument(deps, CURRENT_GAMES_DOCUMENT);
  const runVersions = facadeDocument(deps, CURRENT_GAME_VERSIONS_DOCUMENT);
  const runRows = facadeDocument(deps, DAY_GAMES_BY_ID_DOCUMENT);
  const rows = new VersionedRows<DayGameRow>(deps.rowCache, DAY_GAME_ROWS);
  return async (params) => {
    const filters = dayFilters(params);
    if (!rows.enabled) return runDay(filters);
    // The filters name the list: the same filters, the same games in the same order.
    const { listed, extra } = await rows.listing(JSON.stringify(filters), async () => {
      const { games, earlier, later } = await runVersions(filters);
      return { listed: nodes(games), extra: { earlier, later } };
    });
    const games = await rows.assemble(listed, async (ids) => nodes((await runRows({ filter: { ...filters.filter, ids } })).games));
    return { games: { edges: games.map((node) => ({ node })) }, ...extra };
  };
}

/** `mode=current`: the day asked for, or the nearest game day the slider points to, or today. */
export function currentGamesMode(deps: FacadeDependencies) {
  const dayData = dayGamesReader(deps);
  const runNearest = facadeDocument(deps, NEAREST_GAME_DOCUMENT);

  async function shownDay(query: CurrentGamesQuery, ctx: RenderContext): Promise<string> {
    const target = sliderTarget(query);
    if (!target) return query.on_date ?? todayIn(ctx);
    const edge = target.instant.toISOString();
    const wantBefore = target.direction === 'before';
    const nearest = await runNearest({ before: { ...baseFilter(query), to: edge }, after: { ...baseFilter(query), from: edge }, wantBefore });
    const found = (wantBefore ? nearest.earlier : nearest.later)?.edges[0]?.node;
    // No game day in that direction: the day next to the edge, which shows no games and stops the slider.
    return found ? localDay(new Date(found.startsAt)) : localDay(new Date(target.instant.getTime() - (wantBefore ? 1 : 0)));
  }

  return async (rawQuery: unknown, ctx: RenderContext, reply: FastifyReply) => {
    const query = parseParams(CURRENT_GAMES_QUERY, rawQuery);
    const params: CurrentGamesParams = { ...query, on_date: await shownDay(query, ctx) };
    // Sent as written: the JSON fastify would write for the answer, made from the rows' kept JSON.
    return reply.type('application/json; charset=utf-8').send(currentGamesJson(reshapeCurrentGames(await dayData(params), params, ctx)));
  };
}
