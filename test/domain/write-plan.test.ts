import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/domain/errors.js';
import type { GameWrite, LiveGameState } from '../../src/domain/game-write.js';
import { planWrite } from '../../src/domain/write-plan.js';
import { AWAY_1, AWAY_TEAM, HOME_1, HOME_2, HOME_TEAM, Log, liveInPeriodOne, liveInPeriodThree, stateOf, SCHEDULED_START } from '../support/live-state.js';

const goal = (more: Partial<Extract<GameWrite, { kind: 'recordGoal' }>> = {}): GameWrite => ({ kind: 'recordGoal', side: 'HOME', second: 125, ...more });

/** The one event a record adds. */
function recorded(game: LiveGameState, write: GameWrite) {
  const plan = planWrite(game, write);
  if (plan.effect.kind !== 'recorded') throw new Error(`expected a recorded event, got ${plan.effect.kind}`);
  return { plan, event: plan.effect.event };
}

/** The markers a transition adds. */
function markersOf(game: LiveGameState, write: GameWrite) {
  const plan = planWrite(game, write);
  if (plan.effect.kind !== 'markers') throw new Error(`expected markers, got ${plan.effect.kind}`);
  return { plan, markers: plan.effect.markers };
}

/** Overtime (period 4) after a tie of `tie`:`tie` in regulation, with the overtime goals given. */
function inOvertime(tie: number, overtimeGoals: { second: number; side: 'HOME' | 'AWAY' }[] = [], periodEnded = false): LiveGameState {
  const log = new Log().started().periodChange(1, 1200, [0, 0]).periodChange(2, 2400, [0, 0]);
  for (let index = 0; index < tie; index++) {
    log.goal(2500 + index, 3, 'HOME', [index + 1, index]);
    log.goal(2600 + index, 3, 'AWAY', [index + 1, index + 1]);
  }
  log.periodChange(3, 3600, [tie, tie]);
  let [home, away] = [tie, tie];
  for (const { second, side } of overtimeGoals) {
    if (side === 'HOME') home += 1;
    else away += 1;
    log.goal(second, 4, side, [home, away]);
  }
  if (periodEnded) log.add('PERIOD_END', 4200, 4, null, { homeScore: home, awayScore: away });
  return stateOf('LIVE', log.events);
}

describe('starting a game', () => {
  it('starts a scheduled game: it goes live, period 1 begins, nothing is scored', () => {
    const { plan, markers } = markersOf(stateOf('SCHEDULED'), { kind: 'startGame' });
    expect(markers).toEqual([
      { type: 'GAME_START', second: 0, period: 1, side: null, sequence: 0, teamId: null },
      { type: 'PERIOD_START', second: 0, period: 1, side: null, sequence: 1, teamId: null },
    ]);
    expect(plan.game).toEqual({
      clock: { period: 1, second: 0, running: true, at: SCHEDULED_START },
      status: 'LIVE',
      score: { home: 0, away: 0, homePeriodScores: [0], awayPeriodScores: [0] },
    });
    expect(plan.scoreBefore).toEqual({ home: 0, away: 0 });
    expect(plan.runningScores).toEqual([]);
    expect(plan.announce).toEqual({ kind: 'STARTED', scoreChanged: false, statusChanged: true, resultChanged: false });
  });

  it.each([
    ['LIVE', 'The game is already under way'],
    ['FINISHED', 'A finished game cannot be started'],
    ['CANCELLED', 'A cancelled game cannot be started'],
    ['FORFEIT', 'A forfeit game cannot be started'],
  ] as const)('refuses to start a %s game', (status, message) => {
    expect(() => planWrite(stateOf(status), { kind: 'startGame' })).toThrow(message);
    expect(() => planWrite(stateOf(status), { kind: 'startGame' })).toThrow(InvalidInputError);
  });
});

