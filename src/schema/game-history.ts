// A game's public history (`Game.history`): its audit as src/domain/game-history.ts tells it to
// anyone. The entries are a variant of the audit's model, so the page, its cursors and its count are
// the Prisma plugin's, like every other connection; the key is read for its club and event games
// only (the role) and never leaves this module.
import { type HistoryEntry, HISTORY_KIND_MEANINGS, HISTORY_KINDS, HISTORY_ROLE_MEANINGS, HISTORY_ROLES, historyEntryOf } from '../domain/game-history.js';
import { gameAuditOrder } from '../live/game-audit.js';
import { builder, pageSize, relatedConnectionComplexity } from './builder.js';
import { connectionOf } from './connections.js';
import { LENGTH } from './costs.js';
import { SortDirectionEnum } from './national-statistics.js';
import { GameEventTypeEnum, GameStatusEnum, PenaltyKindEnum, TeamSideEnum } from './scalars.js';
import { ResultStateEnum } from './game-result.js';
import type { ResultState } from '../domain/result-life.js';

const meanings = <K extends string>(names: readonly K[], meaning: Record<K, string>) =>
  Object.fromEntries(names.map((name) => [name, { description: meaning[name] }])) as Record<K, { description: string }>;

const GameHistoryKindEnum = builder.enumType('GameHistoryKind', {
  description: 'What a write in a game’s history did.',
  values: meanings(HISTORY_KINDS, HISTORY_KIND_MEANINGS),
});

const GameHistoryRoleEnum = builder.enumType('GameHistoryRole', {
  description: 'Who made a write in a game’s history, as a role: never the key, its name or its prefix.',
  values: meanings(HISTORY_ROLES, HISTORY_ROLE_MEANINGS),
});

type Event = NonNullable<HistoryEntry['event']>['before'] & object;
type Score = NonNullable<NonNullable<HistoryEntry['score']>['before']>;

const GameHistoryEvent = builder.objectRef<Event>('GameHistoryEvent').implement({
  description: "An event of the game's log as it stood before or after a write: its public fields.",
  fields: (t) => ({
    type: t.field({ type: GameEventTypeEnum, description: 'What happened.', resolve: (e) => e.type as never }),
    side: t.field({
      type: TeamSideEnum,
      nullable: true,
      description: 'The side it counts for; null for an event of neither.',
      resolve: (e) => e.side as never,
    }),
    second: t.exposeInt('second', { description: 'Game clock in seconds.' }),
    period: t.exposeInt('period', { nullable: true, description: 'The period it happened in; null when unknown.' }),
    playerId: t.exposeInt('playerId', { nullable: true, description: 'The player it names, by id; null when none.' }),
    assistId: t.exposeInt('assistId', { nullable: true, description: "A goal's assisting player, by id; null when none." }),
    penaltyKind: t.field({
      type: PenaltyKindEnum,
      nullable: true,
      description: "A penalty's kind; null on other events.",
      resolve: (e) => e.penaltyKind as never,
    }),
    penaltyReason: t.exposeString('penaltyReason', { nullable: true, description: "A penalty's offence in words, as recorded; null when none was." }),
  }),
});

const GameHistoryEventChange = builder.objectRef<NonNullable<HistoryEntry['event']>>('GameHistoryEventChange').implement({
  description: 'An event before and after a write.',
  fields: (t) => ({
    before: t.field({ type: GameHistoryEvent, nullable: true, description: 'Before the write; null when the write recorded it.', resolve: (c) => c.before }),
    after: t.field({ type: GameHistoryEvent, nullable: true, description: 'After the write; null when the write deleted it.', resolve: (c) => c.after }),
  }),
});

const GameHistoryScore = builder.objectRef<Score>('GameHistoryScore').implement({
  description: 'A score, home and away.',
  fields: (t) => ({
    home: t.exposeInt('home', { description: "The home team's goals." }),
    away: t.exposeInt('away', { description: "The away team's goals." }),
  }),
});

const GameHistoryScoreChange = builder.objectRef<NonNullable<HistoryEntry['score']>>('GameHistoryScoreChange').implement({
  description: 'The score before and after a write that changed it.',
  fields: (t) => ({
    before: t.field({ type: GameHistoryScore, nullable: true, description: 'Before the write.', resolve: (c) => c.before }),
    after: t.field({ type: GameHistoryScore, nullable: true, description: 'After the write.', resolve: (c) => c.after }),
  }),
});

const GameHistoryStatusChange = builder.objectRef<NonNullable<HistoryEntry['status']>>('GameHistoryStatusChange').implement({
  description: "The game's status before and after a write that changed it.",
  fields: (t) => ({
    before: t.field({ type: GameStatusEnum, description: 'Before the write.', resolve: (c) => c.before as never }),
    after: t.field({ type: GameStatusEnum, description: 'After the write.', resolve: (c) => c.after as never }),
  }),
});

const GameHistoryResultStateChange = builder.objectRef<NonNullable<HistoryEntry['resultState']>>('GameHistoryResultStateChange').implement({
  description: "The result's state (PROVISIONAL, PROTESTED, CONFIRMED) before and after a write of its life.",
  fields: (t) => ({
    before: t.field({
      type: ResultStateEnum,
      nullable: true,
      description: 'Before the write; null when the game had no result.',
      resolve: (c) => c.before as ResultState | null,
    }),
    after: t.field({
      type: ResultStateEnum,
      nullable: true,
      description: 'After the write; null when it took the result away (an undo).',
      resolve: (c) => c.after as ResultState | null,
    }),
  }),
});

