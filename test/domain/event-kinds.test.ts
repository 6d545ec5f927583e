import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/domain/errors.js';
import {
  assertFederationCode,
  assertGoalieMovesAlternate,
  assertPenaltyEndsFollowPenalties,
  assertPenaltyServerNamed,
  isSideless,
  namesPlayer,
  playerSideOf,
  PLAYER_EVENT_TYPES,
  requiresPlayer,
  TEAM_EVENT_TYPES,
} from '../../src/domain/event-kinds.js';
import { SUSPENDING_PENALTIES, suspendedPlayerIds } from '../../src/domain/lineup-candidates.js';
import { isRecordedType, RECORDED_TYPES, replayScore } from '../../src/domain/live-game.js';
import {
  isMatchPenalty,
  isOwnPenalty,
  PENALTY_COUNTS,
  PENALTY_KINDS,
  PENALTY_MINUTES,
  penaltyMinutesOf,
  penaltyRoleOf,
  playerGameLines,
  type PenaltyKind,
  type StatisticsEvent,
  sumLines,
} from '../../src/domain/player-statistics.js';
import { creditsScorer } from '../../src/domain/scoring.js';
import { rankScorers } from '../../src/domain/top-scorers.js';
import { Log } from '../support/live-state.js';

const penalty = (penaltyKind: PenaltyKind, more: Partial<StatisticsEvent> = {}): StatisticsEvent => ({
  gameId: 1,
  type: 'PENALTY',
  teamId: 1,
  playerId: 7,
  assistId: null,
  penaltyKind,
  ...more,
});

describe('penalty minutes per kind', () => {
  it('counts 2, 2+2 = 4, 5, 10, 25 for every match penalty grade, and none for a penalty shot', () => {
    expect(PENALTY_KINDS.map((kind) => [kind, penaltyMinutesOf(kind)])).toEqual([
      ['MINOR_2', 2],
      ['MINOR_2_2', 4],
      ['MAJOR_5', 5],
      ['MISCONDUCT_10', 10],
      ['MATCH', 25],
      ['MATCH_1', 25],
      ['MATCH_2', 25],
      ['MATCH_3', 25],
      ['PENALTY_SHOT', 0],
    ]);
  });

  it('counts each kind in the penalty columns so that the minutes are always 2, 5, 10 and 25 times them', () => {
    for (const kind of PENALTY_KINDS) {
      const [line] = playerGameLines([{ playerId: 7, gameId: 1, teamId: 1 }], [penalty(kind)]);
      expect(line.penaltyMinutes, kind).toBe(PENALTY_MINUTES[kind]);
      expect(2 * line.penalties2 + 5 * line.penalties5 + 10 * line.penalties10 + 25 * line.matchPenalties, kind).toBe(line.penaltyMinutes);
    }
    expect(PENALTY_COUNTS.MINOR_2_2).toEqual({ penalties2: 2 });
    expect(PENALTY_COUNTS.MATCH_3).toEqual({ matchPenalties: 1 });
  });

  it('tells match penalties of every grade apart from the others', () => {
    expect(PENALTY_KINDS.filter(isMatchPenalty)).toEqual(['MATCH', 'MATCH_1', 'MATCH_2', 'MATCH_3']);
    expect(isMatchPenalty(null)).toBe(false);
  });
});