describe('recording a goal', () => {
  it('records a goal with a scorer and a different assist, credited to the side’s team, and counts it', () => {
    const { plan, event } = recorded(liveInPeriodOne(), goal({ scorerLicenseId: HOME_1.licenseId, assistLicenseId: HOME_2.licenseId }));
    expect(event).toEqual({
      type: 'GOAL',
      second: 125,
      period: 1,
      side: 'HOME',
      teamId: HOME_TEAM,
      playerId: HOME_1.playerId,
      assistId: HOME_2.playerId,
      penaltyShot: false,
      sequence: 3,
    });
    expect(plan.game).toEqual({
      clock: { period: 1, second: 125, running: true, at: SCHEDULED_START },
      status: 'LIVE',
      score: { home: 1, away: 0, homePeriodScores: [1], awayPeriodScores: [0] },
    });
    expect(plan.runningScores).toEqual([{ target: { createdIndex: 0 }, homeScore: 1, awayScore: 0 }]);
    expect(plan.announce).toEqual({ kind: 'EVENT_ADDED', scoreChanged: true, statusChanged: false, resultChanged: false });
  });

  it('records a goal with a scorer and no assist, and one naming nobody', () => {
    expect(recorded(liveInPeriodOne(), goal({ scorerLicenseId: HOME_1.licenseId })).event).toMatchObject({ playerId: HOME_1.playerId, assistId: null });
    expect(recorded(liveInPeriodOne(), goal({ scorerLicenseId: HOME_1.licenseId, assistLicenseId: null })).event).toMatchObject({ assistId: null });
    expect(recorded(liveInPeriodOne(), goal()).event).toMatchObject({ type: 'GOAL', playerId: null, assistId: null });
  });

  it('refuses a goal whose scorer is also its assist', () => {
    const sameTwice = goal({ scorerLicenseId: HOME_1.licenseId, assistLicenseId: HOME_1.licenseId });
    expect(() => planWrite(liveInPeriodOne(), sameTwice)).toThrow('The scorer cannot assist the own goal');
  });

  it('records an own goal for the side credited, naming its scorer of the other side or nobody, and refuses one with an assist or scored from a penalty shot', () => {
    const { plan, event } = recorded(liveInPeriodOne(), goal({ side: 'AWAY', ownGoal: true }));
    expect(event).toMatchObject({ type: 'OWN_GOAL', side: 'AWAY', teamId: AWAY_TEAM, playerId: null, assistId: null });
    expect(plan.game.score).toMatchObject({ home: 0, away: 1 });
    // A home player's own goal counts for away, and keeps the home player who scored it.
    const scored = recorded(liveInPeriodOne(), goal({ side: 'AWAY', ownGoal: true, scorerLicenseId: HOME_1.licenseId }));
    expect(scored.event).toMatchObject({ type: 'OWN_GOAL', side: 'AWAY', teamId: AWAY_TEAM, playerId: HOME_1.playerId, assistId: null });
    expect(scored.plan.game.score).toMatchObject({ home: 0, away: 1 });
    expect(() => planWrite(liveInPeriodOne(), goal({ ownGoal: true, scorerLicenseId: HOME_1.licenseId }))).toThrow(
      `License ${HOME_1.licenseId} is not on the away team's game sheet`,
    );
    expect(() => planWrite(liveInPeriodOne(), goal({ side: 'AWAY', ownGoal: true, assistLicenseId: AWAY_1.licenseId }))).toThrow('An own goal has no assist');
    expect(() => planWrite(liveInPeriodOne(), goal({ ownGoal: true, penaltyShot: true }))).toThrow('A penalty shot is not an own goal');
  });

  it('marks a goal scored from a penalty shot, keeping the category it was recorded as (164 or 29)', () => {
    expect(recorded(liveInPeriodOne(), goal({ penaltyShot: true })).event).toMatchObject({ type: 'GOAL', penaltyShot: true });
    expect(recorded(liveInPeriodOne(), goal({ penaltyShot: true })).event).not.toHaveProperty('code');
    expect(recorded(liveInPeriodOne(), goal({ penaltyShot: true, code: 29 })).event).toMatchObject({ type: 'GOAL', penaltyShot: true, code: 29 });
    expect(recorded(liveInPeriodOne(), goal({ penaltyShot: true, code: 164 })).event).toMatchObject({ type: 'GOAL', penaltyShot: true, code: 164 });
    expect(() => planWrite(liveInPeriodOne(), goal({ code: 29 }))).toThrow("A goal's code is the category of the penalty shot it was scored from");
    expect(() => planWrite(liveInPeriodOne(), goal({ penaltyShot: true, code: 501 }))).toThrow('164 (GamePenalty) or 29 (Penalty hit), got 501');
  });

  it('names only players on the side’s game sheet', () => {
    expect(() => planWrite(liveInPeriodOne(), goal({ scorerLicenseId: 999 }))).toThrow("License 999 is not on the home team's game sheet");
    expect(() => planWrite(liveInPeriodOne(), goal({ side: 'AWAY', scorerLicenseId: HOME_1.licenseId }))).toThrow(
      `License ${HOME_1.licenseId} is not on the away team's game sheet`,
    );
    expect(() => planWrite(liveInPeriodOne(), goal({ scorerLicenseId: HOME_1.licenseId, assistLicenseId: AWAY_1.licenseId }))).toThrow(
      `License ${AWAY_1.licenseId} is not on the home team's game sheet`,
    );
  });

  it('records in the open period only, at a whole second within it', () => {
    expect(recorded(liveInPeriodOne(), goal({ second: 1200 })).event.period).toBe(1);
    expect(() => planWrite(liveInPeriodOne(), goal({ second: 1201 }))).toThrow('Second 1201 is outside period 1 (00:00 to 20:00)');
    expect(() => planWrite(liveInPeriodOne(), goal({ second: 10.5 }))).toThrow('Second 10.5 is outside period 1');
    expect(() => planWrite(stateOf('SCHEDULED'), goal())).toThrow('The game has not started: start it first');
    expect(() => planWrite(stateOf('FINISHED', new Log().started().events), goal())).toThrow(
      'The game is over: nothing can be recorded after the final whistle',
    );
    expect(() => planWrite(inOvertime(1, [], true), goal({ second: 4000 }))).toThrow('Period 4 has ended: no event can be recorded until play resumes');
  });

  it('moves the running score of every later goal and period end when a goal is recorded late', () => {
    const log = new Log().started();
    const awayGoal = log.goal(500, 1, 'AWAY', [0, 1]);
    const { plan } = recorded(stateOf('LIVE', log.events), goal({ second: 100 }));
    expect(plan.runningScores).toEqual([
      { target: { createdIndex: 0 }, homeScore: 1, awayScore: 0 },
      { target: { eventId: awayGoal.id }, homeScore: 1, awayScore: 1 },
    ]);
    expect(plan.scoreBefore).toEqual({ home: 0, away: 1 });
    expect(plan.game.score).toMatchObject({ home: 1, away: 1 });
  });

  it('stores a running score again wherever the stored one differs from the events', () => {
    const log = new Log().started();
    const unscored = log.add('GOAL', 300, 1, 'HOME');
    const { plan } = recorded(stateOf('LIVE', log.events), goal({ side: 'AWAY', second: 400 }));
    expect(plan.runningScores).toEqual([
      { target: { eventId: unscored.id }, homeScore: 1, awayScore: 0 },
      { target: { createdIndex: 0 }, homeScore: 1, awayScore: 1 },
    ]);
  });
});

