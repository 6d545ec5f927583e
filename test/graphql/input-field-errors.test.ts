// A mutation's input that a rule refuses names the input field it is about, in extensions.field
// (the domain error carries it, src/schema/errors.ts puts it there); a refusal of what the game's
// state allows, whatever the values, names none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { scheduledGameWithSheet } from '../support/live.js';

let league: TestLeague;
let federation: Record<string, string>;
let admin: Record<string, string>;
let gameId: number;
let otherGameId: number;
let sheet: Awaited<ReturnType<typeof scheduledGameWithSheet>>['sheet'];
let writes = 0;

const MUTATIONS = {
  startGame: 'mutation ($input: StartGameInput!) { startGame(input: $input) { version eventId } }',
  recordGoal: 'mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { version eventId } }',
  recordPenalty: 'mutation ($input: RecordPenaltyInput!) { recordPenalty(input: $input) { version eventId } }',
  recordTimeout: 'mutation ($input: RecordTimeoutInput!) { recordTimeout(input: $input) { version eventId } }',
  recordMisc: 'mutation ($input: RecordMiscInput!) { recordMisc(input: $input) { version eventId } }',
  recordSpectators: 'mutation ($input: RecordSpectatorsInput!) { recordSpectators(input: $input) { version eventId } }',
  correctEvent: 'mutation ($input: CorrectEventInput!) { correctEvent(input: $input) { version eventId } }',
  finishGame: 'mutation ($input: FinishGameInput!) { finishGame(input: $input) { version eventId } }',
  reportResult: 'mutation ($input: ReportResultInput!) { reportResult(input: $input) { version eventId } }',
} as const;

type Answer = Awaited<ReturnType<typeof graphql<Record<string, { version: number; eventId: number | null }>>>>;

function write(mutation: keyof typeof MUTATIONS, input: Record<string, unknown>, game = gameId): Promise<Answer> {
  return graphql(league.app, MUTATIONS[mutation], { input: { gameId: game, idempotencyKey: `field-${++writes}`, ...input } }, federation);
}

async function written(mutation: keyof typeof MUTATIONS, input: Record<string, unknown>): Promise<number | null> {
  const answer = await write(mutation, input);
  expect(answer.errors).toBeUndefined();
  return answer.data?.[mutation].eventId ?? null;
}

let goalId: number | null;
let timeoutId: number | null;

beforeAll(async () => {
  league = await openTestLeague();
  const chosen = await scheduledGameWithSheet(league.db);
  gameId = chosen.game.id;
  sheet = chosen.sheet;
  otherGameId = (await league.db.prisma.game.findFirstOrThrow({ where: { status: 'SCHEDULED', groupId: { not: null }, id: { not: gameId } } })).id;
  federation = { authorization: `Bearer ${(await createKey(league.db, 'federation desk', null, ['games:write'])).key}` };
  admin = { authorization: `Bearer ${(await createKey(league.db, 'admin', null, ['admin'])).key}` };
  await written('startGame', { outsideStartWindow: true, reason: 'played at another time (test)' });
  goalId = await written('recordGoal', { side: 'HOME', second: 60, scorerLicenseId: sheet.HOME[0].licenseId });
  timeoutId = await written('recordTimeout', { side: 'AWAY', second: 90 });
});

afterAll(async () => {
  await league?.close();
});

