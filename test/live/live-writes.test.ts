import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { FastifyInstance } from 'fastify';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { gameSnapshot, postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';

let league: TestLeague;
let app: FastifyInstance;
let baseUrl: string;
let federationKey: { id: number; key: string };
let clubKey: { id: number; key: string };
let otherClubKey: { id: number; key: string };
let readKey: { id: number; key: string };
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let sheet: Awaited<ReturnType<typeof scheduledGameWithSheet>>['sheet'];
let idempotency = 0;
const nextKey = () => `write-${++idempotency}`;

const START = `mutation ($input: StartGameInput!) { startGame(input: $input) { ${WRITE_RESULT} } }`;
const GOAL = `mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { ${WRITE_RESULT} } }`;
const PENALTY = `mutation ($input: RecordPenaltyInput!) { recordPenalty(input: $input) { ${WRITE_RESULT} } }`;
const TIMEOUT = `mutation ($input: RecordTimeoutInput!) { recordTimeout(input: $input) { ${WRITE_RESULT} } }`;
const END_PERIOD = `mutation ($input: EndPeriodInput!) { endPeriod(input: $input) { ${WRITE_RESULT} } }`;
const FINISH = `mutation ($input: FinishGameInput!) { finishGame(input: $input) { ${WRITE_RESULT} } }`;
const CORRECT = `mutation ($input: CorrectEventInput!) { correctEvent(input: $input) { ${WRITE_RESULT} } }`;
const DELETE = `mutation ($input: DeleteEventInput!) { deleteEvent(input: $input) { ${WRITE_RESULT} } }`;

interface WriteData {
  version: number;
  replayed: boolean;
  eventId: number | null;
  game: { id: number; status: string; homeScore: number | null; awayScore: number | null; version: number };
  event: { id: number; type: string; second: number; period: number; homeScore: number | null; awayScore: number | null; player: { id: number } | null } | null;
}

async function write(document: string, input: Record<string, unknown>, key = federationKey.key) {
  const answer = await postGraphQL<Record<string, WriteData>>(baseUrl, document, { input: { gameId: game.id, idempotencyKey: nextKey(), ...input } }, key);
  const result = answer.data ? Object.values(answer.data)[0] : undefined;
  return { ...answer, result };
}

beforeAll(async () => {
  league = await openTestLeague();
  ({ game, sheet } = await scheduledGameWithSheet(league.db));
  const homeClubId = game.homeTeam!.clubId;
  const otherClub = await league.db.prisma.club.findFirstOrThrow({ where: { id: { notIn: [homeClubId, game.awayTeam!.clubId] } } });
  federationKey = await createKey(league.db, 'federation desk', null, ['games:write']);
  clubKey = await createKey(league.db, 'home club desk', homeClubId, ['games:write']);
  otherClubKey = await createKey(league.db, 'other club desk', otherClub.id, ['games:write']);
  readKey = await createKey(league.db, 'reader', null);
  app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local', responseCacheTtlMs: 60_000 });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app?.close();
  await league?.close();
});

describe('who may write', () => {
  it('refuses a write without a key, with an unknown key, with a read-only key and with another club’s key, and writes nothing', async () => {
    const before = await gameSnapshot(league.db, game.id);
    const none = await postGraphQL(baseUrl, START, { input: { gameId: game.id, idempotencyKey: nextKey() } });
    expect(none.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const unknown = await write(START, {}, 'fbk_not-a-key-at-all');
    expect(unknown.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const reader = await write(START, {}, readKey.key);
    expect(reader.errors?.[0]).toMatchObject({ message: expect.stringContaining('games:write'), extensions: { code: 'FORBIDDEN' } });
    const otherClub = await write(START, {}, otherClubKey.key);
    expect(otherClub.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await gameSnapshot(league.db, game.id)).toEqual(before);
  });

  it('refuses to start a game whose teams are not known yet, names the missing side, and writes nothing', async () => {
    const undecided = await league.db.prisma.game.findFirstOrThrow({ where: { homeTeamId: null, status: 'SCHEDULED' }, orderBy: { id: 'asc' } });
    const answer = await postGraphQL<Record<string, WriteData>>(
      baseUrl,
      START,
      { input: { gameId: undecided.id, idempotencyKey: nextKey() } },
      federationKey.key,
    );
    expect(answer.errors?.[0]).toMatchObject({
      message: `Game ${undecided.id} has no home team yet: it cannot be started or recorded until its pairing is decided`,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await league.db.prisma.game.findUniqueOrThrow({ where: { id: undecided.id } })).toMatchObject({ status: 'SCHEDULED', version: 0 });
  });

  it('lets the home club’s key start its game: live, 0:0, version 1, audited', async () => {
    const started = await write(START, {}, clubKey.key);
    expect(started.errors).toBeUndefined();
    expect(started.result).toMatchObject({ version: 1, replayed: false, game: { status: 'LIVE', homeScore: 0, awayScore: 0, version: 1 } });
    const audit = await league.db.prisma.gameAuditEntry.findMany({ where: { gameId: game.id } });
    expect(audit).toMatchObject([{ apiKeyId: clubKey.id, mutation: 'startGame', version: 1 }]);
  });
});

describe('recording the game', () => {
  it('records a goal by license and derives the score from the events', async () => {
    const [scorer, assist] = sheet.HOME;
    const goal = await write(GOAL, { side: 'HOME', second: 125, scorerLicenseId: scorer.licenseId, assistLicenseId: assist.licenseId });
    expect(goal.errors).toBeUndefined();
    expect(goal.result).toMatchObject({
      game: { homeScore: 1, awayScore: 0 },
      event: { type: 'GOAL', second: 125, period: 1, homeScore: 1, awayScore: 0, player: { id: scorer.playerId } },
    });
  });

  it('replays a retried idempotency key: the first result, nothing written', async () => {
    const input = { gameId: game.id, idempotencyKey: 'retry-me', side: 'AWAY', second: 300, scorerLicenseId: sheet.AWAY[0].licenseId };
    const first = await postGraphQL<{ recordGoal: WriteData }>(baseUrl, GOAL, { input }, federationKey.key);
    const before = await gameSnapshot(league.db, game.id);
    const retry = await postGraphQL<{ recordGoal: WriteData }>(baseUrl, GOAL, { input }, federationKey.key);
    expect(retry.data?.recordGoal).toMatchObject({ replayed: true, version: first.data?.recordGoal.version, eventId: first.data?.recordGoal.eventId });
    expect(await gameSnapshot(league.db, game.id)).toEqual(before);
    const reused = await postGraphQL(baseUrl, GOAL, { input: { ...input, second: 301 } }, federationKey.key);
    expect(reused.errors?.[0]).toMatchObject({
      message: expect.stringContaining('already used for a different write'),
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('refuses a stale expectedVersion with CONFLICT naming the current version', async () => {
    const current = (await league.db.prisma.game.findUniqueOrThrow({ where: { id: game.id } })).version;
    const before = await gameSnapshot(league.db, game.id);
    const stale = await write(TIMEOUT, { side: 'HOME', second: 400, expectedVersion: current - 1 });
    expect(stale.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT', currentVersion: current } });
    expect(await gameSnapshot(league.db, game.id)).toEqual(before);
    const fresh = await write(TIMEOUT, { side: 'HOME', second: 400, expectedVersion: current });
    expect(fresh.result?.version).toBe(current + 1);
  });

  it.each([
    ['a second outside the period', GOAL, { side: 'HOME', second: 1500 }, 'outside period 1'],
    ['a player not on that side’s game sheet', GOAL, { side: 'AWAY', second: 500, scorerLicenseId: -1 }, 'not on the away team'],
    ['a home player scoring for the away side', PENALTY, { side: 'AWAY', second: 500, playerLicenseId: 0, kind: 'MINOR_2' }, 'not on the away team'],
    ['a second timeout of one team', TIMEOUT, { side: 'HOME', second: 600 }, 'already taken its timeout'],
    ['an own goal naming a scorer of the side it counts for', GOAL, { side: 'HOME', second: 600, ownGoal: true, scorerLicenseId: 0 }, 'not on the away team'],
    ['finishing in period 1', FINISH, { decidedBy: 'REGULAR' }, 'ends in period 3'],
    ['correcting another game’s event', CORRECT, { eventId: -7, second: 10 }, 'has no event'],
    ['deleting a marker', DELETE, { eventId: 0 }, 'cannot be corrected or deleted'],
  ])('refuses %s with a clear error and writes nothing', async (_name, document, input, message) => {
    const resolved = JSON.parse(
      JSON.stringify(input)
        .replace('"playerLicenseId":0', `"playerLicenseId":${sheet.HOME[1].licenseId}`)
        .replace('"scorerLicenseId":0', `"scorerLicenseId":${sheet.HOME[1].licenseId}`),
    ) as Record<string, unknown>;
    if (resolved.eventId === -7) resolved.eventId = (await league.db.prisma.gameEvent.findFirstOrThrow({ where: { gameId: { not: game.id } } })).id;
    if (resolved.eventId === 0) resolved.eventId = (await league.db.prisma.gameEvent.findFirstOrThrow({ where: { gameId: game.id, type: 'GAME_START' } })).id;
    const before = await gameSnapshot(league.db, game.id);
    const refused = await write(document, resolved);
    expect(refused.status).toBe(200);
    expect(refused.errors?.[0].message).toContain(message);
    expect(['BAD_USER_INPUT', 'NOT_FOUND']).toContain(refused.errors?.[0].extensions?.code);
    expect(await gameSnapshot(league.db, game.id)).toEqual(before);
  });

  it('refuses an unknown game with NOT_FOUND', async () => {
    const answer = await postGraphQL(baseUrl, START, { input: { gameId: 987654321, idempotencyKey: nextKey() } }, federationKey.key);
    expect(answer.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('corrects and deletes a goal, and every running score follows', async () => {
    const goal = await write(GOAL, { side: 'AWAY', second: 700, ownGoal: true });
    expect(goal.result?.game).toMatchObject({ homeScore: 1, awayScore: 2 });
    const moved = await write(CORRECT, { eventId: goal.result?.eventId, second: 100 });
    expect(moved.result?.event).toMatchObject({ second: 100, homeScore: 0, awayScore: 1 });
    const homeGoal = await league.db.prisma.gameEvent.findFirstOrThrow({ where: { gameId: game.id, type: 'GOAL', side: 'HOME' } });
    expect(homeGoal).toMatchObject({ homeScore: 1, awayScore: 1 });
    const deleted = await write(DELETE, { eventId: goal.result?.eventId });
    expect(deleted.result).toMatchObject({ event: null, game: { homeScore: 1, awayScore: 1 } });
    expect(await league.db.prisma.gameEvent.findFirstOrThrow({ where: { id: homeGoal.id } })).toMatchObject({ homeScore: 1, awayScore: 0 });
  });

  it('plays through the periods and overtime to a shootout, and then refuses any event', async () => {
    await write(GOAL, { side: 'AWAY', second: 1100 }); // 1:2
    expect((await write(END_PERIOD, {})).errors).toBeUndefined();
    await write(GOAL, { side: 'HOME', second: 1300, penaltyShot: true }); // 2:2
    await write(END_PERIOD, {});
    await write(PENALTY, { side: 'AWAY', second: 2500, playerLicenseId: sheet.AWAY[1].licenseId, kind: 'MATCH', reason: 'Stockschlag' });
    const afterRegulation = await write(END_PERIOD, {});
    expect(afterRegulation.errors).toBeUndefined(); // tied: overtime follows
    const early = await write(FINISH, { decidedBy: 'PENALTY_SHOTS' });
    expect(early.errors?.[0].message).toContain('shootout winner');
    await write(END_PERIOD, {});
    const finished = await write(FINISH, { decidedBy: 'PENALTY_SHOTS', shootoutWinner: 'HOME' });
    expect(finished.result?.game).toMatchObject({ status: 'FINISHED', homeScore: 3, awayScore: 2 });
    const stored = await league.db.prisma.game.findUniqueOrThrow({ where: { id: game.id } });
    expect(stored).toMatchObject({ decidedBy: 'PENALTY_SHOTS', homePeriodScores: [1, 1, 0, 0], awayPeriodScores: [2, 0, 0, 0] });
    const after = await write(GOAL, { side: 'HOME', second: 4100 });
    expect(after.errors?.[0].message).toContain('after the final whistle');
  });
});

describe('revocation', () => {
  it('stops a revoked key at its next write', async () => {
    const desk = await createKey(league.db, 'revoked desk', null, ['games:write']);
    const other = await scheduledGameWithSheet(league.db);
    const first = await postGraphQL(baseUrl, START, { input: { gameId: other.game.id, idempotencyKey: nextKey() } }, desk.key);
    expect(first.errors).toBeUndefined();
    await league.db.prisma.apiKey.update({ where: { id: desk.id }, data: { revokedAt: new Date() } });
    const refused = await postGraphQL(baseUrl, TIMEOUT, { input: { gameId: other.game.id, idempotencyKey: nextKey(), side: 'HOME', second: 5 } }, desk.key);
    expect(refused.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('keys derived from a request’s content (idempotencyScope LAST_WRITE)', () => {
  it('replays the key while its write is the game’s last one; after another write, the same key writes again', async () => {
    const { game: derived } = await scheduledGameWithSheet(league.db);
    const send = (document: string, input: Record<string, unknown>) =>
      postGraphQL<Record<string, WriteData>>(baseUrl, document, { input: { gameId: derived.id, ...input } }, federationKey.key).then((answer) => ({
        ...answer,
        result: answer.data ? Object.values(answer.data)[0] : undefined,
      }));
    const goals = () => league.db.prisma.gameEvent.count({ where: { gameId: derived.id, type: 'GOAL' } });
    expect((await send(START, { idempotencyKey: nextKey(), outsideStartWindow: true, reason: 'played at another time (test)' })).errors).toBeUndefined();
    const goal = { idempotencyKey: 'POST /games/goal {"second":60}', idempotencyScope: 'LAST_WRITE', side: 'HOME', second: 60 };

    const first = await send(GOAL, goal);
    expect(first.result).toMatchObject({ replayed: false, version: 2, game: { homeScore: 1 } });
    const retry = await send(GOAL, goal);
    expect(retry.result).toMatchObject({ replayed: true, version: 2, eventId: first.result?.eventId, game: { homeScore: 1 } });
    expect(await goals()).toBe(1);
    // While it is the last write, the key with another input is refused, as in the default scope.
    const other = await send(GOAL, { ...goal, second: 61 });
    expect(other.errors?.[0]).toMatchObject({ message: expect.stringContaining('already used for a different write'), extensions: { code: 'BAD_USER_INPUT' } });

    expect((await send(TIMEOUT, { idempotencyKey: nextKey(), side: 'AWAY', second: 90 })).result?.version).toBe(3);
    const again = await send(GOAL, goal);
    expect(again.result).toMatchObject({ replayed: false, version: 4, game: { homeScore: 2 } });
    expect(again.result?.eventId).not.toBe(first.result?.eventId);
    expect(await goals()).toBe(2);
    expect((await send(GOAL, goal)).result).toMatchObject({ replayed: true, version: 4, eventId: again.result?.eventId });
    expect(await goals()).toBe(2);

    // The audit keeps each write under the key, the game and the version it was written at.
    const audit = await league.db.prisma.gameAuditEntry.findMany({ where: { gameId: derived.id, mutation: 'recordGoal' }, orderBy: { version: 'asc' } });
    expect(audit.map((entry) => entry.idempotencyKey)).toEqual([`${goal.idempotencyKey}@${derived.id}:1`, `${goal.idempotencyKey}@${derived.id}:3`]);
  });

  it('refuses a LAST_WRITE key too long to be stored with its suffix', async () => {
    const { game: derived } = await scheduledGameWithSheet(league.db);
    const answer = await postGraphQL(
      baseUrl,
      TIMEOUT,
      { input: { gameId: derived.id, idempotencyKey: 'x'.repeat(79), idempotencyScope: 'LAST_WRITE', side: 'HOME', second: 5 } },
      federationKey.key,
    );
    expect(answer.errors?.[0]).toMatchObject({ message: expect.stringContaining('1 to 78 characters'), extensions: { code: 'BAD_USER_INPUT' } });
  });
});
