/**
 * Deciding one live write: `planWrite` takes the locked game's state and the write, applies the
 * league's rules (live-game.ts, event-recording.ts, event-correction.ts) and returns everything to
 * store and announce, or throws the DomainError that refuses the write. Pure: no clock, no I/O; the
 * writer (src/live/game-writer.ts) stores the plan as it stands.
 */
import type { GameStatus } from './game-status.js';
import type { EventDraft, EventEffect, GameChangeKind, GameWrite, GameWriteKind, LiveGameState, NewEvent, StoredEvent, WritePlan } from './game-write.js';
import { teamOf } from './game-write.js';
import { correctionOf, deletionOf } from './event-correction.js';
import { goalOf, penaltyOf, timeoutOf } from './event-recording.js';
import { type Decision, endPeriodMarkers, finishMarkers, type Marker, phaseOf, replayScore, startMarkers } from './live-game.js';
import { type SettlingEvent, settleRunningScores } from './running-score.js';

const CHANGE_OF: Record<GameWriteKind, GameChangeKind> = {
  startGame: 'STARTED',
  recordGoal: 'EVENT_ADDED',
  recordPenalty: 'EVENT_ADDED',
  recordTimeout: 'EVENT_ADDED',
  endPeriod: 'PERIOD_ENDED',
  finishGame: 'FINISHED',
  correctEvent: 'EVENT_CORRECTED',
  deleteEvent: 'EVENT_DELETED',
};

/** What the rules decide about a write: its effect on the log, and the game's status and decision after it. */
interface Decided<E extends StoredEvent> {
  effect: EventEffect<E>;
  status: GameStatus;
  decidedBy?: Decision;
}

export function planWrite<E extends StoredEvent>(game: LiveGameState<E>, write: GameWrite): WritePlan<E> {
  const before = replayScore(game.events).score;
  const decided = decide(game, write, { home: before.home, away: before.away });
  const { score, changes } = settleRunningScores(logAfter(game.events, decided.effect));
  return {
    effect: decided.effect,
    runningScores: changes,
    game: { status: decided.status, ...(decided.decidedBy ? { decidedBy: decided.decidedBy } : {}), score },
    scoreBefore: { home: before.home, away: before.away },
    announce: { kind: CHANGE_OF[write.kind], scoreChanged: before.home !== score.home || before.away !== score.away },
  };
}

function decide<E extends StoredEvent>(game: LiveGameState<E>, write: GameWrite, score: { home: number; away: number }): Decided<E> {
  const phase = phaseOf(game.status, game.events);
  const markers = (added: Marker[]): EventEffect<E> => ({ kind: 'markers', markers: numbered(game, added.map(draftOf)) });
  const recorded = (draft: EventDraft): EventEffect<E> => ({ kind: 'recorded', event: numbered(game, [draft])[0] });
  switch (write.kind) {
    case 'startGame':
      return {
        effect: markers(
          startMarkers(game.status, { now: game.now, startsAt: game.startsAt, window: game.startWindow, outsideWindow: write.outsideStartWindow === true }),
        ),
        status: 'LIVE',
      };
    case 'endPeriod':
      return { effect: markers(endPeriodMarkers(game.format, phase, score)), status: game.status };
    case 'finishGame':
      return {
        effect: markers(finishMarkers(game.format, phase, game.events, score, write.decidedBy, write.shootoutWinner ?? null)),
        status: 'FINISHED',
        decidedBy: write.decidedBy,
      };
    case 'recordGoal':
      return { effect: recorded(goalOf(game, phase, write)), status: game.status };
    case 'recordPenalty':
      return { effect: recorded(penaltyOf(game, phase, write)), status: game.status };
    case 'recordTimeout':
      return { effect: recorded(timeoutOf(game, phase, write)), status: game.status };
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
  const kept = events.filter((event) => !(effect.kind === 'deleted' && event === effect.event));
  const stored = kept.map((event): SettlingEvent => {
    const moved = effect.kind === 'corrected' && event === effect.event ? effect.fields : event;
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
