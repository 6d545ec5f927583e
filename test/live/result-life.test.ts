// A result's whole life over real HTTP: reported through the back office, protested by the away
// club's key within the window, upheld by the federation with a corrected score; the state on
// GraphQL and the /api mark, the changes a gameUpdated subscriber hears, idempotent replays, stale
// versions, and the refusals the rules name.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { DEFAULT_START_WINDOW } from '../../src/domain/live-game.js';
import { openTestLeague, TEST_NOW, type TestLeague } from '../support/app.js';
import { bo, createEventKey, partnerToken } from '../support/bo.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';
import { subscribe } from '../support/sse.js';

let league: TestLeague;
let app: FastifyInstance;
let baseUrl: string;
let federationKey: string;
let keyCount = 0;

const HOUR = 3_600_000;
const mutation = (name: string, input: string) => `mutation ($input: ${input}!) { ${name}(input: $input) { ${WRITE_RESULT} } }`;
const PROTEST = mutation('protestResult', 'ProtestResultInput');
const UPHOLD = mutation('upholdProtest', 'UpholdProtestInput');
const REJECT = mutation('rejectProtest', 'RejectProtestInput');
const CONFIRM = mutation('confirmResult', 'ConfirmResultInput');
const UNDO = mutation('undoStatus', 'UndoStatusInput');
const REPORT = mutation('reportResult', 'ReportResultInput');
const RESULT = `query ($id: Int!) { game(id: $id) { version homeScore awayScore statusMessages
  result { state provisionalSince confirmedAt protestWindowClosesAt
    protest { by { club { id } side } at reason decision { outcome at reason } } protests { by { side } } } } }`;

interface ResultAnswer {
  game: {
    version: number;
    homeScore: number;
    awayScore: number;
    statusMessages: string[];
    result: {
      state: string;
      provisionalSince: string;
      confirmedAt: string | null;
      protestWindowClosesAt: string;
      protest: {
        by: { club: { id: number }; side: string };
        at: string;
        reason: string;
        decision: { outcome: string; at: string; reason: string } | null;
      } | null;
      protests: { by: { side: string } }[];
    } | null;
  };
}
interface Written {
  version: number;
  replayed: boolean;
  game: { homeScore: number; awayScore: number; version: number };
}

async function write(document: string, input: Record<string, unknown>, key: string) {
  const answer = await postGraphQL<Record<string, Written>>(baseUrl, document, { input }, key);
  return { errors: answer.errors, result: answer.data ? Object.values(answer.data)[0] : undefined };
}

const resultOf = async (gameId: number) => (await postGraphQL<ResultAnswer>(baseUrl, RESULT, { id: gameId })).data!.game;

/** A game of today with the keys of both clubs' desks; each call takes the next scheduled game. */
async function gameOfToday() {
  const { game } = await scheduledGameWithSheet(league.db);
  await league.db.prisma.game.update({ where: { id: game.id }, data: { startsAt: TEST_NOW } });
  const homeKey = (await createKey(league.db, `home desk ${++keyCount}`, game.homeTeam!.clubId, ['games:write'])).key;
  const awayKey = (await createKey(league.db, `away desk ${keyCount}`, game.awayTeam!.clubId, ['games:write'])).key;
  return { game, homeKey, awayKey };
}

/** A game of today finished by a result its home desk reports over GraphQL: provisional from now. */
async function reportedGame(home = 3, away = 2) {
  const keys = await gameOfToday();
  const reported = await write(REPORT, { gameId: keys.game.id, idempotencyKey: `report-${keyCount}`, homeScore: home, awayScore: away }, keys.homeKey);
  expect(reported.errors).toBeUndefined();
  return keys;
}

