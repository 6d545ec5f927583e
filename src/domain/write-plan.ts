/**
 * Deciding one live write: `planWrite` takes the locked game's state and the write, applies the
 * league's rules (live-game.ts, event-recording.ts, event-correction.ts) and returns everything to
 * store and announce, or throws the DomainError that refuses the write. Pure: no clock, no I/O; the
 * writer (src/live/game-writer.ts) stores the plan as it stands.
 */
import { changesResult, type GameStatus } from './game-status.js';
import type { EventDraft, EventEffect, GameChangeKind, GameWrite, GameWriteKind, LiveGameState, NewEvent, StoredEvent, WritePlan } from './game-write.js';
import { teamOf } from './game-write.js';
import { correctionOf, deletionOf } from './event-correction.js';
import { goalOf, inspectionOf, miscOf, penaltyEndOf, penaltyOf, playerEventOf, teamEventOf, timeoutOf } from './event-recording.js';
import {
  type Decision,
  decisionAsItStands,
  endPeriodMarkers,
  periodStart,
  finishMarkers,
  type Marker,
  phaseOf,
  replayScore,
  type Score,
  startMarkers,
} from './live-game.js';
import { assertMayDecideNow, DECIDING_WRITES } from './result-authority.js';
import {
  assertResultOpen,
  DEFAULT_PROTEST_WINDOW_HOURS,
  decideResultLife,
  type ProtestChange,
  type ResultLifeState,
  resultAfterStatus,
  type StoredResult,
} from './result-life.js';
import { type SettlingEvent, settleRunningScores } from './running-score.js';
import { clockAfter } from './live-clock.js';
import {
  abortSecond,
  assertSpectators,
  assertSpectatorsRecordable,
  correctedTransition,
  eventsUndoneBy,
  forfeitOutcome,
  lastTransition,
  reportedResult,
  type TransitionKind,
  upheldScore,
} from './game-transitions.js';

const NONE = { kind: 'none' } as const;

// Every deciding write is a write this module decides (result-authority.ts cannot import the write's type).
DECIDING_WRITES satisfies readonly GameWriteKind[];

const CHANGE_OF: Record<GameWriteKind, GameChangeKind> = {
  startGame: 'STARTED',
  recordGoal: 'EVENT_ADDED',
  recordPenalty: 'EVENT_ADDED',
  recordTimeout: 'EVENT_ADDED',
  recordPenaltyEnd: 'EVENT_ADDED',
  recordTeamEvent: 'EVENT_ADDED',
  recordPlayerEvent: 'EVENT_ADDED',
  recordMisc: 'EVENT_ADDED',
  recordInspection: 'EVENT_ADDED',
  endPeriod: 'PERIOD_ENDED',
  // Its marker stamped with the moment play resumed; see changeKindOf for the other cases.
  startPeriod: 'EVENT_CORRECTED',
  finishGame: 'FINISHED',
  correctEvent: 'EVENT_CORRECTED',
  deleteEvent: 'EVENT_DELETED',
  forfeitGame: 'FORFEITED',
  abortGame: 'ABORTED',
  reportResult: 'FINISHED',
  undoStatus: 'STATUS_UNDONE',
  correctTransition: 'TRANSITION_CORRECTED',
  recordSpectators: 'SPECTATORS_RECORDED',
  protestResult: 'RESULT_PROTESTED',
  upholdProtest: 'PROTEST_UPHELD',
  rejectProtest: 'PROTEST_REJECTED',
  confirmResult: 'RESULT_CONFIRMED',
};

/**
 * What the rules decide about a write: its effect on the log, the game's status (and decision) after
 * it, the score where the write sets it instead of the events (`null`: none, a game not started),
 * the game's other fields it sets, and the status change it is.
 */
export interface Decided<E extends StoredEvent> {
  effect: EventEffect<E>;
  status: GameStatus;
  decidedBy?: Decision;
  /** `'stored'`: the write leaves the score as it is stored (a forfeit's or a reported result's is not the events'). */
  score?: Score | null | 'stored';
  fields?: Pick<WritePlan['game'], 'forfeitedBy' | 'secondsPlayed' | 'spectators'>;
  transition?: WritePlan['transition'];
  /** A write of the result's life: the result it leaves and the protest it files or decides. Absent: the status decides (resultAfterStatus). */
  result?: StoredResult;
  protest?: ProtestChange | null;
}

