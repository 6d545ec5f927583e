import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { AnswerHorizon, fixedClock, HorizonNotingClock, horizonNoting, nowUntil, UNDECLARED_TIME_READ_MS, withinHorizon } from '../../src/clock.js';
import { DEFAULT_RESPONSE_CACHE_TTL_MS } from '../../src/config.js';
import { REFEREE_VISIBILITY_MS } from '../../src/domain/referees.js';
import { nextLocalMidnight } from '../../src/domain/league-time.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('an answer horizon', () => {
  it('is unbounded until the clock is read, then as short as its shortest read', () => {
    const clock = fixedClock('2026-11-28T10:00:00Z');
    const noting = horizonNoting(clock);
    const horizon = new AnswerHorizon();
    withinHorizon(horizon, () => {
      expect(horizon.remainingMs).toBe(Number.POSITIVE_INFINITY);
      nowUntil(noting, (now) => now.getTime() + 5 * MINUTE);
      expect(horizon.remainingMs).toBe(5 * MINUTE);
      nowUntil(noting, () => undefined); // a reading that no passing of time changes
      expect(horizon.remainingMs).toBe(5 * MINUTE);
      noting.now(); // a reading that says nothing of when it changes
      expect(horizon.remainingMs).toBe(Math.min(5 * MINUTE, UNDECLARED_TIME_READ_MS));
      nowUntil(noting, (now) => now.getTime() - 1); // already past: not kept at all
      expect(horizon.remainingMs).toBe(0);
    });
  });

  it('notes nothing outside an answer, and wraps a clock once', () => {
    const noting = horizonNoting(fixedClock('2026-11-28T10:00:00Z'));
    expect(horizonNoting(noting)).toBe(noting);
    expect(noting).toBeInstanceOf(HorizonNotingClock);
    expect(noting.now().toISOString()).toBe('2026-11-28T10:00:00.000Z');
  });

  it('follows the awaits of the answer it belongs to, and no other', async () => {
    const noting = horizonNoting(fixedClock('2026-11-28T10:00:00Z'));
    const [first, second] = [new AnswerHorizon(), new AnswerHorizon()];
    await Promise.all([
      withinHorizon(first, async () => {
        await new Promise((resolve) => setImmediate(resolve));
        nowUntil(noting, (now) => now.getTime() + MINUTE);
      }),
      withinHorizon(second, async () => {
        await Promise.resolve();
      }),
    ]);
    expect([first.remainingMs, second.remainingMs]).toEqual([MINUTE, Number.POSITIVE_INFINITY]);
  });
});

