// Retries and refusals of /bo writes: a resent request without an idempotency key is written once,
// the same request after another write is a new one, an explicit key is honoured; answers are each
// caller's own; a token that may not report the game is refused, and malformed input is a 400 that
// names the field, never a 500.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { countQueries, openTestLeague, type TestLeague } from '../../support/app.js';
import { anlassToken, bo, type BoAnswer, type BoRequest, createEventKey, eligibleSheet, partnerToken, scheduledGames } from '../../support/bo.js';
import { createKey } from '../../support/keys.js';
import { gameSnapshot } from '../../support/live.js';

let league: TestLeague;
let app: FastifyInstance;
type Game = Awaited<ReturnType<typeof scheduledGames>>[number];
let game: Game;
let otherGame: Game;
let scorelessGame: Game;
let eventKey: Awaited<ReturnType<typeof createEventKey>>;
let token: string;
let sheet: Awaited<ReturnType<typeof eligibleSheet>>;
let awaySheet: Awaited<ReturnType<typeof eligibleSheet>>;

const send = (method: string, url: string, request: BoRequest = {}) => bo(app, method, url, request);
const events = (type = 'GOAL') => league.db.prisma.gameEvent.count({ where: { gameId: game.id, type: type as 'GOAL' } });
const goalAt = (time: string, extra: Record<string, string | number> = {}) => ({
  form: { auth_token: token, category_id: 1, time, team_id: game.homeTeamId!, player_id: sheet[1].playerId, ...extra },
});
const period = async () => (await league.db.prisma.game.findUniqueOrThrow({ where: { id: game.id } })).clockPeriod;

