import { describe, expect, it } from 'vitest';
import { PLAYER_EVENT_TYPES } from '../../src/domain/event-kinds.js';
import type { GameWrite, LiveGameState, StoredEvent } from '../../src/domain/game-write.js';
import { planWrite } from '../../src/domain/write-plan.js';
import { AWAY_1, AWAY_TEAM, HOME_1, HOME_2, HOME_TEAM, Log, liveInPeriodOne, stateOf } from '../support/live-state.js';

/** The one event a record adds. */
function recorded(game: LiveGameState, write: GameWrite) {
  const plan = planWrite(game, write);
  if (plan.effect.kind !== 'recorded') throw new Error(`expected a recorded event, got ${plan.effect.kind}`);
  return { plan, event: plan.effect.event };
}

function corrected(game: LiveGameState, write: GameWrite) {
  const plan = planWrite(game, write);
  if (plan.effect.kind !== 'corrected') throw new Error(`expected a correction, got ${plan.effect.kind}`);
  return plan.effect.fields;
}

const WORLD_TIME = new Date('2026-11-21T16:12:05.000Z');
const correct = (event: StoredEvent, correction: Omit<Extract<GameWrite, { kind: 'correctEvent' }>, 'kind' | 'eventId'>): GameWrite => ({
  kind: 'correctEvent',
  eventId: event.id,
  ...correction,
});
const remove = (event: StoredEvent): GameWrite => ({ kind: 'deleteEvent', eventId: event.id });

describe('recording a penalty of every kind and role', () => {
  const penalty = (more: Partial<Extract<GameWrite, { kind: 'recordPenalty' }>> = {}): GameWrite => ({
    kind: 'recordPenalty',
    side: 'HOME',
    second: 300,
    penaltyKind: 'MINOR_2',
    playerLicenseId: HOME_1.licenseId,
    ...more,
  });

  it.each(['MINOR_2_2', 'MATCH_1', 'MATCH_2', 'MATCH_3', 'PENALTY_SHOT'] as const)('records a %s penalty', (penaltyKind) => {
    expect(recorded(liveInPeriodOne(), penalty({ penaltyKind })).event).toMatchObject({ type: 'PENALTY', penaltyKind, playerId: HOME_1.playerId });
  });

  it('records the role, the federation code and the wall-clock moment given, and none of them when not given', () => {
    const { event, plan } = recorded(liveInPeriodOne(), penalty({ penaltyKind: 'MAJOR_5', penaltyRole: 'DEPUTY', code: 501, worldTime: WORLD_TIME }));
    expect(event).toEqual({
      type: 'PENALTY',
      second: 300,
      period: 1,
      side: 'HOME',
      teamId: HOME_TEAM,
      playerId: HOME_1.playerId,
      penaltyKind: 'MAJOR_5',
      penaltyReason: null,
      penaltyRole: 'DEPUTY',
      code: 501,
      worldTime: WORLD_TIME,
      sequence: 3,
    });
    expect(plan.announce).toMatchObject({ kind: 'EVENT_ADDED', scoreChanged: false });
    const plain = recorded(liveInPeriodOne(), penalty()).event;
    expect(plain).not.toHaveProperty('penaltyRole');
    expect(plain).not.toHaveProperty('code');
    expect(plain).not.toHaveProperty('worldTime');
  });

  it('refuses a code outside 0–999, and an assist or deputy penalty naming nobody to serve it', () => {
    expect(() => planWrite(liveInPeriodOne(), penalty({ code: 1000 }))).toThrow('code must be a whole number from 0 to 999, got 1000');
    expect(() => planWrite(liveInPeriodOne(), penalty({ code: -1 }))).toThrow('from 0 to 999');
    expect(() => planWrite(liveInPeriodOne(), penalty({ penaltyRole: 'ASSIST', playerLicenseId: null }))).toThrow(
      'A penalty served by an assist names the player who serves it',
    );
    expect(() => planWrite(liveInPeriodOne(), penalty({ penaltyRole: 'DEPUTY', playerLicenseId: null }))).toThrow('served by a deputy');
    expect(recorded(liveInPeriodOne(), penalty({ penaltyRole: 'OFFENDER', playerLicenseId: null })).event).toMatchObject({ playerId: null });
  });

  it('stores the wall-clock moment of a goal and a timeout too', () => {
    expect(recorded(liveInPeriodOne(), { kind: 'recordGoal', side: 'HOME', second: 10, penaltyShot: true, worldTime: WORLD_TIME }).event).toMatchObject({
      type: 'GOAL',
      penaltyShot: true,
      worldTime: WORLD_TIME,
    });
    expect(recorded(liveInPeriodOne(), { kind: 'recordTimeout', side: 'AWAY', second: 10, worldTime: WORLD_TIME }).event.worldTime).toBe(WORLD_TIME);
  });
});

