import type { FastifyInstance } from 'fastify';
import { sideText } from './shared/game-row.js';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { EVENT_KINDS, type EventKind } from '../../domain/event-kinds.js';
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

type Text = (text: Translated) => string;

/** `2. Drittel`: a period's text with its number. */
const inPeriod = (event: GameEventData, t: Text, text: Translated) => t(text).replace('{n}', String(event.period ?? ''));

/**
 * The kinds whose text says more than their catalogue text (src/domain/event-kinds.ts `text`): the
 * score, the penalty and its details, the federation code, the side, the period.
 */
const DETAILED_TEXTS: { readonly [K in EventKind]?: (event: GameEventData, t: Text) => string } = {
  GOAL: (event, t) => {
    const score = `${event.homeScore ?? 0}:${event.awayScore ?? 0}`;
    return event.penaltyShot ? `${t(TEXTS.goalScorer)} ${score} ${t(TEXTS.penaltyShotGoal)}` : `${t(TEXTS.goalScorer)} ${score}`;
  },
  PENALTY: (event, t) => {
    // Who served it for another, the reason and the offence code, in brackets: `2'-Strafe (Stellvertreter, Stockschlag, Code 501)`.
    const role = penaltyRoleOf(event.penaltyRole);
    const details = [
      role === 'ASSIST' ? t(TEXTS.assistPenalty) : role === 'DEPUTY' ? t(TEXTS.deputyPenalty) : null,
      event.penaltyReason || null,
      event.code === null ? null : `${t(TEXTS.federationCode)} ${event.code}`,
    ].filter((detail) => detail !== null);
    return `${penaltyKindText(event.penaltyKind, t)}${details.length ? ` (${details.join(', ')})` : ''}`;
  },
  MISC: (event, t) => `${t(TEXTS.miscEvent)} (${t(TEXTS.federationCode)} ${event.code ?? ''})`,
  PLAYER_INSPECTION: (event, t) => t(event.inspectionDone ? TEXTS.inspectionDone : TEXTS.inspectionSkipped),
  TIMEOUT: (event, t) => t(event.side === 'AWAY' ? TEXTS.timeoutAway : TEXTS.timeoutHome),
  PERIOD_START: (event, t) => ((event.period ?? 1) > 3 ? t(TEXTS.overtimeStart) : inPeriod(event, t, TEXTS.periodStart)),
  PERIOD_END: (event, t) => ((event.period ?? 1) > 3 ? t(TEXTS.overtimeEnd) : inPeriod(event, t, TEXTS.periodEnd)),
};

/** A kind's text in the vocabulary: a catalogue kind whose text key is not in `TEXTS` does not compile. */
const kindText = (type: EventKind): Translated => TEXTS[EVENT_KINDS[type].text];

/** Every kind has its text: the catalogue's, or a detailed one. */
export function eventText(event: GameEventData, ctx: Pick<RenderContext, 'locale'>): string {
  const t = textIn(ctx);
  return DETAILED_TEXTS[event.type]?.(event, t) ?? t(kindText(event.type));
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

/**
 * Whether an event's row names the team it is credited to: every kind credited to a side (a MISC
 * event when it names a player), except a timeout, whose text names its side, and the markers,
 * which are the game's; an inspection is about both teams.
 */
function namesTeam(type: EventKind): boolean {
  const kind = EVENT_KINDS[type];
  return kind.side !== 'none' && kind.shape !== 'marker' && kind.shape !== 'timeout';
}

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
            namesTeam(event.type) && event.team ? textCell(event.team.name) : textCell(),
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
