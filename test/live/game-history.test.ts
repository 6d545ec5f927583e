// A game's public history over real HTTP: the writes of a home desk, an event desk and the
// federation (one through a session token), read back by anyone on GraphQL and /api, and every
// answer scanned for every secret the test made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { createApiKey } from '../../src/auth/key-store.js';
import { openSession } from '../../src/auth/session-tokens.js';
import { addFavorites } from '../../src/sessions/store.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { postGraphQL, scheduledGameWithSheet } from '../support/live.js';

let league: TestLeague;
let app: FastifyInstance;
let baseUrl: string;
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let sheet: Awaited<ReturnType<typeof scheduledGameWithSheet>>['sheet'];
/** Every secret the test makes or sends: keys, their names and prefixes, a session token, a favorites session, idempotency keys. */
const secrets: string[] = [];
const keys: Record<'home' | 'event' | 'federation' | 'reader', string> = { home: '', event: '', federation: '', reader: '' };
let token = '';
let idempotency = 0;

const WRITE = 'version';
const mutation = (name: string, input: string) => `mutation ($input: ${input}!) { ${name}(input: $input) { ${WRITE} } }`;

async function write(name: string, input: string, fields: Record<string, unknown>, key: string) {
  const idempotencyKey = `idem-${name}-${++idempotency}-${Math.random().toString(36).slice(2)}`;
  secrets.push(idempotencyKey);
  const answer = await postGraphQL<Record<string, { version: number }>>(
    baseUrl,
    mutation(name, input),
    { input: { gameId: game.id, idempotencyKey, ...fields } },
    key,
  );
  expect(answer.errors).toBeUndefined();
  return answer.data?.[name];
}

const HISTORY = `query ($id: Int!, $first: Int, $after: String, $direction: SortDirection) {
  game(id: $id) {
    history(first: $first, after: $after, direction: $direction) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { cursor node { version } }
      nodes {
        kind write at version role reason eventId
        event { before { type side second period playerId assistId penaltyKind penaltyReason } after { type side second period playerId assistId penaltyKind penaltyReason } }
        score { before { home away } after { home away } }
        status { before after }
        resultState { before after }
        transition { to second }
        spectators sheetTeamId
      }
    }
  }
}`;

interface Entry {
  kind: string;
  write: string;
  version: number;
  role: string;
  reason: string | null;
  eventId: number | null;
  event: { before: Record<string, unknown> | null; after: Record<string, unknown> | null } | null;
  score: { before: { home: number; away: number }; after: { home: number; away: number } } | null;
  status: { before: string; after: string } | null;
  spectators: number | null;
}
interface HistoryAnswer {
  game: {
    history: {
      totalCount: number;
      pageInfo: { hasNextPage: boolean; endCursor: string };
      edges: { cursor: string; node: { version: number } }[];
      nodes: Entry[];
    };
  };
}

async function history(variables: Record<string, unknown> = {}, key?: string) {
  return postGraphQL<HistoryAnswer>(baseUrl, HISTORY, { id: game.id, ...variables }, key);
}

beforeAll(async () => {
  league = await openTestLeague();
  ({ game, sheet } = await scheduledGameWithSheet(league.db));
  const now = league.clock.now();
  const issue = async (name: string, clubId: number | null, gameIds: number[] = [], scopes = ['games:write']) => {
    const issued = await createApiKey(league.db.prisma, { name, clubId, scopes, gameIds }, now);
    secrets.push(issued.secret, issued.key.name, issued.key.prefix);
    return issued;
  };
  const home = await issue('Desk Wiler secret-name', game.homeTeam!.clubId);
  keys.home = home.secret;
  keys.event = (await issue('Turnier secret-event-name', null, [game.id])).secret;
  keys.federation = (await issue('Verband secret-federation-name', null)).secret;
  keys.reader = (await issue('Reader secret-reader-name', null, [], [])).secret;
  const session = await openSession(league.db.prisma, { keyId: home.key.id, clubId: home.key.clubId, scopes: home.key.scopes, gameIds: [] }, now);
  token = session.token;
  secrets.push(token);
  const favorites = await addFavorites(league.db.prisma, null, [{ type: 'team', team_id: game.homeTeam!.id }], now);
  secrets.push(favorites.id);
  app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local', responseCacheTtlMs: 60_000 });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });

  await write('startGame', 'StartGameInput', {}, keys.home);
  const goal = await write('recordGoal', 'RecordGoalInput', { side: 'HOME', second: 125, scorerLicenseId: sheet.HOME[0].licenseId }, keys.event);
  expect(goal).toBeDefined();
  await write(
    'recordPenalty',
    'RecordPenaltyInput',
    { side: 'AWAY', second: 300, playerLicenseId: sheet.AWAY[0].licenseId, kind: 'MINOR_2', reason: 'Stockschlag' },
    token,
  );
  const goalEvent = await league.db.prisma.gameEvent.findFirstOrThrow({ where: { gameId: game.id, type: 'GOAL' } });
  await write('correctEvent', 'CorrectEventInput', { eventId: goalEvent.id, second: 95 }, keys.federation);
  const penaltyEvent = await league.db.prisma.gameEvent.findFirstOrThrow({ where: { gameId: game.id, type: 'PENALTY' } });
  await write('deleteEvent', 'DeleteEventInput', { eventId: penaltyEvent.id }, keys.federation);
  await write('undoStatus', 'UndoStatusInput', { reason: 'started by mistake' }, keys.federation);
  await write('startGame', 'StartGameInput', {}, keys.home);
  await write('abortGame', 'AbortGameInput', { reason: 'Hall lights failed' }, keys.federation);
  await write('recordSpectators', 'RecordSpectatorsInput', { spectators: 321 }, keys.home);
});