describe('recording a penalty end', () => {
  const withPenalty = () => {
    const log = new Log().started();
    log.add('PENALTY', 300, 1, 'HOME', { playerId: HOME_1.playerId });
    return stateOf('LIVE', log.events);
  };
  const end = (more: Partial<Extract<GameWrite, { kind: 'recordPenaltyEnd' }>> = {}): GameWrite => ({
    kind: 'recordPenaltyEnd',
    side: 'HOME',
    second: 420,
    playerLicenseId: HOME_1.licenseId,
    ...more,
  });

  it('ends the penalty of a player of the side', () => {
    expect(recorded(withPenalty(), end({ worldTime: WORLD_TIME })).event).toEqual({
      type: 'PENALTY_END',
      second: 420,
      period: 1,
      side: 'HOME',
      teamId: HOME_TEAM,
      playerId: HOME_1.playerId,
      worldTime: WORLD_TIME,
      sequence: 4,
    });
  });

  it('refuses a player without a penalty before it, or one not on the side’s sheet', () => {
    expect(() => planWrite(withPenalty(), end({ playerLicenseId: HOME_2.licenseId }))).toThrow('names a player without a penalty before it');
    expect(() => planWrite(withPenalty(), end({ second: 200 }))).toThrow('The penalty end at 03:20 names a player without a penalty before it');
    expect(() => planWrite(withPenalty(), end({ side: 'AWAY' }))).toThrow("is not on the away team's game sheet");
    expect(() => planWrite(withPenalty(), end({ second: 1300 }))).toThrow('outside period 1');
  });

  it('keeps a penalty before its end through corrections and deletions', () => {
    const log = new Log().started();
    const penalty = log.add('PENALTY', 300, 1, 'HOME', { playerId: HOME_1.playerId });
    const penaltyEnd = log.add('PENALTY_END', 420, 1, 'HOME', { playerId: HOME_1.playerId });
    const game = stateOf('LIVE', log.events);
    expect(() => planWrite(game, remove(penalty))).toThrow('The penalty end at 07:00 names a player without a penalty before it');
    expect(() => planWrite(game, correct(penalty, { second: 500 }))).toThrow('without a penalty before it');
    expect(() => planWrite(game, correct(penaltyEnd, { playerLicenseId: HOME_2.licenseId }))).toThrow('without a penalty before it');
    expect(() => planWrite(game, correct(penaltyEnd, { side: 'AWAY' }))).toThrow('A PENALTY_END event names its player');
    expect(corrected(game, correct(penaltyEnd, { second: 400 }))).toMatchObject({ second: 400, playerId: HOME_1.playerId });
    expect(planWrite(game, remove(penaltyEnd)).effect).toMatchObject({ kind: 'deleted', event: penaltyEnd });
  });
});