describe('penalty roles', () => {
  it('reads a penalty without its role as the offender’s own', () => {
    expect([null, undefined, 'OFFENDER', 'ASSIST', 'DEPUTY', 'unknown'].map(penaltyRoleOf)).toEqual([
      'OFFENDER',
      'OFFENDER',
      'OFFENDER',
      'ASSIST',
      'DEPUTY',
      'OFFENDER',
    ]);
    expect(['OFFENDER', 'ASSIST', 'DEPUTY', null].map(isOwnPenalty)).toEqual([true, false, false, true]);
  });

  it('names who serves a penalty that is another’s', () => {
    expect(() => assertPenaltyServerNamed('ASSIST', null)).toThrow('A penalty served by an assist names the player who serves it');
    expect(() => assertPenaltyServerNamed('DEPUTY', undefined)).toThrow('A penalty served by a deputy names the player who serves it');
    for (const role of ['OFFENDER', null, undefined]) expect(() => assertPenaltyServerNamed(role, null)).not.toThrow();
    expect(() => assertPenaltyServerNamed('DEPUTY', 501)).not.toThrow();
  });

  it('counts only the offender’s own penalties in a player’s statistics', () => {
    const lines = playerGameLines(
      [{ playerId: 7, gameId: 1, teamId: 1 }],
      [
        penalty('MINOR_2_2'),
        penalty('MATCH_2', { penaltyRole: 'OFFENDER' }),
        penalty('MAJOR_5', { penaltyRole: 'ASSIST' }),
        penalty('MINOR_2', { penaltyRole: 'DEPUTY' }),
      ],
    );
    expect(sumLines(lines)).toMatchObject({ penalties2: 2, penalties5: 0, matchPenalties: 1, penaltyMinutes: 29 });
  });
});

describe('suspension', () => {
  it('follows every match penalty grade of the player’s own, not one served as an assist or a deputy', () => {
    expect(SUSPENDING_PENALTIES).toEqual(['MATCH', 'MATCH_1', 'MATCH_2', 'MATCH_3']);
    const event = (playerId: number, penaltyKind: string, penaltyRole: string | null = null) => ({
      type: 'PENALTY',
      penaltyKind,
      penaltyRole,
      teamId: 1,
      playerId,
    });
    const suspended = suspendedPlayerIds(
      [
        event(1, 'MATCH_1'),
        event(2, 'MATCH_2', 'OFFENDER'),
        event(3, 'MATCH_3'),
        event(4, 'MATCH'),
        event(5, 'MATCH_1', 'ASSIST'),
        event(6, 'MATCH_2', 'DEPUTY'),
        event(7, 'MINOR_2_2'),
        event(8, 'PENALTY_SHOT'),
      ],
      1,
    );
    expect([...suspended]).toEqual([1, 2, 3, 4]);
  });
});

describe('what scores', () => {
  it('counts goals (a penalty shot that goes in among them) and own goals; no other recorded kind scores', () => {
    // Every other recorded kind of the catalogue, a new one included, after a goal for each side.
    const scoring: readonly string[] = ['GOAL', 'OWN_GOAL'];
    const scoreAfter = (type: string) => {
      const log = new Log().started();
      log.goal(100, 1, 'HOME', [1, 0], { playerId: 1 });
      log.goal(200, 1, 'AWAY', [1, 1]);
      if (isSideless(type)) log.add(type, 300, 1);
      else log.add(type, 300, 1, 'HOME', namesPlayer(type) ? { playerId: 1 } : {});
      const { home, away } = replayScore(log.events).score;
      return `${home}:${away}`;
    };
    const others = RECORDED_TYPES.filter((type) => !scoring.includes(type));
    expect(
      others.filter((type) => scoreAfter(type) !== '1:1'),
      'recorded kinds that score',
    ).toEqual([]);
  });

  it('credits the scorer of a penalty shot goal, and nobody for a missed penalty shot, in top scorers as in statistics', () => {
    const scored = { type: 'GOAL', penaltyShot: true, playerId: 7, assistId: null, teamId: 1 };
    const missed = { type: 'PENALTY_SHOT_MISSED', playerId: 8, assistId: null, teamId: 1 };
    expect([scored, missed].map(creditsScorer)).toEqual([true, false]);
    expect(rankScorers([scored, missed, { type: 'CROSSBAR', playerId: 8, assistId: null, teamId: 1 }])).toEqual([
      { rank: 1, playerId: 7, teamId: 1, goals: 1, assists: 0, points: 1 },
    ]);
    const lines = playerGameLines(
      [],
      [
        { gameId: 1, type: 'GOAL', teamId: 1, playerId: 7, assistId: null, penaltyKind: null },
        { gameId: 1, type: 'PENALTY_SHOT_MISSED', teamId: 1, playerId: 8, assistId: null, penaltyKind: null },
      ],
    );
    expect(lines.map((line) => [line.playerId, line.goals])).toEqual([[7, 1]]);
  });
});

