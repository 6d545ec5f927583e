// The lineup interface's team and game endpoints and add_extra_goal on the demo league: a team's
// last started game, a game's two teams, and the shootout's goal written through finishGame.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries, openTestLeague, TEST_NOW, type TestLeague } from '../support/app.js';
import { anlassToken, bo, createEventKey } from '../support/bo.js';
import { createKey } from '../support/keys.js';

let league: TestLeague;
let readerKey: string;

beforeAll(async () => {
  league = await openTestLeague();
  readerKey = (await createKey(league.db, 'club tool')).key;
});
afterAll(async () => {
  await league?.close();
});

async function get(url: string, key: string | null = readerKey) {
  const response = await league.app.inject({ method: 'GET', url, headers: key ? { authorization: `Bearer ${key}` } : {} });
  return { status: response.statusCode, type: response.headers['content-type'], cache: response.headers['cache-control'], body: response.json() };
}

async function addExtraGoal(gameId: number, form: Record<string, string | number>, headers: Record<string, string> = {}) {
  const response = await league.app.inject({
    method: 'POST',
    url: `/api/v3/games/${gameId}/add_extra_goal`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(Object.entries(form).map(([name, value]) => [name, String(value)])).toString(),
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

describe('GET /api/v3/games/:id/teams', () => {
  it('the home team, then the away team, as team resources', async () => {
    const game = await league.db.prisma.game.findFirstOrThrow({
      where: { homeTeamId: { not: null }, awayTeamId: { not: null } },
      orderBy: { id: 'asc' },
      include: { homeTeam: true, awayTeam: true },
    });
    if (!game.homeTeam) throw new Error('the first game has its teams');
    const answer = await get(`/api/v3/games/${game.id}/teams`);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/application\/vnd\.api\+json/);
    expect(answer.cache).toBe('private, no-store');
    expect(answer.body.data.map((team: { type: string; id: string }) => `${team.type}:${team.id}`)).toEqual([
      `team:${game.homeTeamId}`,
      `team:${game.awayTeamId}`,
    ]);
    expect(answer.body.data[0].attributes).toMatchObject({ name: game.homeTeam.name, slangname: game.homeTeam.shortName ?? game.homeTeam.name });
  });

  it('an unknown game is a 404, a malformed id a 400, no key a 401, all JSON:API errors', async () => {
    expect((await get('/api/v3/games/999999/teams')).body.errors[0]).toMatchObject({ status: '404', detail: 'No game 999999' });
    expect((await get('/api/v3/games/abc/teams')).status).toBe(400);
    expect((await get('/api/v3/games/999999/teams', null)).status).toBe(401);
  });

  it('runs a bounded number of SQL queries', async () => {
    const game = await league.db.prisma.game.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(await countQueries(league.db, () => get(`/api/v3/games/${game.id}/teams`))).toBeLessThanOrEqual(3);
  });
});

describe('GET /api/v3/teams/:id/last_game', () => {
  /** What the federation's words select, asked of the database directly. */
  const expectedLastGame = (teamId: number) =>
    league.db.prisma.game.findFirst({
      where: { OR: [{ homeTeamId: teamId }, { awayTeamId: teamId }], status: { in: ['FINISHED', 'ABORTED'] }, startsAt: { lt: TEST_NOW } },
      orderBy: [{ startsAt: 'desc' }, { id: 'desc' }],
    });

  it('the last finished or aborted game that started before now, home or away, with the teams include asks for', async () => {
    const teams = await league.db.prisma.team.findMany({ orderBy: { id: 'asc' }, take: 5 });
    for (const team of teams) {
      const expected = await expectedLastGame(team.id);
      const answer = await get(`/api/v3/teams/${team.id}/last_game?include=home_team,away_team`);
      expect(answer.status).toBe(200);
      if (expected === null) {
        expect(answer.body).toEqual({ data: null, included: [] });
        continue;
      }
      expect(answer.body.data).toMatchObject({ type: 'game', id: String(expected.id), attributes: { status: expected.status.toLowerCase() } });
      expect(answer.body.included.map((t: { id: string }) => Number(t.id)).sort()).toEqual([expected.homeTeamId, expected.awayTeamId].sort());
    }
  });

  it('an aborted game counts, a forfeit or a game still live does not', async () => {
    const team = await league.db.prisma.team.findFirstOrThrow({ where: { homeGames: { some: { status: 'FINISHED' } } }, orderBy: { id: 'asc' } });
    const last = await expectedLastGame(team.id);
    if (!last) throw new Error('the team has no finished game');
    await league.db.prisma.game.update({ where: { id: last.id }, data: { status: 'FORFEIT' } });
    try {
      const without = await get(`/api/v3/teams/${team.id}/last_game`);
      expect(without.body.data?.id).not.toBe(String(last.id));
      await league.db.prisma.game.update({ where: { id: last.id }, data: { status: 'ABORTED' } });
      const aborted = await get(`/api/v3/teams/${team.id}/last_game`);
      expect(aborted.body.data).toMatchObject({ id: String(last.id), attributes: { status: 'aborted' } });
    } finally {
      await league.db.prisma.game.update({ where: { id: last.id }, data: { status: last.status } });
    }
  });

  it('an unknown team is a 404, an unknown include a 400, no key a 401', async () => {
    expect((await get('/api/v3/teams/999999/last_game')).body.errors[0]).toMatchObject({ status: '404', detail: 'No team 999999' });
    expect((await get('/api/v3/teams/1/last_game?include=referee')).status).toBe(400);
    expect((await get('/api/v3/teams/1/last_game', null)).status).toBe(401);
  });

  it('runs a bounded number of SQL queries', async () => {
    const team = await league.db.prisma.team.findFirstOrThrow({ orderBy: { id: 'asc' } });
    expect(await countQueries(league.db, () => get(`/api/v3/teams/${team.id}/last_game?include=home_team,away_team`))).toBeLessThanOrEqual(3);
  });
});

describe('POST /api/v3/games/:id/add_extra_goal', () => {
  let game: { id: number; homeTeamId: number; awayTeamId: number };
  let otherGame: { id: number; homeTeamId: number };
  let token: string;

  beforeAll(async () => {
    // Scheduled league games whose group plays overtime and then penalty shots.
    const [first, second] = await league.db.prisma.game.findMany({
      where: { status: 'SCHEDULED', group: { overtimeMinutes: { gt: 0 }, penaltyShootout: true, drawAllowed: false }, lineup: { none: {} } },
      orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
      take: 2,
    });
    const paired = (found: typeof first) => {
      if (found.homeTeamId === null || found.awayTeamId === null) throw new Error(`game ${found.id} has a team not decided yet`);
      return { id: found.id, homeTeamId: found.homeTeamId, awayTeamId: found.awayTeamId };
    };
    game = paired(first);
    otherGame = paired(second);
    token = await anlassToken(league.app, await createEventKey(league.db, 'desk', [game.id]));
  });

  const status = async (event: string) => {
    const answer = await bo(league.app, 'PUT', `/bo/games/${game.id}/status`, { json: { auth_token: token, event } });
    expect(answer.statusCode, answer.raw).toBe(200);
  };

  it('refuses a game that is not waiting for penalty shots with a 400', async () => {
    const before = await addExtraGoal(game.id, { auth_token: token, team_id: game.awayTeamId });
    expect(before.status).toBe(400);
    expect(before.body.errors[0]).toMatchObject({ status: '400', title: 'Bad Request', detail: expect.stringMatching(/not started/) });
    await status('start');
    const inRegulation = await addExtraGoal(game.id, { auth_token: token, team_id: game.awayTeamId });
    expect(inRegulation.status).toBe(400);
    expect(inRegulation.body.errors[0].detail).toMatch(/overtime first/);
  });

  it('checks team_id (400), the game (404) and the caller: no key 401, a key that may not write 403, another event’s token 403', async () => {
    expect((await addExtraGoal(game.id, { auth_token: token })).body.errors[0].detail).toMatch(/team_id is required/);
    expect((await addExtraGoal(game.id, { auth_token: token, team_id: otherGame.homeTeamId })).body.errors[0].detail).toMatch(/does not play game/);
    const json = await league.app.inject({
      method: 'POST',
      url: `/api/v3/games/${game.id}/add_extra_goal`,
      headers: { authorization: `Bearer ${token}` },
      payload: { team_id: otherGame.homeTeamId },
    });
    expect(json.json().errors[0].detail).toMatch(/does not play game/); // a JSON body is read as a form is
    expect((await addExtraGoal(999999, { auth_token: token, team_id: 1 })).status).toBe(404);
    expect((await addExtraGoal(game.id, { team_id: game.awayTeamId })).status).toBe(401);
    expect((await addExtraGoal(game.id, { team_id: game.awayTeamId }, { authorization: `Bearer ${readerKey}` })).status).toBe(403);
    const otherDesk = await anlassToken(league.app, await createEventKey(league.db, 'desk of another game', [otherGame.id]));
    expect((await addExtraGoal(game.id, { auth_token: otherDesk, team_id: game.awayTeamId })).status).toBe(403);
  });

  it('in a tied overtime: decides the game by penalty shots, the team’s side one goal ahead; a resend replays it', async () => {
    // A scoreless regulation: each third ended and the next one started (a repeated end_third would be a resend).
    for (const event of ['end_third', 'start_third', 'end_third', 'start_third', 'end_third', 'start_third']) await status(event);
    let answer!: Awaited<ReturnType<typeof addExtraGoal>>;
    const queries = await countQueries(league.db, async () => {
      answer = await addExtraGoal(game.id, { auth_token: token, team_id: game.awayTeamId });
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.headers['content-type']).toMatch(/application\/vnd\.api\+json/);
    expect(answer.body.data).toMatchObject({ type: 'game', id: String(game.id), attributes: { status: 'finished', home_score: 0, away_score: 1 } });
    expect(answer.headers['idempotent-replayed']).toBeUndefined();
    // The token, the game's sides, the locked write with its audit and change log, the game answered: 19 today.
    expect(queries).toBeLessThanOrEqual(20);
    const stored = await league.db.prisma.game.findUniqueOrThrow({ where: { id: game.id } });
    expect(stored).toMatchObject({ status: 'FINISHED', decidedBy: 'PENALTY_SHOTS', homeScore: 0, awayScore: 1 });
    const audit = await league.db.prisma.gameAuditEntry.findFirstOrThrow({ where: { gameId: game.id, mutation: 'finishGame' } });
    expect(audit.idempotencyKey).toMatch(/^v3:/);

    // The desk never got the answer and sends the same request again: the write is replayed, not refused.
    const resent = await addExtraGoal(game.id, { auth_token: token, team_id: game.awayTeamId });
    expect(resent.status).toBe(200);
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(resent.body.data.attributes).toMatchObject({ home_score: 0, away_score: 1 });

    // Another goal after the decision is refused.
    const again = await addExtraGoal(game.id, { auth_token: token, team_id: game.homeTeamId });
    expect(again.status).toBe(400);
    expect(again.body.errors[0].detail).toMatch(/game is over/);
  });
});