const NO_RESULT: StoredResult = { state: null, provisionalSince: null, confirmedAt: null };

/** The game's result life as the rules read it; a reader's state without one has no result stored, and asks as the home desk. */
function lifeOf(game: LiveGameState): ResultLifeState {
  const life = game.life;
  return {
    status: game.status,
    now: game.now,
    result: life?.result ?? NO_RESULT,
    windowHours: life?.windowHours ?? DEFAULT_PROTEST_WINDOW_HOURS,
    protests: life?.protests ?? [],
    actor: life?.actor ?? { kind: 'club', clubId: life?.clubs.home ?? -1 },
    clubs: life?.clubs ?? { home: -1, away: -1 },
  };
}

export function planWrite<E extends StoredEvent>(game: LiveGameState<E>, write: GameWrite): WritePlan<E> {
  const replayed = replayScore(game.events).score;
  const before = game.storedScore ?? { home: replayed.home, away: replayed.away };
  const decided = decide(game, write, { home: replayed.home, away: replayed.away });
  const log = logAfter(game.events, decided.effect);
  const settled = settleRunningScores(log);
  const score = decided.score === undefined ? settled.score : decided.score;
  const after = score === 'stored' ? before : { home: score?.home ?? 0, away: score?.away ?? 0 };
  const life = lifeOf(game);
  const resultAfter = decided.result ?? resultAfterStatus(life.result, game.status, decided.status, game.now);
  const resultChanged = (['state', 'provisionalSince', 'confirmedAt'] as const).some(
    (field) => resultAfter[field]?.valueOf() !== life.result[field]?.valueOf(),
  );
  return {
    effect: decided.effect,
    runningScores: settled.changes,
    game: {
      status: decided.status,
      ...(decided.decidedBy ? { decidedBy: decided.decidedBy } : {}),
      ...(score === 'stored' ? {} : { score }),
      ...decided.fields,
      clock: clockAfter(decided.status, log, game.now, decided.fields?.secondsPlayed),
    },
    transition: decided.transition,
    scoreBefore: before,
    result: { before: life.result, after: resultAfter, changed: resultChanged },
    ...(decided.protest ? { protest: decided.protest } : {}),
    announce: {
      kind: changeKindOf(write, decided.effect, decided.transition),
      scoreChanged: before.home !== after.home || before.away !== after.away,
      statusChanged: decided.status !== game.status,
      // A result's state decides whether it counts where a group counts confirmed results only.
      resultChanged: changesResult(game.status, decided.status) || (resultChanged && decided.result !== undefined),
    },
  };
}

/**
 * What readers are told a write was. A period start is a marker stamped (the open period resumed),
 * a period's end when it ends the one under way, or a marker added after a break.
 */
function changeKindOf<E extends StoredEvent>(write: GameWrite, effect: EventEffect<E>, transition: WritePlan['transition']): GameChangeKind {
  if (write.kind !== 'startPeriod' || effect.kind === 'stamped') return CHANGE_OF[write.kind];
  return transition ? 'PERIOD_ENDED' : 'EVENT_ADDED';
}

/** A transition that writes markers is kept at the second of its last one: the start at 0:00, a period's end, the final whistle. */
function kept<E extends StoredEvent>(kind: TransitionKind, effect: EventEffect<E>): WritePlan['transition'] {
  const added = effect.kind === 'markers' ? effect.markers : [];
  return { record: { kind, second: Math.max(0, ...added.map((marker) => marker.second)) } };
}

/** The rules' verdict on one write, without storing anything: what `planWrite` applies and `statusMessagesAllowed` tries. */
export function decide<E extends StoredEvent>(game: LiveGameState<E>, write: GameWrite, score: { home: number; away: number }): Decided<E> {
  assertMayDecideNow(write, { now: game.now, startsAt: game.startsAt, startWindow: game.startWindow, decider: game.decider ?? 'desk' });
  const life = lifeOf(game);
  const decided = decideByRules(game, write, score, life);
  // After the write's own rules: a write the game refuses anyway is told why, not that the result is frozen.
  assertResultOpen(write, life, game.decider ?? 'desk');
  return decided;
}

