import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { addDays, formatDate, formatTime, localDay } from '../shared/format.js';
import { orNotFound } from '../shared/found.js';
import type { Translated } from '../shared/locale.js';
import { id, type ParamsOf, paramsSchema, pathSchema } from '../shared/param-schema.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { livePeriodText } from '../shared/live-period.js';
import { periodsText } from '../shared/result.js';
import { facadeGet } from '../shared/route.js';
import { example, localized, probe } from '../shared/route-doc.js';
import { column, headers, imageCell, mapLink, pageLink, region, row, tableEnvelope, textCell } from '../shared/table.js';
import { TEXTS } from '../shared/texts.js';
import { dateLine, gameResult, markedRow, RESULT_STATE_PARAM, sideCell, sideText, type GameRowData, type RowTeam, type Side } from './shared/game-row.js';
import { competitionName } from '../shared/competition.js';
import { readsOneRecord } from '../shared/change-scope.js';

export const GAME_DETAIL_DOCUMENT = graphql(`
  query GameDetail($id: Int!) { game(id: $id) { ...GameRow spectators firstReferee secondReferee } }
`);

/** The path of every page about one game: detail, summary, events. */
export const GAME_PATH = pathSchema({ game_id: id() });
export type GameParams = ParamsOf<typeof GAME_PATH>;
/** The detail's own query: the opt-in result state mark. */
export const GAME_DETAIL_QUERY = paramsSchema(RESULT_STATE_PARAM);
export type GameDetailParams = GameParams & Partial<ParamsOf<typeof GAME_DETAIL_QUERY>>;

export type GameDetailData = ResultOf<typeof GAME_DETAIL_DOCUMENT>;
export type GameDetailFacts = NonNullable<GameDetailData['game']>;

const COLUMNS = [
  column('home_logo', TEXTS.homeLogo),
  column('home_name', TEXTS.home),
  column('away_logo', TEXTS.awayLogo),
  column('away_name', TEXTS.away),
  column('result', TEXTS.result),
  column('date', TEXTS.date),
  column('time', TEXTS.time),
  column('location', TEXTS.location),
  column('first_referee', TEXTS.referee),
  column('second_referee', TEXTS.referee),
  column('spectators', TEXTS.spectators),
];

const RELATIVE_DAYS: Record<number, Translated> = { [-1]: TEXTS.yesterday, 0: TEXTS.today, 1: TEXTS.tomorrow };

/** `heute`/`gestern`/`morgen` near the request day, else `dd.mm.yyyy`. */
export function dayText(startsAt: Date, ctx: Pick<RenderContext, 'today' | 'locale'>): string {
  const day = localDay(startsAt);
  const today = ctx.today;
  for (const offset of [-1, 0, 1]) if (addDays(today, offset) === day) return textIn(ctx)(RELATIVE_DAYS[offset]);
  return formatDate(startsAt);
}

export function competitionSubtitle(game: Pick<GameRowData, 'group' | 'round' | 'cupRound'>): string | null {
  if (game.group) {
    const parts = [competitionName(game.group), game.group.name, game.round?.name, game.group.season.label];
    return parts.filter(Boolean).join(' ');
  }
  if (game.cupRound) return `${game.cupRound.tournament.name} ${game.cupRound.name} ${game.cupRound.tournament.season.label}`;
  return null;
}

/** The 404 of every page about one game. */
export function gameOrNotFound<G>(game: G | null, params: GameParams): G {
  return orNotFound(game, `No game ${params.game_id}`);
}

/** Pure: GraphQL data in, the attribute list of WIRE.md §4 (11 cells in header order) out; a cancelled game's date cell says so. */
export function reshapeGameDetail(data: GameDetailData, params: GameDetailParams, ctx: RenderContext) {
  const game = gameOrNotFound(data.game, params);
  const startsAt = new Date(game.startsAt);
  const teamLink = (team: RowTeam) => pageLink('team_detail', team.id);
  // A side whose team is not known yet shows the federation's placeholder, without logo or link.
  const logo = (team: RowTeam | null, side: Side) =>
    team ? imageCell(team.logoUrl, `${team.name} (Logo)`, teamLink(team)) : imageCell(null, sideText(game, side, ctx));
  const cells = [
    logo(game.homeTeam, 'home'),
    sideCell(game, 'home', ctx),
    logo(game.awayTeam, 'away'),
    sideCell(game, 'away', ctx),
    textCell(gameResult(game, ctx), periodsText(game), livePeriodText(game.clock, textIn(ctx))),
    textCell(dateLine(game, ctx, dayText(startsAt, ctx))),
    textCell(formatTime(startsAt)),
    game.venue ? { ...textCell(game.venue.name), link: mapLink(game.venue) } : textCell(''),
    textCell(game.firstReferee ?? ''),
    textCell(game.secondReferee ?? ''),
    textCell(game.spectators === null ? '' : game.spectators),
  ];
  return tableEnvelope(ctx.baseUrl, 'attribute_list', {
    headers: headers(COLUMNS, ctx.locale),
    title: `${sideText(game, 'home', ctx)} - ${sideText(game, 'away', ctx)}`,
    subtitle: competitionSubtitle(game),
    regions: [region(null, [markedRow(row(cells), game, params.result_state, ctx)])],
  });
}

export function gameDetailRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument(deps, GAME_DETAIL_DOCUMENT);
  facadeGet(
    app,
    deps,
    '/games/:game_id',
    {
      params: GAME_PATH,
      querystring: GAME_DETAIL_QUERY,
      config: readsOneRecord('game', 'game_id'),
      doc: {
        id: 'gameDetail',
        tag: 'Games',
        summary: 'One game: teams, result, date, venue, referees, spectators',
        response: 'attribute_list',
        examples: [
          example('finished game', (ids) => `/api/games/${ids.finished}`),
          example('malformed id', '/api/games/abc', 400),
          example('unknown game', '/api/games/999999', 404),
        ],
        // Each game's pages in turn (detail, summary, events, lineups: [16, game, page]), then the errors.
        snapshot: (ids) => [
          ...ids.games.map((game, index) => localized([16, index, 0], `/api/games/${game}`)),
          probe(87, '/api/games/999999'),
          probe(88, '/api/games/abc'),
        ],
      },
    },
    async (params, ctx) => reshapeGameDetail(await run({ id: params.game_id }), params, ctx),
  );
}