const GameHistoryTransition = builder.objectRef<NonNullable<HistoryEntry['transition']>>('GameHistoryTransition').implement({
  description: 'A status change moved to another second of the clock.',
  fields: (t) => ({
    to: t.exposeString('to', { description: 'The status change moved (the transition, as correctTransition names it).' }),
    second: t.exposeInt('second', { description: 'The second of the clock it now stands at.' }),
  }),
});

const GameHistoryOrderEnum = builder.enumType('GameHistoryOrder', {
  description: "What a game's history is ordered by.",
  values: { WRITTEN: { description: 'When each write was committed, writes of one millisecond in the order of their commit: oldest first unless DESC.' } },
});

/** An entry's public reading, made once per row whichever of its fields are selected. */
const readings = new WeakMap<object, HistoryEntry>();

const HISTORY_ROW_SELECT = {
  at: true,
  mutation: true,
  version: true,
  eventId: true,
  change: true,
  apiKey: { select: { clubId: true, gameIds: true } },
  game: { select: { homeTeam: { select: { clubId: true } }, awayTeam: { select: { clubId: true } } } },
} as const;

interface HistoryRow {
  at: Date;
  mutation: string;
  version: number;
  eventId: number | null;
  change: unknown;
  apiKey: { clubId: number | null; gameIds: number[] };
  game: { homeTeam: { clubId: number } | null; awayTeam: { clubId: number } | null };
}

function entryOf(row: HistoryRow): HistoryEntry {
  let entry = readings.get(row);
  if (!entry) {
    entry = historyEntryOf(
      { at: row.at, mutation: row.mutation, version: row.version, eventId: row.eventId, change: row.change, writer: row.apiKey },
      { homeClubId: row.game.homeTeam?.clubId ?? null, awayClubId: row.game.awayTeam?.clubId ?? null },
    );
    readings.set(row, entry);
  }
  return entry;
}

export const GameHistoryEntry = builder.prismaObject('GameAuditEntry', {
  variant: 'GameHistoryEntry',
  description:
    "One write in a game's public history: what it did, when, by which role, why where a reason was given, and what it changed. The same for every reader: no key, key name or idempotency key.",
  select: HISTORY_ROW_SELECT,
  fields: (t) => {
    const read = (row: unknown) => entryOf(row as HistoryRow);
    return {
      kind: t.field({ type: GameHistoryKindEnum, description: 'What the write did.', resolve: (row) => read(row).kind }),
      write: t.string({
        description: 'The write by its mutation’s name (recordGoal, finishGame, writeGameSheet, protestResult, …).',
        resolve: (row) => read(row).write,
      }),
      at: t.field({ type: 'DateTime', description: 'When the write was committed.', resolve: (row) => read(row).at }),
      version: t.int({ description: "The game's version after the write.", resolve: (row) => read(row).version }),
      role: t.field({ type: GameHistoryRoleEnum, description: 'Who wrote, as a role.', resolve: (row) => read(row).role }),
      reason: t.string({
        nullable: true,
        description: 'The reason given with the write (a forfeit, an undo, a protest, …); null when none was given or the write takes none.',
        resolve: (row) => read(row).reason,
      }),
      eventId: t.int({
        nullable: true,
        description: 'The event recorded, corrected or deleted, by its id; null for other writes.',
        resolve: (row) => read(row).eventId,
      }),
      event: t.field({
        type: GameHistoryEventChange,
        nullable: true,
        description: 'The event before and after; null when the write touched no event.',
        resolve: (row) => read(row).event,
      }),
      score: t.field({
        type: GameHistoryScoreChange,
        nullable: true,
        description: 'The score before and after; null when it did not change.',
        resolve: (row) => read(row).score,
      }),
      status: t.field({
        type: GameHistoryStatusChange,
        nullable: true,
        description: 'The status before and after; null when it did not change.',
        resolve: (row) => read(row).status,
      }),
      resultState: t.field({
        type: GameHistoryResultStateChange,
        nullable: true,
        description: "The result's state before and after; null when the write did not change it.",
        resolve: (row) => read(row).resultState,
      }),
      transition: t.field({
        type: GameHistoryTransition,
        nullable: true,
        description: 'The status change moved, and where to; null for other writes.',
        resolve: (row) => read(row).transition,
      }),
      spectators: t.int({ nullable: true, description: 'The spectators counted; null for other writes.', resolve: (row) => read(row).spectators }),
      sheetTeamId: t.int({
        nullable: true,
        description: 'The team whose game sheet was written, by id; null for other writes.',
        resolve: (row) => read(row).sheetTeamId,
      }),
    };
  },
});

builder.prismaObjectFields('Game', (t) => ({
  history: t.relatedConnection(
    'audit',
    {
      type: GameHistoryEntry,
      description:
        'Every write to the game, oldest first unless `direction: DESC`: public, the same for every reader (who wrote it as a role, never the key). Empty until the first write.',
      cursor: 'id',
      maxSize: pageSize,
      complexity: relatedConnectionComplexity(LENGTH.events),
      totalCount: true,
      args: {
        orderBy: t.arg({ type: GameHistoryOrderEnum, defaultValue: 'WRITTEN', description: 'What the entries are ordered by; WRITTEN when not given.' }),
        direction: t.arg({ type: SortDirectionEnum, description: 'ASC (oldest first) unless given.' }),
      },
      query: (args) => ({ orderBy: args.direction === 'DESC' ? [{ at: 'desc' as const }, { id: 'desc' as const }] : gameAuditOrder() }),
    },
    ...connectionOf('GameHistoryEntry'),
  ),
}));