describe('the recorded kinds', () => {
  it('are recorded (correctable and deletable) events, every one of them', () => {
    for (const type of ['PENALTY_END', ...TEAM_EVENT_TYPES, ...PLAYER_EVENT_TYPES, 'MISC', 'PLAYER_INSPECTION']) expect(isRecordedType(type), type).toBe(true);
    expect(RECORDED_TYPES).toHaveLength(15);
    expect(isRecordedType('GAME_END')).toBe(false);
  });

  it('name a player where the federation records one, and require one where they mean nothing without', () => {
    expect(['GOAL', 'OWN_GOAL', 'PENALTY', 'PENALTY_END', 'MISC', ...PLAYER_EVENT_TYPES].every(namesPlayer)).toBe(true);
    expect(['TIMEOUT', 'GOALIE_OUT', 'GOALIE_BACK', 'PLAYER_INSPECTION'].some(namesPlayer)).toBe(false);
    expect(['PENALTY_END', ...PLAYER_EVENT_TYPES].every(requiresPlayer)).toBe(true);
    expect(['GOAL', 'OWN_GOAL', 'PENALTY', 'MISC'].some(requiresPlayer)).toBe(false);
  });

  it('name the player of the side they are credited to, except an own goal, whose scorer plays for the other side', () => {
    expect(playerSideOf('GOAL', 'HOME')).toBe('HOME');
    expect(playerSideOf('PENALTY', 'AWAY')).toBe('AWAY');
    expect(playerSideOf('OWN_GOAL', 'HOME')).toBe('AWAY');
    expect(playerSideOf('OWN_GOAL', 'AWAY')).toBe('HOME');
  });
});

describe('federation codes', () => {
  it('take whole numbers from 0 to 999', () => {
    for (const code of [0, 1, 501, 999]) expect(() => assertFederationCode(code)).not.toThrow();
    for (const code of [-1, 1000, 2.5, Number.NaN]) {
      expect(() => assertFederationCode(code)).toThrow(InvalidInputError);
      expect(() => assertFederationCode(code)).toThrow('code must be a whole number from 0 to 999');
    }
  });
});

describe('the goalie leaving the goal and coming back', () => {
  it('alternates per side in game order: out only while in the goal, back only while out', () => {
    const log = new Log().started();
    log.add('GOALIE_OUT', 3500, 3, 'HOME');
    log.add('GOALIE_BACK', 3550, 3, 'HOME');
    log.add('GOALIE_OUT', 3560, 3, 'HOME');
    log.add('GOALIE_OUT', 3570, 3, 'AWAY');
    expect(() => assertGoalieMovesAlternate(log.events, 'HOME')).not.toThrow();
    expect(() => assertGoalieMovesAlternate(log.events, 'AWAY')).not.toThrow();
    log.add('GOALIE_OUT', 3580, 3, 'HOME');
    expect(() => assertGoalieMovesAlternate(log.events, 'HOME')).toThrow(
      "The home team's goalie is already out of the goal at 59:40: record GOALIE_BACK first",
    );
    const early = new Log().started();
    early.add('GOALIE_BACK', 100, 1, 'AWAY');
    early.add('GOALIE_OUT', 200, 1, 'AWAY');
    expect(() => assertGoalieMovesAlternate(early.events, 'AWAY')).toThrow("The away team's goalie is not out of the goal at 01:40: record GOALIE_OUT first");
  });
});

describe('a penalty end', () => {
  it('follows a penalty of the player it names, for the same side', () => {
    const log = new Log().started();
    log.add('PENALTY', 300, 1, 'HOME', { playerId: 1 });
    const end = log.add('PENALTY_END', 420, 1, 'HOME', { playerId: 1 });
    expect(() => assertPenaltyEndsFollowPenalties(log.events, [1])).not.toThrow();
    end.second = 200;
    expect(() => assertPenaltyEndsFollowPenalties(log.events, [1])).toThrow('The penalty end at 03:20 names a player without a penalty before it in this game');
    end.second = 420;
    end.side = 'AWAY';
    expect(() => assertPenaltyEndsFollowPenalties(log.events, [1])).toThrow('without a penalty before it');
    expect(() => assertPenaltyEndsFollowPenalties(log.events, [2, null])).not.toThrow();
  });
});
