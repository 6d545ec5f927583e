// A result's whole life over a real socket, read through every interface that can see it: reported
// through /bo by the home club's desk, protested by the away club's key within the window, upheld by
// the federation with a corrected score; the standings as of the game's day before and after the
// correction (GraphQL and /api/rankings), the public history (GraphQL and /api) step by step with
// roles and reasons, the state marks (/api, v3, /bo), and the confirmed result's signature verified
// with jose against the JWKS, also after a key rotation. The refusals and the replays are in
// test/live/result-life.test.ts; the signature's format in test/live/result-signatures.test.ts.
import type { FastifyInstance } from 'fastify';
import { compactVerify, createRemoteJWKSet, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { DEFAULT_START_WINDOW } from '../../src/domain/live-game.js';
import { openTestLeague, TEST_NOW, type TestLeague } from '../support/app.js';
import { formBody, partnerApiKey } from '../support/bo.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';

let league: TestLeague;
let app: FastifyInstance;
let baseUrl: string;
let federationKey: string;
let adminKey: string;
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let homeKey: string;
let awayKey: string;

const HOUR = 3_600_000;
/** The game's day in the league's time zone (TEST_NOW is 16:30 in Zurich). */
const GAME_DAY = '2026-11-22';
const PROTEST_REASON = 'Player 17 was not eligible';
const UPHOLD_REASON = 'Ineligible player: the goals he scored are void';
const at = (hours: number) => new Date(TEST_NOW.getTime() + hours * HOUR).toISOString();

const mutation = (name: string, input: string) => `mutation ($input: ${input}!) { ${name}(input: $input) { ${WRITE_RESULT} } }`;

async function write(document: string, input: Record<string, unknown>, key: string) {
  const answer = await postGraphQL<Record<string, { version: number; game: { homeScore: number; awayScore: number } }>>(baseUrl, document, { input }, key);
  expect(answer.errors).toBeUndefined();
  return Object.values(answer.data!)[0];
}

/** The back office as its clients call it, over the socket: form bodies, `{status, payload}` answers. */
async function bo<T>(method: string, path: string, form?: Record<string, string | number>) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    ...(form ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: formBody(form) } : {}),
  });
  const raw = await response.text();
  return { status: response.status, raw, body: JSON.parse(raw) as { status: { code: number }; payload: T } };
}

async function boToken(key: string): Promise<string> {
  const answer = await bo<{ auth_token: string }>('POST', '/bo/session/auth', { api_key: partnerApiKey(key), secret: key });
  expect(answer.status, answer.raw).toBe(200);
  return answer.body.payload.auth_token;
}

const getJson = async (path: string, key?: string) => {
  const response = await fetch(`${baseUrl}${path}`, key ? { headers: { authorization: `Bearer ${key}` } } : {});
  expect(response.status, path).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: the facades' envelopes are read by path, as their clients do
  return (await response.json()) as any;
};

interface Row {
  teamId: number;
  games: number;
  wins: number;
  losses: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
}

/** The home and away teams' rows of the game's group table, with the given arguments. */
async function standings(args: string): Promise<{ home: Row; away: Row }> {
  const answer = await postGraphQL<{ leagueGroup: { standings: Row[] } }>(
    baseUrl,
    `query ($id: Int!) { leagueGroup(id: $id) { standings${args} { teamId games wins losses goalsFor goalsAgainst points } } }`,
    { id: game.groupId },
  );
  expect(answer.errors).toBeUndefined();
  const row = (teamId: number | null) => answer.data!.leagueGroup.standings.find((standing) => standing.teamId === teamId)!;
  return { home: row(game.homeTeamId), away: row(game.awayTeamId) };
}

/** The home team's `goals` cell ("for:against") in /api/rankings of its group, with the given parameters. */
async function rankingsGoals(query: string): Promise<string> {
  const body = await getJson(`/api/rankings?team_id=${game.homeTeamId}${query}`);
  const rows = body.data.regions.flatMap((region: { rows: unknown[] }) => region.rows) as { data?: { team: { id: number } }; cells: { text: string[] }[] }[];
  return rows.find((row) => row.data?.team.id === game.homeTeamId)!.cells[9].text[0];
}