afterAll(async () => {
  await app?.close();
  await league?.close();
});

describe('Game.history', () => {
  it('lists every write in order, with its kind, role, reason and what it changed, to anyone', async () => {
    const answer = await history({ first: 50 });
    expect(answer.errors).toBeUndefined();
    const { nodes, totalCount } = answer.data!.game.history;
    const audit = await league.db.prisma.gameAuditEntry.findMany({ where: { gameId: game.id }, orderBy: [{ at: 'asc' }, { id: 'asc' }] });
    expect(totalCount).toBe(audit.length);
    expect(nodes.map((entry) => entry.write)).toEqual(audit.map((entry) => entry.mutation));
    expect(nodes.map((entry) => [entry.write, entry.kind, entry.role])).toEqual([
      ['startGame', 'STATUS_CHANGED', 'HOME_DESK'],
      ['recordGoal', 'EVENT_ADDED', 'EVENT_DESK'],
      ['recordPenalty', 'EVENT_ADDED', 'HOME_DESK'],
      ['correctEvent', 'EVENT_CORRECTED', 'FEDERATION'],
      ['deleteEvent', 'EVENT_DELETED', 'FEDERATION'],
      ['undoStatus', 'STATUS_UNDONE', 'FEDERATION'],
      ['startGame', 'STATUS_CHANGED', 'HOME_DESK'],
      ['abortGame', 'STATUS_CHANGED', 'FEDERATION'],
      ['recordSpectators', 'SPECTATORS_RECORDED', 'HOME_DESK'],
    ]);
    expect(nodes.map((entry) => entry.version)).toEqual(audit.map((entry) => entry.version));
    const [start, goal, penalty, corrected, deleted, undone, , aborted, spectators] = nodes;
    expect(start).toMatchObject({ status: { before: 'SCHEDULED', after: 'LIVE' }, reason: null, event: null });
    expect(goal).toMatchObject({
      score: { before: { home: 0, away: 0 }, after: { home: 1, away: 0 } },
      event: { before: null, after: { type: 'GOAL', side: 'HOME', second: 125 } },
    });
    // A penalty's reason is its offence, on the event; the write itself gave none.
    expect(penalty).toMatchObject({ reason: null, event: { after: { type: 'PENALTY', penaltyReason: 'Stockschlag' } } });
    expect(corrected).toMatchObject({ eventId: goal.eventId, event: { before: { second: 125 }, after: { second: 95 } }, score: null });
    expect(deleted).toMatchObject({ eventId: penalty.eventId, event: { before: { type: 'PENALTY' }, after: null }, score: null });
    // Undoing the start takes the events recorded since with it: the score goes back to none.
    expect(undone).toMatchObject({ reason: 'started by mistake', status: { before: 'LIVE', after: 'SCHEDULED' }, score: { before: { home: 1, away: 0 } } });
    expect(aborted).toMatchObject({ reason: 'Hall lights failed', status: { before: 'LIVE', after: 'ABORTED' } });
    expect(spectators).toMatchObject({ spectators: 321 });
    expect(nodes.every((entry) => entry.kind !== 'OTHER')).toBe(true);
  });

  it('is the same answer for a reader with a key, without one, and pages both ways with cursors', async () => {
    const anonymous = await history({ first: 50 });
    const keyed = await history({ first: 50 }, keys.reader);
    expect(keyed.data).toEqual(anonymous.data);
    const all = anonymous.data!.game.history.nodes.map((entry) => entry.version);
    const first = await history({ first: 4 });
    const page = first.data!.game.history;
    expect(page.pageInfo.hasNextPage).toBe(true);
    const rest = await history({ first: 50, after: page.pageInfo.endCursor });
    expect([...page.edges.map((edge) => edge.node.version), ...rest.data!.game.history.nodes.map((entry) => entry.version)]).toEqual(all);
    const newest = await history({ first: 50, direction: 'DESC' });
    expect(newest.data!.game.history.nodes.map((entry) => entry.version)).toEqual([...all].reverse());
    const bad = await history({ first: 2, after: 'not-a-cursor' });
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('is empty for a game nobody wrote to', async () => {
    const untouched = await league.db.prisma.game.findFirstOrThrow({ where: { status: 'FINISHED', audit: { none: {} } }, orderBy: { id: 'asc' } });
    const answer = await postGraphQL<HistoryAnswer>(baseUrl, HISTORY, { id: untouched.id, first: 5 });
    expect(answer.data?.game.history).toMatchObject({ totalCount: 0, nodes: [] });
  });
});

describe('GET /api/games/:game_id/history', () => {
  it('is a table of the writes, oldest first, by role, with the reasons, in one bounded set of statements', async () => {
    const response = await fetch(`${baseUrl}/api/games/${game.id}/history?locale=en`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { title: string; regions: { rows: { cells: { text: string[] }[] }[] }[] } };
    const rows = body.data.regions[0].rows.map((row) => row.cells.map((cell) => cell.text.join(' / ')));
    expect(rows).toHaveLength(9);
    expect(rows[0][1]).toContain('Game status changed');
    expect(rows[0][2]).toBe('Home club');
    expect(rows[1][2]).toBe('Event desk');
    expect(rows[5]).toEqual([expect.any(String), expect.stringContaining('Status change undone'), 'Federation', 'started by mistake']);
    expect(rows[7][3]).toBe('Hall lights failed');
    const de = (await (await fetch(`${baseUrl}/api/games/${game.id}/history`)).json()) as typeof body;
    expect(de.data.regions[0].rows[7].cells[2].text).toEqual(['Verband']);
    const statements = await countQueries(league.db, () => league.app.inject({ method: 'GET', url: `/api/games/${game.id}/history?locale=fr` }));
    expect(statements).toBeLessThanOrEqual(3);
  });

  it('answers a malformed id with 400 and an unknown game with 404', async () => {
    expect((await fetch(`${baseUrl}/api/games/abc/history`)).status).toBe(400);
    expect((await fetch(`${baseUrl}/api/games/999999/history`)).status).toBe(404);
  });
});

describe('caching', () => {
  it('keeps the answers until the next write to the game, which both interfaces show at once', async () => {
    const graphqlBefore = await history({ first: 100 });
    const apiBefore = await (await fetch(`${baseUrl}/api/games/${game.id}/history?locale=en`)).json();
    const cached = await countQueries(league.db, async () => {
      await history({ first: 100 });
      await fetch(`${baseUrl}/api/games/${game.id}/history?locale=en`);
    });
    expect(cached).toBe(0);
    await write('recordSpectators', 'RecordSpectatorsInput', { spectators: 400 }, keys.federation);
    const graphqlAfter = (await history({ first: 100 })).data!.game.history;
    expect(graphqlAfter.totalCount).toBe(graphqlBefore.data!.game.history.totalCount + 1);
    expect(graphqlAfter.nodes.at(-1)).toMatchObject({ write: 'recordSpectators', role: 'FEDERATION', spectators: 400 });
    const apiAfter = (await (await fetch(`${baseUrl}/api/games/${game.id}/history?locale=en`)).json()) as typeof apiBefore;
    expect(apiAfter.data.regions[0].rows).toHaveLength(apiBefore.data.regions[0].rows.length + 1);
  });
});

describe('secrets', () => {
  it('appear in no answer of the history: no key, key name or prefix, session token, favorites session or idempotency key', async () => {
    const answers = [
      JSON.stringify((await history({ first: 100 })).data),
      JSON.stringify((await history({ first: 100 }, keys.reader)).data),
      JSON.stringify((await history({ first: 100, direction: 'DESC' }, token)).data),
      ...(await Promise.all(['en', 'de', 'fr', 'it'].map(async (locale) => (await fetch(`${baseUrl}/api/games/${game.id}/history?locale=${locale}`)).text()))),
    ];
    expect(secrets.length).toBeGreaterThan(15);
    for (const answer of answers) {
      expect(answer.length).toBeGreaterThan(500);
      for (const secret of secrets) expect(answer, `an answer holds ${secret}`).not.toContain(secret);
    }
  });
});
