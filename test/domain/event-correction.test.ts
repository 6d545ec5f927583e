import { describe, expect, it } from 'vitest';
import { InvalidInputError, NotFoundError } from '../../src/domain/errors.js';
import type { GameWrite, LiveGameState, StoredEvent } from '../../src/domain/game-write.js';
import { planWrite } from '../../src/domain/write-plan.js';
import { AWAY_1, AWAY_TEAM, HOME_1, HOME_2, HOME_3, HOME_TEAM, Log, stateOf, SCHEDULED_START } from '../support/live-state.js';

type Correction = Omit<Extract<GameWrite, { kind: 'correctEvent' }>, 'kind' | 'eventId'>;
const correct = (event: StoredEvent, correction: Correction = {}): GameWrite => ({ kind: 'correctEvent', eventId: event.id, ...correction });
const remove = (event: StoredEvent): GameWrite => ({ kind: 'deleteEvent', eventId: event.id });

/**
 * Period 2 of a live game: an away goal at 01:40 (0:1) in period 1, a home goal at 08:20 by
 * HOME_1 assisted by HOME_2 (1:1), a home penalty of HOME_3, a timeout of each team, and a home
 * goal at 21:40 (2:1) in period 2.
 */
function periodTwo() {
  const log = new Log().started();
  const awayGoal = log.goal(100, 1, 'AWAY', [0, 1], { playerId: AWAY_1.playerId });
  const homeGoal = log.goal(500, 1, 'HOME', [1, 1], { playerId: HOME_1.playerId, assistId: HOME_2.playerId });
  const penalty = log.add('PENALTY', 600, 1, 'HOME', { playerId: HOME_3.playerId });
  const homeTimeout = log.add('TIMEOUT', 700, 1, 'HOME');
  log.periodChange(1, 1200, [1, 1]);
  const awayTimeout = log.add('TIMEOUT', 1250, 2, 'AWAY');
  const secondHomeGoal = log.goal(1300, 2, 'HOME', [2, 1]);
  const gameStart = log.events[0];
  const periodEnd = log.events.find((event) => event.type === 'PERIOD_END');
  if (!periodEnd) throw new Error('no period end');
  return { game: stateOf('LIVE', log.events), awayGoal, homeGoal, penalty, homeTimeout, awayTimeout, secondHomeGoal, gameStart, periodEnd };
}

function corrected(game: LiveGameState, write: GameWrite) {
  const plan = planWrite(game, write);
  if (plan.effect.kind !== 'corrected') throw new Error(`expected a correction, got ${plan.effect.kind}`);
  return { plan, fields: plan.effect.fields, event: plan.effect.event };
}