describe('recording a penalty', () => {
  const penalty = (more: Partial<Extract<GameWrite, { kind: 'recordPenalty' }>> = {}): GameWrite => ({
    kind: 'recordPenalty',
    side: 'AWAY',
    second: 300,
    penaltyKind: 'MINOR_2',
    ...more,
  });

  it('records a penalty of a player on the sheet, with its kind and reason; the score stays', () => {
    const { plan, event } = recorded(liveInPeriodOne(), penalty({ playerLicenseId: AWAY_1.licenseId, reason: 'Stockschlag' }));
    expect(event).toEqual({
      type: 'PENALTY',
      second: 300,
      period: 1,
      side: 'AWAY',
      teamId: AWAY_TEAM,
      playerId: AWAY_1.playerId,
      penaltyKind: 'MINOR_2',
      penaltyReason: 'Stockschlag',
      sequence: 3,
    });
    expect(plan.runningScores).toEqual([]);
    expect(plan.announce).toEqual({ kind: 'EVENT_ADDED', scoreChanged: false, statusChanged: false, resultChanged: false });
  });

  it('records a bench penalty, naming no player and no reason', () => {
    expect(recorded(liveInPeriodOne(), penalty({ penaltyKind: 'MATCH' })).event).toMatchObject({ playerId: null, penaltyKind: 'MATCH', penaltyReason: null });
  });

  it('takes a reason of up to 100 characters and a player of that side only', () => {
    expect(recorded(liveInPeriodOne(), penalty({ reason: 'r'.repeat(100) })).event.penaltyReason).toHaveLength(100);
    expect(() => planWrite(liveInPeriodOne(), penalty({ reason: 'r'.repeat(101) }))).toThrow('reason must be at most 100 characters');
    expect(() => planWrite(liveInPeriodOne(), penalty({ playerLicenseId: HOME_1.licenseId }))).toThrow(
      `License ${HOME_1.licenseId} is not on the away team's game sheet`,
    );
  });

  it('records in the open period only', () => {
    expect(() => planWrite(liveInPeriodOne(), penalty({ second: 1300 }))).toThrow('outside period 1');
    expect(() => planWrite(stateOf('SCHEDULED'), penalty())).toThrow('has not started');
  });
});

