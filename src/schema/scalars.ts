import { GraphQLError, Kind } from 'graphql';
import { EVENT_KIND_NAMES, EVENT_KINDS, type EventKind, PLAYER_EVENT_TYPES, TEAM_EVENT_TYPES } from '../domain/event-kinds.js';
import { GameDecision, GameStatus, GroupPhase, Licensing, PenaltyKind, PenaltyRole, PlayerPosition, TeamSide } from '../generated/prisma/enums.js';
import { builder } from './builder.js';

function parseDateTime(value: unknown): Date {
  const date = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw new GraphQLError(`DateTime must be an ISO-8601 string, got ${JSON.stringify(value)}`);
  return date;
}

builder.scalarType('DateTime', {
  description:
    "An instant, as an RFC 3339 date-time (ISO 8601): answered in UTC with milliseconds, `2025-09-12T18:00:00.000Z`. Sent with its offset, `Z` or `+02:00` (`2025-09-12T20:00:00+02:00` is the same instant). For the day and time on the league's calendar (Europe/Zurich) read `Game.localDate` and `Game.localStartTime`.",
  specifiedByURL: 'https://scalars.graphql.org/andimarek/date-time',
  serialize: (value) => value.toISOString(),
  parseValue: parseDateTime,
  parseLiteral: (ast) => parseDateTime(ast.kind === Kind.STRING ? ast.value : undefined),
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;
function parseDate(value: unknown): string {
  if (typeof value !== 'string' || !DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new GraphQLError(`Date must be YYYY-MM-DD, got ${JSON.stringify(value)}`);
  }
  return value;
}

builder.scalarType('Date', {
  description:
    "A calendar day on the league's calendar, the Europe/Zurich day (not a UTC day), as an RFC 3339 full-date (ISO 8601 calendar date): YYYY-MM-DD, e.g. `2025-09-12`. A day is 23 or 25 hours long when the clocks change.",
  specifiedByURL: 'https://www.rfc-editor.org/rfc/rfc3339#section-5.6',
  serialize: (value) => value,
  parseValue: parseDate,
  parseLiteral: (ast) => parseDate(ast.kind === Kind.STRING ? ast.value : undefined),
});

export const GroupPhaseEnum = builder.enumType(GroupPhase, {
  name: 'GroupPhase',
  description: 'The phase of the season a league group plays: the qualification (regular season), then the knock-out playoff or playout.',
  values: {
    QUALIFICATION: { description: 'The qualification (regular season): every team of the group plays the others; its standings rank them.' },
    PLAYOFF: { description: 'The playoff: knock-out series of the best-ranked teams for the title.' },
    PLAYOUT: { description: 'The playout: knock-out series of the lowest-ranked teams against relegation.' },
    SUPERFINAL: { description: "The federation's Superfinal: one deciding game of the two playoff finalists." },
  } satisfies Record<keyof typeof GroupPhase, { description: string }>,
});
export const GameStatusEnum = builder.enumType(GameStatus, {
  name: 'GameStatus',
  description: 'Where a game is in its life: scheduled, being played, or over (and how).',
  values: {
    SCHEDULED: { description: 'Not started yet; no score.' },
    LIVE: { description: 'Being played and recorded live: the score is the running score.' },
    FINISHED: { description: 'Played to the end: the score is the result, `decidedBy` says how it was decided.' },
    CANCELLED: { description: 'Called off: it is not played and no result counts.' },
    FORFEIT: { description: "Decided by a forfeit: the side that forfeited (`forfeitedBy`) lost by the league's forfeit score." },
    ABORTED: { description: 'Stopped during play and not finished (the federation decides later): no result counts.' },
  } satisfies Record<keyof typeof GameStatus, { description: string }>,
});
export const GameDecisionEnum = builder.enumType(GameDecision, {
  name: 'GameDecision',
  description: 'How a finished game was decided: in the regular periods, in overtime, or by penalty shots.',
  values: {
    REGULAR: { description: 'In the regular periods (also a draw where the format allows one).' },
    OVERTIME: { description: 'By a goal in sudden-death overtime.' },
    PENALTY_SHOTS: { description: 'By penalty shots after a tied overtime (or tied regulation without overtime); the shootout goal counts in the score.' },
  } satisfies Record<keyof typeof GameDecision, { description: string }>,
});
export const TeamSideEnum = builder.enumType(TeamSide, {
  name: 'TeamSide',
  description: "One of the two teams of a game, by where it plays: the home team (the game's host) or the away team.",
  values: {
    HOME: { description: 'The home team (`Game.homeTeam`).' },
    AWAY: { description: 'The away team (`Game.awayTeam`).' },
  } satisfies Record<keyof typeof TeamSide, { description: string }>,
});
// The event kinds are the catalogue's (src/domain/event-kinds.ts), in its order, which is the database enum's;
// each value is described by its entry, and a list of kinds in a description is read from it too.
const sentence = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
/** The kinds as enum values, each described by its catalogue entry. */
const describedKinds = <K extends EventKind>(kinds: readonly K[]) =>
  Object.fromEntries(kinds.map((kind) => [kind, { description: sentence(EVENT_KINDS[kind].description) }])) as Record<K, { description: string }>;
/** The player events in the catalogue's words and order: "top player, change of goalie, …". */
export const PLAYER_EVENT_WORDS = PLAYER_EVENT_TYPES.map((kind) => EVENT_KINDS[kind].description).join(', ');
export const GameEventTypeEnum = builder.enumType('GameEventType', {
  values: describedKinds(EVENT_KIND_NAMES),
  description:
    "What an entry of a game's log is: a marker of the game's course (start, periods, end), a goal, a penalty, a timeout, or another event the desk records.",
});
export const PenaltyKindEnum = builder.enumType(PenaltyKind, {
  name: 'PenaltyKind',
  description:
    "A penalty's length or grade, as the federation records it (its category in brackets); penalty minutes count them as `PlayerTotals.penaltyMinutes` says.",
  values: {
    MINOR_2: { description: "A 2' minor penalty (3)." },
    MINOR_2_2: { description: "A 2+2' double minor penalty (49): two minor penalties, 4 minutes." },
    MAJOR_5: { description: "A 5' major penalty (4)." },
    MISCONDUCT_10: { description: "A 10' misconduct penalty (5): the player sits out, the team plays on at full strength." },
    MATCH: { description: 'A match penalty of no recorded grade (167); suspends the player for the team’s next game.' },
    MATCH_1: { description: 'A match penalty of grade I (6); suspends the player for the team’s next game.' },
    MATCH_2: { description: 'A match penalty of grade II (7); suspends the player for the team’s next game.' },
    MATCH_3: { description: 'A match penalty of grade III (8); suspends the player for the team’s next game.' },
    PENALTY_SHOT: { description: 'The offence is punished by a penalty shot for the other team (9): no minutes.' },
  } satisfies Record<keyof typeof PenaltyKind, { description: string }>,
});
export const PenaltyRoleEnum = builder.enumType(PenaltyRole, {
  name: 'PenaltyRole',
  description: "Whose penalty it is: the offender's own, or one the named player serves for another (an assist, a deputy).",
  values: {
    OFFENDER: { description: "The named player's own penalty; counts in their penalty statistics and may suspend them." },
    ASSIST: { description: 'Served by the named player as an assist of the offender (federation categories 153–158).' },
    DEPUTY: { description: 'Served by the named player as a deputy, for a goalie or for a bench penalty (federation categories 161, 162).' },
  } satisfies Record<keyof typeof PenaltyRole, { description: string }>,
});
export const TeamEventKindEnum = builder.enumType('TeamEventKind', {
  values: describedKinds(TEAM_EVENT_TYPES),
  description: "A side's goalie leaves the goal, or is back in it.",
});
export const PlayerEventKindEnum = builder.enumType('PlayerEventKind', {
  values: describedKinds(PLAYER_EVENT_TYPES),
  description: `What happens to one player: ${PLAYER_EVENT_WORDS}. None scores.`,
});
export const PlayerPositionEnum = builder.enumType(PlayerPosition, {
  name: 'PlayerPosition',
  description: 'Where a player plays.',
  values: {
    GOALKEEPER: { description: 'Goalkeeper: a game sheet names 1–3 of them.' },
    DEFENDER: { description: 'Defender.' },
    CENTER: { description: 'Center.' },
    FORWARD: { description: 'Forward (wing).' },
  } satisfies Record<keyof typeof PlayerPosition, { description: string }>,
});
export const LicensingEnum = builder.enumType(Licensing, {
  name: 'Licensing',
  description: 'The kind of license the federation issued.',
  values: {
    REGULAR: { description: "A regular license: the player plays for the club's team they are a member of (or plays up from a lower team)." },
    OTHER: { description: 'Another licensing the federation records; the lineup rules treat it as a regular license.' },
    MULTI: {
      description: "A multi-team license: the player may play for any team of the club in the game class, counted in a lineup's quota of non-regular players.",
    },
  } satisfies Record<keyof typeof Licensing, { description: string }>,
});