const RESULT = `query ($id: Int!) { game(id: $id) { homeScore awayScore result { state confirmedAt
  protest { by { side } reason decision { outcome reason } } } } }`;
const resultOf = async () =>
  (await postGraphQL<{ game: { homeScore: number; awayScore: number; result: unknown } }>(baseUrl, RESULT, { id: game.id })).data!.game;
const apiMark = async () => (await getJson(`/api/games/${game.id}?result_state=1`)).data.regions[0].rows[0].result_state;

const SIGNATURE = 'query ($id: Int!, $p: Boolean) { game(id: $id) { resultSignature(includeProvisional: $p) { jws keyId payload } } }';
async function signature(includeProvisional = false) {
  const answer = await postGraphQL<{ game: { resultSignature: { jws: string; keyId: string; payload: string } | null } }>(baseUrl, SIGNATURE, {
    id: game.id,
    p: includeProvisional,
  });
  expect(answer.errors).toBeUndefined();
  return answer.data!.game.resultSignature;
}
const keySet = () => createRemoteJWKSet(new URL(`${baseUrl}/.well-known/jwks.json`));

beforeAll(async () => {
  league = await openTestLeague();
  federationKey = (await createKey(league.db, 'federation', null, ['games:write'])).key;
  adminKey = (await createKey(league.db, 'operator', null, ['admin'])).key;
  app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', gameStartWindow: DEFAULT_START_WINDOW });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  ({ game } = await scheduledGameWithSheet(league.db));
  await league.db.prisma.game.update({ where: { id: game.id }, data: { startsAt: TEST_NOW } });
  homeKey = (await createKey(league.db, 'home desk', game.homeTeam!.clubId, ['games:write'])).key;
  awayKey = (await createKey(league.db, 'away desk', game.awayTeam!.clubId, ['games:write'])).key;
});
afterAll(async () => {
  await app?.close();
  await league?.close();
});

