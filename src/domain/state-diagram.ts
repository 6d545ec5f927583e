/**
 * The game's state diagram as the federation's back office documents it (its `/bo/games/doc`
 * "Setting status of a game"): the states a game passes through and the status messages that move
 * it from one to the next. It is not drawn by hand: the states are explored by sending every status
 * message to a game held in memory and applying what `planWrite` decides, the same rules a desk's
 * write is told, so the diagram cannot show a move the service refuses or miss one it accepts.
 *
 * `undo` is left out, as the federation leaves it out "to reduce visual clutter": it goes back to
 * the state before the last status change, from any state after one.
 */
import { DomainError } from './errors.js';
import { boundsOfPeriod, type GameFormat, phasesOf, STANDARD_FORMAT } from './game-format.js';
import type { GameStatus } from './game-status.js';
import type { GameWrite, LiveGameState, StoredEvent, WritePlan } from './game-write.js';
import { DEFAULT_START_WINDOW, phaseOf, replayScore } from './live-game.js';
import { STATUS_MESSAGES, type StatusMessage, writesOf } from './status-messages.js';
import { planWrite } from './write-plan.js';

/** A state of the diagram, in the back office's names: `scheduled`, `third1` … `thirdN`, `prolongation`, `penalty_shootout`, `game_over`, and the ends. */
export type DiagramState = string;

export interface DiagramTransition {
  from: DiagramState;
  /** The message as the back office sends it (`end_third`). */
  message: string;
  to: DiagramState;
}

export interface StateDiagram {
  /** In the order a game goes through them: before play, the phases of play, then the ends. */
  states: DiagramState[];
  transitions: DiagramTransition[];
}

/** The messages drawn: every status message but undo. */
export const DIAGRAM_MESSAGES: readonly StatusMessage[] = STATUS_MESSAGES.filter((message) => message !== 'UNDO');

/** The ends, as the back office's status names them; `finished` is its `game_over` and `finished` both (a final whistle finishes the game here). */
const END_STATES: Readonly<Record<Exclude<GameStatus, 'SCHEDULED' | 'LIVE'>, DiagramState>> = {
  FINISHED: 'finished',
  FORFEIT: 'forfait',
  ABORTED: 'aborted',
  CANCELLED: 'cancelled',
};

/** The federation's captions of the states it names (its diagram is in German). */
export const STATE_CAPTIONS: Readonly<Record<string, string>> = {
  scheduled: 'Angesetzt',
  prolongation: 'Verlängerung',
  penalty_shootout: 'Penaltyschiessen',
  game_over: 'Fertiggespielt',
  finished: 'Durchgeführt',
  forfait: 'Forfait',
  aborted: 'Abbruch',
  cancelled: 'Abgesagt',
};

/** The caption of a state: the federation's, or the third's number (`third2`: 2. Drittel). */
export function captionOf(state: DiagramState): string {
  const third = /^third(\d+)$/.exec(state);
  return third ? `${third[1]}. Drittel` : (STATE_CAPTIONS[state] ?? state);
}

/**
 * The diagram's state of a game: its status, and while live the period being played; once play has
 * ended with no period open, the wait for penalty shots while tied, else for the final whistle
 * (`game_over`, the federation's "Fertiggespielt").
 */
export function diagramStateOf(game: Pick<LiveGameState, 'status' | 'events' | 'format'>): DiagramState {
  if (game.status === 'SCHEDULED') return 'scheduled';
  if (game.status !== 'LIVE') return END_STATES[game.status];
  const phase = phaseOf(game.status, game.events);
  if (phase.kind !== 'playing' || !phase.periodOpen) {
    const { score } = replayScore(game.events);
    return score.home === score.away ? 'penalty_shootout' : 'game_over';
  }
  return phasesOf(game.format)[phase.period - 1] ?? `third${phase.period}`;
}

/** A scheduled game with nothing recorded, at its scheduled start (the result life's diagram starts from it too). */
export function scheduledGame(format: GameFormat): LiveGameState {
  const startsAt = new Date(Date.UTC(2000, 0, 1, 12));
  return {
    gameId: 1,
    status: 'SCHEDULED',
    homeTeamId: 1,
    awayTeamId: 2,
    format,
    startsAt,
    now: startsAt,
    startWindow: DEFAULT_START_WINDOW,
    decidedBy: 'REGULAR',
    transitions: [],
    events: [],
    sheet: [],
  };
}