describe('recording a timeout', () => {
  const timeout = (side: 'HOME' | 'AWAY', second = 400): GameWrite => ({ kind: 'recordTimeout', side, second });

  it('records one timeout per team and game', () => {
    const { plan, event } = recorded(liveInPeriodOne(), timeout('HOME'));
    expect(event).toEqual({ type: 'TIMEOUT', second: 400, period: 1, side: 'HOME', teamId: HOME_TEAM, sequence: 3 });
    expect(plan.announce).toEqual({ kind: 'EVENT_ADDED', scoreChanged: false, statusChanged: false, resultChanged: false });
    const taken = new Log().started();
    taken.add('TIMEOUT', 200, 1, 'HOME');
    expect(() => planWrite(stateOf('LIVE', taken.events), timeout('HOME'))).toThrow('The home team has already taken its timeout');
    expect(recorded(stateOf('LIVE', taken.events), timeout('AWAY')).event).toMatchObject({ side: 'AWAY', teamId: AWAY_TEAM });
  });

  it('records in the open period only', () => {
    expect(() => planWrite(liveInPeriodOne(), timeout('HOME', 1300))).toThrow('outside period 1');
    expect(() => planWrite(stateOf('FINISHED'), timeout('HOME'))).toThrow('after the final whistle');
  });
});

describe('ending a period', () => {
  it('ends the open period on the score and starts the next at once', () => {
    const log = new Log().started();
    log.goal(100, 1, 'HOME', [1, 0]);
    const { plan, markers } = markersOf(stateOf('LIVE', log.events), { kind: 'endPeriod' });
    expect(markers).toEqual([
      { type: 'PERIOD_END', second: 1200, period: 1, side: null, sequence: 4, teamId: null },
      { type: 'PERIOD_START', second: 1200, period: 2, side: null, sequence: 5, teamId: null },
    ]);
    expect(plan.runningScores).toEqual([{ target: { createdIndex: 0 }, homeScore: 1, awayScore: 0 }]);
    expect(plan.game).toEqual({
      clock: { period: 2, second: 1200, running: true, at: SCHEDULED_START },
      status: 'LIVE',
      score: { home: 1, away: 0, homePeriodScores: [1, 0], awayPeriodScores: [0, 0] },
    });
    expect(plan.announce).toEqual({ kind: 'PERIOD_ENDED', scoreChanged: false, statusChanged: false, resultChanged: false });
  });

  it('goes on into overtime after regulation only for a tie', () => {
    expect(markersOf(liveInPeriodThree([1, 1]), { kind: 'endPeriod' }).markers.map(({ type, second, period }) => ({ type, second, period }))).toEqual([
      { type: 'PERIOD_END', second: 3600, period: 3 },
      { type: 'PERIOD_START', second: 3600, period: 4 },
    ]);
    expect(() => planWrite(liveInPeriodThree([2, 1]), { kind: 'endPeriod' })).toThrow('The game is decided after regulation: finish it (decidedBy REGULAR)');
  });

  it('ends overtime without a next period, and only once', () => {
    expect(markersOf(inOvertime(1), { kind: 'endPeriod' }).markers.map((marker) => marker.type)).toEqual(['PERIOD_END']);
    expect(() => planWrite(inOvertime(1, [], true), { kind: 'endPeriod' })).toThrow('Period 4 has already ended');
  });

  it('refuses a game not being played', () => {
    expect(() => planWrite(stateOf('SCHEDULED'), { kind: 'endPeriod' })).toThrow('has not started');
    expect(() => planWrite(stateOf('FINISHED'), { kind: 'endPeriod' })).toThrow('after the final whistle');
  });
});