describe('recording the goalie leaving the goal and coming back', () => {
  const move = (eventType: 'GOALIE_OUT' | 'GOALIE_BACK', second: number, side: 'HOME' | 'AWAY' = 'AWAY'): GameWrite => ({
    kind: 'recordTeamEvent',
    side,
    second,
    eventType,
  });

  it('records a side’s goalie out, then back, credited to the side', () => {
    const { event } = recorded(liveInPeriodOne(), move('GOALIE_OUT', 1100));
    expect(event).toEqual({ type: 'GOALIE_OUT', second: 1100, period: 1, side: 'AWAY', teamId: AWAY_TEAM, sequence: 3 });
    const log = new Log().started();
    log.add('GOALIE_OUT', 1100, 1, 'AWAY');
    expect(recorded(stateOf('LIVE', log.events), move('GOALIE_BACK', 1150)).event).toMatchObject({ type: 'GOALIE_BACK', side: 'AWAY' });
  });

  it('refuses a goalie back before the goalie went out, and out twice, of that side', () => {
    expect(() => planWrite(liveInPeriodOne(), move('GOALIE_BACK', 1150))).toThrow(
      "The away team's goalie is not out of the goal at 19:10: record GOALIE_OUT first",
    );
    const log = new Log().started();
    log.add('GOALIE_OUT', 1100, 1, 'AWAY');
    const game = stateOf('LIVE', log.events);
    expect(() => planWrite(game, move('GOALIE_BACK', 1150, 'HOME'))).toThrow("The home team's goalie is not out of the goal");
    expect(() => planWrite(game, move('GOALIE_OUT', 1150))).toThrow("The away team's goalie is already out of the goal at 19:10");
    expect(() => planWrite(game, move('GOALIE_BACK', 1000))).toThrow('is not out of the goal at 16:40');
  });

  it('keeps the goalie’s leaving before each return through corrections and deletions', () => {
    const log = new Log().started();
    const out = log.add('GOALIE_OUT', 1100, 1, 'AWAY');
    const back = log.add('GOALIE_BACK', 1150, 1, 'AWAY');
    const game = stateOf('LIVE', log.events);
    expect(() => planWrite(game, remove(out))).toThrow('is not out of the goal at 19:10');
    expect(() => planWrite(game, correct(back, { second: 1000 }))).toThrow('is not out of the goal at 16:40');
    expect(() => planWrite(game, correct(out, { side: 'HOME' }))).toThrow("The away team's goalie is not out of the goal");
    expect(() => planWrite(game, correct(out, { playerLicenseId: AWAY_1.licenseId }))).toThrow('A GOALIE_OUT event names no player');
    expect(corrected(game, correct(out, { second: 1050, worldTime: WORLD_TIME }))).toMatchObject({ second: 1050, side: 'AWAY', worldTime: WORLD_TIME });
    expect(planWrite(game, remove(back)).effect.kind).toBe('deleted');
  });
});

describe('recording what happens to a player', () => {
  const playerEvent = (
    eventType: Extract<GameWrite, { kind: 'recordPlayerEvent' }>['eventType'],
    more: Partial<Extract<GameWrite, { kind: 'recordPlayerEvent' }>> = {},
  ): GameWrite => ({ kind: 'recordPlayerEvent', side: 'HOME', second: 600, eventType, playerLicenseId: HOME_2.licenseId, ...more });

  // Every player event of the catalogue, a new one included.
  it.each(PLAYER_EVENT_TYPES)('records %s for a player of the side, and the score stays', (eventType) => {
    const { event, plan } = recorded(liveInPeriodOne(), playerEvent(eventType));
    expect(event).toEqual({ type: eventType, second: 600, period: 1, side: 'HOME', teamId: HOME_TEAM, playerId: HOME_2.playerId, sequence: 3 });
    expect(plan.announce).toMatchObject({ kind: 'EVENT_ADDED', scoreChanged: false });
    expect(plan.game.score).toMatchObject({ home: 0, away: 0 });
  });

  it('names a player of the side only', () => {
    expect(() => planWrite(liveInPeriodOne(), playerEvent('INJURY', { side: 'AWAY' }))).toThrow("is not on the away team's game sheet");
  });

  it('corrects the player and the side, naming the player again on the other side, and deletes', () => {
    const log = new Log().started();
    const crossbar = log.add('CROSSBAR', 600, 1, 'HOME', { playerId: HOME_2.playerId });
    const game = stateOf('LIVE', log.events);
    expect(corrected(game, correct(crossbar, { playerLicenseId: HOME_1.licenseId }))).toMatchObject({ playerId: HOME_1.playerId });
    expect(() => planWrite(game, correct(crossbar, { side: 'AWAY' }))).toThrow('A CROSSBAR event names its player: name them on the side it moves to');
    expect(corrected(game, correct(crossbar, { side: 'AWAY', playerLicenseId: AWAY_1.licenseId }))).toMatchObject({
      side: 'AWAY',
      teamId: AWAY_TEAM,
      playerId: AWAY_1.playerId,
    });
    expect(() => planWrite(game, correct(crossbar, { assistLicenseId: HOME_1.licenseId }))).toThrow('Only a goal has an assist');
    expect(() => planWrite(game, correct(crossbar, { code: 5 }))).toThrow('Only a penalty and a MISC event have a code');
    expect(() => planWrite(game, correct(crossbar, { penaltyRole: 'ASSIST' }))).toThrow('Only a penalty has a role');
    expect(planWrite(game, remove(crossbar)).effect.kind).toBe('deleted');
  });
});