describe('correcting a recorded event', () => {
  it('moves a goal earlier: fields left out stay, and every running score in between follows', () => {
    const { game, awayGoal, homeGoal } = periodTwo();
    const { plan, fields, event } = corrected(game, correct(homeGoal, { second: 50 }));
    expect(event).toBe(homeGoal);
    expect(fields).toEqual({ second: 50, period: 1, side: 'HOME', teamId: HOME_TEAM, playerId: HOME_1.playerId, assistId: HOME_2.playerId });
    expect(plan.runningScores).toEqual([
      { target: { eventId: homeGoal.id }, homeScore: 1, awayScore: 0 },
      { target: { eventId: awayGoal.id }, homeScore: 1, awayScore: 1 },
    ]);
    expect(plan.game).toEqual({
      clock: { period: 2, second: 1300, running: true, at: SCHEDULED_START },
      status: 'LIVE',
      score: { home: 2, away: 1, homePeriodScores: [1, 1], awayPeriodScores: [1, 0] },
    });
    expect(plan.announce).toEqual({ kind: 'EVENT_CORRECTED', scoreChanged: false, statusChanged: false, resultChanged: false });
  });

  it('moves an event into another started period, and no further than the period being played', () => {
    const { game, secondHomeGoal, periodEnd } = periodTwo();
    const { plan, fields } = corrected(game, correct(secondHomeGoal, { second: 900 }));
    expect(fields).toMatchObject({ second: 900, period: 1 });
    expect(plan.game.score).toMatchObject({ homePeriodScores: [2, 0], awayPeriodScores: [1, 0] });
    expect(plan.runningScores).toContainEqual({ target: { eventId: periodEnd.id }, homeScore: 2, awayScore: 1 });
    expect(() => planWrite(game, correct(secondHomeGoal, { second: 2500 }))).toThrow('Second 2500 is outside period 2 (20:00 to 40:00)');
  });

  it('moves a goal to the other side: the score follows, and the players named before are dropped unless named again', () => {
    const { game, homeGoal } = periodTwo();
    const { plan, fields } = corrected(game, correct(homeGoal, { side: 'AWAY' }));
    expect(fields).toEqual({ second: 500, period: 1, side: 'AWAY', teamId: AWAY_TEAM, playerId: null, assistId: null });
    expect(plan.game.score).toMatchObject({ home: 1, away: 2 });
    expect(plan.announce).toEqual({ kind: 'EVENT_CORRECTED', scoreChanged: true, statusChanged: false, resultChanged: false });
    expect(corrected(game, correct(homeGoal, { side: 'AWAY', playerLicenseId: AWAY_1.licenseId })).fields).toMatchObject({
      playerId: AWAY_1.playerId,
      assistId: null,
    });
    expect(() => planWrite(game, correct(homeGoal, { side: 'AWAY', playerLicenseId: HOME_1.licenseId }))).toThrow(
      `License ${HOME_1.licenseId} is not on the away team's game sheet`,
    );
  });

  it('names another scorer or assist of the side, but never the scorer as the assist', () => {
    const { game, homeGoal, awayGoal } = periodTwo();
    expect(corrected(game, correct(homeGoal, { playerLicenseId: HOME_3.licenseId })).fields).toMatchObject({
      playerId: HOME_3.playerId,
      assistId: HOME_2.playerId,
    });
    expect(corrected(game, correct(homeGoal, { assistLicenseId: HOME_3.licenseId })).fields).toMatchObject({
      playerId: HOME_1.playerId,
      assistId: HOME_3.playerId,
    });
    // A goal without an assist keeps having none when its scorer is corrected.
    expect(corrected(game, correct(awayGoal, { playerLicenseId: AWAY_1.licenseId })).fields).toMatchObject({ playerId: AWAY_1.playerId, assistId: null });
    expect(() => planWrite(game, correct(homeGoal, { playerLicenseId: HOME_2.licenseId }))).toThrow('The scorer cannot assist the own goal');
    expect(() => planWrite(game, correct(homeGoal, { assistLicenseId: HOME_1.licenseId }))).toThrow('The scorer cannot assist the own goal');
  });

  it('corrects a penalty’s player, kind and reason; a kind or reason left out stays as it is', () => {
    const { game, penalty } = periodTwo();
    expect(corrected(game, correct(penalty, { playerLicenseId: HOME_1.licenseId, penaltyKind: 'MAJOR_5', reason: 'Beinstellen' })).fields).toEqual({
      second: 600,
      period: 1,
      side: 'HOME',
      teamId: HOME_TEAM,
      playerId: HOME_1.playerId,
      assistId: null,
      penaltyKind: 'MAJOR_5',
      penaltyReason: 'Beinstellen',
    });
    const { plan, fields } = corrected(game, correct(penalty, { second: 610 }));
    expect(fields).not.toHaveProperty('penaltyKind');
    expect(fields).not.toHaveProperty('penaltyReason');
    expect(plan.runningScores).toEqual([]);
    expect(() => planWrite(game, correct(penalty, { reason: 'r'.repeat(101) }))).toThrow('reason must be at most 100 characters');
  });

  it('refuses fields the event does not have', () => {
    const { game, penalty, homeGoal, homeTimeout } = periodTwo();
    const own = new Log().started();
    const ownGoal = own.add('OWN_GOAL', 100, 1, 'HOME', { homeScore: 1, awayScore: 0 });
    expect(() => planWrite(game, correct(homeTimeout, { playerLicenseId: HOME_1.licenseId }))).toThrow('A TIMEOUT event names no player');
    // An own goal credited to home names its scorer from the away sheet.
    expect(() => planWrite(stateOf('LIVE', own.events), correct(ownGoal, { playerLicenseId: HOME_1.licenseId }))).toThrow(
      `License ${HOME_1.licenseId} is not on the away team's game sheet`,
    );
    expect(() => planWrite(stateOf('LIVE', own.events), correct(ownGoal, { assistLicenseId: AWAY_1.licenseId }))).toThrow('Only a goal has an assist');
    expect(() => planWrite(game, correct(penalty, { assistLicenseId: HOME_1.licenseId }))).toThrow('Only a goal has an assist');
    expect(() => planWrite(game, correct(homeGoal, { penaltyKind: 'MATCH' }))).toThrow('Only a penalty has a kind and a reason');
    expect(() => planWrite(game, correct(homeGoal, { reason: 'x' }))).toThrow('Only a penalty has a kind and a reason');
  });

  it('corrects an own goal’s scorer, a player of the side it does not count for; moved to the other side, the scorer is named again', () => {
    const own = new Log().started();
    const ownGoal = own.add('OWN_GOAL', 100, 1, 'HOME', { homeScore: 1, awayScore: 0 });
    const game = stateOf('LIVE', own.events);
    expect(corrected(game, correct(ownGoal, { playerLicenseId: AWAY_1.licenseId })).fields).toMatchObject({
      side: 'HOME',
      teamId: HOME_TEAM,
      playerId: AWAY_1.playerId,
      assistId: null,
    });
    expect(corrected(game, correct(ownGoal, { side: 'AWAY', playerLicenseId: HOME_1.licenseId })).fields).toMatchObject({
      side: 'AWAY',
      teamId: AWAY_TEAM,
      playerId: HOME_1.playerId,
    });
  });

  it('moves a timeout to the other team only while that team has its timeout left', () => {
    const { game, homeTimeout, awayTimeout } = periodTwo();
    expect(() => planWrite(game, correct(homeTimeout, { side: 'AWAY' }))).toThrow('The away team has already taken its timeout');
    expect(corrected(game, correct(homeTimeout, { second: 710 })).fields).toMatchObject({ second: 710, side: 'HOME' });
    const onlyOne = stateOf(
      'LIVE',
      game.events.filter((event) => event !== awayTimeout),
    );
    expect(corrected(onlyOne, correct(homeTimeout, { side: 'AWAY' })).fields).toMatchObject({ side: 'AWAY', teamId: AWAY_TEAM });
  });

  it('refuses a marker, another game’s event, and any event once the game is over', () => {
    const { game, gameStart, periodEnd, homeGoal } = periodTwo();
    expect(() => planWrite(game, correct(gameStart, { second: 5 }))).toThrow(
      'A GAME_START event follows from starting, ending a period or finishing the game: it cannot be corrected or deleted',
    );
    expect(() => planWrite(game, correct(periodEnd))).toThrow('A PERIOD_END event follows from starting');
    expect(() => planWrite(game, { kind: 'correctEvent', eventId: 999, second: 5 })).toThrow(new NotFoundError('Game 7 has no event 999'));
    const over = stateOf('FINISHED', game.events);
    expect(() => planWrite(over, correct(homeGoal, { second: 5 }))).toThrow(
      "The game is over: undo the final whistle first (the back office's undo, GraphQL undoStatus), then correct or delete the event",
    );
    expect(() => planWrite(over, correct(homeGoal, { second: 5 }))).toThrow(InvalidInputError);
  });
});

