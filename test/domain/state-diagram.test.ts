import { describe, expect, it } from 'vitest';
import type { LiveGameState } from '../../src/domain/game-write.js';
import { replayScore } from '../../src/domain/live-game.js';
import { diagramStateOf, stateDiagram } from '../../src/domain/state-diagram.js';
import { statusMessagesAllowed } from '../../src/domain/status-messages.js';
import { stateDiagramPng, stateDiagramSvg } from '../../src/media/state-diagram.js';
import { Log, liveInPeriodOne, liveInPeriodThree, stateOf } from '../support/live-state.js';

/**
 * The state diagram is drawn from the rules; this holds it against them another way: games built by
 * hand in every state, each asked which status messages it takes (`statusMessagesAllowed`, what the
 * back office's game page lists). Every (state, message) a game takes is an arrow of the drawing,
 * and the drawing has no other.
 */
const withGoal = (game: LiveGameState, second: number, period: number, side: 'HOME' | 'AWAY'): LiveGameState => {
  const log = new Log();
  for (const event of game.events) log.add(event.type, event.second, event.period, event.side, event);
  const { score } = replayScore(game.events);
  log.goal(second, period, side, side === 'HOME' ? [score.home + 1, score.away] : [score.home, score.away + 1]);
  return stateOf(game.status, log.events);
};
const thirdTwo = () => stateOf('LIVE', new Log().started().periodChange(1, 1200, [0, 0]).events);
const overtime = () => stateOf('LIVE', new Log().started().periodChange(1, 1200, [0, 0]).periodChange(2, 2400, [0, 0]).periodChange(3, 3600, [0, 0]).events);
/** Overtime played to its end: tied (penalty shots to come) or after a golden goal (the final whistle to come). */
const overtimeEnded = (goal: boolean) => {
  const log = new Log().started().periodChange(1, 1200, [0, 0]).periodChange(2, 2400, [0, 0]).periodChange(3, 3600, [0, 0]);
  if (goal) log.goal(3700, 4, 'HOME', [1, 0]);
  log.add('PERIOD_END', 4200, 4, null, { homeScore: goal ? 1 : 0, awayScore: 0 });
  return stateOf('LIVE', log.events);
};

/** Every state of the diagram, in the situations that decide other moves: before and after play began in a period, tied and with a lead. */
const GAMES: Record<string, LiveGameState> = {
  scheduled: stateOf('SCHEDULED'),
  'third1, tied': liveInPeriodOne(),
  'third1, a lead': withGoal(liveInPeriodOne(), 300, 1, 'HOME'),
  'third2, not begun': thirdTwo(),
  'third2, a lead': withGoal(thirdTwo(), 1300, 2, 'HOME'),
  'third3, not begun': liveInPeriodThree([0, 0]),
  'third3, a lead': liveInPeriodThree([1, 0]),
  'third3, tied': liveInPeriodThree([1, 1]),
  'prolongation, not begun': overtime(),
  'prolongation, the golden goal': withGoal(overtime(), 3700, 4, 'HOME'),
  'penalty shots to come': overtimeEnded(false),
  'the final whistle to come': overtimeEnded(true),
  finished: stateOf('FINISHED', new Log().started().events),
  forfait: stateOf('FORFEIT'),
  aborted: stateOf('ABORTED', new Log().started().events),
};

const diagram = stateDiagram();
const svg = stateDiagramSvg(diagram);
/** The arrows as the SVG draws them: `from message` for each message of each arrow. */
const drawn = [...svg.matchAll(/<g class="transition" data-from="([^"]+)" data-to="([^"]+)" data-messages="([^"]+)">/g)].flatMap(([, from, to, messages]) =>
  messages.split(' ').map((message) => ({ from, message, to })),
);

describe('the game state diagram', () => {
  it('names the state of each game', () => {
    expect(Object.fromEntries(Object.entries(GAMES).map(([name, game]) => [name, diagramStateOf(game)]))).toEqual({
      scheduled: 'scheduled',
      'third1, tied': 'third1',
      'third1, a lead': 'third1',
      'third2, not begun': 'third2',
      'third2, a lead': 'third2',
      'third3, not begun': 'third3',
      'third3, a lead': 'third3',
      'third3, tied': 'third3',
      'prolongation, not begun': 'prolongation',
      'prolongation, the golden goal': 'prolongation',
      'penalty shots to come': 'penalty_shootout',
      'the final whistle to come': 'game_over',
      finished: 'finished',
      forfait: 'forfait',
      aborted: 'aborted',
    });
  });

  it('draws every move the rules allow, and no other (undo left out, as the federation does)', () => {
    const allowed = new Set(
      Object.values(GAMES).flatMap((game) => {
        const { score } = replayScore(game.events);
        return statusMessagesAllowed(game, { home: score.home, away: score.away })
          .filter((message) => message !== 'UNDO')
          .map((message) => `${diagramStateOf(game)} ${message.toLowerCase()}`);
      }),
    );
    const arrows = new Set(drawn.map(({ from, message }) => `${from} ${message}`));
    expect([...arrows].sort()).toEqual([...allowed].sort());
    // The SVG draws the domain's diagram, arrow for arrow.
    expect(drawn.map(({ from, message, to }) => `${from} ${message} ${to}`).sort()).toEqual(
      diagram.transitions.map(({ from, message, to }) => `${from} ${message} ${to}`).sort(),
    );
  });

  it('leads each message where the game goes', () => {
    const to = (from: string, message: string) => drawn.filter((arrow) => arrow.from === from && arrow.message === message).map((arrow) => arrow.to);
    expect(to('scheduled', 'start')).toEqual(['third1']);
    expect(to('scheduled', 'forfait')).toEqual(['forfait']);
    expect(to('third1', 'end_third')).toEqual(['third2']);
    expect(to('third3', 'end_third')).toEqual(['prolongation']);
    expect(to('third3', 'game_over')).toEqual(['finished']);
    expect(to('third2', 'abort')).toEqual(['aborted']);
    expect(to('prolongation', 'start_penalty_shootout').sort()).toEqual(['finished', 'penalty_shootout']);
    expect(to('penalty_shootout', 'start_penalty_shootout')).toEqual(['finished']);
    expect(to('game_over', 'game_over')).toEqual(['finished']);
    for (const end of ['finished', 'forfait', 'aborted']) expect(drawn.filter((arrow) => arrow.from === end)).toEqual([]);
  });

  it('draws each state once, with its caption, and rasterizes the same drawing as a PNG', () => {
    expect(diagram.states).toEqual([
      'scheduled',
      'third1',
      'third2',
      'third3',
      'prolongation',
      'penalty_shootout',
      'game_over',
      'finished',
      'forfait',
      'aborted',
    ]);
    for (const state of diagram.states) expect(svg.match(new RegExp(`data-state="${state}"`, 'g'))).toHaveLength(1);
    expect(svg).toContain('>Verlängerung<');
    const png = stateDiagramPng(diagram);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    expect(svg).toContain(`width="${width}" height="${height}"`);
  });
});
