import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import type { Database } from '../../src/db/database.js';
import { countQueries } from '../support/app.js';
import { openTestDatabase } from '../support/database.js';
import { createKey } from '../support/keys.js';
import { buildLineupLeague, licenseOf } from '../support/lineup-league.js';

let db: Database;
let app: FastifyInstance;
let clubKey: string;
let otherClubKey: string;
let federationKey: string;

beforeAll(async () => {
  db = await openTestDatabase();
  await buildLineupLeague(db);
  app = await buildApp({ database: db, clock: fixedClock('2026-11-22T12:00:00Z'), logLevel: 'silent' });
  clubKey = (await createKey(db, 'UHC Testdorf', 1)).key;
  otherClubKey = (await createKey(db, 'Floorball Anderswo', 2)).key;
  federationKey = (await createKey(db, 'Federation')).key;
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const BASE = '/api/v3/games/100/teams/10';
async function get(url: string, key: string | null = clubKey) {
  const response = await app.inject({ method: 'GET', url, headers: key ? { authorization: `Bearer ${key}` } : {} });
  return { status: response.statusCode, type: response.headers['content-type'], body: response.json() };
}
const candidateIds = async () => ((await get(`${BASE}/lineup_candidates`)).body.data as { id: string }[]).map((m) => Number(m.id));
const lineup = async (players: number[]) => (await get(`${BASE}/lineup?filter[licenses]=${players.map(licenseOf).join(',')}`)).body;
const ruleNames = (body: { data: { attributes: { messages: { rule: string }[] } } }) => body.data.attributes.messages.map((m) => m.rule);
const regularSquad = [1, 4, 5, 6, 8, 9, 10];

describe('authentication', () => {
  it('requires a key (401), refuses another club’s key (403), accepts the club’s and a federation key', async () => {
    expect((await get(`${BASE}/lineup_candidates`, null)).status).toBe(401);
    expect((await get(`${BASE}/lineup_candidates`, 'fbk_not-a-real-key-at-all')).status).toBe(401);
    const foreign = await get(`${BASE}/lineup_candidates`, otherClubKey);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({
      errors: [{ status: '403', title: 'Forbidden', detail: expect.stringMatching(/another club/), meta: { request_id: expect.any(String) } }],
    });
    expect((await get(`${BASE}/lineup_candidates`)).status).toBe(200);
    expect((await get(`${BASE}/lineup_candidates`, federationKey)).status).toBe(200);
  });

  it('checks filter[licenses] before the key, and the path ids after it', async () => {
    expect((await get(`${BASE}/lineup`, null)).body.errors[0].detail).toMatch(/filter\[licenses\] is required/);
    expect((await get(`${BASE}/lineup_candidates?filter[licenses]=x`, 'fbk_not-a-real-key-at-all')).status).toBe(400);
    for (const key of [null, 'fbk_not-a-real-key-at-all']) expect((await get('/api/v3/games/abc/teams/10/lineup_candidates', key)).status).toBe(401);
    expect((await get('/api/v3/nothing', null)).status).toBe(404);
  });

  it('a team official of club A cannot read club B’s candidates', async () => {
    expect((await get('/api/v3/games/100/teams/20/lineup_candidates', clubKey)).status).toBe(403);
    expect((await get('/api/v3/games/100/teams/20/lineup_candidates', otherClubKey)).status).toBe(200);
  });

  it('a revoked key stops working at once', async () => {
    const { id, key } = await createKey(db, 'short-lived', 1);
    expect((await get(`${BASE}/lineup_candidates`, key)).status).toBe(200);
    await db.prisma.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
    expect((await get(`${BASE}/lineup_candidates`, key)).status).toBe(401);
  });
});

describe('eligibility', () => {
  it('team members with an unlocked license of the game class are candidates with regular licensing', async () => {
    const response = await get(`${BASE}/lineup_candidates`);
    expect(response.type).toMatch(/application\/vnd\.api\+json/);
    const member = response.body.data.find((m: { id: string }) => m.id === String(licenseOf(12)));
    expect(member).toEqual({
      type: 'team_member',
      id: String(licenseOf(12)),
      attributes: {
        licensing: 'regular',
        last_name: 'Spieler12',
        first_name: 'Vorname12',
        shirt_number: 12,
        position: 'forward',
        captain: true,
        license_competition_description: 'Aktivlizenz Herren GF',
        license_disabled: false,
        license_description: 'Aktivlizenz Herren GF',
      },
      relationships: {
        player: { data: { type: 'player', id: '12' } },
        person: { data: { type: 'person', id: '12' } },
        license: { data: { type: 'license', id: String(licenseOf(12)) } },
      },
    });
    expect(response.body.included).toContainEqual({
      type: 'player',
      id: '12',
      attributes: { first_name: 'Vorname12', last_name: 'Spieler12', year_of_birth: null, position: 'forward', height: null, weight: null, portrait: null },
    });
    expect(response.body.included).toContainEqual({
      type: 'person',
      id: '12',
      attributes: { first_name: 'Vorname12', last_name: 'Spieler12', year_of_birth: null },
    });
    expect(response.body.included).toContainEqual({
      type: 'license',
      id: String(licenseOf(12)),
      attributes: {
        competition_description: 'Aktivlizenz Herren GF',
        locked: false,
        licensing: 'regular',
        description: 'Aktivlizenz Herren GF',
        disabled: false,
      },
    });
  });

  it('the player resource carries what the league knows of the player', async () => {
    await db.prisma.player.update({
      where: { id: 12 },
      data: { yearOfBirth: 2002, heightCm: 181, weightKg: 77, position: 'CENTER', portraitUrl: '/media/players/12.png' },
    });
    try {
      const included = (await get(`${BASE}/lineup_candidates`)).body.included as { type: string; id: string; attributes: Record<string, unknown> }[];
      expect(included.find((r) => r.type === 'player' && r.id === '12')?.attributes).toEqual({
        first_name: 'Vorname12',
        last_name: 'Spieler12',
        year_of_birth: 2002,
        position: 'forward_center',
        height: 181,
        weight: 77,
        portrait: expect.stringMatching(/^https?:\/\/.+\/media\/players\/12\.png$/),
      });
      expect(included.find((r) => r.type === 'person' && r.id === '12')?.attributes.year_of_birth).toBe(2002);
    } finally {
      await db.prisma.player.update({ where: { id: 12 }, data: { yearOfBirth: null, heightCm: null, weightKg: null, position: 'FORWARD', portraitUrl: null } });
    }
  });

  it.each([
    ['a locked license', 13, false],
    ['a member of the lower team (plays up, licensing other)', 14, true],
    ['a multi-team license (licensing multi)', 15, true],
    ['a club license without team membership', 16, false],
    ['a license of another game class', 17, false],
    ['a player suspended after a match penalty in the team’s last game', 7, false],
    ['a player of another club', 30, false],
  ])('%s', async (_rule, player, eligible) => {
    expect((await candidateIds()).includes(licenseOf(player))).toBe(eligible);
  });

  it('reports the licensing kind of players from elsewhere', async () => {
    const members = (await get(`${BASE}/lineup_candidates`)).body.data as { id: string; attributes: { licensing: string } }[];
    const licensing = (player: number) => members.find((m) => m.id === String(licenseOf(player)))?.attributes.licensing;
    expect([licensing(4), licensing(14), licensing(15)]).toEqual(['regular', 'other', 'multi']);
  });

  it('filter[licenses] narrows the candidates', async () => {
    const response = await get(`${BASE}/lineup_candidates?filter[licenses]=${licenseOf(4)},${licenseOf(13)},${licenseOf(5)}`);
    expect(response.body.data.map((m: { id: string }) => Number(m.id)).sort()).toEqual([licenseOf(4), licenseOf(5)]);
  });
});

describe('validity', () => {
  it('accepts a valid lineup', async () => {
    const body = await lineup(regularSquad);
    expect(body.data.type).toBe('lineup');
    expect(body.data.attributes).toEqual({ valid: true, quota_exceeded: false, quota_messages: [], messages: [] });
    expect(body.data.relationships.team_members.data).toHaveLength(regularSquad.length);
  });

  it.each([
    ['an ineligible license', [...regularSquad, 13], 'not_eligible'],
    ['a license that is not the club’s', [...regularSquad, 30], 'unknown_license'],
    ['a license twice', [...regularSquad, 4], 'duplicate'],
    ['fewer than 6 players', [1, 4, 5], 'too_few_players'],
    ['no goalkeeper', [4, 5, 6, 8, 9, 10], 'too_few_goalkeepers'],
  ])('rejects %s', async (_rule, players, rule) => {
    const body = await lineup(players);
    expect(body.data.attributes.valid).toBe(false);
    expect(ruleNames(body)).toContain(rule);
  });

  // The 20-player and 3-goalkeeper limits are unit-tested in test/domain/rules.test.ts, their wire form in test/facades/reshapers/v3-lineup.test.ts.
  it('flags the quota of non-regular players', async () => {
    await db.prisma.teamMember.createMany({
      data: [18, 19, 20, 21, 22].map((id) => ({ teamId: 11, seasonId: 2026, playerId: id, number: id + 50 })),
      skipDuplicates: true,
    });
    const body = await lineup([...regularSquad, 14, 15, 18, 19, 20]);
    expect(body.data.attributes.quota_exceeded).toBe(true);
    expect(ruleNames(body)).toEqual(['quota']);
    expect(body.data.attributes.quota_messages).toEqual([body.data.attributes.messages[0].message]);
    expect(body.data.attributes.quota_messages[0]).toEqual(expect.any(String));
  });
});

describe('bad input and cost', () => {
  it.each([
    [`${BASE}/lineup`, 400, /required/],
    [`${BASE}/lineup?filter[licenses]=`, 400, /comma-separated/],
    [`${BASE}/lineup?filter[licenses]=1,abc`, 400, /comma-separated/],
    [`${BASE}/lineup?filter[licenses]=${Array.from({ length: 41 }, (_, i) => i + 1).join(',')}`, 400, /at most 40/],
    ['/api/v3/games/999/teams/10/lineup_candidates', 404, /No game 999/],
    ['/api/v3/games/100/teams/11/lineup_candidates', 404, /does not play/],
    ['/api/v3/games/abc/teams/10/lineup_candidates', 400, /game_id/],
    ['/api/v3/nothing', 404, /No route/],
  ])('%s → %i in the JSON:API error format', async (url, status, detail) => {
    const response = await get(url);
    expect(response.status).toBe(status);
    expect(response.body.errors[0]).toMatchObject({ status: String(status), detail: expect.stringMatching(detail) });
  });

  it('runs a bounded number of SQL queries', async () => {
    expect(await countQueries(db, () => get(`${BASE}/lineup_candidates`))).toBeLessThanOrEqual(8);
    expect(await countQueries(db, () => get(`${BASE}/lineup?filter[licenses]=${regularSquad.map(licenseOf).join(',')}`))).toBeLessThanOrEqual(8);
  });
});