describe('deleting a recorded event', () => {
  it('deletes a goal: the score and every later running score drop by it', () => {
    const { game, awayGoal, homeGoal, periodEnd, secondHomeGoal } = periodTwo();
    const plan = planWrite(game, remove(awayGoal));
    expect(plan.effect).toEqual({ kind: 'deleted', event: awayGoal });
    expect(plan.runningScores).toEqual([
      { target: { eventId: homeGoal.id }, homeScore: 1, awayScore: 0 },
      { target: { eventId: periodEnd.id }, homeScore: 1, awayScore: 0 },
      { target: { eventId: secondHomeGoal.id }, homeScore: 2, awayScore: 0 },
    ]);
    expect(plan.scoreBefore).toEqual({ home: 2, away: 1 });
    expect(plan.game).toEqual({
      clock: { period: 2, second: 1300, running: true, at: SCHEDULED_START },
      status: 'LIVE',
      score: { home: 2, away: 0, homePeriodScores: [1, 1], awayPeriodScores: [0, 0] },
    });
    expect(plan.announce).toEqual({ kind: 'EVENT_DELETED', scoreChanged: true, statusChanged: false, resultChanged: false });
  });

  it('deletes a penalty or a timeout without touching the score', () => {
    const { game, penalty, homeTimeout } = periodTwo();
    for (const event of [penalty, homeTimeout]) {
      const plan = planWrite(game, remove(event));
      expect(plan.effect).toEqual({ kind: 'deleted', event });
      expect(plan.runningScores).toEqual([]);
      expect(plan.announce).toEqual({ kind: 'EVENT_DELETED', scoreChanged: false, statusChanged: false, resultChanged: false });
    }
  });

  it('refuses a marker, an unknown event, and any event once the game is over', () => {
    const { game, gameStart, homeGoal } = periodTwo();
    expect(() => planWrite(game, remove(gameStart))).toThrow('it cannot be corrected or deleted');
    expect(() => planWrite(game, { kind: 'deleteEvent', eventId: 999 })).toThrow(NotFoundError);
    expect(() => planWrite(stateOf('FINISHED', game.events), remove(homeGoal))).toThrow('The game is over: undo the final whistle first');
    // A forfeit or an abort during play is undone the same way, and the text names it.
    expect(() => planWrite(stateOf('FORFEIT', game.events), remove(homeGoal))).toThrow("The game is over: undo the forfeit first (the back office's undo");
    expect(() => planWrite(stateOf('ABORTED', game.events), remove(homeGoal))).toThrow('The game is over: undo the abort first');
  });
});
