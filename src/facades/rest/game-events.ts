import type { FastifyInstance } from 'fastify';
import { sideText } from './shared/game-row.js';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { clockText } from '../../domain/game-clock.js';
import { penaltyMinutesOf, penaltyRoleOf } from '../../domain/player-statistics.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { localeContext, type Translated } from '../shared/locale.js';
import { oneOf, paramsSchema, type ParamsOf } from '../shared/param-schema.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { example, localized, probe } from '../shared/route-doc.js';
import { column, headers, region, reload, row, tableEnvelope, textCell } from '../shared/table.js';
import { TEXTS } from '../shared/texts.js';
import { GAME_PATH, gameOrNotFound, type GameParams } from './game-detail.js';
import { readsOneRecord } from '../shared/change-scope.js';

/** The fields of a game event as the events list and the game summary read them. */
export const GAME_EVENT_FRAGMENT = graphql(`
  fragment GameEventTexts on GameEvent {
    id second type side period homeScore awayScore penaltyKind penaltyReason penaltyShot penaltyRole code inspectionDone
    team { name }
    player { firstName lastName }
    assist { firstName lastName }
  }
`);

export const GAME_EVENTS_DOCUMENT = graphql(`
  query GameEvents($id: Int!) {
    game(id: $id) {
      homeTeam { name }
      awayTeam { name }
      homePlaceholder awayPlaceholder
      events { ...GameEventTexts }
    }
  }
`);

/** `team` narrows the events to one side (the home and away tabs). */
export const GAME_EVENTS_QUERY = paramsSchema({ team: oneOf(['home', 'away']) });
export type GameEventsParams = GameParams & ParamsOf<typeof GAME_EVENTS_QUERY>;

interface PersonName {
  firstName: string;
  lastName: string;
}

/** An event as `...GameEventTexts` selects it (type generated from the fragment). */
export type GameEventData = ResultOf<typeof GAME_EVENT_FRAGMENT>;

export type GameEventsData = ResultOf<typeof GAME_EVENTS_DOCUMENT>;

const COLUMNS = [
  column('time', TEXTS.minute, { short: 'Min', align: 'r', width: 2 }),
  column('event', TEXTS.event, { short: 'Er', align: 'l', width: 4 }),
  column('team', TEXTS.eventTeam, { short: 'Team', align: 'l', width: 4 }),
  column('player', TEXTS.playerName, { short: 'Name', align: 'l', width: 4 }),
];

/** `A. Muster (B. Assist)` */
export function playerText(player: PersonName | null, assist: PersonName | null): string {
  const short = (p: PersonName) => `${p.firstName.charAt(0)}. ${p.lastName}`;
  if (!player) return '';
  return assist ? `${short(player)} (${short(assist)})` : short(player);
}

export function eventText(event: GameEventData, ctx: Pick<RenderContext, 'locale'>): string {
  const t = textIn(ctx);
  const score = `${event.homeScore ?? 0}:${event.awayScore ?? 0}`;
  const period = (text: Translated) => t(text).replace('{n}', String(event.period ?? ''));
  switch (event.type) {
    case 'GOAL':
      return event.penaltyShot ? `${t(TEXTS.goalScorer)} ${score} ${t(TEXTS.penaltyShotGoal)}` : `${t(TEXTS.goalScorer)} ${score}`;
    case 'OWN_GOAL':
      return t(TEXTS.ownGoal);
    case 'PENALTY': {
      // Who served it for another, the reason and the offence code, in brackets: `2'-Strafe (Stellvertreter, Stockschlag, Code 501)`.
      const role = penaltyRoleOf(event.penaltyRole);
      const details = [
        role === 'ASSIST' ? t(TEXTS.assistPenalty) : role === 'DEPUTY' ? t(TEXTS.deputyPenalty) : null,
        event.penaltyReason || null,
        event.code === null ? null : `${t(TEXTS.federationCode)} ${event.code}`,
      ].filter((detail) => detail !== null);
      return `${penaltyKindText(event.penaltyKind, t)}${details.length ? ` (${details.join(', ')})` : ''}`;
    }
    case 'PENALTY_END':
      return t(TEXTS.penaltyEnd);
    case 'GOALIE_OUT':
      return t(TEXTS.goalieOut);
    case 'GOALIE_BACK':
      return t(TEXTS.goalieBack);
    case 'GOALIE_CHANGE':
      return t(TEXTS.goalieChange);
    case 'INJURY':
      return t(TEXTS.injury);
    case 'CROSSBAR':
      return t(TEXTS.crossbar);
    case 'POST':
      return t(TEXTS.post);
    case 'PENALTY_SHOT_MISSED':
      return t(TEXTS.penaltyShotMissed);
    case 'MISC':
      return `${t(TEXTS.miscEvent)} (${t(TEXTS.federationCode)} ${event.code ?? ''})`;
    case 'PLAYER_INSPECTION':
      return t(event.inspectionDone ? TEXTS.inspectionDone : TEXTS.inspectionSkipped);
    case 'TIMEOUT':
      return t(event.side === 'AWAY' ? TEXTS.timeoutAway : TEXTS.timeoutHome);
    case 'PERIOD_START':
      return (event.period ?? 1) > 3 ? t(TEXTS.overtimeStart) : period(TEXTS.periodStart);
    case 'PERIOD_END':
      return (event.period ?? 1) > 3 ? t(TEXTS.overtimeEnd) : period(TEXTS.periodEnd);
    case 'GAME_START':
      return t(TEXTS.gameStart);
    case 'GAME_END':
      return t(TEXTS.gameEnd);
    case 'PENALTY_SHOOTOUT':
      return t(TEXTS.penaltyShootout);
    case 'BEST_PLAYER':
      return t(TEXTS.bestPlayer);
    default:
      return event.type;
  }
}

