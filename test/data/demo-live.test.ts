import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { boundsOfPeriod, type GameFormat, regulationSeconds, STANDARD_FORMAT } from '../../src/domain/game-format.js';
import { clockText } from '../../src/domain/game-clock.js';
import { DEFAULT_START_WINDOW, replayScore } from '../../src/domain/live-game.js';
import { LINEUP_LIMITS } from '../../src/domain/lineup.js';
import type { GameWrite, LiveGameState, StoredEvent } from '../../src/domain/game-write.js';
import { decide } from '../../src/domain/write-plan.js';
import { EMPTY_SHEET, type GameSheet, type LiveAction, planLiveGame, realTimeMs, wrapUpOf } from '../../src/data/demo/live-play.js';
import { chooseSheetLines, type SheetCandidate } from '../../src/data/demo/live-sheet.js';
import { Random } from '../../src/data/demo/random.js';
import { playGames, startLiveDemo, type LiveDemo } from '../../scripts/demo-live.js';
import { openTestLeague, TEST_NOW, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';

const SEEDS = Array.from({ length: 300 }, (_, index) => index + 1);
const SHEET: GameSheet = {
  HOME: { skaters: [101, 102, 103, 104, 105, 106, 107, 108], goalkeepers: [151, 152] },
  AWAY: { skaters: [201, 202, 203, 204, 205, 206], goalkeepers: [251] },
};

/** The formats a league group may have: the standard one, juniors' shorter games, draws standing, penalty shots straight away, overtime only. */
const FORMATS: Record<string, GameFormat> = {
  standard: STANDARD_FORMAT,
  juniors: { periods: 2, periodSeconds: 15 * 60, overtimeSeconds: 5 * 60, penaltyShootout: true, drawAllowed: false, forfeitGoals: 5 },
  draws: { periods: 3, periodSeconds: 20 * 60, overtimeSeconds: 0, penaltyShootout: false, drawAllowed: true, forfeitGoals: 5 },
  shootout: { periods: 3, periodSeconds: 15 * 60, overtimeSeconds: 0, penaltyShootout: true, drawAllowed: false, forfeitGoals: 3 },
  'overtime only': { periods: 3, periodSeconds: 20 * 60, overtimeSeconds: 10 * 60, penaltyShootout: false, drawAllowed: false, forfeitGoals: 5 },
};

const planFor = (seed: number, sheet: GameSheet = EMPTY_SHEET, format: GameFormat = STANDARD_FORMAT) => planLiveGame(new Random(seed), sheet, format);
const goalsOf = (actions: readonly LiveAction[], side: 'HOME' | 'AWAY', before = Number.POSITIVE_INFINITY) =>
  actions.filter((action) => action.kind === 'goal' && action.side === side && action.second <= before).length;
const finishOf = (actions: readonly LiveAction[]) => {
  const finish = actions.at(-1);
  if (finish?.kind !== 'finishGame') throw new Error('no final whistle');
  return finish;
};
const ofKind = <K extends LiveAction['kind']>(actions: readonly LiveAction[], kind: K) =>
  actions.filter((action): action is Extract<LiveAction, { kind: K }> => action.kind === kind);

/** The write a desk sends for an action, as the schema hands it to the rules. */
function writeOf(action: LiveAction): GameWrite {
  switch (action.kind) {
    case 'startGame':
      return { kind: 'startGame', outsideStartWindow: true };
    case 'inspection':
      return { kind: 'recordInspection', second: action.second, done: action.done };
    case 'goal':
      return {
        kind: 'recordGoal',
        side: action.side,
        second: action.second,
        scorerLicenseId: action.scorerLicenseId,
        assistLicenseId: action.assistLicenseId,
        ownGoal: action.ownGoal,
        penaltyShot: action.penaltyShot,
      };
    case 'penalty':
      return {
        kind: 'recordPenalty',
        side: action.side,
        second: action.second,
        playerLicenseId: action.playerLicenseId,
        penaltyKind: action.penaltyKind,
        penaltyRole: action.role,
        code: action.code,
        reason: action.reason,
      };
    case 'penaltyEnd':
      return { kind: 'recordPenaltyEnd', side: action.side, second: action.second, playerLicenseId: action.playerLicenseId };
    case 'timeout':
      return { kind: 'recordTimeout', side: action.side, second: action.second };
    case 'teamEvent':
      return { kind: 'recordTeamEvent', side: action.side, second: action.second, eventType: action.event };
    case 'playerEvent':
      return { kind: 'recordPlayerEvent', side: action.side, second: action.second, eventType: action.event, playerLicenseId: action.playerLicenseId };
    case 'misc':
      return { kind: 'recordMisc', second: action.second, code: action.code, side: action.side, playerLicenseId: action.playerLicenseId };
    case 'endPeriod':
      return { kind: 'endPeriod' };
    case 'finishGame':
      return { kind: 'finishGame', decidedBy: action.decidedBy, shootoutWinner: action.shootoutWinner };
  }
}

/**
 * Replays a plan through the rules the service decides every live write with (`decide`,
 * src/domain/write-plan.ts), on a game whose sheet is `sheet`: any write they refuse throws.
 */
function referee(actions: readonly LiveAction[], sheet: GameSheet, format: GameFormat): { status: string; events: StoredEvent[] } {
  const now = new Date('2026-11-21T16:00:00Z');
  const lines = (['HOME', 'AWAY'] as const).flatMap((side, team) =>
    [...sheet[side].skaters, ...sheet[side].goalkeepers].map((licenseId) => ({ teamId: team + 1, licenseId, playerId: licenseId + 100_000 })),
  );
  let state: LiveGameState = {
    gameId: 1,
    status: 'SCHEDULED',
    homeTeamId: 1,
    awayTeamId: 2,
    format,
    startsAt: now,
    now,
    startWindow: DEFAULT_START_WINDOW,
    decidedBy: 'REGULAR',
    transitions: [],
    events: [],
    sheet: lines,
  };
  let id = 0;
  const stored = (
    event: Omit<StoredEvent, 'id' | 'homeScore' | 'awayScore' | 'playerId' | 'assistId'> & { playerId?: number | null; assistId?: number | null },
  ) => ({ ...event, id: ++id, playerId: event.playerId ?? null, assistId: event.assistId ?? null, homeScore: null, awayScore: null }) as StoredEvent;
  for (const action of actions) {
    const score = replayScore(state.events).score;
    let decided: ReturnType<typeof decide>;
    try {
      decided = decide(state, writeOf(action), { home: score.home, away: score.away });
    } catch (error) {
      throw new Error(`${JSON.stringify(action)} refused: ${error instanceof Error ? error.message : error}`);
    }
    const added = decided.effect.kind === 'markers' ? decided.effect.markers : decided.effect.kind === 'recorded' ? [decided.effect.event] : [];
    const events = [...state.events, ...added.map(stored)].sort((a, b) => a.second - b.second || a.sequence - b.sequence);
    state = { ...state, status: decided.status, events };
  }
  return { status: state.status, events: [...state.events] };
}

describe('planLiveGame', () => {
  it('starts the game first, finishes it last, and keeps clock order in between', () => {
    for (const seed of SEEDS) {
      const actions = planFor(seed, SHEET);
      expect(actions[0]).toEqual({ kind: 'startGame', second: 0 });
      expect(actions.at(-1)?.kind).toBe('finishGame');
      expect(actions.filter((action) => action.kind === 'startGame' || action.kind === 'finishGame')).toHaveLength(2);
      const seconds = actions.map((action) => action.second);
      expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
    }
  });

  it.each(Object.entries(FORMATS))('has every write accepted by the live rules, in the %s format, the score equal to its goals', (_name, format) => {
    for (const seed of SEEDS.slice(0, 150)) {
      for (const sheet of [SHEET, EMPTY_SHEET]) {
        const actions = planFor(seed, sheet, format);
        const { status, events } = referee(actions, sheet, format);
        expect(status).toBe('FINISHED');
        const finish = finishOf(actions);
        const shootout = finish.shootoutWinner === null ? { HOME: 0, AWAY: 0 } : { HOME: 0, AWAY: 0, [finish.shootoutWinner]: 1 };
        expect(replayScore(events).score).toMatchObject({ home: goalsOf(actions, 'HOME') + shootout.HOME, away: goalsOf(actions, 'AWAY') + shootout.AWAY });
      }
    }
  });

  it('ends a game as its format decides a tie: overtime and penalty shots only when tied and the format has them, a draw only where one stands', () => {
    for (const [name, format] of Object.entries(FORMATS)) {
      const decisions = new Set<string>();
      const regulationEnd = regulationSeconds(format);
      for (const seed of SEEDS) {
        const actions = planFor(seed, SHEET, format);
        const finish = finishOf(actions);
        decisions.add(`${finish.decidedBy}${goalsOf(actions, 'HOME') === goalsOf(actions, 'AWAY') ? ' tied' : ''}`);
        const tied = goalsOf(actions, 'HOME', regulationEnd) === goalsOf(actions, 'AWAY', regulationEnd);
        const periodEnds = ofKind(actions, 'endPeriod').map((action) => [action.period, action.second]);
        const regularEnds = Array.from({ length: format.periods - 1 }, (_, index) => [index + 1, boundsOfPeriod(format, index + 1).end]);
        if (!tied || format.drawAllowed) {
          expect(finish, `${name} ${seed}`).toMatchObject({ decidedBy: 'REGULAR', second: regulationEnd, shootoutWinner: null });
          expect(periodEnds).toEqual(regularEnds);
        } else if (finish.decidedBy === 'OVERTIME') {
          expect(periodEnds).toEqual([...regularEnds, [format.periods, regulationEnd]]);
          const golden = ofKind(actions, 'goal').at(-1);
          expect(golden?.second).toBe(finish.second);
          expect(actions.filter((action) => action.second === finish.second).map((action) => action.kind)).toEqual(
            expect.arrayContaining(['goal', 'finishGame']),
          );
          expect(finish.second).toBeGreaterThan(regulationEnd);
          expect(finish.second).toBeLessThan(boundsOfPeriod(format, format.periods + 1).end);
        } else {
          expect(finish.decidedBy).toBe('PENALTY_SHOTS');
          expect(finish.shootoutWinner).toMatch(/^(HOME|AWAY)$/);
          expect(goalsOf(actions, 'HOME')).toBe(goalsOf(actions, 'AWAY'));
          const overtime = format.overtimeSeconds > 0 ? [[format.periods + 1, finish.second]] : [];
          expect(periodEnds).toEqual([...regularEnds, [format.periods, regulationEnd], ...overtime]);
        }
      }
      const expected: Record<string, string[]> = {
        standard: ['OVERTIME', 'PENALTY_SHOTS tied', 'REGULAR'],
        juniors: ['OVERTIME', 'PENALTY_SHOTS tied', 'REGULAR'],
        draws: ['REGULAR', 'REGULAR tied'],
        shootout: ['PENALTY_SHOTS tied', 'REGULAR'],
        'overtime only': ['OVERTIME', 'REGULAR'],
      };
      expect([...decisions].sort(), name).toEqual(expected[name]);
    }
  });

  it('plays every kind of event at a realistic rate', () => {
    const plans = SEEDS.map((seed) => planFor(seed, SHEET));
    const all = plans.flat();
    const mean = (count: (actions: LiveAction[]) => number) => plans.reduce((sum, actions) => sum + count(actions), 0) / plans.length;
    const regulationGoals = (actions: LiveAction[]) => goalsOf(actions, 'HOME', 3600) + goalsOf(actions, 'AWAY', 3600);
    expect(mean(regulationGoals)).toBeGreaterThan(8);
    expect(mean(regulationGoals)).toBeLessThan(12);

    const goals = ofKind(all, 'goal');
    const share = (count: number, of: number) => count / of;
    expect(share(goals.filter((goal) => goal.ownGoal).length, goals.length)).toBeGreaterThan(0.01);
    expect(share(goals.filter((goal) => goal.ownGoal).length, goals.length)).toBeLessThan(0.06);
    expect(share(goals.filter((goal) => goal.assistLicenseId !== null).length, goals.length)).toBeGreaterThan(0.5);
    expect(goals.filter((goal) => goal.penaltyShot).length).toBeGreaterThan(10);

    const penalties = ofKind(all, 'penalty');
    expect(mean((actions) => ofKind(actions, 'penalty').length)).toBeGreaterThan(3);
    expect(mean((actions) => ofKind(actions, 'penalty').length)).toBeLessThan(6);
    const kinds = new Map<string, number>();
    for (const penalty of penalties) kinds.set(penalty.penaltyKind, (kinds.get(penalty.penaltyKind) ?? 0) + 1);
    expect(kinds.get('MINOR_2')).toBeGreaterThan(penalties.length / 2);
    for (const kind of ['MINOR_2_2', 'MAJOR_5', 'MISCONDUCT_10', 'PENALTY_SHOT']) expect(kinds.get(kind), kind).toBeGreaterThan(10);
    const matchPenalties = ['MATCH_1', 'MATCH_2', 'MATCH_3'].map((kind) => kinds.get(kind) ?? 0);
    expect(matchPenalties.every((count) => count > 0)).toBe(true);
    expect(matchPenalties.reduce((a, b) => a + b)).toBeLessThan(penalties.length * 0.05);
    const coded = penalties.filter((penalty) => penalty.code !== null);
    expect(coded.length).toBeGreaterThan(penalties.length * 0.1);
    expect(coded.every((penalty) => penalty.code !== null && penalty.code >= 0 && penalty.code <= 999)).toBe(true);
    expect(penalties.some((penalty) => penalty.role === 'DEPUTY')).toBe(true);
    expect(mean((actions) => ofKind(actions, 'penaltyEnd').length)).toBeGreaterThan(1.5);

    const playerEvents = (event: string) => ofKind(all, 'playerEvent').filter((action) => action.event === event).length / plans.length;
    expect(playerEvents('CROSSBAR') + playerEvents('POST')).toBeGreaterThan(2);
    expect(playerEvents('CROSSBAR') + playerEvents('POST')).toBeLessThan(6);
    expect(playerEvents('PENALTY_SHOT_MISSED')).toBeGreaterThan(0.05);
    expect(playerEvents('INJURY')).toBeGreaterThan(0.1);
    expect(playerEvents('GOALIE_CHANGE')).toBeGreaterThan(0.05); // the home side has a second goalkeeper
    expect(playerEvents('BEST_PLAYER')).toBe(2);
    expect(mean((actions) => ofKind(actions, 'misc').length)).toBeGreaterThan(0.2);
    expect(mean((actions) => ofKind(actions, 'inspection').length)).toBe(1);
    expect(mean((actions) => ofKind(actions, 'timeout').length)).toBeGreaterThan(0.4);
    expect(mean((actions) => ofKind(actions, 'timeout').length)).toBeLessThan(1.2);
  });

  it('takes the goalie out late in a close game only, the trailing side, and back after a goal', () => {
    let pulls = 0;
    for (const seed of SEEDS) {
      const actions = planFor(seed, SHEET);
      const moves = ofKind(actions, 'teamEvent');
      if (moves.length === 0) continue;
      pulls += 1;
      const [out, back] = moves;
      expect(out.event).toBe('GOALIE_OUT');
      expect(out.second).toBeGreaterThan(3600 - 400);
      const [home, away] = [goalsOf(actions, 'HOME', out.second), goalsOf(actions, 'AWAY', out.second)];
      expect([1, 2]).toContain(Math.abs(home - away));
      expect(out.side).toBe(home < away ? 'HOME' : 'AWAY');
      if (back) {
        expect(back).toMatchObject({ event: 'GOALIE_BACK', side: out.side });
        expect(actions.some((action) => action.kind === 'goal' && action.second === back.second)).toBe(true);
      }
    }
    expect(pulls).toBeGreaterThan(SEEDS.length / 5);
  });

  it("names scorers, assistants, penalized and other players from the side's sheet, and nobody without one", () => {
    for (const seed of SEEDS.slice(0, 100)) {
      for (const action of planFor(seed, SHEET)) {
        const { skaters, goalkeepers } =
          action.kind === 'startGame' || action.kind === 'inspection' || !('side' in action) || action.side === null ? SHEET.HOME : SHEET[action.side];
        if (action.kind === 'goal' && !action.ownGoal) {
          expect(skaters).toContain(action.scorerLicenseId);
          if (action.assistLicenseId !== null) {
            expect(skaters).toContain(action.assistLicenseId);
            expect(action.assistLicenseId).not.toBe(action.scorerLicenseId);
          }
        }
        if (action.kind === 'goal' && action.ownGoal) expect([action.scorerLicenseId, action.assistLicenseId]).toEqual([null, null]);
        if (action.kind === 'penalty' || action.kind === 'penaltyEnd') expect(skaters).toContain(action.playerLicenseId);
        if (action.kind === 'playerEvent') {
          if (action.event === 'GOALIE_CHANGE') expect(action.playerLicenseId).toBe(goalkeepers[1]);
          else if (action.event === 'BEST_PLAYER') expect([...skaters, goalkeepers[0]]).toContain(action.playerLicenseId);
          else expect(skaters).toContain(action.playerLicenseId);
        }
        if (action.kind === 'misc' && action.side !== null) expect(skaters).toContain(action.playerLicenseId);
      }
      for (const action of planFor(seed)) {
        if (action.kind === 'goal') expect([action.scorerLicenseId, action.assistLicenseId]).toEqual([null, null]);
        if (action.kind === 'penalty') expect([action.playerLicenseId, action.role]).toEqual([null, null]);
        expect(['penaltyEnd', 'playerEvent']).not.toContain(action.kind);
      }
    }
  });

  it('plays the same game for the same seed, sheet and format', () => {
    expect(planFor(42, SHEET)).toEqual(planFor(42, SHEET));
    expect(planFor(42, SHEET, FORMATS.juniors)).toEqual(planFor(42, SHEET, FORMATS.juniors));
    expect(planFor(42, SHEET)).not.toEqual(planFor(43, SHEET));
  });
});

describe('wrapUpOf: what a stopped demo does with a game still live', () => {
  const live = (period: number, homeScore: number, awayScore: number, periodOpen = true) => ({ period, periodOpen, homeScore, awayScore });
  it('finishes a game decided in its last regular period, and aborts any other', () => {
    expect(wrapUpOf(STANDARD_FORMAT, live(3, 2, 1))).toBe('finish');
    expect(wrapUpOf(STANDARD_FORMAT, live(3, 2, 2))).toBe('abort');
    expect(wrapUpOf(STANDARD_FORMAT, live(2, 4, 0))).toBe('abort');
    expect(wrapUpOf(STANDARD_FORMAT, live(4, 2, 2))).toBe('abort');
    expect(wrapUpOf(STANDARD_FORMAT, live(3, 2, 2, false))).toBe('abort');
    expect(wrapUpOf(FORMATS.juniors, live(2, 1, 0))).toBe('finish');
    expect(wrapUpOf(FORMATS.draws, live(3, 1, 1))).toBe('abort');
  });
});

describe('chooseSheetLines', () => {
  const candidate = (
    licenseId: number,
    position: SheetCandidate['position'],
    licensing = 'regular',
    number: number | null = licenseId % 100,
  ): SheetCandidate => ({
    licenseId,
    playerId: licenseId + 5000,
    number,
    position,
    captain: licenseId === 12,
    licensing,
  });
  const squad = [
    candidate(1, 'GOALKEEPER'),
    candidate(2, 'GOALKEEPER'),
    candidate(3, 'GOALKEEPER', 'other'),
    ...Array.from({ length: 20 }, (_, index) => candidate(10 + index, index % 3 === 0 ? 'DEFENDER' : 'FORWARD')),
    ...Array.from({ length: 8 }, (_, index) => candidate(40 + index, 'CENTER', index % 2 ? 'multi' : 'other')),
    candidate(60, 'FORWARD', 'regular', 11), // wears the number of license 11
  ];

  it('picks a sheet the lineup rules accept: 6–20 players, 1–3 goalkeepers, at most 4 non-regular, numbers once, one captain', () => {
    for (const seed of SEEDS.slice(0, 50)) {
      const lines = chooseSheetLines(new Random(seed), squad);
      if (!lines) throw new Error('no sheet');
      expect(lines.length).toBeGreaterThanOrEqual(LINEUP_LIMITS.minPlayers);
      expect(lines.length).toBeLessThanOrEqual(LINEUP_LIMITS.maxPlayers);
      const goalkeepers = lines.filter((line) => line.position === 'GOALKEEPER');
      expect(goalkeepers.length).toBeGreaterThanOrEqual(1);
      expect(goalkeepers.length).toBeLessThanOrEqual(3);
      const byLicense = new Map(squad.map((c) => [c.licenseId, c]));
      expect(lines.filter((line) => byLicense.get(line.licenseId)?.licensing !== 'regular').length).toBeLessThanOrEqual(4);
      expect(new Set(lines.map((line) => line.licenseId)).size).toBe(lines.length);
      const numbers = lines.flatMap((line) => (line.number === undefined ? [] : [line.number]));
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(lines.filter((line) => line.captain)).toHaveLength(1);
    }
  });

  it("leaves out the other team's players, puts a skater in goal when no goalkeeper may play, and gives up below six", () => {
    const taken = new Set(squad.filter((c) => c.licenseId >= 10 && c.licenseId < 25).map((c) => c.playerId));
    const lines = chooseSheetLines(new Random(1), squad, taken) ?? [];
    expect(lines.some((line) => taken.has(line.licenseId + 5000))).toBe(false);
    const skatersOnly = squad.filter((c) => c.position !== 'GOALKEEPER' && c.licensing === 'regular');
    expect(chooseSheetLines(new Random(1), skatersOnly)?.filter((line) => line.position === 'GOALKEEPER')).toHaveLength(1);
    expect(chooseSheetLines(new Random(1), squad.slice(0, 5))).toBeNull();
  });
});

describe('game clock in real time', () => {
  it('plays a 60-minute game in a minute at speed 60 and in an hour at speed 1', () => {
    expect(realTimeMs(3600, 60)).toBe(60_000);
    expect(realTimeMs(3600, 1)).toBe(3_600_000);
    expect(clockText(17 * 60 + 5)).toBe('17:05');
    expect(clockText(61 * 60)).toBe('61:00');
  });
});

describe('the demo against a running service', () => {
  let league: TestLeague;
  let baseUrl: string;
  let key: string;
  /** The games of each run, to find what the next run plays (the next scheduled ones from TEST_NOW). */
  const FAST = 100_000;

  beforeAll(async () => {
    league = await openTestLeague();
    await league.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(league.app.server.address() as AddressInfo).port}`;
    ({ key } = await createKey(league.db, 'demo-live test', null, ['games:write']));
  });

  afterAll(async () => {
    await league?.close();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The cells' texts of each row of a REST table, by column. */
  const rowsOf = async (path: string) => {
    const answer = (await (await fetch(`${baseUrl}${path}`)).json()) as { data: { regions: { rows: { cells: { text?: string[] }[] }[] }[] } };
    return answer.data.regions.flatMap((region) => region.rows.map((row) => row.cells.map((cell) => cell.text ?? [])));
  };

  it('writes both game sheets, then plays every game whole: named scorers, several penalty kinds, period scores in the REST detail', async () => {
    const lines: string[] = [];
    const clubKey = async (clubId: number) => (await createKey(league.db, `demo club ${clubId}`, clubId, ['games:write'])).key;
    const outcomes = await playGames({ baseUrl, key, games: 2, speed: FAST, from: TEST_NOW, seed: 11, log: (line) => lines.push(line), clubKey });

    expect(outcomes.map((outcome) => outcome.result)).toEqual(['finished', 'finished']);
    // Each result ends in its fate: provisional, confirmed by the federation, or protested by the away club.
    for (const outcome of outcomes) {
      const game = await league.db.prisma.game.findUniqueOrThrow({ where: { id: outcome.gameId }, include: { audit: { orderBy: { version: 'asc' } } } });
      const last = game.audit.map((write) => write.mutation).at(-1);
      expect(game.resultState).toBe(last === 'confirmResult' ? 'CONFIRMED' : last === 'protestResult' ? 'PROTESTED' : 'PROVISIONAL');
    }
    const penaltyKinds = new Set<string>();
    for (const outcome of outcomes) {
      const game = await league.db.prisma.game.findUniqueOrThrow({ where: { id: outcome.gameId }, include: { events: true, lineup: true } });
      expect(game.status).toBe('FINISHED');
      for (const teamId of [game.homeTeamId, game.awayTeamId]) {
        const sheet = game.lineup.filter((line) => line.teamId === teamId);
        expect(sheet.length).toBeGreaterThanOrEqual(6);
        expect(sheet.length).toBeLessThanOrEqual(20);
        expect(sheet.filter((line) => line.position === 'GOALKEEPER').length).toBeGreaterThanOrEqual(1);
      }
      const writes = await league.db.prisma.gameAuditEntry.findMany({ where: { gameId: game.id }, orderBy: { version: 'asc' } });
      expect(writes.slice(0, 3).map((write) => write.mutation)).toEqual(['writeGameSheet', 'writeGameSheet', 'startGame']);
      expect(new Set(writes.map((write) => write.idempotencyKey)).size).toBe(writes.length);
      expect(lines.filter((line) => line.includes(`Game ${game.id} `))).toHaveLength(writes.length);

      const onSheet = new Set(game.lineup.map((line) => `${line.teamId}:${line.playerId}`));
      const goals = game.events.filter((event) => event.type === 'GOAL');
      expect(goals.length).toBeGreaterThan(0);
      for (const goal of goals) expect(onSheet.has(`${goal.teamId}:${goal.playerId}`)).toBe(true);
      for (const penalty of game.events.filter((event) => event.type === 'PENALTY')) penaltyKinds.add(String(penalty.penaltyKind));
      expect(game.events.every((event) => event.worldTime !== null || !['GOAL', 'PENALTY', 'TIMEOUT', 'BEST_PLAYER'].includes(event.type))).toBe(true);
      expect(game.events.filter((event) => event.type === 'BEST_PLAYER')).toHaveLength(2);
      expect(game.events.some((event) => event.type === 'PLAYER_INSPECTION')).toBe(true);
      const scored = (side: string) =>
        game.events.filter((event) => ['GOAL', 'OWN_GOAL', 'PENALTY_SHOOTOUT'].includes(event.type) && event.side === side).length;
      expect([game.homeScore, game.awayScore]).toEqual([scored('HOME'), scored('AWAY')]);

      // The REST events name each scorer; the detail gives the score by period.
      const events = await rowsOf(`/api/game_events/${game.id}`); // minute, event, team, player
      const goalRows = events.filter(([, event]) => /^Torschütze/.test(event[0]));
      expect(goalRows).toHaveLength(goals.length);
      for (const [, , , player] of goalRows) expect(player[0]).toMatch(/^\p{L}\. \S/u);
      const [detail] = await rowsOf(`/api/games/${game.id}`); // logos, names, then the result: score, and the score by period
      expect(detail[4][0]).toBe(`${game.homeScore}:${game.awayScore}${game.decidedBy === 'REGULAR' ? '' : game.decidedBy === 'OVERTIME' ? ' n.V.' : ' n.P.'}`);
      expect(detail[4][1]).toMatch(/^\(\d+:\d+(, \d+:\d+){2,3}\)$/);
    }
    expect(penaltyKinds.size).toBeGreaterThanOrEqual(2);
    expect(lines.join('\n')).toMatch(/SHEET HOME .+: \d+ players, \d goalkeepers?, captain /);
    expect(lines.join('\n')).toMatch(/GOAL (HOME|AWAY) \d\d:\d\d( penalty shot)? #?\d* ?\p{L}\. /u);
    expect(lines.join('\n')).not.toContain(key);
  });

  it('sends a write whose answer was lost again with the same idempotency key, and the service replays it', async () => {
    const realFetch = globalThis.fetch;
    const bodies: string[] = [];
    let lostAnswer = -1;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const response = await realFetch(input, init);
      bodies.push(String(init?.body));
      // The first write after the start: the inspection.
      if (lostAnswer < 0 && bodies.at(-2)?.includes('startGame(')) lostAnswer = bodies.length - 1;
      if (bodies.length - 1 !== lostAnswer) return response;
      await response.arrayBuffer();
      throw new TypeError('fetch failed');
    });
    const lines: string[] = [];

    const outcomes = await playGames({ baseUrl, key, games: 1, speed: FAST, from: TEST_NOW, seed: 8, log: (line) => lines.push(line) });

    expect(outcomes).toEqual([expect.objectContaining({ result: 'finished' })]);
    expect(bodies[lostAnswer + 1]).toBe(bodies[lostAnswer]);
    expect(lines[3]).toMatch(/PLAYER INSPECTION .*\(replayed\)$/);
    const writes = await league.db.prisma.gameAuditEntry.count({ where: { gameId: outcomes[0].gameId } });
    expect(writes).toBe(lines.length);
  });

  /** The printed line of a stopped game, and the game as it was left. */
  async function stoppedAs(line: string) {
    const [, id, verb] = /^game (\d+) (finished|aborted)/.exec(line) ?? [];
    const game = await league.db.prisma.game.findUniqueOrThrow({ where: { id: Number(id) } });
    return { game, verb };
  }

  it('stopped mid-game, aborts every game it left live at the clock it stopped at, and says so', async () => {
    const lines: string[] = [];
    let demo: LiveDemo | undefined;
    let stoppedAfter: number | undefined;
    demo = startLiveDemo({
      baseUrl,
      key,
      games: 2,
      speed: FAST,
      from: TEST_NOW,
      seed: 12,
      log: (line) => lines.push(line),
      onWrite: (write) => {
        if (stoppedAfter === undefined && write.action.kind === 'endPeriod' && write.action.period === 1) {
          stoppedAfter = write.gameId;
          void demo?.stop();
        }
      },
    });
    const outcomes = await demo.played;
    const stopped = await demo.stop();

    expect(outcomes.map((outcome) => outcome.result)).toEqual(['stopped', 'stopped']);
    const first = stopped.find((game) => game.gameId === stoppedAfter);
    expect(first).toMatchObject({ result: 'aborted', second: 1200 });
    expect(first?.line).toBe(`game ${stoppedAfter} aborted at 20:00 (${first?.homeScore}:${first?.awayScore})`);
    for (const outcome of outcomes) {
      const game = await league.db.prisma.game.findUniqueOrThrow({ where: { id: outcome.gameId } });
      expect(game.status).not.toBe('LIVE');
      const printed = stopped.find((each) => each.gameId === outcome.gameId);
      if (game.status === 'SCHEDULED') expect(printed).toBeUndefined();
      else expect(printed?.result).toBe(game.status === 'ABORTED' ? 'aborted' : 'finished');
    }
    for (const game of stopped) {
      expect(lines).toContain(game.line);
      const { game: left, verb } = await stoppedAs(game.line);
      expect(left.status).toBe(verb === 'aborted' ? 'ABORTED' : 'FINISHED');
      expect(game.line).toContain(`${left.homeScore}:${left.awayScore}`);
    }
    expect(await demo.stop()).toBe(stopped);
  });

  it('stopped in the last period with a lead, finishes the game where the score stands', async () => {
    const lines: string[] = [];
    let demo: LiveDemo | undefined;
    demo = startLiveDemo({
      baseUrl,
      key,
      games: 1,
      speed: FAST,
      from: TEST_NOW,
      seed: 13,
      log: (line) => lines.push(line),
      onWrite: (write) => {
        const { action, game } = write;
        if (action.second > 2400 && action.kind !== 'finishGame' && game.status === 'LIVE' && game.homeScore !== game.awayScore) void demo?.stop();
      },
    });
    const [outcome] = await demo.played;
    const [stopped] = await demo.stop();

    expect(outcome.result).toBe('stopped');
    const game = await league.db.prisma.game.findUniqueOrThrow({ where: { id: outcome.gameId } });
    expect(game).toMatchObject({ status: 'FINISHED', decidedBy: 'REGULAR' });
    expect(stopped.line).toBe(`game ${game.id} finished ${game.homeScore}:${game.awayScore}`);
    expect(lines.at(-1)).toBe(stopped.line);
  });
});
