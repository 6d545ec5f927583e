// A result stands only if the right caller decided it at the right time and it could have
// happened: the reproductions of the results a desk could decide ahead of time, write twice, or
// make up, each on the canonical API and on the back office, over real HTTP.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { DEFAULT_START_WINDOW } from '../../src/domain/live-game.js';
import { RESEND_WINDOW_MS } from '../../src/domain/game-write.js';
import { openTestLeague, TEST_NOW, type TestLeague } from '../support/app.js';
import { bo, partnerToken } from '../support/bo.js';
import { createKey } from '../support/keys.js';
import { gameSnapshot, postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';

let league: TestLeague;
let app: FastifyInstance;
let baseUrl: string;
let federationKey: string;
let written = 0;

const mutation = (name: string, input: string) => `mutation ($input: ${input}!) { ${name}(input: $input) { ${WRITE_RESULT} } }`;
const START = mutation('startGame', 'StartGameInput');
const GOAL = mutation('recordGoal', 'RecordGoalInput');
const END_PERIOD = mutation('endPeriod', 'EndPeriodInput');
const FORFEIT = mutation('forfeitGame', 'ForfeitGameInput');
const REPORT = mutation('reportResult', 'ReportResultInput');
const ABORT = mutation('abortGame', 'AbortGameInput');
const CORRECT_TRANSITION = mutation('correctTransition', 'CorrectTransitionInput');
const STANDINGS = 'query ($id: Int!) { leagueGroup(id: $id) { standings { teamId games points } } }';
const CLOCK = 'query ($id: Int!) { game(id: $id) { status clock { second } report { totalSecondsPlayed } } }';

interface Outcome {
  replayed: boolean;
  game: { status: string; homeScore: number | null; awayScore: number | null };
}

async function write(document: string, gameId: number, input: Record<string, unknown>, key = federationKey) {
  const answer = await postGraphQL<Record<string, Outcome>>(baseUrl, document, { input: { gameId, idempotencyKey: `authority-${++written}`, ...input } }, key);
  return { errors: answer.errors, result: answer.data ? Object.values(answer.data)[0] : undefined };
}

/** A scheduled game with a sheet, moved to `minutesFromNow` after the test clock's now. */
async function gameScheduledIn(minutesFromNow: number) {
  const { game, sheet } = await scheduledGameWithSheet(league.db);
  await league.db.prisma.game.update({ where: { id: game.id }, data: { startsAt: new Date(TEST_NOW.getTime() + minutesFromNow * 60_000) } });
  const clubKey = (await createKey(league.db, `desk of ${game.id}`, game.homeTeam!.clubId, ['games:write'])).key;
  return { game, sheet, clubKey };
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

describe('who may decide a result, and when', () => {
  it('a club key cannot forfeit or report its home game days ahead, on GraphQL or the back office; nothing is written', async () => {
    const { game, clubKey } = await gameScheduledIn(5 * 24 * 60);
    const before = await gameSnapshot(league.db, game.id);
    const forfeit = await write(FORFEIT, game.id, { forfeitingSide: 'AWAY' }, clubKey);
    expect(forfeit.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' }, message: expect.stringMatching(/only the federation may/) });
    const report = await write(REPORT, game.id, { homeScore: 10, awayScore: 0 }, clubKey);
    expect(report.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const token = await partnerToken(app, clubKey);
    const forfait = await bo(app, 'PUT', `/bo/games/${game.id}/status`, { form: { auth_token: token, event: 'forfait' } });
    expect(forfait.statusCode, forfait.raw).toBe(403);
    expect(forfait.body.status.msg).toMatch(/its desk may forfeit it from .* to .*; outside that only the federation may/);
    expect(await gameSnapshot(league.db, game.id)).toEqual(before);
  });

  it('the federation decides outside the window only with a reason, which the audit keeps', async () => {
    const { game } = await gameScheduledIn(5 * 24 * 60);
    const silent = await write(FORFEIT, game.id, { forfeitingSide: 'AWAY' });
    expect(silent.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' }, message: expect.stringContaining('state the reason') });
    const stated = await write(FORFEIT, game.id, { forfeitingSide: 'AWAY', reason: 'Away team withdrew from the league' });
    expect(stated.errors).toBeUndefined();
    expect(stated.result?.game).toMatchObject({ status: 'FORFEIT', homeScore: 5, awayScore: 0 });
    const audit = await league.db.prisma.gameAuditEntry.findFirstOrThrow({ where: { gameId: game.id, mutation: 'forfeitGame' } });
    expect(audit.change).toMatchObject({ input: { reason: 'Away team withdrew from the league' } });
  });

  it('a back-office start outside the window tells each desk what it can send: the federation’s outside_start_window with a reason', async () => {
    const { game, clubKey } = await gameScheduledIn(3 * 24 * 60);
    const clubToken = await partnerToken(app, clubKey);
    const early = await bo(app, 'PUT', `/bo/games/${game.id}/status`, { form: { auth_token: clubToken, event: 'start' } });
    expect(early.statusCode, early.raw).toBe(400);
    expect(early.body.status.msg).toContain('back office `outside_start_window=yes` and `reason=`');
    const federationToken = await partnerToken(app, federationKey);
    const withoutReason = await bo(app, 'PUT', `/bo/games/${game.id}/status`, {
      form: { auth_token: federationToken, event: 'start', outside_start_window: 'yes' },
    });
    expect(withoutReason.statusCode, withoutReason.raw).toBe(400);
    expect(withoutReason.body.status.msg).toMatch(/state the reason/);
    const started = await bo<{ list: { status: string }[] }>(app, 'PUT', `/bo/games/${game.id}/status`, {
      form: { auth_token: federationToken, event: 'start', outside_start_window: 'yes', reason: 'rescheduled by the league' },
    });
    expect(started.statusCode, started.raw).toBe(200);
    expect(started.body.payload.list[0].status).toBe('live');
  });

  it('a desk decides its game on the day: a club key forfeits a game that starts in an hour', async () => {
    const { game, clubKey } = await gameScheduledIn(60);
    const forfeit = await write(FORFEIT, game.id, { forfeitingSide: 'AWAY' }, clubKey);
    expect(forfeit.errors).toBeUndefined();
    expect(forfeit.result?.game.status).toBe('FORFEIT');
  });

  it('a result counts in the standings from its game’s day, not before', async () => {
    const { game } = await gameScheduledIn(120 * 24 * 60);
    const rowOf = async () => {
      const answer = await postGraphQL<{ leagueGroup: { standings: { teamId: number; games: number }[] } }>(baseUrl, STANDINGS, { id: game.groupId });
      return answer.data?.leagueGroup.standings.find((row) => row.teamId === game.homeTeamId);
    };
    const before = await rowOf();
    expect((await write(FORFEIT, game.id, { forfeitingSide: 'AWAY', reason: 'Away club dissolved' })).errors).toBeUndefined();
    expect((await rowOf())?.games).toBe(before?.games);
    league.clock.set(new Date(TEST_NOW.getTime() + 120 * 24 * 60 * 60_000));
    expect((await rowOf())?.games).toBe((before?.games ?? 0) + 1);
  });

  it('a retry is a retry whoever resends it: the federation resending the home desk’s goal replays it; another goal under the key is refused', async () => {
    const { game, sheet, clubKey } = await gameScheduledIn(0);
    expect((await write(START, game.id, {}, clubKey)).errors).toBeUndefined();
    const goal = { gameId: game.id, idempotencyKey: 'desk-goal-1', side: 'HOME', second: 120, scorerLicenseId: sheet.HOME[1].licenseId };
    const first = await postGraphQL<{ recordGoal: Outcome }>(baseUrl, GOAL, { input: goal }, clubKey);
    expect(first.data?.recordGoal.replayed).toBe(false);
    const resent = await postGraphQL<{ recordGoal: Outcome }>(baseUrl, GOAL, { input: goal }, federationKey);
    expect(resent.errors).toBeUndefined();
    expect(resent.data?.recordGoal).toMatchObject({ replayed: true, game: { homeScore: 1, awayScore: 0 } });
    const other = await postGraphQL(baseUrl, GOAL, { input: { ...goal, second: 180 } }, federationKey);
    expect(other.errors?.[0].message).toBe('idempotencyKey "desk-goal-1" was already used for a different write');
    expect(await league.db.prisma.gameEvent.count({ where: { gameId: game.id, type: 'GOAL' } })).toBe(1);
  });
});

describe('only results that could have happened', () => {
  it('refuses an overtime won by more than the golden goal, and a shootout won by more than one goal, on both interfaces', async () => {
    const { game, clubKey } = await gameScheduledIn(0);
    const overtime = await write(REPORT, game.id, { homeScore: 5, awayScore: 2, overtime: true }, clubKey);
    expect(overtime.errors?.[0].message).toBe('Overtime ends with its golden goal, one goal apart: 5:2 cannot be a result decided in overtime');
    const shootout = await write(REPORT, game.id, { homeScore: 5, awayScore: 1, penaltyShootout: true }, clubKey);
    expect(shootout.errors?.[0].message).toBe('A shootout adds one goal to a tie: 5:1 cannot be a result decided by penalty shots');
    const token = await partnerToken(app, clubKey);
    const viaBo = await bo(app, 'PUT', `/bo/games/${game.id}/status`, {
      form: { auth_token: token, event: 'report_result', home: 5, away: 2, prolongation: 'yes' },
    });
    expect(viaBo.statusCode, viaBo.raw).toBe(400);
    expect(viaBo.body.status.msg).toMatch(/^Overtime ends with its golden goal/);
    const possible = await write(REPORT, game.id, { homeScore: 3, awayScore: 2, overtime: true }, clubKey);
    expect(possible.errors).toBeUndefined();
    expect(possible.result?.game).toMatchObject({ status: 'FINISHED', homeScore: 3, awayScore: 2 });
  });

  it('a reported result must agree with the goals recorded live', async () => {
    const { game, sheet, clubKey } = await gameScheduledIn(0);
    expect((await write(START, game.id, {}, clubKey)).errors).toBeUndefined();
    for (const second of [100, 200]) {
      expect((await write(GOAL, game.id, { side: 'HOME', second, scorerLicenseId: sheet.HOME[1].licenseId }, clubKey)).errors).toBeUndefined();
    }
    const token = await partnerToken(app, clubKey);
    const contradicting = await bo(app, 'PUT', `/bo/games/${game.id}/status`, { form: { auth_token: token, event: 'report_result', home: 1, away: 3 } });
    expect(contradicting.statusCode, contradicting.raw).toBe(400);
    expect(contradicting.body.status.msg).toMatch(/^The game has recorded goals \(2:0\): a reported result must agree with them/);
    const graphql = await write(REPORT, game.id, { homeScore: 1, awayScore: 3 }, clubKey);
    expect(graphql.errors?.[0].message).toMatch(/^The game has recorded goals \(2:0\)/);
    const agreeing = await write(REPORT, game.id, { homeScore: 2, awayScore: 0 }, clubKey);
    expect(agreeing.result?.game).toMatchObject({ status: 'FINISHED', homeScore: 2, awayScore: 0 });
  });

  it('start_penalty_shootout is refused where the game does not offer it, naming what it does offer', async () => {
    const { game, clubKey } = await gameScheduledIn(0);
    const token = await partnerToken(app, clubKey);
    expect((await bo(app, 'PUT', `/bo/games/${game.id}/status`, { form: { auth_token: token, event: 'start' } })).statusCode).toBe(200);
    const before = await gameSnapshot(league.db, game.id);
    const shootout = await bo(app, 'PUT', `/bo/games/${game.id}/status`, { form: { auth_token: token, event: 'start_penalty_shootout' } });
    expect(shootout.statusCode, shootout.raw).toBe(400);
    expect(shootout.body.status.msg).toBe(
      'Penalty shots follow the end of overtime; the game is in period 1. Allowed now: start_third, end_third, report_result, forfait, abort, undo',
    );
    expect(await gameSnapshot(league.db, game.id)).toEqual(before);
    const graphql = await write(END_PERIOD, game.id, { beforePenaltyShootout: true }, clubKey);
    expect(graphql.errors?.[0].message).toMatch(/^Penalty shots follow the end of overtime; the game is in period 1\. Allowed now: /);
    const offered = await postGraphQL<{ game: { statusMessages: string[] } }>(baseUrl, 'query ($id: Int!) { game(id: $id) { statusMessages } }', {
      id: game.id,
    });
    expect(offered.data?.game.statusMessages).not.toContain('START_PENALTY_SHOOTOUT');
  });

  it('shows the abort’s second wherever the clock is, and holds its correction to the abort’s bounds', async () => {
    const { game, sheet, clubKey } = await gameScheduledIn(0);
    expect((await write(START, game.id, {}, clubKey)).errors).toBeUndefined();
    expect((await write(GOAL, game.id, { side: 'HOME', second: 190, scorerLicenseId: sheet.HOME[1].licenseId }, clubKey)).errors).toBeUndefined();
    const token = await partnerToken(app, clubKey);
    const aborted = await bo<{ list: { total_seconds_played: number }[] }>(app, 'PUT', `/bo/games/${game.id}/status`, {
      form: { auth_token: token, event: 'abort', second: 400 },
    });
    expect(aborted.statusCode, aborted.raw).toBe(200);
    expect(aborted.body.payload.list[0].total_seconds_played).toBe(400);
    const clock = await postGraphQL<{ game: { clock: { second: number }; report: { totalSecondsPlayed: number } } }>(baseUrl, CLOCK, { id: game.id });
    expect(clock.data?.game).toMatchObject({ clock: { second: 400 }, report: { totalSecondsPlayed: 400 } });
    for (const second of [100, 5000]) {
      const corrected = await write(CORRECT_TRANSITION, game.id, { to: 'ABORTED', second }, clubKey);
      expect(corrected.errors?.[0].message).toBe("second must be a whole number from the last event's (190) to the end of play (4200)");
    }
    expect((await write(CORRECT_TRANSITION, game.id, { to: 'ABORTED', second: 700 }, clubKey)).errors).toBeUndefined();
    const moved = await postGraphQL<{ game: { clock: { second: number } } }>(baseUrl, CLOCK, { id: game.id });
    expect(moved.data?.game.clock.second).toBe(700);
    const viaGraphQL = await gameScheduledIn(0);
    expect((await write(START, viaGraphQL.game.id, {}, viaGraphQL.clubKey)).errors).toBeUndefined();
    expect((await write(ABORT, viaGraphQL.game.id, { second: 700 }, viaGraphQL.clubKey)).errors).toBeUndefined();
    const abortClock = await postGraphQL<{ game: { clock: { second: number } } }>(baseUrl, CLOCK, { id: viaGraphQL.game.id });
    expect(abortClock.data?.game.clock.second).toBe(700);
  });
});

describe('a resend against an intended repeat', () => {
  it('undo twice at once is a resend, told in msg; undo again after the resend window goes further back', async () => {
    const { game, clubKey } = await gameScheduledIn(0);
    const token = await partnerToken(app, clubKey);
    const status = (event: string) => bo<{ list: { status: string }[] }>(app, 'PUT', `/bo/games/${game.id}/status`, { form: { auth_token: token, event } });
    expect((await status('start')).statusCode).toBe(200);
    expect((await status('end_third')).statusCode).toBe(200);
    const period = async () => (await league.db.prisma.game.findUniqueOrThrow({ where: { id: game.id } })).clockPeriod;
    expect(await period()).toBe(2);
    const undone = await status('undo');
    expect(undone.body.status.msg).toBe('ok');
    expect(await period()).toBe(1);
    const resent = await status('undo');
    expect(resent.statusCode).toBe(200);
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(resent.body.status.msg).toMatch(/^ok \(resent: this undo was already applied and nothing has been written since/);
    expect(await period()).toBe(1);
    league.clock.advance(RESEND_WINDOW_MS + 1_000);
    const further = await status('undo');
    expect(further.body.status.msg).toBe('ok');
    expect(further.headers['idempotent-replayed']).toBeUndefined();
    expect(further.body.payload.list[0].status).toBe('scheduled');
  });

  it('end_third twice: at once a resend, told; after the resend window it ends the next period', async () => {
    const { game, clubKey } = await gameScheduledIn(0);
    const token = await partnerToken(app, clubKey);
    const status = (event: string) => bo(app, 'PUT', `/bo/games/${game.id}/status`, { form: { auth_token: token, event } });
    expect((await status('start')).statusCode).toBe(200);
    expect((await status('end_third')).body.status.msg).toBe('ok');
    const resent = await status('end_third');
    expect(resent.body.status.msg).toMatch(/^ok \(resent: this end_third was already applied/);
    const period = async () => (await league.db.prisma.game.findUniqueOrThrow({ where: { id: game.id } })).clockPeriod;
    expect(await period()).toBe(2);
    league.clock.advance(RESEND_WINDOW_MS + 1_000);
    expect((await status('end_third')).body.status.msg).toBe('ok');
    expect(await period()).toBe(3);
  });
});
