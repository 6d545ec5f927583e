import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import type { Database } from '../../src/db/database.js';
import { LINEUP_LIMITS } from '../../src/domain/lineup.js';
import { bo } from '../support/bo.js';
import { openTestDatabase } from '../support/database.js';
import { createKey } from '../support/keys.js';
import { buildLineupLeague, licenseOf } from '../support/lineup-league.js';

/**
 * The lineup's size is one rule (LINEUP_LIMITS.maxPlayers, src/domain/lineup.ts) that every
 * interface says the same of: a lineup at the limit passes, one player more is refused as
 * `too_many_players`, by the v3 check, by `writeGameSheet` and by the back office's lineups.
 */
const MAX = LINEUP_LIMITS.maxPlayers;
const TOO_MANY = `at most ${MAX} players, got ${MAX + 1}`;

let db: Database;
let app: FastifyInstance;
let clubKey: string;
let deskKey: string;

/** The lineup league's eligible regulars of team 10 (goalkeepers 1–3 first), then as many more regulars as the limit and one more need. */
const REGULARS = [1, 2, 4, 5, 6, 8, 9, 10, 11, 12, 3];
const EXTRA_FROM = 40;
const extraPlayers = Array.from({ length: MAX + 1 - REGULARS.length }, (_, index) => EXTRA_FROM + index);
const squad = [...REGULARS, ...extraPlayers];
const atLimit = squad.slice(0, MAX);
const pastLimit = squad.slice(0, MAX + 1);

beforeAll(async () => {
  db = await openTestDatabase();
  await buildLineupLeague(db);
  await db.prisma.player.createMany({ data: extraPlayers.map((id) => ({ id, firstName: `Vorname${id}`, lastName: `Spieler${id}`, position: 'FORWARD' })) });
  await db.prisma.license.createMany({
    data: extraPlayers.map((id) => ({
      id: licenseOf(id),
      playerId: id,
      seasonId: 2026,
      clubId: 1,
      gameClassId: 11,
      licenseType: 'Aktivlizenz Herren GF',
      licensing: 'REGULAR' as const,
      locked: false,
    })),
  });
  await db.prisma.teamMember.createMany({
    data: extraPlayers.map((id) => ({ teamId: 10, seasonId: 2026, playerId: id, number: id, position: 'FORWARD' as const, captain: false })),
  });
  app = await buildApp({ database: db, clock: fixedClock('2026-11-22T12:00:00Z'), logLevel: 'silent' });
  clubKey = (await createKey(db, 'UHC Testdorf', 1)).key;
  deskKey = (await createKey(db, 'Federation desk', null, ['games:write'])).key;
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe(`a lineup of ${MAX} players passes, one of ${MAX + 1} is refused`, () => {
  it('the fixture is at the limit and one past it, with 1–3 goalkeepers and regulars only', () => {
    expect(new Set(pastLimit).size).toBe(MAX + 1);
    expect(atLimit.filter((player) => player <= 3).length).toBeLessThanOrEqual(LINEUP_LIMITS.maxGoalkeepers);
    expect(pastLimit.filter((player) => player <= 3).length).toBeLessThanOrEqual(LINEUP_LIMITS.maxGoalkeepers);
  });

  it('GET /api/v3/games/:game_id/teams/:id/lineup', async () => {
    const check = async (players: number[]) => {
      const response = await app.inject({
        url: `/api/v3/games/100/teams/10/lineup?filter[licenses]=${players.map(licenseOf).join(',')}`,
        headers: { authorization: `Bearer ${clubKey}` },
      });
      expect(response.statusCode).toBe(200);
      return response.json().data.attributes as { quota_messages: string[]; messages: { rule: string; message: string }[] };
    };
    const valid = await check(atLimit);
    expect(valid.messages).toEqual([]);
    expect(valid.quota_messages).toEqual([]);
    const tooLong = await check(pastLimit);
    expect(tooLong.messages).toEqual([{ rule: 'too_many_players', license_id: null, message: TOO_MANY }]);
    expect(tooLong.quota_messages).toEqual([TOO_MANY]);
  });

  it('writeGameSheet', async () => {
    const write = async (players: number[], idempotencyKey: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${deskKey}` },
        payload: {
          query: 'mutation ($input: WriteGameSheetInput!) { writeGameSheet(input: $input) { lines { license { id } } } }',
          variables: { input: { gameId: 100, side: 'HOME', idempotencyKey, lines: players.map((player) => ({ licenseId: licenseOf(player) })) } },
        },
      });
      return response.json() as {
        data: { writeGameSheet: { lines: unknown[] } | null } | null;
        errors?: { message: string; extensions?: Record<string, unknown> }[];
      };
    };
    const tooLong = await write(pastLimit, 'size-past');
    expect(tooLong.data?.writeGameSheet ?? null).toBeNull();
    expect(tooLong.errors?.map((error) => error.message).join(' ')).toContain(TOO_MANY);
    const valid = await write(atLimit, 'size-at');
    expect(valid.errors).toBeUndefined();
    expect(valid.data?.writeGameSheet?.lines).toHaveLength(MAX);
  });

  it('PUT /bo/games/:game_id/lineups/:team_id', async () => {
    const put = (players: number[]) =>
      bo<{ positions: unknown[] }>(app, 'PUT', '/bo/games/100/lineups/10', {
        rawForm: `license_ids=${players.map(licenseOf).join(',')}&auth_token=${deskKey}`,
      });
    const tooLong = await put(pastLimit);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body.status.msg).toContain(TOO_MANY);
    const valid = await put(atLimit);
    expect(valid.statusCode).toBe(200);
    expect(valid.body.payload.positions).toHaveLength(MAX);
  });
});