describe('recording a MISC code', () => {
  const misc = (more: Partial<Extract<GameWrite, { kind: 'recordMisc' }>> = {}): GameWrite => ({ kind: 'recordMisc', second: 700, code: 12, ...more });

  it('records a code naming nobody, credited to no side, or a player of a side', () => {
    expect(recorded(liveInPeriodOne(), misc()).event).toEqual({
      type: 'MISC',
      second: 700,
      period: 1,
      side: null,
      teamId: null,
      playerId: null,
      code: 12,
      sequence: 3,
    });
    expect(recorded(liveInPeriodOne(), misc({ side: 'AWAY', playerLicenseId: AWAY_1.licenseId, code: 0 })).event).toMatchObject({
      side: 'AWAY',
      teamId: AWAY_TEAM,
      playerId: AWAY_1.playerId,
      code: 0,
    });
  });

  it('takes a code from 0 to 999 and a player with the side whose sheet they are on', () => {
    expect(() => planWrite(liveInPeriodOne(), misc({ code: 1000 }))).toThrow('code must be a whole number from 0 to 999');
    expect(() => planWrite(liveInPeriodOne(), misc({ playerLicenseId: HOME_1.licenseId }))).toThrow(
      'A MISC event naming a player names the side whose game sheet they are on',
    );
  });

  it('corrects its code, and a player only with a side', () => {
    const log = new Log().started();
    const event = log.add('MISC', 700, 1);
    const game = stateOf('LIVE', log.events);
    expect(corrected(game, correct(event, { code: 13 }))).toEqual({
      second: 700,
      period: 1,
      side: null,
      teamId: null,
      playerId: null,
      assistId: null,
      code: 13,
    });
    expect(() => planWrite(game, correct(event, { playerLicenseId: HOME_1.licenseId }))).toThrow('A MISC event naming a player names the side');
    expect(corrected(game, correct(event, { side: 'HOME', playerLicenseId: HOME_1.licenseId }))).toMatchObject({ side: 'HOME', playerId: HOME_1.playerId });
    expect(() => planWrite(game, correct(event, { code: 1000 }))).toThrow('from 0 to 999');
  });
});

describe('recording the player inspection', () => {
  it('records it done or skipped, credited to no side', () => {
    expect(recorded(liveInPeriodOne(), { kind: 'recordInspection', second: 0, done: true, worldTime: WORLD_TIME }).event).toEqual({
      type: 'PLAYER_INSPECTION',
      second: 0,
      period: 1,
      side: null,
      teamId: null,
      inspectionDone: true,
      worldTime: WORLD_TIME,
      sequence: 3,
    });
    expect(recorded(liveInPeriodOne(), { kind: 'recordInspection', second: 5, done: false }).event).toMatchObject({ inspectionDone: false });
  });

  it('is corrected in its second only, and deleted', () => {
    const log = new Log().started();
    const inspection = log.add('PLAYER_INSPECTION', 5, 1);
    const game = stateOf('LIVE', log.events);
    expect(corrected(game, correct(inspection, { second: 10 }))).toMatchObject({ second: 10, side: null, teamId: null });
    expect(() => planWrite(game, correct(inspection, { side: 'HOME' }))).toThrow('A PLAYER_INSPECTION event is credited to no side');
    expect(() => planWrite(game, correct(inspection, { playerLicenseId: HOME_1.licenseId }))).toThrow('A PLAYER_INSPECTION event names no player');
    expect(planWrite(game, remove(inspection)).effect.kind).toBe('deleted');
  });
});

describe('every recorded kind', () => {
  it.each<[string, GameWrite]>([
    ['a penalty end', { kind: 'recordPenaltyEnd', side: 'HOME', second: 10, playerLicenseId: HOME_1.licenseId }],
    ['a goalie move', { kind: 'recordTeamEvent', side: 'HOME', second: 10, eventType: 'GOALIE_OUT' }],
    ['a player event', { kind: 'recordPlayerEvent', side: 'HOME', second: 10, eventType: 'INJURY', playerLicenseId: HOME_1.licenseId }],
    ['a MISC code', { kind: 'recordMisc', second: 10, code: 1 }],
    ['a player inspection', { kind: 'recordInspection', second: 10, done: true }],
  ])('records %s only while a period is open', (_name, write) => {
    expect(() => planWrite(stateOf('SCHEDULED'), write)).toThrow('has not started');
    expect(() => planWrite(stateOf('FINISHED'), write)).toThrow('after the final whistle');
    const ended = new Log().started();
    ended.add('PERIOD_END', 1200, 1);
    expect(() => planWrite(stateOf('LIVE', ended.events), write)).toThrow('Period 1 has ended');
  });
});