beforeAll(async () => {
  league = await openTestLeague();
  federationKey = (await createKey(league.db, 'federation', null, ['games:write'])).key;
  app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', gameStartWindow: DEFAULT_START_WINDOW });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(() => league.clock.set(TEST_NOW));
afterAll(async () => {
  await app?.close();
  await league?.close();
});

describe('a result’s whole life', () => {
  it('reported through /bo, protested by the away club, upheld by the federation with a corrected score: on GraphQL, the /api mark and the subscription', async () => {
    const { game, homeKey, awayKey } = await gameOfToday();
    const subscription = await subscribe<{
      data?: { gameUpdated: { kind: string; version: number; game: { homeScore: number; result: { state: string } | null } } };
    }>(baseUrl, 'subscription ($id: Int!) { gameUpdated(id: $id) { kind version game { homeScore result { state } } } }', { id: game.id });
    try {
      expect((await subscription.next()).data?.gameUpdated.kind).toBe('SNAPSHOT');

      const token = await partnerToken(app, homeKey);
      const reported = await bo<{ list: { status: string }[] }>(app, 'PUT', `/bo/games/${game.id}/status`, {
        form: { auth_token: token, event: 'report_result', home: 3, away: 2 },
      });
      expect(reported.statusCode, reported.raw).toBe(200);
      // The desk sees its report open to protest, when it asks for the result's state.
      const open = await bo<{ list: { result: Record<string, unknown> | null }[] }>(app, 'GET', `/bo/games/${game.id}?auth_token=${token}&result_state=yes`);
      expect(open.body.payload.list[0].result).toMatchObject({ state: 'provisional', open_to_protest: true, confirmed_at: null });
      const plainBo = await bo<{ list: Record<string, unknown>[] }>(app, 'GET', `/bo/games/${game.id}?auth_token=${token}`);
      expect(Object.keys(plainBo.body.payload.list[0])).not.toContain('result');
      const provisional = await resultOf(game.id);
      expect(provisional.result).toEqual({
        state: 'PROVISIONAL',
        provisionalSince: TEST_NOW.toISOString(),
        confirmedAt: null,
        protestWindowClosesAt: new Date(TEST_NOW.getTime() + 48 * HOUR).toISOString(),
        protest: null,
        protests: [],
      });

      league.clock.advance(20 * HOUR);
      const protestInput = { gameId: game.id, idempotencyKey: 'protest-1', expectedVersion: provisional.version, reason: 'Player 17 was not eligible' };
      const protested = await write(PROTEST, protestInput, awayKey);
      expect(protested.errors).toBeUndefined();
      expect(protested.result).toMatchObject({ replayed: false, version: provisional.version + 1 });
      // The same request again (its answer lost): replayed, written once.
      const replay = await write(PROTEST, protestInput, awayKey);
      expect(replay.result).toMatchObject({ replayed: true, version: provisional.version + 1 });
      expect(await league.db.prisma.resultProtest.count({ where: { gameId: game.id } })).toBe(1);

      // Only the federation decides; a version already passed is a conflict.
      const byClub = await write(UPHOLD, { gameId: game.id, idempotencyKey: 'club-uphold', reason: 'we agree', homeScore: 2, awayScore: 3 }, homeKey);
      expect(byClub.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' }, message: expect.stringMatching(/Only the federation/) });
      const stale = await write(
        UPHOLD,
        { gameId: game.id, idempotencyKey: 'uphold-stale', expectedVersion: provisional.version, reason: 'x', homeScore: 2, awayScore: 3 },
        federationKey,
      );
      expect(stale.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT', currentVersion: provisional.version + 1 });

      league.clock.advance(30 * HOUR);
      const upheld = await write(
        UPHOLD,
        {
          gameId: game.id,
          idempotencyKey: 'uphold-1',
          expectedVersion: provisional.version + 1,
          reason: 'Ineligible player: the goals he scored are void',
          homeScore: 2,
          awayScore: 3,
        },
        federationKey,
      );
      expect(upheld.errors).toBeUndefined();
      expect(upheld.result?.game).toMatchObject({ homeScore: 2, awayScore: 3 });

      const decided = await resultOf(game.id);
      const decidedAt = new Date(TEST_NOW.getTime() + 50 * HOUR).toISOString();
      expect(decided.result).toEqual({
        state: 'CONFIRMED',
        provisionalSince: TEST_NOW.toISOString(),
        confirmedAt: decidedAt,
        protestWindowClosesAt: new Date(TEST_NOW.getTime() + 48 * HOUR).toISOString(),
        protest: {
          by: { club: { id: game.awayTeam!.clubId }, side: 'AWAY' },
          at: new Date(TEST_NOW.getTime() + 20 * HOUR).toISOString(),
          reason: 'Player 17 was not eligible',
          decision: { outcome: 'UPHELD', at: decidedAt, reason: 'Ineligible player: the goals he scored are void' },
        },
        protests: [{ by: { side: 'AWAY' } }],
      });
      // The desk sees the report closed: no undo of a confirmed result.
      expect(decided.statusMessages).toEqual([]);

      const kinds: string[] = [];
      for (let update = 0; update < 3; update++) kinds.push((await subscription.next()).data!.gameUpdated.kind);
      expect(kinds).toEqual(['FINISHED', 'RESULT_PROTESTED', 'PROTEST_UPHELD']);

      const audit = await league.db.prisma.gameAuditEntry.findMany({ where: { gameId: game.id }, orderBy: { version: 'asc' } });
      expect(audit.map((entry) => entry.mutation)).toEqual(['reportResult', 'protestResult', 'upholdProtest']);
      expect(audit[1].change).toMatchObject({ resultState: { before: 'PROVISIONAL', after: 'PROTESTED' }, reason: 'Player 17 was not eligible' });
      expect(audit[2].change).toMatchObject({ resultState: { before: 'PROTESTED', after: 'CONFIRMED' }, score: { before: '3:2', after: '2:3' } });

      // The /api mark, only where it is asked for: the default answer stays as deployed clients parse it.
      const plain = await league.app.inject({ url: `/api/games/${game.id}` });
      const marked = await league.app.inject({ url: `/api/games/${game.id}?result_state=1` });
      const markedRow = marked.json().data.regions[0].rows[0];
      expect(markedRow.result_state).toEqual({
        state: 'confirmed',
        text: 'bestätigt',
        confirmed_at: decidedAt,
        protest_window_closes_at: decided.result?.protestWindowClosesAt,
      });
      const { result_state: _mark, ...withoutMark } = markedRow;
      expect(plain.json().data.regions[0].rows[0]).toEqual(withoutMark);
      expect(plain.body).not.toContain('result_state');

      const v3 = (query: string) => league.app.inject({ url: `/api/v3/games/${game.id}${query}`, headers: { authorization: `Bearer ${federationKey}` } });
      const v3Marked = (await v3('?result_state=1')).json();
      expect(v3Marked.data.attributes.result_state).toEqual({
        state: 'confirmed',
        confirmed_at: decidedAt,
        protest_window_closes_at: decided.result?.protestWindowClosesAt,
      });
      const v3Plain = await v3('');
      delete v3Marked.data.attributes.result_state;
      expect(v3Plain.json()).toEqual(v3Marked);
      expect(v3Plain.body).not.toContain('result_state');

      // The morning's session has expired two days later: the desk signs in again.
      const laterToken = await partnerToken(app, homeKey);
      const closed = await bo<{ list: { result: Record<string, unknown> | null }[] }>(
        app,
        'GET',
        `/bo/games/${game.id}?auth_token=${laterToken}&result_state=yes`,
      );
      expect(closed.statusCode, closed.raw).toBe(200);
      expect(closed.body.payload.list[0].result).toMatchObject({
        state: 'confirmed',
        open_to_protest: false,
      });
    } finally {
      subscription.close();
    }
  });

  it('a rejected protest confirms the result as it stood; a confirmation ends the window early', async () => {
    const rejected = await reportedGame(4, 1);
    expect((await write(PROTEST, { gameId: rejected.game.id, idempotencyKey: 'p', reason: 'Referee error' }, rejected.homeKey)).errors).toBeUndefined();
    expect(
      (await write(REJECT, { gameId: rejected.game.id, idempotencyKey: 'r', reason: 'A referee’s call is no ground' }, federationKey)).errors,
    ).toBeUndefined();
    expect(await resultOf(rejected.game.id)).toMatchObject({
      homeScore: 4,
      awayScore: 1,
      result: { state: 'CONFIRMED', protest: { by: { side: 'HOME' }, decision: { outcome: 'REJECTED' } } },
    });

    const confirmed = await reportedGame();
    expect((await write(CONFIRM, { gameId: confirmed.game.id, idempotencyKey: 'c' }, federationKey)).errors).toBeUndefined();
    expect((await resultOf(confirmed.game.id)).result).toMatchObject({ state: 'CONFIRMED', confirmedAt: TEST_NOW.toISOString() });
    const late = await write(PROTEST, { gameId: confirmed.game.id, idempotencyKey: 'late', reason: 'too late' }, confirmed.awayKey);
    expect(late.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' }, message: expect.stringMatching(/confirmed by the federation/) });
  });

  it('an unprotested result is confirmed when its window closes, without a write', async () => {
    const { game } = await reportedGame();
    league.clock.advance(48 * HOUR - 1);
    expect((await resultOf(game.id)).result?.state).toBe('PROVISIONAL');
    league.clock.advance(1);
    expect((await resultOf(game.id)).result).toMatchObject({ state: 'CONFIRMED', confirmedAt: new Date(TEST_NOW.getTime() + 48 * HOUR).toISOString() });
  });
});

describe('which results the standings count', () => {
  it('a group that counts confirmed results only takes a provisional one in at its confirmation, or when its window closes', async () => {
    const STANDINGS = 'query ($id: Int!) { leagueGroup(id: $id) { resultCounting protestWindowHours standings { teamId games } } }';
    const { game } = await gameOfToday();
    await league.db.prisma.leagueGroup.update({ where: { id: game.groupId! }, data: { resultCounting: 'CONFIRMED_ONLY', protestWindowHours: 24 } });
    try {
      const gamesOf = async () => {
        const answer = await postGraphQL<{
          leagueGroup: { resultCounting: string; protestWindowHours: number; standings: { teamId: number; games: number }[] };
        }>(baseUrl, STANDINGS, { id: game.groupId });
        expect(answer.data?.leagueGroup).toMatchObject({ resultCounting: 'CONFIRMED_ONLY', protestWindowHours: 24 });
        return answer.data?.leagueGroup.standings.find((row) => row.teamId === game.homeTeamId)?.games ?? 0;
      };
      const before = await gamesOf();
      const homeKey = (await createKey(league.db, `standings desk ${++keyCount}`, game.homeTeam!.clubId, ['games:write'])).key;
      expect((await write(REPORT, { gameId: game.id, idempotencyKey: `report-${keyCount}`, homeScore: 1, awayScore: 0 }, homeKey)).errors).toBeUndefined();
      expect(await gamesOf()).toBe(before);
      league.clock.advance(24 * HOUR);
      expect(await gamesOf()).toBe(before + 1);
    } finally {
      await league.db.prisma.leagueGroup.update({
        where: { id: game.groupId! },
        data: { resultCounting: 'PROVISIONAL_AND_CONFIRMED', protestWindowHours: 48 },
      });
    }
  });
});

describe('refusals', () => {
  it('a protest after the window, by a club not in the game, by an event desk, twice, or without a reason', async () => {
    const { game, awayKey } = await reportedGame();
    const strangerClub = await league.db.prisma.club.findFirstOrThrow({ where: { id: { notIn: [game.homeTeam!.clubId, game.awayTeam!.clubId] } } });
    const stranger = (await createKey(league.db, 'stranger', strangerClub.id, ['games:write'])).key;
    const notPlayed = await write(PROTEST, { gameId: game.id, idempotencyKey: 's', reason: 'x' }, stranger);
    expect(notPlayed.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' }, message: expect.stringMatching(/did not play this game/) });
    const eventKey = (await createEventKey(league.db, 'event desk', [game.id])).key;
    expect((await write(PROTEST, { gameId: game.id, idempotencyKey: 'e', reason: 'x' }, eventKey)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const blank = await write(PROTEST, { gameId: game.id, idempotencyKey: 'b', reason: '  ' }, awayKey);
    expect(blank.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'reason' } });

    expect((await write(PROTEST, { gameId: game.id, idempotencyKey: 'once', reason: 'first' }, awayKey)).errors).toBeUndefined();
    const twice = await write(PROTEST, { gameId: game.id, idempotencyKey: 'twice', reason: 'second' }, awayKey);
    expect(twice.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
      message: 'This club has already protested this result: a club protests a result once',
    });

    const other = await reportedGame();
    league.clock.advance(48 * HOUR);
    const late = await write(PROTEST, { gameId: other.game.id, idempotencyKey: 'late', reason: 'late' }, other.awayKey);
    expect(late.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' }, message: expect.stringMatching(/^The protest window closed at /) });
  });

  it('a confirmation by a club key; a correction of a confirmed result without the federation, or without its reason', async () => {
    const { game, homeKey } = await reportedGame();
    const byClub = await write(CONFIRM, { gameId: game.id, idempotencyKey: 'club-confirm' }, homeKey);
    expect(byClub.errors?.[0]).toMatchObject({
      extensions: { code: 'FORBIDDEN' },
      message: 'Only the federation (a key of no club and no event) may confirm a result',
    });
    expect((await write(CONFIRM, { gameId: game.id, idempotencyKey: 'fed-confirm' }, federationKey)).errors).toBeUndefined();
    const undo = await write(UNDO, { gameId: game.id, idempotencyKey: 'desk-undo' }, homeKey);
    expect(undo.errors?.[0]).toMatchObject({
      extensions: { code: 'FORBIDDEN' },
      message: 'The result is confirmed: only the federation may change it now, stating its reason',
    });
    const silent = await write(UNDO, { gameId: game.id, idempotencyKey: 'fed-undo' }, federationKey);
    expect(silent.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'reason' } });
    const stated = await write(UNDO, { gameId: game.id, idempotencyKey: 'fed-undo-2', reason: 'Reported on the wrong game' }, federationKey);
    expect(stated.errors).toBeUndefined();
    expect((await resultOf(game.id)).result).toBeNull();
  });

  it('an uphold whose corrected score could not be, named by its field', async () => {
    const { game, awayKey } = await reportedGame();
    expect((await write(PROTEST, { gameId: game.id, idempotencyKey: 'p', reason: 'x' }, awayKey)).errors).toBeUndefined();
    const tie = await write(UPHOLD, { gameId: game.id, idempotencyKey: 'u', reason: 'x', homeScore: 2, awayScore: 2 }, federationKey);
    expect(tie.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'homeScore' } });
    const negative = await write(UPHOLD, { gameId: game.id, idempotencyKey: 'n', reason: 'x', homeScore: 1, awayScore: -1 }, federationKey);
    expect(negative.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'awayScore' } });
  });
});
