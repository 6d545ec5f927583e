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
  description: 'An instant in UTC, ISO-8601 (e.g. 2025-09-12T18:00:00.000Z).',
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
  description: 'A calendar day in the league time zone (Europe/Zurich), YYYY-MM-DD.',
  serialize: (value) => value,
  parseValue: parseDate,
  parseLiteral: (ast) => parseDate(ast.kind === Kind.STRING ? ast.value : undefined),
});

export const GroupPhaseEnum = builder.enumType(GroupPhase, { name: 'GroupPhase' });
export const GameStatusEnum = builder.enumType(GameStatus, { name: 'GameStatus' });
export const GameDecisionEnum = builder.enumType(GameDecision, { name: 'GameDecision' });
export const TeamSideEnum = builder.enumType(TeamSide, { name: 'TeamSide' });
// The event kinds are the catalogue's (src/domain/event-kinds.ts), in its order, which is the database enum's;
// each value is described by its entry, and a list of kinds in a description is read from it too.
const sentence = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
/** The kinds as enum values, each described by its catalogue entry. */
const describedKinds = <K extends EventKind>(kinds: readonly K[]) =>
  Object.fromEntries(kinds.map((kind) => [kind, { description: sentence(EVENT_KINDS[kind].description) }])) as Record<K, { description: string }>;
/** The player events in the catalogue's words and order: "top player, change of goalie, …". */
export const PLAYER_EVENT_WORDS = PLAYER_EVENT_TYPES.map((kind) => EVENT_KINDS[kind].description).join(', ');
export const GameEventTypeEnum = builder.enumType('GameEventType', { values: describedKinds(EVENT_KIND_NAMES) });
export const PenaltyKindEnum = builder.enumType(PenaltyKind, { name: 'PenaltyKind' });
export const PenaltyRoleEnum = builder.enumType(PenaltyRole, {
  name: 'PenaltyRole',
  description: "Whose penalty it is: the offender's own, or one the named player serves for another (an assist, a deputy).",
});
export const TeamEventKindEnum = builder.enumType('TeamEventKind', {
  values: describedKinds(TEAM_EVENT_TYPES),
  description: "A side's goalie leaves the goal, or is back in it.",
});
export const PlayerEventKindEnum = builder.enumType('PlayerEventKind', {
  values: describedKinds(PLAYER_EVENT_TYPES),
  description: `What happens to one player: ${PLAYER_EVENT_WORDS}. None scores.`,
});
export const PlayerPositionEnum = builder.enumType(PlayerPosition, { name: 'PlayerPosition' });
export const LicensingEnum = builder.enumType(Licensing, { name: 'Licensing' });