/** A replay answers the first write's payload, and says in `msg` that it is one. */
function expectReplayOf(replay: BoAnswer<unknown>, first: BoAnswer<unknown>) {
  expect(replay.body.payload).toEqual(first.body.payload);
  expect(first.body.status.msg).toBe('ok');
  expect(replay.body.status).toEqual({ code: 0, msg: expect.stringMatching(/^ok \(resent: this (event|end_third|lineup) was already applied/) });
}

function expectRefused(answer: BoAnswer<unknown>, code: number, msg: RegExp) {
  expect(answer.statusCode, answer.raw).toBe(code);
  expect(answer.body).toMatchObject({ status: { code, msg: expect.stringMatching(msg) }, payload: null });
}

beforeAll(async () => {
  league = await openTestLeague();
  [game, otherGame, scorelessGame] = await scheduledGames(league.db, 3);
  // The service's response cache is on: /bo answers must never reach it.
  app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local', responseCacheTtlMs: 60_000 });
  eventKey = await createEventKey(league.db, 'desk', [game.id, scorelessGame.id]);
  token = await anlassToken(app, eventKey);
  sheet = await eligibleSheet(league.db, game.id, game.homeTeamId!);
  awaySheet = await eligibleSheet(league.db, game.id, game.awayTeamId!);
  for (const [teamId, lines] of [
    [game.homeTeamId!, sheet],
    [game.awayTeamId!, awaySheet],
  ] as const) {
    const written = await send('PUT', `/bo/games/${game.id}/lineups/${teamId}`, { json: { auth_token: token, license_ids: lines.map((c) => c.licenseId) } });
    expect(written.statusCode, written.raw).toBe(200);
  }
  expect((await send('PUT', `/bo/games/${game.id}/status`, { form: { auth_token: token, event: 'start' } })).statusCode).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await league?.close();
});

describe('a resent request without an idempotency key', () => {
  it('records a goal sent twice with the same body once: the second answer is the first, marked idempotent-replayed', async () => {
    const first = await send('POST', `/bo/games/${game.id}/events`, goalAt('0:02:00'));
    expect(first.statusCode, first.raw).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const before = await gameSnapshot(league.db, game.id);
    const again = await send('POST', `/bo/games/${game.id}/events`, goalAt('0:02:00'));
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expectReplayOf(again, first);
    expect(await gameSnapshot(league.db, game.id)).toEqual(before);
    expect(await events()).toBe(1);
    // The same parameters as JSON, in another order, are the same request.
    const asJson = await send('POST', `/bo/games/${game.id}/events`, {
      json: { player_id: sheet[1].playerId, team_id: game.homeTeamId!, time: '0:02:00', category_id: 1, auth_token: token },
    });
    expect(asJson.headers['idempotent-replayed']).toBe('true');
    expect(await events()).toBe(1);
  });

  it('records the same body again once something else was written: a second goal by the same player', async () => {
    expect(
      (await send('POST', `/bo/games/${game.id}/events`, { form: { auth_token: token, category_id: 10, time: '0:03:00', team_id: game.homeTeamId! } }))
        .statusCode,
    ).toBe(200);
    const repeated = await send('POST', `/bo/games/${game.id}/events`, goalAt('0:02:00'));
    expect(repeated.statusCode).toBe(200);
    expect(repeated.headers['idempotent-replayed']).toBeUndefined();
    expect(await events()).toBe(2);
  });

  it('applies end_third, a goal, end_third: two periods end', async () => {
    expect(await period()).toBe(1);
    const first = await send('PUT', `/bo/games/${game.id}/status`, { form: { auth_token: token, event: 'end_third' } });
    expect(first.statusCode).toBe(200);
    expect(first.body.payload).toMatchObject({ list: [{ phase: 'third2' }] });
    expect((await send('POST', `/bo/games/${game.id}/events`, goalAt('0:30:00'))).statusCode).toBe(200);
    const second = await send('PUT', `/bo/games/${game.id}/status`, { form: { auth_token: token, event: 'end_third' } });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.body.payload).toMatchObject({ list: [{ phase: 'third3' }] });
    expect(await period()).toBe(3);
    // Resent at once, the second is a retry: the game stays in the third third.
    const resent = await send('PUT', `/bo/games/${game.id}/status`, { form: { auth_token: token, event: 'end_third' } });
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(await period()).toBe(3);
  });

  it('replays a goal resent after the desk logged in again: the key is the API key’s, not the token’s', async () => {
    const first = await send('POST', `/bo/games/${game.id}/events`, goalAt('0:43:30'));
    expect(first.statusCode, first.raw).toBe(200);
    const goals = await events();
    const fresh = await anlassToken(app, eventKey);
    expect(fresh).not.toBe(token);
    const resent = await send('POST', `/bo/games/${game.id}/events`, { form: { ...goalAt('0:43:30').form, auth_token: fresh } });
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expectReplayOf(resent, first);
    expect(await events()).toBe(goals);
  });

  it('applies end_third, start_third, end_third of a scoreless period: three writes, never a resend', async () => {
    const status = (event: string) => send('PUT', `/bo/games/${scorelessGame.id}/status`, { form: { auth_token: token, event } });
    expect((await status('start')).statusCode).toBe(200);
    const phases: unknown[] = [];
    for (const event of ['end_third', 'start_third', 'end_third']) {
      const answer = await status(event);
      expect(answer.statusCode, answer.raw).toBe(200);
      expect(answer.headers['idempotent-replayed']).toBeUndefined();
      phases.push((answer.body.payload as { list: { phase: string }[] }).list[0].phase);
    }
    expect(phases).toEqual(['third2', 'third2', 'third3']);
    const resumed = await league.db.prisma.gameEvent.findFirstOrThrow({ where: { gameId: scorelessGame.id, type: 'PERIOD_START', period: 2 } });
    expect(resumed.worldTime).toEqual(league.clock.now());
  });

  it('replays a lineup resent at once', async () => {
    const lines = { json: { auth_token: token, license_ids: awaySheet.map((c) => c.licenseId) } };
    const resent = await send('PUT', `/bo/games/${game.id}/lineups/${game.awayTeamId!}`, lines);
    expect(resent.statusCode).toBe(200);
    const before = await gameSnapshot(league.db, game.id);
    const again = await send('PUT', `/bo/games/${game.id}/lineups/${game.awayTeamId!}`, lines);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await gameSnapshot(league.db, game.id)).toEqual(before);
  });
});

describe('an explicit idempotency key', () => {
  it('replays the write of an Idempotency-Key header even after other writes, and refuses it for another write', async () => {
    const keyed = (time: string) => ({ ...goalAt(time), headers: { 'idempotency-key': 'desk-goal-41' } });
    const first = await send('POST', `/bo/games/${game.id}/events`, keyed('0:41:00'));
    expect(first.statusCode, first.raw).toBe(200);
    const goals = await events();
    expect((await send('POST', `/bo/games/${game.id}/events`, { form: { auth_token: token, category_id: 165, time: '0:41:30' } })).statusCode).toBe(200);
    const retried = await send('POST', `/bo/games/${game.id}/events`, keyed('0:41:00'));
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expectReplayOf(retried, first);
    expect(await events()).toBe(goals);
    expectRefused(await send('POST', `/bo/games/${game.id}/events`, keyed('0:41:10')), 400, /already used for a different write/);
    expect(await events()).toBe(goals);
  });

  it('takes idempotency_key as a parameter too', async () => {
    const body = { json: { auth_token: token, idempotency_key: 'desk-goal-42', category_id: 1, time: '0:42:00', team_id: game.awayTeamId! } };
    const first = await send('POST', `/bo/games/${game.id}/events`, body);
    expect(first.statusCode).toBe(200);
    const goals = await events();
    const again = await send('POST', `/bo/games/${game.id}/events`, body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await events()).toBe(goals);
  });
});

