/**
 * The life of a result as a diagram, drawn as the game's state diagram is (state-diagram.ts): not
 * by hand, but by sending every write of a result's life, as each kind of key would send it, to a
 * game held in memory and applying what `planWrite` decides; and by letting the protest window close
 * (`resultStateAt`). So the diagram cannot show a move the service refuses or miss one it accepts.
 */
import { DomainError } from './errors.js';
import { STANDARD_FORMAT } from './game-format.js';
import { isDecided } from './game-status.js';
import type { GameWrite, LiveGameState, ResultLife, WritePlan } from './game-write.js';

/** A game held in memory with its result's life. */
type LivingGame = LiveGameState & { life: ResultLife };
import { DEFAULT_PROTEST_WINDOW_HOURS, type ResultActor, resultStateAt } from './result-life.js';
import { type DiagramTransition, scheduledGame, type StateDiagram } from './state-diagram.js';
import { planWrite } from './write-plan.js';

/** The states drawn, in the order a result goes through them. */
export const RESULT_DIAGRAM_STATES = ['no_result', 'provisional', 'protested', 'confirmed'] as const;

const HOME_CLUB = 1;
const AWAY_CLUB = 2;
const FEDERATION: ResultActor = { kind: 'federation' };
const HOME: ResultActor = { kind: 'club', clubId: HOME_CLUB };
const AWAY: ResultActor = { kind: 'club', clubId: AWAY_CLUB };
const REASON = 'reason';

/** Each write tried, with who sends it and how the arrow names it. */
const TRIED: readonly { label: string; actor: ResultActor; write: GameWrite }[] = [
  { label: 'reportResult', actor: HOME, write: { kind: 'reportResult', homeScore: 1, awayScore: 0 } },
  { label: 'forfeitGame', actor: HOME, write: { kind: 'forfeitGame', forfeitingSide: 'AWAY' } },
  { label: 'protestResult (club)', actor: AWAY, write: { kind: 'protestResult', reason: REASON } },
  { label: 'confirmResult (federation)', actor: FEDERATION, write: { kind: 'confirmResult' } },
  { label: 'upholdProtest (federation)', actor: FEDERATION, write: { kind: 'upholdProtest', reason: REASON, homeScore: 0, awayScore: 1 } },
  { label: 'rejectProtest (federation)', actor: FEDERATION, write: { kind: 'rejectProtest', reason: REASON } },
  { label: 'undoStatus (desk)', actor: HOME, write: { kind: 'undoStatus' } },
  { label: 'undoStatus (federation)', actor: FEDERATION, write: { kind: 'undoStatus', reason: REASON } },
];

/** The arrow of time: a provisional result's window closes. */
export const WINDOW_CLOSES = 'window closes';

function scheduledLivingGame(): LivingGame {
  return {
    ...scheduledGame(STANDARD_FORMAT),
    life: {
      result: { state: null, provisionalSince: null, confirmedAt: null },
      windowHours: DEFAULT_PROTEST_WINDOW_HOURS,
      protests: [],
      actor: HOME,
      clubs: { home: HOME_CLUB, away: AWAY_CLUB },
    },
  };
}

function stateOf(game: LiveGameState): string {
  const life = game.life;
  if (!life || !isDecided(game.status)) return 'no_result';
  return resultStateAt(life.result, game.now, life.windowHours)?.state.toLowerCase() ?? 'no_result';
}

/** The game as the plan leaves it, as the writer would store it (what the result's life reads of it). */
function applied(game: LivingGame, plan: WritePlan, actor: ResultActor): LivingGame {
  const life = game.life;
  const record = plan.transition && 'record' in plan.transition ? plan.transition.record : undefined;
  const filed = plan.protest && 'file' in plan.protest ? plan.protest.file : undefined;
  return {
    ...game,
    status: plan.game.status,
    decidedBy: plan.game.decidedBy ?? game.decidedBy,
    storedScore: plan.game.score === undefined ? game.storedScore : plan.game.score && { home: plan.game.score.home, away: plan.game.score.away },
    transitions: record
      ? [
          ...game.transitions,
          { number: game.transitions.length + 1, ...record, statusBefore: game.status, decidedByBefore: game.decidedBy, lastEventIdBefore: 0 },
        ]
      : plan.transition && 'undo' in plan.transition
        ? game.transitions.slice(0, -1)
        : game.transitions,
    life: {
      ...life,
      result: plan.result.after,
      protests: filed ? [...life.protests, { clubId: filed.clubId, side: filed.side, decision: null }] : life.protests,
      actor,
    },
  };
}

function tried(game: LivingGame, actor: ResultActor, write: GameWrite): WritePlan | undefined {
  const asActor: LiveGameState = { ...game, decider: actor.kind === 'federation' ? 'federation' : 'desk', life: { ...game.life, actor } };
  try {
    return planWrite(asActor, write);
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}

/** Every move of a result's life, found by playing it from a scheduled game: each write by each key, and the window's close. */
export function resultLifeDiagram(): StateDiagram {
  const transitions = new Map<string, DiagramTransition>();
  const seen = new Set<string>();
  const queue: LivingGame[] = [scheduledLivingGame()];
  const keyOf = (game: LivingGame) => `${game.status} ${stateOf(game)} ${game.life.protests.length} ${game.transitions.length}`;
  const add = (from: string, message: string, to: string) => transitions.set(`${from} ${message} ${to}`, { from, message, to });
  for (let game = queue.shift(); game; game = queue.shift()) {
    const key = keyOf(game);
    if (seen.has(key)) continue;
    seen.add(key);
    const from = stateOf(game);
    for (const { label, actor, write } of TRIED) {
      const plan = tried(game, actor, write);
      if (!plan) continue;
      const next = applied(game, plan, actor);
      add(from, label, stateOf(next));
      queue.push(next);
    }
    if (from === 'provisional') {
      const closed = { ...game, now: new Date(game.now.getTime() + game.life.windowHours * 3_600_000) };
      add(from, WINDOW_CLOSES, stateOf(closed));
      queue.push(closed);
    }
  }
  const rank = (state: string) => RESULT_DIAGRAM_STATES.indexOf(state as (typeof RESULT_DIAGRAM_STATES)[number]);
  return {
    states: [...RESULT_DIAGRAM_STATES],
    transitions: [...transitions.values()].sort((a, b) => rank(a.from) - rank(b.from) || rank(a.to) - rank(b.to) || a.message.localeCompare(b.message)),
  };
}

/** The diagram as a Mermaid state diagram, as docs/live-games.md shows it (a test holds the two together). */
export function resultLifeMermaid(diagram: StateDiagram = resultLifeDiagram()): string {
  const name = (state: string) => (state === 'no_result' ? '[*]' : state.toUpperCase());
  const lines = diagram.transitions.map((move) => `  ${name(move.from)} --> ${name(move.to)}: ${move.message}`);
  return ['```mermaid', 'stateDiagram-v2', ...lines, '```'].join('\n');
}
