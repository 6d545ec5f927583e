import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { clockText } from '../../domain/game-clock.js';
import type { HistoryKind, HistoryRole } from '../../domain/game-history.js';
import { readsOneRecord } from '../shared/change-scope.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { formatDate, formatTime } from '../shared/format.js';
import { localeContext, type Translated } from '../shared/locale.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { example } from '../shared/route-doc.js';
import { column, headers, region, row, tableEnvelope, textCell } from '../shared/table.js';
import { TEXTS } from '../shared/texts.js';
import { GAME_PATH, gameOrNotFound, type GameParams } from './game-detail.js';
import { sideText } from './shared/game-row.js';

/** A game's history is a few hundred writes at most (a busy game's events, each corrected once): one page holds it. */
export const GAME_HISTORY_DOCUMENT = graphql(`
  query GameHistory($id: Int!) {
    game(id: $id) {
      homeTeam { name }
      awayTeam { name }
      homePlaceholder awayPlaceholder
      history(first: 5000) {
        totalCount
        nodes {
          kind write at version role reason eventId
          event { before { type second } after { type second } }
          score { before { home away } after { home away } }
          status { before after }
          resultState { before after }
          transition { to second }
          spectators
        }
      }
    }
  }
`);

export type GameHistoryData = ResultOf<typeof GAME_HISTORY_DOCUMENT>;
type Entry = NonNullable<GameHistoryData['game']>['history']['nodes'][number];

const COLUMNS = [
  column('when', TEXTS.historyWhen, { align: 'l', width: 3 }),
  column('change', TEXTS.historyChange, { align: 'l', width: 5 }),
  column('by', TEXTS.historyBy, { align: 'l', width: 3 }),
  column('reason', TEXTS.historyReason, { align: 'l', width: 5 }),
];

const KIND_TEXTS: Record<HistoryKind, Translated> = {
  EVENT_ADDED: TEXTS.historyEventAdded,
  EVENT_CORRECTED: TEXTS.historyEventCorrected,
  EVENT_DELETED: TEXTS.historyEventDeleted,
  STATUS_CHANGED: TEXTS.historyStatusChanged,
  STATUS_UNDONE: TEXTS.historyStatusUndone,
  TRANSITION_MOVED: TEXTS.historyTransitionMoved,
  RESULT_REPORTED: TEXTS.historyResultReported,
  SHEET_CHANGED: TEXTS.historySheetChanged,
  SPECTATORS_RECORDED: TEXTS.historySpectatorsRecorded,
  RESULT_PROTESTED: TEXTS.historyResultProtested,
  PROTEST_UPHELD: TEXTS.historyProtestUpheld,
  PROTEST_REJECTED: TEXTS.historyProtestRejected,
  RESULT_CONFIRMED: TEXTS.historyResultConfirmed,
  OTHER: TEXTS.historyOther,
};

const ROLE_TEXTS: Record<HistoryRole, Translated> = {
  HOME_DESK: TEXTS.historyHomeDesk,
  AWAY_DESK: TEXTS.historyAwayDesk,
  EVENT_DESK: TEXTS.historyEventDesk,
  FEDERATION: TEXTS.historyFederation,
  CLUB: TEXTS.historyClub,
};

const scoreText = (score: { home: number; away: number } | null) => (score ? `${score.home}:${score.away}` : '–');

/** The lines under an entry's kind: the event's clock and type, the status, the score, the result's state, a moved transition, the spectators. */
function changeLines(entry: Entry, t: (text: Translated) => string): string[] {
  const lines: string[] = [];
  const event = entry.event?.after ?? entry.event?.before;
  if (event) {
    const moved = entry.event?.before && entry.event.after && entry.event.before.second !== entry.event.after.second;
    lines.push(
      moved ? `${event.type} ${clockText(entry.event?.before?.second ?? 0)} → ${clockText(event.second)}` : `${event.type} ${clockText(event.second)}`,
    );
  }
  if (entry.status) lines.push(`${entry.status.before} → ${entry.status.after}`);
  if (entry.transition) lines.push(`${entry.transition.to} ${clockText(entry.transition.second)}`);
  if (entry.score) lines.push(`${t(TEXTS.historyScore)} ${scoreText(entry.score.before)} → ${scoreText(entry.score.after)}`);
  if (entry.resultState) lines.push(`${entry.resultState.before ?? '–'} → ${entry.resultState.after ?? '–'}`);
  if (entry.spectators !== null) lines.push(`${t(TEXTS.spectators)} ${entry.spectators}`);
  return lines;
}

/** Pure: the game's writes, oldest first, one row each: when (the league's calendar), what, by whom (a role), why. */
export function reshapeGameHistory(data: GameHistoryData, params: GameParams, ctx: RenderContext) {
  const game = gameOrNotFound(data.game, params);
  const t = textIn(ctx);
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: { game_id: params.game_id, locale: localeContext(ctx.locale) },
    headers: headers(COLUMNS, ctx.locale),
    title: `${t(TEXTS.gameHistoryTitle)} ${sideText(game, 'home', ctx)} - ${sideText(game, 'away', ctx)}`,
    regions: [
      region(
        null,
        game.history.nodes.map((entry) => {
          const at = new Date(entry.at);
          return row([
            textCell(`${formatDate(at)} ${formatTime(at)}`),
            textCell(t(KIND_TEXTS[entry.kind]), ...changeLines(entry, t)),
            textCell(t(ROLE_TEXTS[entry.role])),
            textCell(entry.reason ?? ''),
          ]);
        }),
      ),
    ],
  });
}

export function gameHistoryRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument(deps, GAME_HISTORY_DOCUMENT);
  facadeGet(
    app,
    deps,
    '/games/:game_id/history',
    {
      params: GAME_PATH,
      config: readsOneRecord('game', 'game_id'),
      doc: {
        id: 'gameHistory',
        tag: 'Games',
        summary: "A game's public history: every write, oldest first, with its role and reason",
        description:
          'Who changed what and when, for anyone: each write to the game (an event recorded, corrected or deleted, a status change, an undo, a result reported, a protest, a confirmation) with the role that made it (home club, away club, event desk, federation), never the key. Empty for a game nobody has written to.',
        response: 'table',
        examples: [
          example('a game', (ids) => `/api/games/${ids.finished}/history`),
          example('malformed id', '/api/games/abc/history', 400),
          example('unknown game', '/api/games/999999/history', 404),
        ],
      },
    },
    async (params, ctx) => reshapeGameHistory(await run({ id: params.game_id }), params, ctx),
  );
}
