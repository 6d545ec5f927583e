import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../shared/errors.js';
import { facadeDocument, requestInfo, type FacadeDependencies, type RequestInfo } from '../shared/facade.js';
import { localeContext, translate, type Translated } from '../shared/locale.js';
import { TEXTS } from '../shared/texts.js';
import { optionalBoolean, optionalEnum, pathId } from '../shared/params.js';
import { headers, linkedText, pageLink, region, row, tableEnvelope, textCell } from '../shared/table.js';
import { POSITIONS, ROSTER_COLUMNS } from './player-profile.js';

export const GAME_LINEUP_DOCUMENT = /* GraphQL */ `
  query GameLineup($id: Int!, $side: TeamSide!) {
    game(id: $id) {
      homeTeam { name }
      awayTeam { name }
      lineup(side: $side) { number position captain player { id firstName lastName } }
    }
  }
`;

export interface GameLineupData {
  game: {
    homeTeam: { name: string };
    awayTeam: { name: string };
    lineup: { number: number | null; position: string | null; captain: boolean; player: { id: number; firstName: string; lastName: string } }[];
  } | null;
}

/** One-letter forms for `view=short`; the full names are the player profile's. */
const SHORT_POSITIONS: Record<string, Translated> = {
  GOALKEEPER: TEXTS.goalkeeperLetter,
  DEFENDER: TEXTS.defenderLetter,
  CENTER: TEXTS.centerLetter,
  FORWARD: TEXTS.forwardLetter,
};

export interface LineupParams {
  gameId: number;
  isHome: 0 | 1;
  view: 'full' | 'short';
  hideEmpty: boolean;
}

/** Pure: `null` means the blank body deployed clients expect for an unknown lineup with hide_empty. */
export function reshapeGameLineup(data: GameLineupData, params: LineupParams, info: RequestInfo) {
  const game = data.game;
  if (!game) throw notFound(`No game ${params.gameId}`);
  if (game.lineup.length === 0 && params.hideEmpty) return null;
  const t = (text: Translated) => translate(text, info.locale);
  const team = params.isHome === 0 ? game.homeTeam : game.awayTeam;
  const rows = game.lineup.map((entry) => {
    const position = entry.position ? (params.view === 'short' ? SHORT_POSITIONS : POSITIONS)[entry.position] : undefined;
    const positionLines = [position ? t(position) : '', ...(entry.captain ? [t(TEXTS.captain)] : [])];
    return row([
      textCell(entry.number ?? ''),
      textCell(...positionLines),
      linkedText(pageLink('player_detail', entry.player.id), `${entry.player.firstName} ${entry.player.lastName}`),
    ]);
  });
  return tableEnvelope(info.baseUrl, 'table', {
    context: { game_id: params.gameId, is_home: params.isHome, view: params.view, locale: localeContext(info.locale) },
    headers: headers(ROSTER_COLUMNS, info.locale),
    title: `${t(TEXTS.lineup)} ${team.name}`,
    regions: [region(null, rows)],
  });
}

export function gameLineupRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument<GameLineupData>(deps, GAME_LINEUP_DOCUMENT);
  app.get('/games/:game_id/teams/:is_home/players', async (request, reply) => {
    const info = requestInfo(deps, request);
    const rawSide = info.params.is_home;
    if (rawSide !== '0' && rawSide !== '1') throw badRequest(`is_home must be 0 (home team) or 1 (away team), got "${rawSide}"`);
    const params: LineupParams = {
      gameId: pathId(info.params, 'game_id'),
      isHome: rawSide === '0' ? 0 : 1,
      view: optionalEnum(info.query, 'view', ['full', 'short'] as const) ?? 'full',
      hideEmpty: optionalBoolean(info.query, 'hide_empty') ?? true,
    };
    const table = reshapeGameLineup(await run({ id: params.gameId, side: params.isHome === 0 ? 'HOME' : 'AWAY' }), params, info);
    if (table === null) return reply.status(200).type('application/json; charset=utf-8').send('');
    return table;
  });
}