function decideByRules<E extends StoredEvent>(
  game: LiveGameState<E>,
  write: GameWrite,
  score: { home: number; away: number },
  life: ResultLifeState,
): Decided<E> {
  const phase = phaseOf(game.status, game.events);
  const markers = (added: Marker[]): EventEffect<E> => ({ kind: 'markers', markers: numbered(game, added.map(draftOf)) });
  const recorded = (draft: EventDraft): EventEffect<E> => ({ kind: 'recorded', event: numbered(game, [draft])[0] });
  switch (write.kind) {
    case 'startGame': {
      const effect = markers(
        startMarkers(game.status, { now: game.now, startsAt: game.startsAt, window: game.startWindow, outsideWindow: write.outsideStartWindow === true }),
      );
      return { effect, status: 'LIVE', transition: kept('START', effect) };
    }
    case 'endPeriod': {
      const effect = markers(endPeriodMarkers(game.format, phase, score, write.beforeShootout === true));
      return { effect, status: game.status, transition: kept('PERIOD_END', effect) };
    }
    case 'finishGame': {
      const decidedBy = write.decidedBy ?? decisionAsItStands(game.format, phase, score);
      const effect = markers(finishMarkers(game.format, phase, game.events, score, decidedBy, write.shootoutWinner ?? null));
      return { effect, status: 'FINISHED', decidedBy, transition: kept('FINISH', effect) };
    }
    case 'forfeitGame': {
      const { score: forfeitScore, forfeitedBy } = forfeitOutcome(game.status, game.format, write.forfeitingSide);
      const second = Math.max(0, ...game.events.map((event) => event.second));
      return { effect: NONE, status: 'FORFEIT', score: forfeitScore, fields: { forfeitedBy }, transition: { record: { kind: 'FORFEIT', second } } };
    }
    case 'abortGame': {
      const second = abortSecond(game.status, game.format, game.events, write.second);
      // The second play stopped at is the game's seconds played: the clock and the report show it.
      return { effect: NONE, status: 'ABORTED', fields: { secondsPlayed: second }, transition: { record: { kind: 'ABORT', second } } };
    }
    case 'reportResult': {
      const reported = reportedResult(game.status, game.format, write, score);
      return {
        effect: NONE,
        status: 'FINISHED',
        decidedBy: reported.decidedBy,
        score: reported.score,
        fields: { secondsPlayed: reported.secondsPlayed, ...(write.spectators == null ? {} : { spectators: write.spectators }) },
        transition: { record: { kind: 'REPORT_RESULT', second: reported.secondsPlayed } },
      };
    }
    case 'undoStatus': {
      const undone = lastTransition(game.transitions);
      return {
        effect: { kind: 'undone', events: eventsUndoneBy(undone, game.events) },
        status: undone.statusBefore,
        decidedBy: undone.decidedByBefore,
        // Back before the start there is no score; otherwise the events left tell it.
        ...(undone.statusBefore === 'SCHEDULED' ? { score: null } : {}),
        fields: { forfeitedBy: null, secondsPlayed: null },
        transition: { undo: undone },
      };
    }
    case 'correctTransition': {
      const corrected = correctedTransition(game.transitions, game.events, game.format, write.to, write.second);
      return {
        effect: { kind: 'moved', events: corrected.moved, second: corrected.second },
        status: game.status,
        score: 'stored',
        // An abort's second is the game's seconds played (as abortGame stores it).
        ...(write.to === 'ABORTED' ? { fields: { secondsPlayed: corrected.second } } : {}),
        transition: { correct: { number: corrected.number, second: corrected.second } },
      };
    }
    case 'startPeriod': {
      const start = periodStart(game.format, phase, game.events, score);
      if (start.kind === 'resume') return { effect: { kind: 'stamped', event: start.marker, worldTime: write.worldTime ?? game.now }, status: game.status };
      const effect = markers(start.markers);
      // Kept as a period's end when it ends one, so that undo goes back into it; a break's end is no status change.
      return start.markers.some((marker) => marker.type === 'PERIOD_END')
        ? { effect, status: game.status, transition: kept('PERIOD_END', effect) }
        : { effect, status: game.status };
    }
    case 'recordSpectators':
      assertSpectatorsRecordable(game.status);
      assertSpectators(write.spectators);
      return { effect: NONE, status: game.status, score: 'stored', fields: { spectators: write.spectators } };
    case 'protestResult':
    case 'rejectProtest':
    case 'confirmResult': {
      const { result, protest } = decideResultLife(life, write);
      return { effect: NONE, status: game.status, score: 'stored', result, protest };
    }
    case 'upholdProtest': {
      const { result, protest } = decideResultLife(life, write);
      const corrected = upheldScore(game.status, game.format, game.decidedBy, write.homeScore, write.awayScore);
      return { effect: NONE, status: game.status, score: corrected, result, protest };
    }
    case 'recordGoal':
      return { effect: recorded(goalOf(game, phase, write)), status: game.status };
    case 'recordPenalty':
      return { effect: recorded(penaltyOf(game, phase, write)), status: game.status };
    case 'recordTimeout':
      return { effect: recorded(timeoutOf(game, phase, write)), status: game.status };
    case 'recordPenaltyEnd':
      return { effect: recorded(penaltyEndOf(game, phase, write)), status: game.status };
    case 'recordTeamEvent':
      return { effect: recorded(teamEventOf(game, phase, write)), status: game.status };
    case 'recordPlayerEvent':
      return { effect: recorded(playerEventOf(game, phase, write)), status: game.status };
    case 'recordMisc':
      return { effect: recorded(miscOf(game, phase, write)), status: game.status };
    case 'recordInspection':
      return { effect: recorded(inspectionOf(game, phase, write)), status: game.status };
    case 'correctEvent':
      return { effect: correctionOf(game, phase, write), status: game.status };
    case 'deleteEvent':
      return { effect: deletionOf(game, phase, write), status: game.status };
  }
}

