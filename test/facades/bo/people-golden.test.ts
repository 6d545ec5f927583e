// The federation's documented /bo/players and /bo/people requests (its texts and sample, copied
// below), each sent with the documentation's ids mapped to the demo league's, and the SQL statements
// each endpoint costs. Passes under NODE_ENV=production too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, demoPasswordPeople } from '../../../src/data/demo/index.js';
import { DEMO_FIXTURE } from '../../../scripts/examples/demo-fixture.js';
import { countQueries, openTestLeague, type TestLeague } from '../../support/app.js';
import { bo, type BoAnswer, partnerToken } from '../../support/bo.js';
import { createKey } from '../../support/keys.js';

/**
 * The documentation's examples (official-api-docs.md, /bo/players/doc and /bo/people/doc): the
 * lookup's two licence numbers, the people's parameters and sample response, and the answer of
 * validate_password, as printed.
 */
const DOC = {
  /** "If for example 45472 is passed, 454720-454729 will be found. If 454729 is passed, exactly that one player is found". */
  prefix: '45472',
  found: ['454720', '454721', '454722', '454723', '454724', '454725', '454726', '454727', '454728', '454729'],
  whole: '454729',
  /** "changed_since … (e.g. 2016-12-23)", "changed_until … (e.g. 2016-12-24)". */
  changedSince: '2016-12-23',
  changedUntil: '2016-12-24',
  validatePassword: { method: 'PUT', path: '/bo/people/:id/validate_password' },
  invalidPassword: { status: { code: 0, msg: 'ok' }, payload: { password: 'invalid' } },
  /** The sample response of `set=with_roles` for person 7295 (its values are the federation's, its keys the contract). */
  sample: {
    list: [
      {
        attrs: {
          roles: ['players/7295'],
          addresses: ['addresses/7295'],
          first_name: 'Max',
          last_name: 'Muster',
          email: 'max.muster@muster.example',
          email_2: null,
          language: 'de',
          phone_mobile: '0791234567',
          phone_private: '0311234567',
          phone_business: null,
          phone_business_headquarters: null,
          phone_contact: null,
          website: null,
          name_contact: null,
          birth_date: '1990-01-01',
        },
        set: 'with_roles',
        type: 'Person',
        id: 7295,
      },
    ],
    references: {
      'players/7295': {
        attrs: {
          identification: 'SP7295',
          bo_role_status: 'inactive',
          club_name: 'UHC Goal',
          club_id: 351,
          number: 0,
          position: null,
          captain: false,
          weight: 0,
          name: 'Max Muster',
          first: 'Max',
          last: 'Muster',
          license_number: 4518,
          portrait: null,
          entered_at: '1999-09-23',
          left_at: '2004-06-30',
          height: 0,
        },
        set: 'for_role',
        type: 'Player',
        id: 7295,
      },
    },
    status: { msg: 'ok.', code: 0 },
  },
} as const;

const ROLE_STATUSES = ['active', 'inactive', 'demissioned', 'dispensed', 'deleted', 'suspended', 'announced_demission', 'announced_dispensation'];

let league: TestLeague;
let token: string;
/** The documentation's licence numbers → the demo league's: 45472… → 60001… (the demo's players 600010–600019). */
const number = (documented: string) => documented.replace(/^45472/, '60001');

type Players = { list: { attrs: Record<string, unknown>; set: string; type: string; id: number }[] };
type People = typeof DOC.sample & Record<string, unknown>;

beforeAll(async () => {
  league = await openTestLeague();
  const key = await createKey(league.db, 'people reader and password validator', null, ['people:read', 'passwords:validate']);
  token = await partnerToken(league.app, key.key);
});
afterAll(async () => {
  await league?.close();
});

function expectOk(answer: BoAnswer<unknown>): void {
  expect(answer.statusCode, answer.raw).toBe(200);
  expect(answer.body.status).toEqual({ code: 0, msg: 'ok' });
  expect(answer.headers['cache-control']).toBe('private, no-store');
}

