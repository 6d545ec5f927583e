import type { FastifyInstance, FastifyReply } from 'fastify';
import { sideText } from './shared/game-row.js';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { badRequest } from '../shared/errors.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { localeContext, type Translated } from '../shared/locale.js';
import { flag, id, oneOf, paramsSchema, text, withDefault, type ParamsOf, pathSchema } from '../shared/param-schema.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { example, localized, probe } from '../shared/route-doc.js';
import { headers, linkedText, pageLink, region, row, tableEnvelope, textCell } from '../shared/table.js';
import { TEXTS } from '../shared/texts.js';
import { gameOrNotFound } from './game-detail.js';
import { POSITIONS, ROSTER_COLUMNS } from './shared/player-profile.js';
import { readsOneRecord } from '../shared/change-scope.js';

export const GAME_LINEUP_DOCUMENT = graphql(`
  query GameLineup($id: Int!, $side: TeamSide!) {
    game(id: $id) {
      homeTeam { name }
      awayTeam { name }
      homePlaceholder awayPlaceholder
      lineup(side: $side) { number position captain player { id firstName lastName } }
    }
  }
`);

export type GameLineupData = ResultOf<typeof GAME_LINEUP_DOCUMENT>;

/** One-letter forms for `view=short`; the full names are the player profile's. */
const SHORT_POSITIONS: Record<string, Translated> = {
  GOALKEEPER: TEXTS.goalkeeperLetter,
  DEFENDER: TEXTS.defenderLetter,
  CENTER: TEXTS.centerLetter,
  FORWARD: TEXTS.forwardLetter,
};

/** `is_home` is the deployed clients' name for the side: 0 is the home team, 1 the away team. */
const SIDES = ['0', '1'] as const;
// is_home keeps its own 400 text (checkSide), which the shared validator's path texts do not have.
export const GAME_LINEUP_PATH = pathSchema({ game_id: id(), is_home: text() });
/** An unknown (empty) lineup is a blank body unless `hide_empty=false` asks for the empty table. */
export const GAME_LINEUP_QUERY = paramsSchema({ view: withDefault(oneOf(['full', 'short']), 'full'), hide_empty: withDefault(flag(), true) });
export type GameLineupParams = ParamsOf<typeof GAME_LINEUP_PATH> & ParamsOf<typeof GAME_LINEUP_QUERY>;

/**
 * The path validator checks ids only and passes other segments through as sent: the side is
 * checked here, with the text deployed clients know.
 */
function checkSide(isHome: string): void {
  if (!(SIDES as readonly string[]).includes(isHome)) throw badRequest(`is_home must be 0 (home team) or 1 (away team), got "${isHome}"`);
}

/** Pure: `null` means the blank body deployed clients expect for an unknown lineup with hide_empty. */
export function reshapeGameLineup(data: GameLineupData, params: GameLineupParams, ctx: RenderContext) {
  const game = gameOrNotFound(data.game, params);
  if (game.lineup.length === 0 && params.hide_empty) return null;
  const t = textIn(ctx);
  const side = params.is_home === '0' ? 'home' : 'away';
  const rows = game.lineup.map((entry) => {
    const position = entry.position ? (params.view === 'short' ? SHORT_POSITIONS : POSITIONS)[entry.position] : undefined;
    const positionLines = [position ? t(position) : '', ...(entry.captain ? [t(TEXTS.captain)] : [])];
    return row([
      textCell(entry.number ?? ''),
      textCell(...positionLines),
      linkedText(pageLink('player_detail', entry.player.id), `${entry.player.firstName} ${entry.player.lastName}`),
    ]);
  });
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: { game_id: params.game_id, is_home: Number(params.is_home), view: params.view, locale: localeContext(ctx.locale) },
    headers: headers(ROSTER_COLUMNS, ctx.locale),
    title: `${t(TEXTS.lineup)} ${sideText(game, side, ctx)}`,
    regions: [region(null, rows)],
  });
}

/**
 * `/games/:game_id/teams/:is_home/players`, and `…/lineup`, the path the federation's changelog
 * (2.x, OT-24) names for the same table: one handler.
 */
export function gameLineupRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument(deps, GAME_LINEUP_DOCUMENT);
  const serve = async (params: GameLineupParams, ctx: RenderContext, reply: FastifyReply) => {
    checkSide(params.is_home);
    const table = reshapeGameLineup(await run({ id: params.game_id, side: params.is_home === '0' ? 'HOME' : 'AWAY' }), params, ctx);
    if (table === null) return reply.status(200).type('application/json; charset=utf-8').send('');
    return table;
  };
  facadeGet(
    app,
    deps,
    '/games/:game_id/teams/:is_home/lineup',
    {
      querystring: GAME_LINEUP_QUERY,
      params: GAME_LINEUP_PATH,
      config: readsOneRecord('game', 'game_id'),
      doc: {
        id: 'gameLineupAlias',
        tag: 'Games',
        summary: "A team's lineup in a game (the changelog's path, as /games/:game_id/teams/:is_home/players)",
        description: '`is_home=0` is the home team, `1` the away team; the same answer as `/games/:game_id/teams/:is_home/players`.',
        response: 'table',
        examples: [
          example('away team', (ids) => `/api/games/${ids.finished}/teams/1/lineup`),
          example('unknown side', (ids) => `/api/games/${ids.finished}/teams/2/lineup`, 400),
        ],
      },
    },
    async (params, ctx, _request, reply) => serve(params, ctx, reply),
  );
  facadeGet(
    app,
    deps,
    '/games/:game_id/teams/:is_home/players',
    {
      querystring: GAME_LINEUP_QUERY,
      params: GAME_LINEUP_PATH,
      config: readsOneRecord('game', 'game_id'),
      doc: {
        id: 'gameLineup',
        tag: 'Games',
        summary: "A team's lineup in a game",
        description:
          '`is_home=0` is the home team, `1` the away team. An unknown (empty) lineup answers an empty body unless `hide_empty=false` asks for the empty table.',
        response: 'table',
        examples: [
          example('home team', (ids) => `/api/games/${ids.finished}/teams/0/players`),
          example('unknown side', (ids) => `/api/games/${ids.finished}/teams/2/players`, 400),
          example('unknown game', '/api/games/999999/teams/0/players', 404),
        ],
        snapshot: (ids) => [
          ...ids.games.flatMap((game, index) => [
            localized([16, index, 4], `/api/games/${game}/teams/0/players`),
            probe([16, index, 5], `/api/games/${game}/teams/1/players?view=short&hide_empty=false`),
          ]),
          probe(94, '/api/games/1/teams/2/players'),
          probe(95, `/api/games/${ids.finished}/teams/0/players?hide_empty=maybe`),
        ],
      },
    },
    async (params, ctx, _request, reply) => serve(params, ctx, reply),
  );
}