/** The game as `plan` leaves it: what the writer would store, kept in memory. */
function applied(game: LiveGameState, plan: WritePlan): LiveGameState {
  const lastId = Math.max(0, ...game.events.map((event) => event.id));
  const effect = plan.effect;
  let events: StoredEvent[] = [...game.events];
  if (effect.kind === 'markers' || effect.kind === 'recorded') {
    const added = effect.kind === 'markers' ? effect.markers : [effect.event];
    events.push(
      ...added.map((event, index): StoredEvent => ({ ...event, id: lastId + index + 1, playerId: null, assistId: null, homeScore: null, awayScore: null })),
    );
  } else if (effect.kind === 'undone') {
    events = events.filter((event) => !effect.events.includes(event));
  } else if (effect.kind === 'stamped') {
    events = events.map((event) => (event === effect.event ? { ...event, worldTime: effect.worldTime } : event));
  }
  events.sort((a, b) => a.second - b.second || a.sequence - b.sequence || a.id - b.id);
  const record = plan.transition && 'record' in plan.transition ? plan.transition.record : undefined;
  const transitions = record
    ? [
        ...game.transitions,
        { number: game.transitions.length + 1, ...record, statusBefore: game.status, decidedByBefore: game.decidedBy, lastEventIdBefore: lastId },
      ]
    : game.transitions;
  const score = plan.game.score;
  return {
    ...game,
    status: plan.game.status,
    decidedBy: plan.game.decidedBy ?? game.decidedBy,
    storedScore: score === undefined ? game.storedScore : score && { home: score.home, away: score.away },
    events,
    transitions,
  };
}

/** `planWrite`'s plan, or undefined where the rules refuse the write. */
function tried(game: LiveGameState, write: GameWrite): WritePlan | undefined {
  try {
    return planWrite(game, write);
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}

/** Goals explored: enough for a lead and a tie after play has begun, which decide other moves than a tie before it. */
const GOALS_EXPLORED = 2;

/** A goal in the period being played: the home side's when tied (a lead), the away side's when behind (a tie again). */
function goalScored(game: LiveGameState, score: { home: number; away: number }): LiveGameState | undefined {
  const phase = phaseOf(game.status, game.events);
  if (phase.kind !== 'playing' || !phase.periodOpen || score.home + score.away >= GOALS_EXPLORED) return undefined;
  const second = boundsOfPeriod(game.format, phase.period).start + 60 + score.home + score.away;
  const plan = tried(game, { kind: 'recordGoal', side: score.home === score.away ? 'HOME' : 'AWAY', second });
  return plan && applied(game, plan);
}

/**
 * Every move a status message makes in a game of `format`, found by playing it: from a scheduled
 * game, each message with each write it stands for (`writesOf`, as the status list tries them), in
 * every state reached, tied and with a one-goal lead, before and after play has begun in a period.
 */
export function stateDiagram(format: GameFormat = STANDARD_FORMAT): StateDiagram {
  const transitions = new Map<string, DiagramTransition>();
  const seen = new Set<string>();
  const queue: LiveGameState[] = [scheduledGame(format)];
  // A game is told apart by its status and its log's kinds in order: whether a period has begun decides what start_third does.
  const keyOf = (game: LiveGameState) => `${game.status} ${game.events.map((event) => `${event.type}/${event.period}/${event.side}`).join(' ')}`;
  for (let game = queue.shift(); game; game = queue.shift()) {
    const key = keyOf(game);
    if (seen.has(key)) continue;
    seen.add(key);
    const from = diagramStateOf(game);
    const { score } = replayScore(game.events);
    const scored = goalScored(game, score);
    if (scored) queue.push(scored);
    for (const message of DIAGRAM_MESSAGES) {
      for (const write of writesOf(message, score)) {
        const plan = tried(game, write);
        if (!plan) continue;
        const next = applied(game, plan);
        const move = { from, message: message.toLowerCase(), to: diagramStateOf(next) };
        transitions.set(`${move.from} ${move.message} ${move.to}`, move);
        queue.push(next);
      }
    }
  }
  const order = ['scheduled', ...phasesOf(format), 'game_over', ...Object.values(END_STATES)];
  const reached = new Set([...transitions.values()].flatMap((move) => [move.from, move.to]));
  const states = order.filter((state) => reached.has(state));
  const rank = (state: DiagramState) => states.indexOf(state);
  return {
    states,
    transitions: [...transitions.values()].sort((a, b) => rank(a.from) - rank(b.from) || rank(a.to) - rank(b.to) || a.message.localeCompare(b.message)),
  };
}
