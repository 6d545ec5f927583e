import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STANDARD_FORMAT } from '../../src/domain/game-format.js';
import { periodBounds } from '../../src/domain/game-clock.js';
import {
  assertTimeoutLeft,
  DEFAULT_START_WINDOW,
  endPeriodMarkers,
  finishMarkers,
  periodForRecord,
  phaseOf,
  replayScore,
  startMarkers,
  type LogEvent,
} from '../../src/domain/live-game.js';
import { clockText } from '../../src/domain/game-clock.js';
import { planLiveGame, realTimeMs, type GameSheet, type LiveAction } from '../../src/data/demo/live-play.js';
import { Random } from '../../src/data/demo/random.js';
import { playGames } from '../../scripts/demo-live.js';
import { openTestLeague, TEST_NOW, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';

/** A start at the scheduled time. */
const ON_TIME = { now: new Date('2026-11-21T16:00:00Z'), startsAt: new Date('2026-11-21T16:00:00Z'), window: DEFAULT_START_WINDOW, outsideWindow: false };

const SEEDS = Array.from({ length: 300 }, (_, index) => index + 1);
const SHEET: GameSheet = { HOME: [101, 102, 103, 104], AWAY: [201, 202, 203] };

const planFor = (seed: number, sheet?: GameSheet) => planLiveGame(new Random(seed), sheet);
const scoreOf = (actions: readonly LiveAction[], side: 'HOME' | 'AWAY') => actions.filter((action) => action.kind === 'goal' && action.side === side).length;
const regulation = (actions: readonly LiveAction[]) => actions.filter((action) => action.second < periodBounds(3).end);

/** Replays a plan through the live rules the service applies (src/domain/live-game.ts): any write they refuse throws. */
function refereeLog(actions: readonly LiveAction[]): { status: string; events: LogEvent[] } {
  let status = 'SCHEDULED';
  const events: LogEvent[] = [];
  const add = (event: Omit<LogEvent, 'sequence'>) => events.push({ ...event, sequence: events.length });
  const score = () => {
    const { home, away } = replayScore(events).score;
    return { home, away };
  };
  for (const action of actions) {
    const phase = phaseOf(status, events);
    switch (action.kind) {
      case 'startGame':
        for (const marker of startMarkers(status, ON_TIME)) add({ ...marker, side: null });
        status = 'LIVE';
        break;
      case 'goal':
        add({
          type: action.ownGoal ? 'OWN_GOAL' : 'GOAL',
          side: action.side,
          second: action.second,
          period: periodForRecord(STANDARD_FORMAT, phase, action.second),
        });
        break;
      case 'penalty':
        add({ type: 'PENALTY', side: action.side, second: action.second, period: periodForRecord(STANDARD_FORMAT, phase, action.second) });
        break;
      case 'timeout':
        assertTimeoutLeft(events, action.side);
        add({ type: 'TIMEOUT', side: action.side, second: action.second, period: periodForRecord(STANDARD_FORMAT, phase, action.second) });
        break;
      case 'endPeriod':
        for (const marker of endPeriodMarkers(STANDARD_FORMAT, phase, score())) add({ ...marker, side: null });
        break;
      case 'finishGame':
        for (const marker of finishMarkers(STANDARD_FORMAT, phase, events, score(), action.decidedBy, action.shootoutWinner))
          add({ ...marker, side: marker.side ?? null });
        status = 'FINISHED';
        break;
    }
  }
  return { status, events };
}

describe('planLiveGame', () => {
  it('starts the game first, finishes it last, and keeps clock order in between', () => {
    for (const seed of SEEDS) {
      const actions = planFor(seed);
      expect(actions[0]).toEqual({ kind: 'startGame', second: 0 });
      expect(actions.at(-1)?.kind).toBe('finishGame');
      expect(actions.filter((action) => action.kind === 'startGame' || action.kind === 'finishGame')).toHaveLength(2);
      const seconds = actions.map((action) => action.second);
      expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
    }
  });

  it('puts every event within the period open at its second, as the live rules demand', () => {
    for (const seed of SEEDS) {
      const actions = planFor(seed, SHEET);
      const { status } = refereeLog(actions);
      expect(status).toBe('FINISHED');
      for (const action of actions) {
        if (action.kind === 'goal' || action.kind === 'penalty' || action.kind === 'timeout') {
          expect(action.second % periodBounds(1).end, `seed ${seed}: ${action.kind} at ${action.second} is on a period boundary`).not.toBe(0);
        }
      }
    }
  });

  it('sends a tied regulation into overtime, decided by a golden goal or penalty shots; any other game ends in regulation', () => {
    const decisions = new Set<string>();
    for (const seed of SEEDS) {
      const actions = planFor(seed);
      const finish = actions.at(-1);
      if (finish?.kind !== 'finishGame') throw new Error('no final whistle');
      decisions.add(finish.decidedBy);
      const tied = scoreOf(regulation(actions), 'HOME') === scoreOf(regulation(actions), 'AWAY');
      const periodEnds = actions.flatMap((action) => (action.kind === 'endPeriod' ? [action.period] : []));
      if (!tied) {
        expect(finish).toMatchObject({ decidedBy: 'REGULAR', second: periodBounds(3).end, shootoutWinner: null });
        expect(periodEnds).toEqual([1, 2]);
      } else if (finish.decidedBy === 'OVERTIME') {
        expect(periodEnds).toEqual([1, 2, 3]);
        const golden = actions.at(-2);
        expect(golden).toMatchObject({ kind: 'goal', second: finish.second });
        expect(finish.second).toBeGreaterThan(periodBounds(4).start);
        expect(finish.second).toBeLessThan(periodBounds(4).end);
      } else {
        expect(finish).toMatchObject({ decidedBy: 'PENALTY_SHOTS', second: periodBounds(4).end });
        expect(finish.shootoutWinner).toMatch(/^(HOME|AWAY)$/);
        expect(periodEnds).toEqual([1, 2, 3, 4]);
        expect(scoreOf(actions, 'HOME')).toBe(scoreOf(actions, 'AWAY'));
      }
    }
    expect([...decisions].sort()).toEqual(['OVERTIME', 'PENALTY_SHOTS', 'REGULAR']);
  });

  it('scores about five goals per team and game, with a few penalties', () => {
    const plans = SEEDS.map((seed) => planFor(seed));
    const mean = (count: (actions: LiveAction[]) => number) => plans.reduce((sum, actions) => sum + count(actions), 0) / plans.length;
    expect(mean((actions) => scoreOf(regulation(actions), 'HOME') + scoreOf(regulation(actions), 'AWAY'))).toBeGreaterThan(8);
    expect(mean((actions) => scoreOf(regulation(actions), 'HOME') + scoreOf(regulation(actions), 'AWAY'))).toBeLessThan(12);
    expect(mean((actions) => actions.filter((action) => action.kind === 'penalty').length)).toBeGreaterThan(1);
    const kinds = plans.flat().flatMap((action) => (action.kind === 'penalty' ? [action.penaltyKind] : []));
    expect(kinds.filter((kind) => kind === 'MINOR_2').length).toBeGreaterThan(kinds.length / 2);
  });

  it("names scorers, assistants and penalized players from the side's sheet, and nobody without one", () => {
    for (const seed of SEEDS.slice(0, 50)) {
      for (const action of planFor(seed, SHEET)) {
        if (action.kind === 'goal' && !action.ownGoal) {
          expect(SHEET[action.side]).toContain(action.scorerLicenseId);
          if (action.assistLicenseId !== null) {
            expect(SHEET[action.side]).toContain(action.assistLicenseId);
            expect(action.assistLicenseId).not.toBe(action.scorerLicenseId);
          }
        }
        if (action.kind === 'goal' && action.ownGoal) expect([action.scorerLicenseId, action.assistLicenseId]).toEqual([null, null]);
        if (action.kind === 'penalty') expect(SHEET[action.side]).toContain(action.playerLicenseId);
      }
      for (const action of planFor(seed)) {
        if (action.kind === 'goal') expect([action.scorerLicenseId, action.assistLicenseId]).toEqual([null, null]);
        if (action.kind === 'penalty') expect(action.playerLicenseId).toBeNull();
      }
    }
  });

  it('plays the same game for the same seed, whatever the sheet', () => {
    const withoutNames = (actions: LiveAction[]) => actions.map((action) => ({ kind: action.kind, second: action.second }));
    expect(planFor(42)).toEqual(planFor(42));
    expect(withoutNames(planFor(42, SHEET))).toEqual(withoutNames(planFor(42)));
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

describe('playGames against a running service', () => {
  let league: TestLeague;
  let baseUrl: string;

  beforeAll(async () => {
    league = await openTestLeague();
    await league.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(league.app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await league?.close();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The game playGames picks from TEST_NOW on, with a game sheet so scorers can be named. */
  async function nextGameWithSheet() {
    const game = await league.db.prisma.game.findFirstOrThrow({
      where: { status: 'SCHEDULED', startsAt: { gte: TEST_NOW } },
      orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
    });
    if ((await league.db.prisma.lineupEntry.count({ where: { gameId: game.id } })) === 0) {
      for (const teamId of [game.homeTeamId, game.awayTeamId]) {
        const licenses = await league.db.prisma.license.findMany({ where: { teamId }, take: 6, orderBy: { id: 'asc' } });
        await league.db.prisma.lineupEntry.createMany({
          data: licenses.map((license) => ({ gameId: game.id, teamId, playerId: license.playerId, licenseId: license.id })),
        });
      }
    }
    return game;
  }

  it('plays the next scheduled game to the final whistle through the mutations, the score equal to its goals', async () => {
    const game = await nextGameWithSheet();
    const { key } = await createKey(league.db, 'demo-live test', null, ['games:write']);
    const lines: string[] = [];

    const outcomes = await playGames({ baseUrl, key, games: 1, speed: 100_000, from: TEST_NOW, seed: 7, log: (line) => lines.push(line) });

    expect(outcomes).toEqual([expect.objectContaining({ gameId: game.id, result: 'finished' })]);
    const played = await league.db.prisma.game.findUniqueOrThrow({ where: { id: game.id }, include: { events: true } });
    const goalsOf = (side: string) =>
      played.events.filter((event) => ['GOAL', 'OWN_GOAL', 'PENALTY_SHOOTOUT'].includes(event.type) && event.side === side).length;
    expect(played.status).toBe('FINISHED');
    expect([played.homeScore, played.awayScore]).toEqual([goalsOf('HOME'), goalsOf('AWAY')]);
    expect([outcomes[0].homeScore, outcomes[0].awayScore]).toEqual([played.homeScore, played.awayScore]);
    expect(played.events.filter((event) => event.type === 'GOAL').every((event) => event.playerId !== null)).toBe(true);

    const writes = await league.db.prisma.gameAuditEntry.findMany({ where: { gameId: game.id } });
    expect(new Set(writes.map((write) => write.idempotencyKey)).size).toBe(writes.length);
    expect(lines).toHaveLength(writes.length);
    expect(lines[0]).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d  Game ${game.id}  .+ 0:0 .+  START$`));
    expect(lines.join('\n')).not.toContain(key);
  });

  it('sends a write whose answer was lost again with the same idempotency key, and the service replays it', async () => {
    const game = await nextGameWithSheet();
    const { key } = await createKey(league.db, 'demo-live retry test', null, ['games:write']);
    const realFetch = globalThis.fetch;
    const bodies: string[] = [];
    const lostAnswer = 4; // the games, the sheet, startGame, then the first play of the game
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const response = await realFetch(input, init);
      bodies.push(String(init?.body));
      if (bodies.length !== lostAnswer) return response;
      await response.arrayBuffer();
      throw new TypeError('fetch failed');
    });
    const lines: string[] = [];

    const outcomes = await playGames({ baseUrl, key, games: 1, speed: 100_000, from: TEST_NOW, seed: 8, log: (line) => lines.push(line) });

    expect(outcomes).toEqual([expect.objectContaining({ gameId: game.id, result: 'finished' })]);
    expect(bodies[lostAnswer]).toBe(bodies[lostAnswer - 1]);
    expect(lines[1]).toMatch(/\(replayed\)$/);
    const writes = await league.db.prisma.gameAuditEntry.count({ where: { gameId: game.id } });
    expect(writes).toBe(lines.length);
  });
});