describe('two callers', () => {
  it('each get their own answer, private and never from a cache', async () => {
    const partner = await partnerToken(app, (await createKey(league.db, 'federation partner', null, ['games:write'])).key);
    const url = (as: string) => `/bo/games/${game.id}?set=game_report&auth_token=${as}`;
    for (const as of [token, partner, token, partner]) {
      let answer: BoAnswer<unknown> | undefined;
      const statements = await countQueries(league.db, async () => {
        answer = await send('GET', url(as));
      });
      expect(answer?.statusCode).toBe(200);
      expect(answer?.headers['cache-control']).toBe('private, no-store');
      expect(answer?.headers['x-cache']).toBeUndefined();
      expect(statements).toBeGreaterThan(0);
    }
    // The same goal sent by both, one after the other: the game's one goal, whoever resent it (the
    // key of a write is the game's, not the caller's); each answer is still private.
    const goals = await events();
    const byDesk = await send('POST', `/bo/games/${game.id}/events`, goalAt('0:50:00'));
    const byPartner = await send('POST', `/bo/games/${game.id}/events`, { form: { ...goalAt('0:50:00').form, auth_token: partner } });
    for (const answer of [byDesk, byPartner]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
    expect(byDesk.headers['idempotent-replayed']).toBeUndefined();
    expect(byPartner.headers['idempotent-replayed']).toBe('true');
    expect((byDesk.body.payload as { id: number }).id).toBe((byPartner.body.payload as { id: number }).id);
    expect(await events()).toBe(goals + 1);
    // A different goal by the partner is a goal of its own.
    const another = await send('POST', `/bo/games/${game.id}/events`, { form: { ...goalAt('0:50:30').form, auth_token: partner } });
    expect(another.headers['idempotent-replayed']).toBeUndefined();
    expect(await events()).toBe(goals + 2);
  });
});

describe('who may report the game', () => {
  it('refuses a club’s token on a game of another home club with 403, writing nothing', async () => {
    const otherClub = await league.db.prisma.club.findFirstOrThrow({ where: { id: { notIn: [game.homeTeam!.clubId, game.awayTeam!.clubId] } } });
    const clubToken = await partnerToken(app, (await createKey(league.db, 'other club desk', otherClub.id, ['games:write'])).key);
    const awayClubToken = await partnerToken(app, (await createKey(league.db, 'away club desk', game.awayTeam!.clubId, ['games:write'])).key);
    const before = await gameSnapshot(league.db, game.id);
    for (const as of [clubToken, awayClubToken]) {
      expectRefused(
        await send('POST', `/bo/games/${game.id}/events`, { form: { ...goalAt('0:51:00').form, auth_token: as } }),
        403,
        /own club's home games only/,
      );
      expectRefused(await send('PUT', `/bo/games/${game.id}/status`, { form: { auth_token: as, event: 'end_third' } }), 403, /own club's home games only/);
      expectRefused(await send('GET', `/bo/games/${game.id}?auth_token=${as}`), 403, /own club's home games only/);
    }
    expect(await gameSnapshot(league.db, game.id)).toEqual(before);
  });

  it('refuses an event key for game A on game B with 403, and a token of a read-only key', async () => {
    const before = await gameSnapshot(league.db, otherGame.id);
    expectRefused(await send('PUT', `/bo/games/${otherGame.id}/status`, { form: { auth_token: token, event: 'start' } }), 403, /event's games only/);
    expectRefused(await send('GET', `/bo/games/${otherGame.id}?auth_token=${token}`), 403, /event's games only/);
    const reader = await partnerToken(app, (await createKey(league.db, 'reader')).key);
    expectRefused(await send('PUT', `/bo/games/${otherGame.id}/status`, { form: { auth_token: reader, event: 'start' } }), 403, /games:write/);
    expectRefused(await send('GET', `/bo/games?auth_token=${reader}`), 403, /games:write/);
    expect(await gameSnapshot(league.db, otherGame.id)).toEqual(before);
  });

  it('answers an unknown game with 404', async () => {
    for (const [method, url, form] of [
      ['GET', `/bo/games/987654321?auth_token=${token}`, undefined],
      ['POST', '/bo/games/987654321/events', { auth_token: token, category_id: 1, time: '0:01:00', team_id: game.homeTeamId! }],
      ['PUT', '/bo/games/987654321/status', { auth_token: token, event: 'start' }],
      ['PUT', `/bo/games/987654321/lineups/${game.homeTeamId!}`, { auth_token: token, license_ids: '1,2,3' }],
    ] as const) {
      expectRefused(await send(method, url, form ? { form } : {}), 404, /^No game 987654321$/);
    }
  });
});

describe('malformed requests', () => {
  it.each([
    ['an unknown category_id', { category_id: 2, time: '0:52:00', team_id: 0 }, /^category_id 2 is not an event category; the categories are 1, 3, 4/],
    ['a time that is not h:mm:ss', { category_id: 1, time: '23 minutes', team_id: 0 }, /^time must be the game time as h:mm:ss .*got "23 minutes"$/],
    [
      'a team that does not play in the game',
      { category_id: 1, time: '0:52:00', team_id: -1 },
      /^team_id \d+ does not play in game \d+ \(home \d+, away \d+\)$/,
    ],
    [
      'a player not on the team’s sheet',
      { category_id: 1, time: '0:52:00', team_id: 0, player_id: -2 },
      /^player_id \d+ is not on the game sheet of team \d+: write the lineup first$/,
    ],
    ['an away player for the home team', { category_id: 3, time: '0:52:00', team_id: 0, player_id: -3 }, /^player_id \d+ is not on the game sheet of team \d+/],
    ['a penalty end without its player', { category_id: 151, time: '0:52:00', team_id: 0 }, /^player_id is required for this category$/],
    ['a misc event without its code', { category_id: 39, time: '0:52:00' }, /^code is required for a misc event/],
    ['a code out of range', { category_id: 39, time: '0:52:00', code: 1000 }, /code must be a whole number from 0 to 999/],
    ['a deputy penalty home sent for the away team', { category_id: 161, time: '0:52:00', team_id: -4, player_id: -3 }, /this category is the home team's/],
    ['a time outside the open period', { category_id: 1, time: '0:10:00', team_id: 0 }, /outside period 3/],
    ['a malformed world_time', { category_id: 1, time: '0:52:00', team_id: 0, world_time: '28.10.2015 12:34' }, /^world_time must be a date and time/],
    ['no category_id', { time: '0:52:00' }, /^category_id is required$/],
  ])('refuses %s with 400 and a clear message, writing nothing', async (_name, fields, message) => {
    const resolve = (value: string | number) =>
      value === 0
        ? game.homeTeamId!
        : value === -1
          ? otherGame.homeTeamId! === game.homeTeamId!
            ? otherGame.awayTeamId!
            : otherGame.homeTeamId!
          : value === -2
            ? 999_999
            : value === -3
              ? awaySheet[1].playerId
              : value === -4
                ? game.awayTeamId!
                : value;
    const form = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, resolve(value)]));
    const before = await gameSnapshot(league.db, game.id);
    expectRefused(await send('POST', `/bo/games/${game.id}/events`, { form: { auth_token: token, ...form } }), 400, message);
    expect(await gameSnapshot(league.db, game.id)).toEqual(before);
  });

  it('never answers a 500, whatever the body', async () => {
    const path = `/bo/games/${game.id}`;
    const requests: [string, string, BoRequest][] = [
      ['PUT', `${path}/lineups/${game.homeTeamId!}`, { json: { auth_token: token, positions: 'everyone' } }],
      ['PUT', `${path}/lineups/${game.homeTeamId!}`, { json: { auth_token: token, positions: [1, null, 'x'] } }],
      ['PUT', `${path}/lineups/${game.homeTeamId!}`, { json: { auth_token: token, positions: [{ player_id: 1, license_id: 2 }] } }],
      ['PUT', `${path}/lineups/${game.homeTeamId!}`, { json: { auth_token: token, positions: [{ player_id: sheet[1].playerId, captain: 'maybe' }] } }],
      ['PUT', `${path}/lineups/${game.homeTeamId!}`, { json: { auth_token: token, positions: [{ player_id: sheet[1].playerId, position: 'striker' }] } }],
      ['PUT', `${path}/lineups/${game.homeTeamId!}`, { json: { auth_token: token, license_ids: [sheet[0].licenseId] } }],
      ['PUT', `${path}/lineups/${game.homeTeamId!}`, { json: { auth_token: token, player_ids: 'a,b' } }],
      ['PUT', `${path}/lineups/${game.homeTeamId!}`, { json: { auth_token: token } }],
      ['PUT', `${path}/lineups/${game.homeTeamId!}`, { rawForm: `auth_token=${token}&positions[0][a][b][c]=1` }],
      ['PUT', `${path}/lineups/${game.homeTeamId!}`, { json: { auth_token: token, positions: Array.from({ length: 41 }, () => ({ player_id: 1 })) } }],
      ['PUT', `${path}/lineups/abc`, { json: { auth_token: token, license_ids: [1] } }],
      ['PUT', `${path}/lineups/${otherGame.awayTeamId!}`, { json: { auth_token: token, license_ids: sheet.map((c) => c.licenseId) } }],
      ['POST', `${path}/events`, { json: { auth_token: token, category_id: { a: 1 }, time: '0:52:00' } }],
      ['POST', `${path}/events`, { json: { auth_token: token, category_id: 1, time: ['0:52:00', 'x'], team_id: 99999999999 } }],
      ['POST', `${path}/events`, { json: { auth_token: token, category_id: -1, time: '0:52:00' } }],
      ['POST', `${path}/events`, { json: { auth_token: token, category_id: 1, time: '9:99:99' } }],
      [
        'POST',
        `${path}/events`,
        { rawForm: `auth_token=${token}&category_id=1&time=0:52:00&team_id=${game.homeTeamId!}&world_time=2015-13-45T99:99:99+01:00` },
      ],
      ['POST', `${path}/events`, { headers: { 'content-type': 'application/json' }, rawForm: `{"auth_token":"${token}", "category_id":` }],
      ['POST', `/bo/games/1${'0'.repeat(12)}/events`, { form: { auth_token: token, category_id: 1, time: '0:52:00' } }],
      ['DELETE', `${path}/events/abc`, { form: { auth_token: token } }],
      ['DELETE', `${path}/events/12345`, { form: { auth_token: token } }],
      ['PUT', `${path}/status`, { json: { auth_token: token, event: 'kickoff' } }],
      ['PUT', `${path}/status`, { json: { auth_token: token, event: 'forfait', winner: 'nobody' } }],
      ['PUT', `${path}/status`, { json: { auth_token: token, event: 'report_result', home: 'three', away: 4 } }],
      ['PUT', `${path}/status`, { json: { auth_token: token, event: 'report_result', home: 3 } }],
      ['PUT', `${path}/status`, { json: { auth_token: token, event: 'start' } }],
      ['PUT', `${path}/status`, { json: { auth_token: token, event: 'abort', second: 99999 } }],
      ['PUT', `${path}/status/history/transitions`, { json: { auth_token: token, to: 'third1', second: 0 } }],
      ['PUT', `${path}/status/history/transitions`, { json: { auth_token: token, to: 'somewhere', second: 0 } }],
      ['PUT', `${path}/status/history/transitions`, { json: { auth_token: token, to: 'game_over', second: 'soon' } }],
      ['PUT', `${path}/status/history/transitions`, { json: { auth_token: token, to: 'game_over', second: 3500 } }],
      ['PUT', `${path}/status`, { json: [1, 2, 3] }],
      ['PUT', `${path}/status`, { headers: { 'idempotency-key': 'k'.repeat(500) }, json: { auth_token: token, event: 'end_third' } }],
      ['GET', `/bo/games?set=all&auth_token=${token}`, {}],
      ['POST', '/bo/session/auth', { json: { api_key: ['a', 'b'], secret: { nested: true } } }],
      ['POST', '/bo/session/auth_anlass', { json: { anlass_id: 1e20, password: 'x'.repeat(1000) } }],
    ];
    const before = await gameSnapshot(league.db, game.id);
    for (const [method, url, request] of requests) {
      const answer = await send(method, url, request);
      expect(answer.statusCode, `${method} ${url}: ${answer.raw}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, `${method} ${url}: ${answer.raw}`).toBeLessThan(500);
      expect(answer.body).toMatchObject({ status: { code: answer.statusCode, msg: expect.any(String) }, payload: null });
    }
    expect(await gameSnapshot(league.db, game.id)).toEqual(before);
  });
});
