import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { isCancelled } from '../../domain/game-status.js';
import { penaltyMinutesOf } from '../../domain/player-statistics.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { formatDate, formatTime } from '../shared/format.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { periodsText } from '../shared/result.js';
import { facadeGet } from '../shared/route.js';
import { example, localized } from '../shared/route-doc.js';
import { column, headers, region, row, tableEnvelope, textCell } from '../shared/table.js';
import { TEXTS } from '../shared/texts.js';
import { competitionSubtitle, GAME_PATH, gameOrNotFound, type GameParams } from './game-detail.js';
import { clockText } from '../../domain/game-clock.js';
import { playerText } from './game-events.js';
import { gameResult, sideText } from './shared/game-row.js';
import { readsOneRecord } from '../shared/change-scope.js';

export const GAME_SUMMARY_DOCUMENT = graphql(`
  query GameSummary($id: Int!) {
    game(id: $id) {
      ...GameRow spectators firstReferee secondReferee
      events { ...GameEventTexts }
    }
  }
`);

export type GameSummaryData = ResultOf<typeof GAME_SUMMARY_DOCUMENT>;

const COLUMNS = [column('text', TEXTS.gameSummaryTitle), column('info', TEXTS.gameInfo), column('details', TEXTS.goalsAndPenalties)];

/**
 * A template with its values. A value that ends in an abbreviation's full stop (`3:4 n.P.`) ends the
 * sentence too when the template's own full stop follows it: one stop, not `n.P..`.
 */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}(\.?)/g, (_, key: string, stop: string) => {
    const value = values[key] ?? '';
    return stop && value.endsWith('.') ? value : value + stop;
  });
}

/** Pure: title `A - B 3:2 (1:0, 2:2, 0:0)`, one row: summary paragraph, info, [goals line, penalties line]. */
export function reshapeGameSummary(data: GameSummaryData, params: GameParams, ctx: RenderContext) {
  const game = gameOrNotFound(data.game, params);
  const t = textIn(ctx);
  const startsAt = new Date(game.startsAt);
  const result = gameResult(game, ctx);
  const periods = periodsText(game);
  const home = sideText(game, 'home', ctx);
  const away = sideText(game, 'away', ctx);
  let paragraph: string;
  if (game.status === 'SCHEDULED') {
    const venue = game.venue ? fill(t(TEXTS.gameScheduledVenue), { venue: game.venue.name }) : '';
    paragraph = fill(t(TEXTS.gameScheduled), { home, away, date: formatDate(startsAt), time: formatTime(startsAt), venue });
  } else if (isCancelled(game.status)) {
    paragraph = t(TEXTS.gameCancelled);
  } else if (game.status === 'LIVE') {
    paragraph = fill(t(TEXTS.gameRunning), { score: result });
  } else if (game.status === 'FORFEIT') {
    // The sentence says forfeit already: the score without its mark.
    paragraph = fill(t(TEXTS.gameForfeited), { score: `${game.homeScore}:${game.awayScore}` });
  } else if (game.status === 'ABORTED') {
    paragraph = fill(t(TEXTS.gameAborted), { score: `${game.homeScore}:${game.awayScore}` });
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
    .map((e) => {
      const scorer = playerText(e.player, e.assist) || e.team?.name || '';
      // A penalty-shot goal is marked as in the events table: `2:1 A. Muster (Penalty) (33:41)`.
      // An own goal naming its scorer says so: the player plays for the other team than the one it counts for.
      const mark = e.penaltyShot ? ` ${t(TEXTS.penaltyShotGoal)}` : e.type === 'OWN_GOAL' && e.player ? ` (${t(TEXTS.ownGoal)})` : '';
      return `${e.homeScore ?? 0}:${e.awayScore ?? 0} ${scorer}${mark} (${clockText(e.second)})`.trim();
    });
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
  const run = facadeDocument(deps, GAME_SUMMARY_DOCUMENT);
  facadeGet(
    app,
    deps,
    '/games/:game_id/summary',
    {
      params: GAME_PATH,
      config: readsOneRecord('game', 'game_id'),
      doc: {
        id: 'gameSummary',
        tag: 'Games',
        summary: "A game's summary: periods, goals and penalties",
        response: 'attribute_list',
        examples: [
          example('finished game', (ids) => `/api/games/${ids.finished}/summary`),
          example('malformed id', '/api/games/abc/summary', 400),
          example('unknown game', '/api/games/999999/summary', 404),
        ],
        snapshot: (ids) => ids.games.map((game, index) => localized([16, index, 1], `/api/games/${game}/summary`)),
      },
    },
    async (params, ctx) => reshapeGameSummary(await run({ id: params.game_id }), params, ctx),
  );
}
