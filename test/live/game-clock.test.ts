// The game's clock for readers over real HTTP: the phase, period and second of play, moved on with
// the service's clock between writes and stopped at the period's end; the status messages a desk
// may send now; and the period in the REST tables.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';

let league: TestLeague;
let app: FastifyInstance;
let baseUrl: string;
let federationKey: string;
let gameId: number;
let idempotency = 0;

const CLOCK = `query ($id: Int!) { game(id: $id) { status clock { phase period second running } statusMessages } }`;

interface ClockData {
  game: { status: string; clock: { phase: string; period: number | null; second: number; running: boolean }; statusMessages: string[] };
}

async function write(name: string, input: Record<string, unknown> = {}) {
  const type = `${name[0].toUpperCase()}${name.slice(1)}Input`;
  const answer = await postGraphQL(
    baseUrl,
    `mutation ($input: ${type}!) { ${name}(input: $input) { ${WRITE_RESULT} } }`,
    { input: { gameId, idempotencyKey: `clock-${++idempotency}`, ...input } },
    federationKey,
  );
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
}

const clockNow = async () => (await postGraphQL<ClockData>(baseUrl, CLOCK, { id: gameId })).data?.game;

beforeAll(async () => {
  league = await openTestLeague();
  federationKey = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
  ({
    game: { id: gameId },
  } = await scheduledGameWithSheet(league.db));
  app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent' });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app?.close();
  await league?.close();
});

describe("a game's clock", () => {
  it('stands before the start, with the messages that may start or settle the game', async () => {
    expect(await clockNow()).toEqual({
      status: 'SCHEDULED',
      clock: { phase: 'SCHEDULED', period: null, second: 0, running: false },
      statusMessages: ['START', 'REPORT_RESULT', 'FORFAIT'],
    });
  });

  it('runs from the start with the service clock, and goes on from the second of each recorded event', async () => {
    await write('startGame');
    expect(await clockNow()).toEqual({
      status: 'LIVE',
      clock: { phase: 'PERIOD', period: 1, second: 0, running: true },
      statusMessages: ['START_THIRD', 'END_THIRD', 'REPORT_RESULT', 'FORFAIT', 'ABORT', 'UNDO'],
    });
    league.clock.advance(95_000);
    expect((await clockNow())?.clock).toEqual({ phase: 'PERIOD', period: 1, second: 95, running: true });
    await write('recordGoal', { side: 'HOME', second: 80 });
    league.clock.advance(10_000);
    expect((await clockNow())?.clock.second).toBe(90);
    // Between writes it stops at the end of the period, waiting for the desk.
    league.clock.advance(3_600_000);
    expect((await clockNow())?.clock).toEqual({ phase: 'PERIOD', period: 1, second: 1200, running: false });
  });

  it('moves into the next period and shows it in the REST game detail, in each language', async () => {
    await write('endPeriod');
    expect((await clockNow())?.clock).toEqual({ phase: 'PERIOD', period: 2, second: 1200, running: true });
    const detail = (await (await fetch(`${baseUrl}/api/games/${gameId}`)).json()) as { data: { regions: { rows: { cells: { text?: string[] }[] }[] }[] } };
    expect(detail.data.regions[0].rows[0].cells[4].text).toEqual(['1:0*', '(1:0, 0:0)', '2. Drittel']);
    const french = (await (await fetch(`${baseUrl}/api/games/${gameId}?locale=fr`)).json()) as typeof detail;
    expect(french.data.regions[0].rows[0].cells[4].text?.[2]).toBe('2e tiers');
  });

  it('ends in overtime and stands after the final whistle, when only an undo may be sent', async () => {
    await write('recordGoal', { side: 'AWAY', second: 1300 });
    await write('endPeriod');
    await write('endPeriod');
    const overtime = await clockNow();
    expect(overtime?.clock).toEqual({ phase: 'OVERTIME', period: 4, second: 3600, running: true });
    // A tied overtime not under way yet may start (after the break), end on the clock, or go to penalty shots at once.
    expect(overtime?.statusMessages).toEqual(['START_THIRD', 'END_THIRD', 'START_PENALTY_SHOOTOUT', 'REPORT_RESULT', 'FORFAIT', 'ABORT', 'UNDO']);
    await write('endPeriod');
    const shootout = await clockNow();
    expect(shootout?.clock).toEqual({ phase: 'PENALTY_SHOOTOUT', period: null, second: 4200, running: false });
    expect(shootout?.statusMessages).toEqual(['START_PENALTY_SHOOTOUT', 'REPORT_RESULT', 'FORFAIT', 'ABORT', 'UNDO']);
    await write('finishGame', { decidedBy: 'PENALTY_SHOTS', shootoutWinner: 'AWAY' });
    expect(await clockNow()).toEqual({
      status: 'FINISHED',
      clock: { phase: 'FINISHED', period: null, second: 4200, running: false },
      statusMessages: ['UNDO'],
    });
  });
});