/** `2'-Strafe`, `2+2 Min. Strafe`, `Matchstrafe II`, `Penalty`: the minutes of the one rule (penaltyMinutesOf), a match penalty by its grade. */
function penaltyKindText(kind: GameEventData['penaltyKind'], t: (text: Translated) => string): string {
  switch (kind) {
    case 'MATCH':
      return t(TEXTS.matchPenalty);
    case 'MATCH_1':
      return `${t(TEXTS.matchPenalty)} I`;
    case 'MATCH_2':
      return `${t(TEXTS.matchPenalty)} II`;
    case 'MATCH_3':
      return `${t(TEXTS.matchPenalty)} III`;
    case 'MINOR_2_2':
      return t(TEXTS.doubleMinorPenalty);
    case 'PENALTY_SHOT':
      return t(TEXTS.penaltyShotAwarded);
    default:
      return `${penaltyMinutesOf(kind)}'-${t(TEXTS.penalty)}`;
  }
}

/** Events whose row names the team they are credited to; a timeout's text names its side, an inspection is about both. */
const TEAM_EVENTS = new Set([
  'GOAL',
  'OWN_GOAL',
  'PENALTY',
  'BEST_PLAYER',
  'PENALTY_END',
  'GOALIE_OUT',
  'GOALIE_BACK',
  'GOALIE_CHANGE',
  'INJURY',
  'CROSSBAR',
  'POST',
  'PENALTY_SHOT_MISSED',
  'MISC',
]);

/** Pure: newest event first; tabs all / home / away with `set_in_context.team`. */
export function reshapeGameEvents(data: GameEventsData, params: GameEventsParams, ctx: RenderContext) {
  const game = gameOrNotFound(data.game, params);
  const t = textIn(ctx);
  const side = params.team;
  const events = game.events
    .map((event, order) => ({ event, order }))
    .filter(({ event }) => !side || event.side === side.toUpperCase())
    .sort((a, b) => b.event.second - a.event.second || b.order - a.order)
    .map(({ event }) => event);
  const tab = (text: string, team: 'home' | 'away' | null) => ({
    text,
    type: 'tab' as const,
    link: reload('/game_events', { team }),
    highlight: (side ?? null) === team,
  });
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: { tabs: 'on', locale: localeContext(ctx.locale), game_id: params.game_id },
    headers: headers(COLUMNS, ctx.locale),
    title: t(TEXTS.gameEventsTitle),
    tabs: [tab(t(TEXTS.allEvents), null), tab(sideText(game, 'home', ctx), 'home'), tab(sideText(game, 'away', ctx), 'away')],
    regions: [
      region(
        null,
        events.map((event) =>
          row([
            textCell(clockText(event.second)),
            textCell(eventText(event, ctx)),
            TEAM_EVENTS.has(event.type) && event.team ? textCell(event.team.name) : textCell(),
            textCell(playerText(event.player, event.assist)),
          ]),
        ),
      ),
    ],
  });
}

export function gameEventsRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument(deps, GAME_EVENTS_DOCUMENT);
  facadeGet(
    app,
    deps,
    '/game_events/:game_id',
    {
      querystring: GAME_EVENTS_QUERY,
      params: GAME_PATH,
      config: readsOneRecord('game', 'game_id'),
      doc: {
        id: 'gameEvents',
        tag: 'Games',
        summary: "A game's events, newest first",
        response: 'table',
        examples: [
          example('finished game', (ids) => `/api/game_events/${ids.finished}`),
          example('unknown team', (ids) => `/api/game_events/${ids.finished}?team=guest`, 400),
          example('unknown game', '/api/game_events/999999', 404),
        ],
        snapshot: (ids) =>
          ids.games.flatMap((game, index) => [
            localized([16, index, 2], `/api/game_events/${game}`),
            probe([16, index, 3], `/api/game_events/${game}?team=home`),
          ]),
      },
    },
    async (params, ctx) => reshapeGameEvents(await run({ id: params.game_id }), params, ctx),
  );
}