// One life, step by step: each test starts where the one before left the game and the clock.
describe.sequential('a result’s whole life over HTTP', () => {
  let beforeReport: { home: Row; away: Row };
  let asItStood: { home: Row; away: Row };
  let confirmedJws: { jws: string; keyId: string; payload: string };

  it('is reported through /bo by the home club’s desk: provisional, open to protest, in the table of its day', async () => {
    beforeReport = await standings(`(asOf: "${GAME_DAY}")`);
    const token = await boToken(homeKey);
    const reported = await bo('PUT', `/bo/games/${game.id}/status`, { auth_token: token, event: 'report_result', home: 3, away: 2 });
    expect(reported.status, reported.raw).toBe(200);
    const desk = await bo<{ list: { result: unknown }[] }>('GET', `/bo/games/${game.id}?auth_token=${token}&result_state=yes`);
    expect(desk.body.payload.list[0].result).toMatchObject({ state: 'provisional', open_to_protest: true, confirmed_at: null });
    expect(await resultOf()).toMatchObject({ homeScore: 3, awayScore: 2, result: { state: 'PROVISIONAL', confirmedAt: null, protest: null } });
    expect(await apiMark()).toMatchObject({ state: 'provisional', confirmed_at: null, protest_window_closes_at: at(48) });
    // A provisional result is signed only on request, and says so.
    expect(await signature()).toBeNull();
    const provisional = (await signature(true))!;
    const { payload } = await compactVerify(provisional.jws, keySet());
    expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({ score: { home: 3, away: 2 }, resultState: 'PROVISIONAL' });

    const today = await standings(`(asOf: "${GAME_DAY}")`);
    expect(today.home).toMatchObject({
      games: beforeReport.home.games + 1,
      wins: beforeReport.home.wins + 1,
      goalsFor: beforeReport.home.goalsFor + 3,
      goalsAgainst: beforeReport.home.goalsAgainst + 2,
    });
    expect(today.away).toMatchObject({ games: beforeReport.away.games + 1, losses: beforeReport.away.losses + 1 });
  });

  it('is protested by the away club’s key within the window', async () => {
    league.clock.advance(20 * HOUR);
    // The game's day is over: its table is the one it ended with.
    asItStood = await standings(`(asOf: "${GAME_DAY}")`);
    expect(asItStood).toEqual(await standings(''));
    await write(mutation('protestResult', 'ProtestResultInput'), { gameId: game.id, idempotencyKey: 'protest', reason: PROTEST_REASON }, awayKey);
    expect(await resultOf()).toMatchObject({ result: { state: 'PROTESTED', protest: { by: { side: 'AWAY' }, reason: PROTEST_REASON, decision: null } } });
    expect(await apiMark()).toMatchObject({ state: 'protested', confirmed_at: null });
    const v3 = await getJson(`/api/v3/games/${game.id}?result_state=1`, federationKey);
    expect(v3.data.attributes.result_state).toMatchObject({ state: 'protested', confirmed_at: null });
    const desk = await bo<{ list: { result: unknown }[] }>('GET', `/bo/games/${game.id}?auth_token=${await boToken(homeKey)}&result_state=yes`);
    expect(desk.body.payload.list[0].result).toMatchObject({ state: 'protested' });
    // A protested result is not signed as confirmed.
    expect(await signature()).toBeNull();
  });

  it('is upheld by the federation with a corrected score: confirmed, marked so everywhere', async () => {
    league.clock.advance(30 * HOUR);
    const upheld = await write(
      mutation('upholdProtest', 'UpholdProtestInput'),
      { gameId: game.id, idempotencyKey: 'uphold', reason: UPHOLD_REASON, homeScore: 2, awayScore: 3 },
      federationKey,
    );
    expect(upheld.game).toMatchObject({ homeScore: 2, awayScore: 3 });
    expect(await resultOf()).toMatchObject({
      homeScore: 2,
      awayScore: 3,
      result: { state: 'CONFIRMED', confirmedAt: at(50), protest: { by: { side: 'AWAY' }, decision: { outcome: 'UPHELD', reason: UPHOLD_REASON } } },
    });
    expect(await apiMark()).toEqual({ state: 'confirmed', text: 'bestätigt', confirmed_at: at(50), protest_window_closes_at: at(48) });
    const v3 = await getJson(`/api/v3/games/${game.id}?result_state=1`, federationKey);
    expect(v3.data.attributes.result_state).toEqual({ state: 'confirmed', confirmed_at: at(50), protest_window_closes_at: at(48) });
    const desk = await bo<{ list: { result: unknown }[] }>('GET', `/bo/games/${game.id}?auth_token=${await boToken(homeKey)}&result_state=yes`);
    expect(desk.body.payload.list[0].result).toMatchObject({ state: 'confirmed', open_to_protest: false });
  });

  it('leaves the table of its day as it stood, unless asked as corrected; today’s table has the corrected score', async () => {
    expect(await standings(`(asOf: "${GAME_DAY}")`)).toEqual(asItStood);
    const corrected = await standings(`(asOf: "${GAME_DAY}", asCorrected: true)`);
    expect(corrected.home).toMatchObject({
      games: asItStood.home.games,
      wins: asItStood.home.wins - 1,
      losses: asItStood.home.losses + 1,
      goalsFor: asItStood.home.goalsFor - 1,
      goalsAgainst: asItStood.home.goalsAgainst + 1,
    });
    expect(corrected.away).toMatchObject({ wins: asItStood.away.wins + 1, losses: asItStood.away.losses - 1 });
    expect(corrected.home.points).toBeLessThan(asItStood.home.points);
    expect(corrected.away.points).toBeGreaterThan(asItStood.away.points);
    expect(await standings('')).toEqual(corrected);

    // /api/rankings says the same, for the federation's apps.
    expect(await rankingsGoals(`&date=${GAME_DAY}`)).toBe(`${asItStood.home.goalsFor}:${asItStood.home.goalsAgainst}`);
    expect(await rankingsGoals(`&date=${GAME_DAY}&corrected=true`)).toBe(`${corrected.home.goalsFor}:${corrected.home.goalsAgainst}`);
    expect(await rankingsGoals('')).toBe(`${corrected.home.goalsFor}:${corrected.home.goalsAgainst}`);
  });

  it('lists every step in its public history, in order, with roles and reasons, on GraphQL and /api', async () => {
    const answer = await postGraphQL<{ game: { history: { nodes: Record<string, unknown>[] } } }>(
      baseUrl,
      `query ($id: Int!) { game(id: $id) { history(first: 100) { nodes { at kind write role reason
        resultState { before after } score { before { home away } after { home away } } } } } }`,
      { id: game.id },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.game.history.nodes).toEqual([
      {
        at: at(0),
        kind: 'RESULT_REPORTED',
        write: 'reportResult',
        role: 'HOME_DESK',
        reason: null,
        resultState: { before: null, after: 'PROVISIONAL' },
        score: { before: { home: 0, away: 0 }, after: { home: 3, away: 2 } },
      },
      {
        at: at(20),
        kind: 'RESULT_PROTESTED',
        write: 'protestResult',
        role: 'AWAY_DESK',
        reason: PROTEST_REASON,
        resultState: { before: 'PROVISIONAL', after: 'PROTESTED' },
        score: null,
      },
      {
        at: at(50),
        kind: 'PROTEST_UPHELD',
        write: 'upholdProtest',
        role: 'FEDERATION',
        reason: UPHOLD_REASON,
        resultState: { before: 'PROTESTED', after: 'CONFIRMED' },
        score: { before: { home: 3, away: 2 }, after: { home: 2, away: 3 } },
      },
    ]);

    const page = await getJson(`/api/games/${game.id}/history?locale=en`);
    const rows = (page.data.regions[0].rows as { cells: { text: string[] }[] }[]).map((row) => row.cells.map((cell) => cell.text.join(' / ')));
    expect(rows.map((row) => [row[2], row[3]])).toEqual([
      ['Home club', ''],
      ['Away club', PROTEST_REASON],
      ['Federation', UPHOLD_REASON],
    ]);
  });

  it('is signed once confirmed, the signature verifying with jose against the JWKS, with the corrected score', async () => {
    confirmedJws = (await signature())!;
    const { payload, protectedHeader } = await compactVerify(confirmedJws.jws, keySet());
    expect(protectedHeader.kid).toBe(confirmedJws.keyId);
    expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({
      game: { id: game.id },
      home: { id: game.homeTeamId },
      away: { id: game.awayTeamId },
      score: { home: 2, away: 3 },
      resultState: 'CONFIRMED',
    });
  });

  it('still verifies after a key rotation, while a new signature uses the new key', async () => {
    const rotated = await postGraphQL<{ rotateResultSigningKey: { keyId: string } }>(baseUrl, 'mutation { rotateResultSigningKey { keyId } }', {}, adminKey);
    expect(rotated.errors).toBeUndefined();
    const newKid = rotated.data!.rotateResultSigningKey.keyId;
    expect(newKid).not.toBe(confirmedJws.keyId);
    const verifier = keySet();
    await expect(compactVerify(confirmedJws.jws, verifier)).resolves.toMatchObject({ protectedHeader: { kid: confirmedJws.keyId } });
    const resigned = (await signature())!;
    expect(resigned.keyId).toBe(newKid);
    expect(decodeProtectedHeader(resigned.jws).kid).toBe(newKid);
    const { payload } = await compactVerify(resigned.jws, verifier);
    expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({ score: { home: 2, away: 3 }, resultState: 'CONFIRMED' });
  });
});