function draftOf(marker: Marker): EventDraft {
  return { type: marker.type, second: marker.second, period: marker.period, side: marker.side ?? null };
}

/** Added events follow every stored one in the order of writing (sequence), credited to their side's team. */
function numbered(game: LiveGameState, drafts: EventDraft[]): NewEvent[] {
  const last = Math.max(-1, ...game.events.map((event) => event.sequence));
  return drafts.map((draft, index) => ({ ...draft, sequence: last + 1 + index, teamId: draft.side ? teamOf(game, draft.side) : null }));
}

function addedBy(effect: EventEffect<StoredEvent>): NewEvent[] {
  if (effect.kind === 'markers') return effect.markers;
  if (effect.kind === 'recorded') return [effect.event];
  return [];
}

/** The log as it will be stored once the effect is: a deleted event gone, a corrected one moved, added ones without a running score yet. */
function logAfter<E extends StoredEvent>(events: readonly E[], effect: EventEffect<E>): SettlingEvent[] {
  const gone = new Set<StoredEvent>(effect.kind === 'deleted' ? [effect.event] : effect.kind === 'undone' ? effect.events : []);
  const retimed = new Set<StoredEvent>(effect.kind === 'moved' ? effect.events : []);
  const kept = events.filter((event) => !gone.has(event));
  const stored = kept.map((event): SettlingEvent => {
    const moved =
      effect.kind === 'corrected' && event === effect.event
        ? effect.fields
        : effect.kind === 'moved' && retimed.has(event)
          ? { ...event, second: effect.second }
          : event;
    return {
      type: event.type,
      side: moved.side,
      second: moved.second,
      period: moved.period,
      sequence: event.sequence,
      homeScore: event.homeScore,
      awayScore: event.awayScore,
      target: { eventId: event.id },
      order: event.id,
    };
  });
  // Added events take sequences above every stored one, so their order among equals is never asked.
  const added = addedBy(effect).map(
    (event, index): SettlingEvent => ({
      type: event.type,
      side: event.side,
      second: event.second,
      period: event.period,
      sequence: event.sequence,
      homeScore: null,
      awayScore: null,
      target: { createdIndex: index },
      order: Number.MAX_SAFE_INTEGER,
    }),
  );
  return [...stored, ...added];
}
