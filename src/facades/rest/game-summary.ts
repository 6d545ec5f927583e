import type { FastifyInstance } from 'fastify';
import { isCancelled } from '../../domain/game-status.js';
import { penaltyMinutesOf } from '../../domain/player-statistics.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { formatDate, formatTime } from '../shared/format.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { periodsText } from '../shared/result.js';
import { facadeGet } from '../shared/route.js';
import { column, headers, region, row, tableEnvelope, textCell } from '../shared/table.js';
import { TEXTS } from '../shared/texts.js';
import { competitionSubtitle, GAME_PATH, gameOrNotFound, type GameDetailFacts, type GameParams } from './game-detail.js';
import { clockText } from '../../domain/game-clock.js';
import { GAME_EVENT_FRAGMENT, playerText, type GameEventData } from './game-events.js';
import { GAME_ROW_FRAGMENT, gameResult } from './games/game-row.js';
import { readsOneRecord } from '../shared/change-scope.js';

export const GAME_SUMMARY_DOCUMENT = /* GraphQL */ `
  query GameSummary($id: Int!) {
    game(id: $id) {
      ...GameRow spectators firstReferee secondReferee
      events { ...GameEventTexts }
    }
  }
  ${GAME_ROW_FRAGMENT}
  ${GAME_EVENT_FRAGMENT}
`;

export interface GameSummaryData {
  game: (GameDetailFacts & { events: GameEventData[] }) | null;
}

const COLUMNS = [column('text', TEXTS.gameSummaryTitle), column('info', TEXTS.gameInfo), column('details', TEXTS.goalsAndPenalties)];

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/** Pure: title `A - B 3:2 (1:0, 2:2, 0:0)`, one row: summary paragraph, info, [goals line, penalties line]. */
export function reshapeGameSummary(data: GameSummaryData, params: GameParams, ctx: RenderContext) {
  const game = gameOrNotFound(data.game, params);
  const t = textIn(ctx);
  const startsAt = new Date(game.startsAt);
  const result = gameResult(game, ctx);
  const periods = periodsText(game);
  const home = game.homeTeam.name;
  const away = game.awayTeam.name;
  let paragraph: string;
  if (game.status === 'SCHEDULED') {
    const venue = game.venue ? fill(t(TEXTS.gameScheduledVenue), { venue: game.venue.name }) : '';
    paragraph = fill(t(TEXTS.gameScheduled), { home, away, date: formatDate(startsAt), time: formatTime(startsAt), venue });
  } else if (isCancelled(game.status)) {
    paragraph = t(TEXTS.gameCancelled);
  } else if (game.status === 'LIVE') {
    paragraph = fill(t(TEXTS.gameRunning), { score: result });
  } else if (game.status === 'FORFEIT') {
    paragraph = fill(t(TEXTS.gameForfeited), { score: result });
  } else {
    const homeWon = (game.homeScore ?? 0) > (game.awayScore ?? 0);
    paragraph = fill(t(TEXTS.gameWon), { winner: homeWon ? home : away, loser: homeWon ? away : home, score: result });
  }
  const referees = [game.firstReferee, game.secondReferee].filter(Boolean).join(', ');
  const infoLines = [
    ...(game.spectators === null ? [] : [`${t(TEXTS.spectators)}: ${game.spectators}`]),
    ...(referees ? [`${t(TEXTS.referees)}: ${referees}`] : []),
  ];
  const goals = game.events
    .filter((e) => e.type === 'GOAL' || e.type === 'OWN_GOAL')
    .map((e) => `${e.homeScore ?? 0}:${e.awayScore ?? 0} ${playerText(e.player, e.assist) || e.team?.name || ''} (${clockText(e.second)})`.trim());
  const penaltyMinutes = (side: string) =>
    game.events.filter((e) => e.type === 'PENALTY' && e.side === side).reduce((sum, e) => sum + penaltyMinutesOf(e.penaltyKind), 0);
  const goalsLine = `${t(TEXTS.goals)}: ${goals.length ? goals.join(', ') : t(TEXTS.none)}`;
  const penaltiesLine = `${t(TEXTS.penalties)}: ${home} ${penaltyMinutes('HOME')}', ${away} ${penaltyMinutes('AWAY')}'`;
  return tableEnvelope(ctx.baseUrl, 'attribute_list', {
    headers: headers(COLUMNS, ctx.locale),
    title: [`${home} - ${away}`, result === '-' ? null : result, periods].filter(Boolean).join(' '),
    subtitle: competitionSubtitle(game),
    regions: [region(null, [row([textCell(paragraph), textCell(...infoLines), textCell(goalsLine, penaltiesLine)])])],
  });
}

export function gameSummaryRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument<GameSummaryData>(deps, GAME_SUMMARY_DOCUMENT);
  facadeGet(app, deps, '/games/:game_id/summary', { params: GAME_PATH, config: readsOneRecord('game', 'game_id') }, async (params, ctx) =>
    reshapeGameSummary(await run({ id: params.game_id }), params, ctx),
  );
}