describe('/bo/players, as documented', () => {
  it('a prefix finds the ten numbers it begins (GET with the number in the query string)', async () => {
    const answer = await bo<Players>(league.app, 'GET', `/bo/players?license_number=${number(DOC.prefix)}&auth_token=${token}`);
    expectOk(answer);
    expect(answer.body.payload.list.map((player) => String(player.attrs.license_number))).toEqual(DOC.found.map(number));
    expect(answer.body.payload.list.map((player) => player.id)).toEqual(DOC.found.map((found) => Number(number(found))));
  });

  it('a whole number finds exactly that player, each player with the keys of the sample’s player role', async () => {
    const answer = await bo<Players>(league.app, 'GET', `/bo/players?license_number=${number(DOC.whole)}&auth_token=${token}`);
    expectOk(answer);
    expect(answer.body.payload.list).toHaveLength(1);
    const [player] = answer.body.payload.list;
    const documented = DOC.sample.references['players/7295'];
    expect(Object.keys(player).sort()).toEqual(Object.keys(documented).sort());
    expect(Object.keys(player.attrs)).toEqual(Object.keys(documented.attrs));
    expect(player).toMatchObject({ set: 'for_role', type: 'Player', id: Number(number(DOC.whole)) });
    expect(player.attrs).toMatchObject({ identification: `SP${number(DOC.whole)}`, license_number: Number(number(DOC.whole)) });
    expect(ROLE_STATUSES).toContain(player.attrs.bo_role_status);
    const stored = await league.db.prisma.player.findUniqueOrThrow({ where: { id: player.id } });
    expect(player.attrs).toMatchObject({ first: stored.firstName, last: stored.lastName, name: `${stored.firstName} ${stored.lastName}` });
  });

  it('GET with the number in a body, and POST for clients that send no body with GET: the same answer', async () => {
    const query = await bo(league.app, 'GET', `/bo/players?license_number=${number(DOC.prefix)}&auth_token=${token}`);
    const getBody = await bo(league.app, 'GET', '/bo/players', { json: { license_number: number(DOC.prefix), auth_token: token } });
    const post = await bo(league.app, 'POST', '/bo/players', { form: { license_number: number(DOC.prefix), auth_token: token } });
    const postJson = await bo(league.app, 'POST', '/bo/players', { json: { license_number: Number(number(DOC.prefix)), auth_token: token } });
    for (const answer of [getBody, post, postJson]) {
      expectOk(answer);
      expect(answer.body).toEqual(query.body);
    }
  });
});