describe('a mutation input a rule refuses', () => {
  it('names the input field it is about, in extensions.field, with BAD_USER_INPUT', async () => {
    const home = () => sheet.HOME;
    const table: [string, () => Promise<Answer>, string][] = [
      ['a second outside the period', () => write('recordGoal', { side: 'HOME', second: 1500 }), 'second'],
      ['a scorer not on the side’s sheet', () => write('recordGoal', { side: 'AWAY', second: 100, scorerLicenseId: -1 }), 'scorerLicenseId'],
      [
        'an own goal with an assist',
        () => write('recordGoal', { side: 'HOME', second: 100, ownGoal: true, assistLicenseId: home()[1].licenseId }),
        'assistLicenseId',
      ],
      ['an own goal from a penalty shot', () => write('recordGoal', { side: 'HOME', second: 100, ownGoal: true, penaltyShot: true }), 'penaltyShot'],
      [
        'the scorer as the assist',
        () => write('recordGoal', { side: 'HOME', second: 100, scorerLicenseId: home()[0].licenseId, assistLicenseId: home()[0].licenseId }),
        'assistLicenseId',
      ],
      ['a goal code without a penalty shot', () => write('recordGoal', { side: 'HOME', second: 100, code: 5 }), 'code'],
      [
        'a penalty reason too long',
        () => write('recordPenalty', { side: 'HOME', second: 100, kind: 'MINOR_2', playerLicenseId: home()[1].licenseId, reason: 'x'.repeat(101) }),
        'reason',
      ],
      [
        'a penalty code out of range',
        () => write('recordPenalty', { side: 'HOME', second: 100, kind: 'MINOR_2', playerLicenseId: home()[1].licenseId, code: 100_000 }),
        'code',
      ],
      ['a second timeout of a side', () => write('recordTimeout', { side: 'AWAY', second: 200 }), 'side'],
      ['a MISC player without a side', () => write('recordMisc', { second: 100, code: 901, playerLicenseId: home()[1].licenseId }), 'side'],
      ['spectators below zero', () => write('recordSpectators', { spectators: -1 }), 'spectators'],
      ['an assist corrected onto a timeout', () => write('correctEvent', { eventId: timeoutId, assistLicenseId: home()[1].licenseId }), 'assistLicenseId'],
      ['a penalty role corrected onto a goal', () => write('correctEvent', { eventId: goalId, penaltyRole: 'OFFENDER' }), 'penaltyRole'],
      ['a shootout winner for a game decided in regulation', () => write('finishGame', { decidedBy: 'REGULAR', shootoutWinner: 'HOME' }), 'shootoutWinner'],
      ['a decision the game has not reached', () => write('finishGame', { decidedBy: 'OVERTIME' }), 'decidedBy'],
      ['a reported score out of range', () => write('reportResult', { homeScore: 1000, awayScore: 0 }, otherGameId), 'homeScore'],
      ['secondsPlayed out of range', () => write('reportResult', { homeScore: 2, awayScore: 1, secondsPlayed: 99_999 }, otherGameId), 'secondsPlayed'],
      ['an empty retry key', () => write('recordTimeout', { side: 'HOME', second: 100, idempotencyKey: '' }), 'idempotencyKey'],
      [
        'a key without a name',
        () =>
          graphql(league.app, 'mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }', { input: { name: ' ', scopes: [] } }, admin),
        'name',
      ],
      [
        'an unknown key scope',
        () =>
          graphql(
            league.app,
            'mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }',
            { input: { name: 'app', scopes: ['everything'] } },
            admin,
          ),
        'scopes',
      ],
      [
        'a favorite missing the id its type needs',
        () =>
          graphql(league.app, 'mutation ($f: [FavoriteInput!]!) { addFavorite(favorites: $f) { id } }', { f: [{ type: 'TEAM', teamId: 1 }, { type: 'CLUB' }] }),
        'favorites[1]',
      ],
    ];
    const seen: Record<string, unknown>[] = [];
    for (const [, send] of table) {
      const answer = await send();
      seen.push({ code: answer.errors?.[0]?.extensions?.code, field: answer.errors?.[0]?.extensions?.field, message: answer.errors?.[0]?.message });
    }
    expect(Object.fromEntries(table.map(([what], index) => [what, seen[index]]))).toEqual(
      Object.fromEntries(table.map(([what, , field]) => [what, { code: 'BAD_USER_INPUT', field, message: expect.any(String) }])),
    );
  });

  it('names no field when the game’s state refuses the write, whatever its values', async () => {
    const again = await write('startGame', { outsideStartWindow: true, reason: 'again' });
    expect(again.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^The game is already under way/), extensions: { code: 'BAD_USER_INPUT' } });
    expect(again.errors?.[0].extensions).not.toHaveProperty('field');
  });
});