describe('cached answers live until what they read changes', () => {
  let league: TestLeague;
  let app: FastifyInstance;
  let federation: Record<string, string>;

  beforeAll(async () => {
    league = await openTestLeague();
    // As deployed: the default safety bound, the caches on the league's clock, which the tests move.
    app = await buildApp({
      database: league.db,
      clock: league.clock,
      cacheClock: () => league.clock.now().getTime(),
      logLevel: 'silent',
      responseCacheTtlMs: DEFAULT_RESPONSE_CACHE_TTL_MS,
    });
    federation = { authorization: `Bearer ${(await createKey(league.db, 'federation desk', null, ['games:write'])).key}` };
  });
  afterAll(async () => {
    await app?.close();
    await league?.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });
  const graphqlGet = (query: string) => get(`/graphql?query=${encodeURIComponent(query)}`);

  /** A write as the federation sends it (real, announced on the change feed), outside the start window with a reason. */
  async function write(mutation: 'startGame' | 'startPeriod', gameId: number): Promise<void> {
    const input = mutation === 'startGame' ? { outsideStartWindow: true, reason: 'a test write' } : {};
    const answer = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: federation,
      payload: {
        query: `mutation ($input: ${mutation === 'startGame' ? 'StartGameInput' : 'StartPeriodInput'}!) { ${mutation}(input: $input) { game { id } } }`,
        variables: { input: { gameId, idempotencyKey: `${mutation}-${gameId}`, ...input } },
      },
    });
    expect(answer.json()).toMatchObject({ data: { [mutation]: { game: { id: gameId } } } });
  }

  /** A scheduled game with both teams, not one of `taken`. */
  const scheduledGame = (taken: number[] = []) =>
    league.db.prisma.game.findFirstOrThrow({
      where: { status: 'SCHEDULED', id: { notIn: taken }, homeTeamId: { not: null }, awayTeamId: { not: null } },
      orderBy: { id: 'desc' },
    });

  /** Moves a game to `startsAt` (before any answer about it is built: a hand edit nobody announces). */
  const movedGame = async (startsAt: Date, referee?: string) => {
    const game = await scheduledGame();
    return league.db.prisma.game.update({ where: { id: game.id }, data: { startsAt, ...(referee ? { firstReferee: referee } : {}) } });
  };

  it('keeps an answer that reads no clock through an hour of unrelated writes', async () => {
    const query = '{ seasons { id label } }';
    expect((await get('/api/seasons')).headers['x-cache']).toBe('miss');
    expect((await graphqlGet(query)).statusCode).toBe(200);
    const written: number[] = [];
    for (let step = 0; step < 12; step += 1) {
      league.clock.advance(5 * MINUTE + 1);
      const game = await scheduledGame(written);
      written.push(game.id);
      await write('startGame', game.id);
    }
    expect((await get('/api/seasons')).headers['x-cache']).toBe('hit');
    const again = await graphqlGet(query);
    expect(again.statusCode).toBe(200);
    // yoga's result cache answers a stored result without running it: no SQL is the mark of a hit.
    const before = league.db.queryCount();
    await graphqlGet(query);
    expect(league.db.queryCount() - before).toBe(0);
  });

  it("keeps a team's page and its players' pages through a write to its own game, and drops the game's page", async () => {
    const game = await scheduledGame();
    const { seasonId } = await league.db.prisma.leagueGroup.findUniqueOrThrow({ where: { id: game.groupId! } });
    // A player of the team that season: the write names them (their statistics and overview count the game).
    const member = await league.db.prisma.teamMember.findFirstOrThrow({ where: { teamId: game.homeTeamId!, seasonId } });
    const player = `/api/players/${member.playerId}`;
    expect((await get(player)).headers['x-cache']).toBe('miss');
    const page = `/api/teams/${game.homeTeamId}`;
    const games = `/api/games/${game.id}`;
    expect([(await get(page)).headers['x-cache'], (await get(games)).headers['x-cache']]).toEqual(['miss', 'miss']);
    await write('startGame', game.id);
    // A team's name, logo, club and league, a player's name, club, number and licence are nothing a
    // game write changes; the game's page shows its status.
    expect([(await get(page)).headers['x-cache'], (await get(games)).headers['x-cache']]).toEqual(['hit', 'miss']);
    expect((await get(player)).headers['x-cache']).toBe('hit');
  });

  it("keeps the other teams' statistics of a group through a live write, and drops them when a result counts", async () => {
    const game = await scheduledGame();
    const other = await league.db.prisma.teamRegistration.findFirstOrThrow({
      where: { groupId: game.groupId!, teamId: { notIn: [game.homeTeamId!, game.awayTeamId!] } },
    });
    const statistics = `/api/teams/${other.teamId}/statistics`;
    expect((await get(statistics)).headers['x-cache']).toBe('miss');
    // A start decides nothing: no rank in the group moves.
    await write('startGame', game.id);
    expect((await get(statistics)).headers['x-cache']).toBe('hit');
    // A forfeit decides the game: the group's table, and so every team's rank in it, may change.
    // A game of the same group that the other team does not play: only the group names it.
    const decided = await league.db.prisma.game.findFirstOrThrow({
      where: {
        status: 'SCHEDULED',
        groupId: game.groupId,
        id: { not: game.id },
        homeTeamId: { notIn: [other.teamId] },
        awayTeamId: { notIn: [other.teamId] },
        NOT: [{ homeTeamId: null }, { awayTeamId: null }],
      },
    });
    const forfeit = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: federation,
      payload: {
        query: 'mutation ($input: ForfeitGameInput!) { forfeitGame(input: $input) { game { id } } }',
        variables: { input: { gameId: decided.id, idempotencyKey: `forfeit-${decided.id}`, forfeitingSide: 'AWAY' } },
      },
    });
    expect(forfeit.json()).toMatchObject({ data: { forfeitGame: { game: { id: decided.id } } } });
    expect((await get(statistics)).headers['x-cache']).toBe('miss');
  });

  it("keeps a round's list through a write in another group of its league, and drops it on a write to its group", async () => {
    const db = league.db.prisma;
    // A scheduled game of one group, and one of another group of the same league.
    const candidates = await db.game.findMany({
      where: { status: 'SCHEDULED', roundId: { not: null }, homeTeamId: { not: null }, awayTeamId: { not: null } },
      include: { group: true, round: true },
      orderBy: { id: 'asc' },
    });
    const pair = candidates
      .map((game) => ({ game, elsewhere: candidates.find((other) => other.group!.leagueId === game.group!.leagueId && other.groupId !== game.groupId) }))
      .find((found) => found.elsewhere !== undefined);
    expect(pair).toBeDefined();
    const { game, elsewhere } = pair!;
    const group = game.group!;
    const list = `/api/games?mode=list&season=${group.seasonId}&league=${group.leagueId}&game_class=${group.gameClassId}&group=${encodeURIComponent(group.name)}&round=${game.round!.number}`;
    const first = await get(list);
    expect([first.statusCode, first.headers['x-cache']]).toEqual([200, 'miss']);
    await write('startGame', elsewhere!.id);
    expect((await get(list)).headers['x-cache']).toBe('hit');
    await write('startGame', game.id);
    expect((await get(list)).headers['x-cache']).toBe('miss');
  });

  it('changes a game page at the moment its referees are published, not before and not later', async () => {
    // A game whose referees appear an hour from now, before midnight (which changes the page's day words too).
    const game = await movedGame(new Date(league.clock.now().getTime() + REFEREE_VISIBILITY_MS + HOUR), 'Rita Referee');
    const referee = game.firstReferee as string;
    const visibleFrom = game.startsAt.getTime() - REFEREE_VISIBILITY_MS;
    const rest = `/api/games/${game.id}`;
    const query = `{ game(id: ${game.id}) { id firstReferee } }`;

    const first = await get(rest);
    expect([first.headers['x-cache'], first.body.includes(referee)]).toEqual(['miss', false]);
    expect((await graphqlGet(query)).json().data).toEqual({ game: { id: game.id, firstReferee: null } });

    league.clock.set(new Date(visibleFrom - 1));
    const before = await get(rest);
    expect([before.headers['x-cache'], before.body]).toEqual(['hit', first.body]);
    const queries = league.db.queryCount();
    expect((await graphqlGet(query)).json().data).toEqual({ game: { id: game.id, firstReferee: null } });
    expect(league.db.queryCount() - queries).toBe(0);

    league.clock.set(new Date(visibleFrom));
    const at = await get(rest);
    expect([at.headers['x-cache'], at.body.includes(referee)]).toEqual(['miss', true]);
    expect((await graphqlGet(query)).json().data).toEqual({ game: { id: game.id, firstReferee: referee } });
  });

  it('changes the words for "today" and "tomorrow" at midnight in the league', async () => {
    const midnight = nextLocalMidnight(league.clock.now()).getTime();
    const game = await movedGame(new Date(midnight + 12 * HOUR));
    const url = `/api/games/${game.id}?locale=en`;
    const first = await get(url);
    expect(first.body).toContain('tomorrow');
    league.clock.set(new Date(midnight - 1));
    expect((await get(url)).headers['x-cache']).toBe('hit');
    league.clock.set(new Date(midnight));
    const after = await get(url);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body).toContain('today');
    expect(after.body).not.toContain('tomorrow');
  });

  it('keeps a live game clock a second, and its phase until a write', async () => {
    const game = await scheduledGame();
    await write('startGame', game.id);
    await write('startPeriod', game.id);
    const phase = `{ game(id: ${game.id}) { clock { phase period } } }`;
    const second = `{ game(id: ${game.id}) { clock { second running } } }`;
    const firstPhase = (await graphqlGet(phase)).json();
    const firstSecond = (await graphqlGet(second)).json() as { data: { game: { clock: { second: number; running: boolean } } } };
    expect(firstSecond.data.game.clock.running).toBe(true);

    league.clock.advance(999);
    const queries = league.db.queryCount();
    expect((await graphqlGet(second)).json()).toEqual(firstSecond); // the same answer, cost and all
    expect(league.db.queryCount() - queries).toBe(0);
    league.clock.advance(1);
    const later = (await graphqlGet(second)).json() as typeof firstSecond;
    expect(later.data.game.clock.second).toBe(firstSecond.data.game.clock.second + 1);

    league.clock.advance(10 * MINUTE);
    const phaseQueries = league.db.queryCount();
    expect((await graphqlGet(phase)).json()).toEqual(firstPhase);
    expect(league.db.queryCount() - phaseQueries).toBe(0);
  });

  it('keeps an answer that read the clock without saying until when no longer than before', async () => {
    const team = await league.db.prisma.team.findFirstOrThrow({ orderBy: { id: 'asc' } });
    // A calendar's window is a month back and a year ahead of now: it reads the clock and names no moment.
    const url = `/api/calendars?team_id=${team.id}`;
    expect((await get(url)).headers['x-cache']).toBe('miss');
    league.clock.advance(UNDECLARED_TIME_READ_MS - 1);
    expect((await get(url)).headers['x-cache']).toBe('hit');
    league.clock.advance(1);
    expect((await get(url)).headers['x-cache']).toBe('miss');
  });
});