describe('/bo/people, as documented', () => {
  let ids: number[];
  beforeAll(() => {
    ids = demoPasswordPeople();
  });

  it('set=with_roles: the sample’s keys, the person’s player role in references', async () => {
    const answer = await bo<never>(league.app, 'GET', `/bo/people?ids=${ids[0]}&set=with_roles&auth_token=${token}`);
    expect(answer.statusCode, answer.raw).toBe(200);
    const body = answer.body as unknown as People;
    expect(Object.keys(body).sort()).toEqual(Object.keys(DOC.sample).sort());
    expect(body.status).toEqual({ code: 0, msg: 'ok' });
    const [person] = body.list;
    const documented = DOC.sample.list[0];
    expect(Object.keys(person).sort()).toEqual(Object.keys(documented).sort());
    expect(Object.keys(person.attrs)).toEqual(Object.keys(documented.attrs));
    expect(person).toMatchObject({ set: 'with_roles', type: 'Person', id: ids[0] });
    expect(person.attrs.roles).toEqual([`players/${ids[0]}`]);
    const role = body.references[`players/${ids[0]}` as 'players/7295'];
    expect(Object.keys(role.attrs)).toEqual(Object.keys(DOC.sample.references['players/7295'].attrs));
    expect(role).toMatchObject({ set: 'for_role', type: 'Player', id: ids[0] });
    // The player role is the one /bo/players answers for the same licence number.
    const looked = await bo<Players>(league.app, 'GET', `/bo/players?license_number=${ids[0]}&auth_token=${token}`);
    expect(looked.body.payload.list).toEqual([role]);
  });

  it('set=minimal (the default): no roles, no references; several ids, by id', async () => {
    const answer = await bo<never>(league.app, 'GET', `/bo/people?ids=${ids[1]},${ids[0]}&auth_token=${token}`);
    expect(answer.statusCode, answer.raw).toBe(200);
    const body = answer.body as unknown as People;
    expect(body.list.map((person) => [person.id, person.set, person.attrs.roles])).toEqual([
      [ids[0], 'minimal', []],
      [ids[1], 'minimal', []],
    ]);
    expect(body.references).toEqual({});
  });

  it('changed_since and changed_until, as the documentation writes the days: whole days in Zurich', async () => {
    // The demo sets the i-th person's password i days before its day (src/data/demo/people.ts): 2026-11-22 is day 0.
    const since = await bo<never>(league.app, 'GET', `/bo/people?changed_since=2026-11-20&auth_token=${token}`);
    expect((since.body as unknown as People).list.map((person) => person.id)).toEqual(ids.slice(0, 3));
    const window = await bo<never>(league.app, 'GET', `/bo/people?changed_since=2026-11-19&changed_until=2026-11-20&auth_token=${token}`);
    expect((window.body as unknown as People).list.map((person) => person.id)).toEqual([ids[2], ids[3]]);
    // The documentation's own days, ten years before the demo: nobody changed then.
    const documented = await bo<never>(league.app, 'GET', `/bo/people?changed_since=${DOC.changedSince}&changed_until=${DOC.changedUntil}&auth_token=${token}`);
    expect(documented.statusCode, documented.raw).toBe(200);
    expect((documented.body as unknown as People).list).toEqual([]);
  });

  it('PUT /bo/people/:id/validate_password: the documentation’s answer for a wrong password, and valid for the right one', async () => {
    const path = DOC.validatePassword.path.replace(':id', String(ids[0]));
    const wrong = await bo(league.app, DOC.validatePassword.method, path, { form: { password: 'not the password', auth_token: token } });
    expect(wrong.statusCode, wrong.raw).toBe(200);
    expect(wrong.body).toEqual(DOC.invalidPassword);
    const right = await bo(league.app, DOC.validatePassword.method, path, { json: { password: demoPassword(DEMO_FIXTURE.seed, ids[0]), auth_token: token } });
    expect(right.body).toEqual({ ...DOC.invalidPassword, payload: { password: 'valid' } });
    // Another person's password is not this one's; a person without a password has none that is valid.
    const others = await bo(league.app, 'PUT', path, { form: { password: demoPassword(DEMO_FIXTURE.seed, ids[1]), auth_token: token } });
    expect(others.body).toEqual(DOC.invalidPassword);
    const without = await bo(league.app, 'PUT', `/bo/people/${ids.at(-1)! + 1}/validate_password`, { form: { password: 'anything', auth_token: token } });
    expect(without.body).toEqual(DOC.invalidPassword);
  });
});

describe('SQL statements per endpoint', () => {
  async function statements(method: string, url: string, request: Parameters<typeof bo>[3] = {}): Promise<number> {
    let answer: BoAnswer<unknown> | undefined;
    const count = await countQueries(league.db, async () => {
      answer = await bo(league.app, method, url, request);
    });
    expect(answer?.statusCode, answer?.raw).toBe(200);
    return count;
  }

  it('a lookup, a list of people with their roles, a password check: the credential and one statement each', async () => {
    const ids = demoPasswordPeople();
    expect(await statements('GET', `/bo/players?license_number=60001&auth_token=${token}`)).toBeLessThanOrEqual(BOUND.players);
    expect(await statements('POST', '/bo/players', { form: { license_number: '600019', auth_token: token } })).toBeLessThanOrEqual(BOUND.players);
    expect(await statements('GET', `/bo/people?ids=${ids.join(',')}&set=with_roles&auth_token=${token}`)).toBeLessThanOrEqual(BOUND.people);
    expect(await statements('GET', `/bo/people?changed_since=2026-11-01&set=with_roles&auth_token=${token}`)).toBeLessThanOrEqual(BOUND.people);
    expect(
      await statements('PUT', `/bo/people/${ids[0]}/validate_password`, { form: { password: demoPassword(DEMO_FIXTURE.seed, ids[0]), auth_token: token } }),
    ).toBeLessThanOrEqual(BOUND.password);
  });
});

/** Statements per request as measured: the token's, then one statement (players and their licences and rosters are joined). */
const BOUND = { players: 2, people: 2, password: 2 };