describe('finishing a game', () => {
  const finish = (decidedBy: 'REGULAR' | 'OVERTIME' | 'PENALTY_SHOTS', shootoutWinner?: 'HOME' | 'AWAY'): GameWrite => ({
    kind: 'finishGame',
    decidedBy,
    shootoutWinner,
  });

  it('finishes in regulation at the end of period 3: the period and the game end on the score', () => {
    const { plan, markers } = markersOf(liveInPeriodThree([2, 1]), finish('REGULAR'));
    expect(markers.map(({ type, second, period }) => ({ type, second, period }))).toEqual([
      { type: 'PERIOD_END', second: 3600, period: 3 },
      { type: 'GAME_END', second: 3600, period: 3 },
    ]);
    expect(plan.runningScores).toEqual([
      { target: { createdIndex: 0 }, homeScore: 2, awayScore: 1 },
      { target: { createdIndex: 1 }, homeScore: 2, awayScore: 1 },
    ]);
    expect(plan.game).toEqual({
      clock: { period: null, second: 3600, running: false, at: SCHEDULED_START },
      status: 'FINISHED',
      decidedBy: 'REGULAR',
      score: { home: 2, away: 1, homePeriodScores: [0, 0, 2], awayPeriodScores: [0, 0, 1] },
    });
    expect(plan.announce).toEqual({ kind: 'FINISHED', scoreChanged: false, statusChanged: true, resultChanged: true });
  });

  it('finishes in regulation only in period 3, and takes a shootout winner only for penalty shots', () => {
    expect(() => planWrite(liveInPeriodOne(), finish('REGULAR'))).toThrow('A game decided in regulation ends in period 3; it is in period 1');
    expect(() => planWrite(liveInPeriodThree([2, 1]), finish('REGULAR', 'HOME'))).toThrow('shootoutWinner is for a game decided by penalty shots only');
  });

  it('finishes in overtime at the golden goal', () => {
    const { plan, markers } = markersOf(inOvertime(1, [{ second: 3700, side: 'AWAY' }]), finish('OVERTIME'));
    expect(markers.map(({ type, second, period }) => ({ type, second, period }))).toEqual([
      { type: 'PERIOD_END', second: 3700, period: 4 },
      { type: 'GAME_END', second: 3700, period: 4 },
    ]);
    expect(plan.game).toMatchObject({ status: 'FINISHED', decidedBy: 'OVERTIME', score: { home: 1, away: 2 } });
  });

  it('finishes in overtime only in overtime and after a goal', () => {
    expect(() => planWrite(liveInPeriodThree([1, 1]), finish('OVERTIME'))).toThrow('A game decided by overtime is in overtime first; it is in period 3');
    expect(() => planWrite(inOvertime(1), finish('OVERTIME'))).toThrow('Overtime is decided by a goal: the score is still tied');
  });

  it('finishes by penalty shots after a tied overtime: the shootout winner is credited one goal, outside the periods', () => {
    const { plan, markers } = markersOf(inOvertime(1, [], true), finish('PENALTY_SHOTS', 'HOME'));
    expect(markers).toEqual([
      { type: 'PENALTY_SHOOTOUT', second: 4200, period: 4, side: 'HOME', sequence: 12, teamId: HOME_TEAM },
      { type: 'GAME_END', second: 4200, period: 4, side: null, sequence: 13, teamId: null },
    ]);
    expect(plan.game).toEqual({
      clock: { period: null, second: 4200, running: false, at: SCHEDULED_START },
      status: 'FINISHED',
      decidedBy: 'PENALTY_SHOTS',
      score: { home: 2, away: 1, homePeriodScores: [0, 0, 1, 0], awayPeriodScores: [0, 0, 1, 0] },
    });
    expect(plan.announce).toEqual({ kind: 'FINISHED', scoreChanged: true, statusChanged: true, resultChanged: true });
    expect(plan.runningScores).toEqual([
      { target: { createdIndex: 0 }, homeScore: 2, awayScore: 1 },
      { target: { createdIndex: 1 }, homeScore: 2, awayScore: 1 },
    ]);
  });

  it('finishes by penalty shots only with a winner, after a tied overtime', () => {
    expect(() => planWrite(inOvertime(1), finish('PENALTY_SHOTS'))).toThrow('Name the shootout winner (shootoutWinner: HOME or AWAY)');
    expect(() => planWrite(inOvertime(1, [{ second: 3700, side: 'HOME' }]), finish('PENALTY_SHOTS', 'HOME'))).toThrow(
      'Penalty shots follow a tied overtime: the score is not tied',
    );
    expect(() => planWrite(liveInPeriodThree([1, 1]), finish('PENALTY_SHOTS', 'HOME'))).toThrow('A game decided by penalty shots is in overtime first');
  });

  it('refuses a game not being played', () => {
    expect(() => planWrite(stateOf('SCHEDULED'), finish('REGULAR'))).toThrow('has not started');
    expect(() => planWrite(stateOf('FINISHED'), finish('REGULAR'))).toThrow('after the final whistle');
  });
});
