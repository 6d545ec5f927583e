import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { CATEGORY_IDS } from '../../src/facades/bo/categories.js';
import { STATUS_EVENTS } from '../../src/facades/bo/status.js';
import { loadExamples, type RecordedExamples, type RecordedExchange } from '../../src/facades/openapi/examples.js';
import { documentableRoutesOf, documentedRoutesOf } from '../../src/facades/openapi/index.js';
import { isBackOffice, openApiPath } from '../../src/facades/openapi/registry.js';
import { type ExampleIds, isOperationDoc } from '../../src/facades/shared/route-doc.js';
import { EXAMPLES_BASE_URL } from '../../scripts/examples/demo-fixture.js';
import { exampleIds } from '../../scripts/examples/example-ids.js';
import {
  exampleKeys,
  exampleSession,
  lineupCandidatesOf,
  outdatedRecordings,
  recordExamples,
  recordingOrder,
  sendExample,
} from '../../scripts/examples/recording.js';
import { createExampleSecrets, type ExampleSecrets } from '../../scripts/examples/secrets.js';
import type { Json } from '../support/api.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';

// The routes declare their own docs: the league is built first, to name a test per documented route.
// Served under the recording's base URL, so that the answers compare with the recorded ones.
const league: TestLeague = await openTestLeague({ publicBaseUrl: EXAMPLES_BASE_URL });
const ROUTES = documentedRoutesOf(league.app);
const EXAMPLES = loadExamples();
const RECORD = 'run `npm run openapi:examples` to record docs/openapi-examples.json again';

let doc: Json;
let ids: ExampleIds;
/** The run's session and back-office keys, which the examples name by placeholder (`{sid}`, `{token}`, …). */
let secrets: ExampleSecrets;
/** The routes' examples recorded again, as `npm run openapi:examples` records them: what the recording must show. */
let answered: RecordedExamples['routes'];
const ajv = new Ajv2020({ strict: false, allErrors: true });
const compiled = new Map<string, ValidateFunction>();

/** The run's keys for the lineup interface, made as the recording makes them. */
const keyOf = exampleKeys(league.db.prisma, league.clock.now());

/** A schema of the document, its `#/components/schemas/…` references pointing at the components added to Ajv. */
function validatorOf(schema: Json): ValidateFunction {
  const text = JSON.stringify(schema).replaceAll('"#/components/schemas/', '"https://openapi.test/components.json#/$defs/');
  if (!compiled.has(text)) compiled.set(text, ajv.compile(JSON.parse(text) as object));
  return compiled.get(text)!;
}

function expectValid(schema: Json, value: unknown, what: string): void {
  const validate = validatorOf(schema);
  const valid = validate(value);
  expect(valid, `${what}: ${ajv.errorsText(validate.errors, { separator: '\n' })}`).toBe(true);
}

/** The routes fastify's router holds, read from its own printout: `METHOD /path` with every parameter as `:`. */
function routerRoutes(app: FastifyInstance): Set<string> {
  const found = new Set<string>();
  const segments: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    segments.length = match[1].length / 4;
    segments.push(match[2]);
    const path = segments.join('').replace(/:[^/|]+(\|:[^/|]+)*/g, ':');
    for (const method of match[3]?.split(', ') ?? []) found.add(`${method} ${path.length > 1 ? path.replace(/\/$/, '') : path}`);
  }
  return found;
}

const anyParameter = (path: string) => path.replace(/\{[^}]+\}/g, ':');

const send = (exchange: RecordedExchange) => sendExample(league.app, exchange, secrets, keyOf);

/** The operation a route is documented as. */
const operationOf = (route: { method: string; url: string }) => doc.paths[openApiPath(route.url)][route.method.toLowerCase()] as Json;

/** The documented media type of a status and the answer's body in the form its schema describes. */
function documented(operation: Json, status: number, contentType: string): { type: string; schema: Json } {
  const response = operation.responses[String(status)] ?? operation.responses.default;
  expect(response, `status ${status} is documented`).toBeDefined();
  const type = Object.keys(response.content ?? {}).find((candidate) => contentType.startsWith(candidate));
  expect(type, `content type ${contentType} is documented for ${status}: ${Object.keys(response.content ?? {}).join(', ')}`).toBeDefined();
  return { type: type!, schema: response.content[type!].schema };
}

/** What one list has and the other lacks, by name: `{ missing: [...], extra: [...] }`, both empty when they agree. */
function differences(expected: readonly string[], actual: readonly string[]): { missing: string[]; extra: string[] } {
  return { missing: expected.filter((name) => !actual.includes(name)).sort(), extra: actual.filter((name) => !expected.includes(name)).sort() };
}

beforeAll(async () => {
  // The demo league's ids, as `npm run openapi:examples` resolved them on the same league.
  ids = await exampleIds(league.db.prisma, lineupCandidatesOf(league.app, await keyOf(null)));
  const response = await league.app.inject({ url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  doc = response.json() as Json;
  const defs = JSON.parse(JSON.stringify(doc.components.schemas).replaceAll('"#/components/schemas/', '"#/$defs/')) as Json;
  ajv.addSchema({ $id: 'https://openapi.test/components.json', $defs: defs });
  // The session the recording made (its favorites show in the matchcenter's answers).
  const sid = await exampleSession(league.app, ids);
  secrets = { ...(await createExampleSecrets(league.db.prisma, ids, league.clock.now())), sid };
  // Before any other test sends an example: in the recording's order, on the league as it was recorded.
  answered = (await recordExamples(league.app, recordingOrder(ROUTES, Object.keys(EXAMPLES.routes)), ids, secrets, keyOf)).routes;
});

afterAll(async () => {
  await league?.close();
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of /api, /api/v3 and /bo only', async () => {
    const response = await league.app.inject({ url: '/api/openapi.json' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    const paths = Object.keys(doc.paths);
    for (const path of paths) expect(/^\/(api|bo)(\/|$)/.test(path), path).toBe(true);
    expect(paths.some((path) => path.startsWith('/bo/'))).toBe(true);
    expect(paths.filter((path) => path === '/api/openapi.json' || path.startsWith('/api/docs'))).toEqual([]);
    const operations = paths.flatMap((path) =>
      Object.entries(doc.paths[path] as Json).map(([method, operation]) => ({ path, method, operation: operation as Json })),
    );
    // PUT and DELETE: the back office only.
    for (const { path, method } of operations)
      expect(path.startsWith('/bo/') ? ['get', 'post', 'put', 'delete'] : ['get', 'post'], `${method} ${path}`).toContain(method);
    const operationIds = operations.map(({ operation }) => operation.operationId as string);
    expect(new Set(operationIds).size, 'operationIds are unique').toBe(operationIds.length);
    // By name: `missing` are declared routes the document lacks, `extra` operations no route declares.
    expect(
      differences(
        ROUTES.map((route) => `${route.id} (${route.method} ${route.url})`),
        operations.map(({ path, method, operation }) => `${operation.operationId} (${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')})`),
      ),
    ).toEqual({ missing: [], extra: [] });
    for (const { path, operation } of operations) {
      for (const name of path.match(/\{([^}]+)\}/g) ?? []) {
        expect(
          operation.parameters.some((p: Json) => p.in === 'path' && `{${p.name}}` === name && p.required === true),
          `${path}: ${name} is a path parameter`,
        ).toBe(true);
      }
    }
  });

  it('lists every GET and POST route fastify serves under /api, every GET, POST, PUT and DELETE under /bo, and only those', () => {
    // The documentation pages (`/api/doc/…`, each resource's `…/doc`: resource-pages.ts) are not operations.
    const served = [...routerRoutes(league.app)]
      .filter((route) => !/^GET \S+\/doc$/.test(route))
      .filter(
        (route) => (/^(GET|POST) \/api(\/|$)/.test(route) && !/^GET \/api\/(openapi\.json|docs?\b)/.test(route)) || /^(GET|POST|PUT|DELETE) \/bo\//.test(route),
      );
    expect(served.filter((route) => / \/bo\//.test(route)).length).toBeGreaterThan(10);
    const listed = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
      Object.keys(item as Json).map((method) => `${method.toUpperCase()} ${anyParameter(path)}`),
    );
    // By name: `missing` are served routes the document lacks, `extra` documented routes nothing serves.
    expect(differences(served, listed), 'routes served under /api and /bo vs. operations of the document').toEqual({ missing: [], extra: [] });
    // The same from the routes as registered, with their declared schemas.
    const registered = documentableRoutesOf(league.app).map((route) => `${route.method} ${anyParameter(openApiPath(route.url))}`);
    expect(differences([...new Set(registered)], listed), 'routes registered under /api and /bo vs. operations of the document').toEqual({
      missing: [],
      extra: [],
    });
  });

  it('has a doc on every route under /api and /bo', () => {
    const undocumented = documentableRoutesOf(league.app)
      .filter((route) => !isOperationDoc(route.doc))
      .map((route) => `${route.method} ${route.url}`);
    expect(undocumented, 'routes without a `doc` (facadeGet(…, { doc }) or config: { doc }, src/facades/shared/route-doc.ts)').toEqual([]);
  });

  it('has docs/openapi-examples.json recorded for no route that is gone', () => {
    const declared = new Set(ROUTES.map((route) => route.id));
    expect(
      Object.keys(EXAMPLES.routes).filter((id) => !declared.has(id)),
      `recorded for operations no route declares: ${RECORD}`,
    ).toEqual([]);
  });

  it('shows the parameters each route declares, as declared', () => {
    let checked = 0;
    for (const route of documentableRoutesOf(league.app)) {
      const operation = operationOf(route);
      for (const [part, location] of [
        ['querystring', 'query'],
        ['params', 'path'],
      ] as const) {
        const declared = route.schema?.[part] as { properties?: Record<string, object>; required?: string[] } | undefined;
        for (const [name, schema] of Object.entries(declared?.properties ?? {})) {
          const parameter = (operation.parameters as Json[]).find((p) => p.in === location && p.name === name);
          expect(parameter, `${route.method} ${route.url}: ${location} parameter ${name}`).toBeDefined();
          // @fastify/swagger writes `const` as a one-value `enum`, which swagger-ui shows.
          const expected = JSON.parse(JSON.stringify(schema).replace(/"const":("[^"]*")/g, '"enum":[$1]')) as Json;
          const { description: _description, ...shown } = parameter!.schema as Json;
          expect(shown, `${route.method} ${route.url}: ${name}`).toEqual(expected);
          expect(parameter!.required).toBe(location === 'path' || (declared?.required ?? []).includes(name));
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(80);
    // Parameters the handlers parse themselves are listed too.
    const games = doc.paths['/api/games'].get as Json;
    expect(games.parameters.map((p: Json) => p.name)).toEqual(
      expect.arrayContaining(['mode', 'round', 'on_date', 'game_id', 'club_id', 'tournament_id', 'sid']),
    );
    const lineup = doc.paths['/api/v3/games/{game_id}/teams/{id}/lineup'].get as Json;
    expect(lineup.parameters.find((p: Json) => p.name === 'filter[licenses]')).toMatchObject({ in: 'query', required: true });
  });

  it('documents every route with its envelope, its errors and examples that fit their schemas', () => {
    let examples = 0;
    for (const route of ROUTES) {
      const operation = operationOf(route);
      const success = Object.values(operation.responses['200'].content as Json)[0] as Json;
      // A write's answer is not recorded (route-doc.ts, `writes`): its errors are its examples.
      if (route.writes) expect(success.examples, `${route.id} records no write`).toBeUndefined();
      else expect(Object.keys(success.examples ?? {}).length, `${route.id} has a demo-league example`).toBeGreaterThan(0);
      for (const status of route.errors) {
        const error = Object.values(operation.responses[String(status)].content as Json)[0] as Json;
        expect(Object.keys(error.examples ?? {}).length, `${route.id} has a ${status} example`).toBeGreaterThan(0);
      }
      expect(operation.responses.default).toBeDefined();
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        for (const [type, media] of Object.entries((response as Json).content ?? {})) {
          for (const [name, example] of Object.entries(((media as Json).examples ?? {}) as Json)) {
            expectValid((media as Json).schema as Json, (example as Json).value, `${route.id} ${status} ${type} example "${name}"`);
            examples += 1;
          }
        }
      }
    }
    expect(examples).toBeGreaterThan(100);
  });

  it('has envelope schemas tight enough to catch drift from WIRE.md', () => {
    const gameDetail = doc.paths['/api/games/{game_id}'].get.responses['200'].content['application/json'];
    const table = structuredClone(Object.values(gameDetail.examples as Json)[0].value) as Json;
    expectValid(gameDetail.schema, table, 'the recorded game detail');
    const drifted = (change: (body: Json) => void) => {
      const body = structuredClone(table);
      change(body);
      return validatorOf(gameDetail.schema)(body);
    };
    expect(drifted((body) => (body.data.regions[0].rows[0].cells[1].text = 'UHC'))).toBe(false);
    expect(drifted((body) => delete body.data.slider)).toBe(false);
    expect(drifted((body) => (body.subtype = 'table'))).toBe(false);
    expect(drifted((body) => (body.data.regions[0].rows[0].cells[1].link = { type: 'web', page: 'team_detail', ids: [1] }))).toBe(false);
    expect(drifted((body) => (body.data.headers[0].prefer = 'wide'))).toBe(false);
    expect(drifted((body) => (body.data.regions[0].rows[0].cells[0].picture = {}))).toBe(false);
    const error = doc.paths['/api/games/{game_id}'].get.responses['404'].content['application/json'];
    const envelope = Object.values(error.examples as Json)[0].value as Json;
    expect(validatorOf(error.schema)({ ...envelope, object: undefined })).toBe(false);
    expect(validatorOf(error.schema)({ ...envelope, data: { message: envelope.message } })).toBe(false);
  });

  it('is built once and runs no SQL', async () => {
    expect(await countQueries(league.db, () => league.app.inject({ url: '/api/openapi.json' }))).toBe(0);
  });
});

describe.each(ROUTES.map((route) => ({ ...route, name: `${route.method} ${route.url}` })))('$name on the demo league', (route) => {
  const recorded = EXAMPLES.routes[route.id] ?? { examples: [], errors: [] };

  it('declares an example answer (a write: an error example, and no answer), and names its examples apart', () => {
    const answers = route.examples.filter((example) => example.status === 200).length;
    if (route.writes) {
      expect(answers, `${route.name} (${route.id}) writes: its examples are errors only`).toBe(0);
      expect(route.examples.length, `${route.name} (${route.id}) declares no example: add an error to its doc.examples`).toBeGreaterThan(0);
    } else expect(answers, `${route.name} (${route.id}) declares no example answer: add one to its doc.examples`).toBeGreaterThan(0);
    const names = route.examples.map((example) => example.name);
    expect(
      names.filter((name, index) => names.indexOf(name) !== index),
      `${route.name}: example names used twice`,
    ).toEqual([]);
  });

  it('has its declared examples recorded in docs/openapi-examples.json', () => {
    expect(
      outdatedRecordings([route], ids, { ...EXAMPLES, routes: { [route.id]: EXAMPLES.routes[route.id] } }, answered),
      `the recording of ${route.name} (${route.id}) is missing or outdated: ${RECORD}`,
    ).toEqual([]);
  });

  // A write records no answer; its real answers are checked below (the back office's writes).
  if (!route.writes)
    it('answers its recorded examples as documented', async () => {
      const operation = operationOf(route);
      expect(recorded.examples.length).toBeGreaterThan(0);
      for (const exchange of recorded.examples) {
        const response = await send(exchange);
        expect(response.statusCode, `${exchange.url}: ${response.body.slice(0, 300)}`).toBe(200);
        const contentType = String(response.headers['content-type']);
        expect(contentType).toBe(exchange.contentType);
        const { type, schema } = documented(operation, 200, contentType);
        expectValid(schema, type.includes('json') ? response.json() : response.body, `${exchange.method} ${exchange.url}`);
      }
    });

  // Routes without an error answer (the version, the matchcenter of any sid) have nothing to check here.
  if (route.errors.length > 0)
    it('answers its errors in the documented error format', async () => {
      const operation = operationOf(route);
      expect(new Set(recorded.errors.map((exchange) => exchange.status))).toEqual(new Set(route.errors));
      for (const exchange of recorded.errors) {
        const response = await send(exchange);
        expect(response.statusCode, `${exchange.url}: ${response.body.slice(0, 300)}`).toBe(exchange.status);
        const { schema } = documented(operation, exchange.status, String(response.headers['content-type']));
        expectValid(schema, response.json(), `${exchange.method} ${exchange.url}`);
      }
    });
});

describe('GET /api/docs', () => {
  it('is a browsable page whose assets and document load', async () => {
    const page = await league.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(assets).toContain('/api/docs/static/swagger-ui-bundle.js');
    for (const asset of assets) expect((await league.app.inject({ url: asset })).statusCode, asset).toBe(200);
    const json = await league.app.inject({ url: '/api/docs/json' });
    expect(json.json()).toEqual(doc);
  });

  it("answers an unknown docs URL in the main interface's error format", async () => {
    const response = await league.app.inject({ url: '/api/docs/static/nope.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ type: 'Error', object: 'error', data: { code: 404 } });
  });

  it('is served in production mode too', async () => {
    const app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', production: true });
    try {
      expect((await app.inject({ url: '/api/openapi.json' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/docs' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('the back office (/bo) in the document', () => {
  const BO_ROUTES = ROUTES.filter(isBackOffice);

  it('documents every /bo route under its tag, with the bo envelope for its errors', () => {
    expect(BO_ROUTES.length).toBeGreaterThan(10);
    expect((doc.tags as Json[]).map((tag) => tag.name)).toContain('Back office (/bo)');
    for (const route of BO_ROUTES) {
      const operation = operationOf(route);
      expect(operation.tags, route.id).toEqual(['Back office (/bo)']);
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        if (status === '200') continue;
        expect(Object.keys((response as Json).content), `${route.id} ${status}`).toEqual(['application/json']);
        expect((response as Json).content['application/json'].schema, `${route.id} ${status}`).toEqual({ $ref: '#/components/schemas/BoError' });
      }
    }
  });

  it('documents the token as the security of every route but the logins', () => {
    for (const route of BO_ROUTES) {
      const { security } = operationOf(route);
      if (route.url.startsWith('/bo/session/auth')) expect(security, route.id).toBeUndefined();
      else expect(security, route.id).toEqual([{ boToken: [] }, { boBearer: [] }]);
    }
    expect(doc.components.securitySchemes.boToken).toMatchObject({ type: 'apiKey', in: 'query', name: 'auth_token' });
    expect(doc.components.securitySchemes.boBearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    // The lineup interface keeps its own keys.
    expect(doc.paths['/api/v3/games'].get.security).toEqual([{ bearerKey: [] }, { headerKey: [] }, { queryKey: [] }]);
  });

  it('documents the body of every PUT and POST as a form and as JSON, with the recorded requests as examples', () => {
    const withBody = BO_ROUTES.filter((route) => route.method === 'PUT' || route.method === 'POST');
    expect(withBody.map((route) => route.id)).toContain('boLineup');
    for (const route of withBody) {
      const body = operationOf(route).requestBody as Json;
      expect(body, route.id).toBeDefined();
      expect(Object.keys(body.content), route.id).toEqual(['application/x-www-form-urlencoded', 'application/json']);
      const examples = Object.values(body.content as Json).flatMap((media) => Object.values(((media as Json).examples ?? {}) as Json));
      expect(examples.length, `${route.id} shows its requests`).toBeGreaterThan(0);
      // A JSON example is an object (its text parsed), not a string.
      for (const [name, example] of Object.entries((body.content['application/json'].examples ?? {}) as Json))
        expect(typeof (example as Json).value, `${route.id} "${name}" is JSON`).toBe('object');
    }
    const login = operationOf({ method: 'POST', url: '/bo/session/auth' }).requestBody.content;
    expect(login['application/json'].schema.required).toEqual(['api_key', 'secret']);
    expect(login['application/json'].examples['as JSON'].value).toEqual({ api_key: '{api_key}', secret: '{secret}' });
    expect(login['application/x-www-form-urlencoded'].examples['partner key'].value).toBe('api_key={api_key}&secret={secret}');
  });

  it("names the facade's own status messages and event categories", () => {
    const status = operationOf({ method: 'PUT', url: '/bo/games/:game_id/status' }).requestBody.content['application/json'].schema;
    expect(status.properties.event.enum).toEqual([...STATUS_EVENTS]);
    const event = operationOf({ method: 'POST', url: '/bo/games/:game_id/events' }).requestBody.content['application/json'].schema;
    expect(event.properties.category_id.enum).toEqual(CATEGORY_IDS);
  });

  it('records no secret of the run: placeholders stand for them', () => {
    const recorded = JSON.stringify(BO_ROUTES.map((route) => EXAMPLES.routes[route.id]));
    expect(recorded).not.toMatch(/fbt_[A-Za-z0-9_-]{43}|fbk_[A-Za-z0-9_-]{32}/);
    expect(recorded).toContain('"auth_token":"{token}"');
  });

  it('has envelope schemas tight enough to catch drift', () => {
    const game = operationOf({ method: 'GET', url: '/bo/games/:game_id' }).responses;
    const answer = structuredClone(Object.values(game['200'].content['application/json'].examples as Json)[0].value) as Json;
    const schema = game['200'].content['application/json'].schema as Json;
    expectValid(schema, answer, 'the recorded game report');
    const drifted = (change: (body: Json) => void) => {
      const body = structuredClone(answer);
      change(body);
      return validatorOf(schema)(body);
    };
    expect(drifted((body) => (body.status.code = 200))).toBe(false);
    expect(drifted((body) => delete body.payload.references.events)).toBe(false);
    expect(drifted((body) => (body.payload.list[0].status = 'FINISHED'))).toBe(false);
    expect(drifted((body) => (body.payload.list[0].starts_at = '2024-09-14T16:00:00Z'))).toBe(false);
    expect(drifted((body) => ((Object.values(body.payload.references.events as Json)[0] as Json).category_id = 2))).toBe(false);
    expect(drifted((body) => ((Object.values(body.payload.references.positions as Json)[0] as Json).shirt = 9))).toBe(false);
    const error = game['404'].content['application/json'];
    const envelope = Object.values(error.examples as Json)[0].value as Json;
    expectValid(error.schema, envelope, 'the recorded 404');
    expect(validatorOf(error.schema)({ ...envelope, payload: {} })).toBe(false);
    expect(validatorOf(error.schema)({ ...envelope, status: { code: 0, msg: 'ok' } })).toBe(false);
  });
});

// Last: these write to the league, which the examples above read.
describe("the back office's writes answer as documented", () => {
  let token: string;
  let live: Json;
  let references: Json;

  const write = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) => {
    const response = await league.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response;
  };

  /** The answer validated against what the document says the route answers. */
  const expectDocumented = (method: string, route: string, response: Awaited<ReturnType<typeof write>>) => {
    const { schema } = documented(operationOf({ method, url: route }), 200, String(response.headers['content-type']));
    expectValid(schema, response.json(), `${method} ${route}`);
  };

  beforeAll(async () => {
    const login = await league.app.inject({
      method: 'POST',
      url: '/bo/session/auth',
      payload: { api_key: secrets.partner.apiKey, secret: secrets.partner.secret },
    });
    token = (login.json() as Json).payload.auth_token;
    const games = (await league.app.inject({ url: '/bo/games', headers: { authorization: `Bearer ${token}` } })).json() as Json;
    // The examples' live game (scripts/examples/example-ids.ts: the first by id), in its second period at the demo league's "now":
    // it takes events and `end_third` (other live games are in an intermission).
    live = (games.payload.list as Json[]).find((game) => game.status === 'live' && ids.games.includes(game.id as number))!;
    expect(live, 'the demo league has a game in play').toBeDefined();
    references = games.payload.references;
  });

  let recorded: number;

  it('POST /bo/games/:game_id/events: the event', async () => {
    const second = live.total_seconds_played as number;
    const time = `${Math.floor(second / 3600)}:${String(Math.floor((second % 3600) / 60)).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}`;
    const response = await write('POST', `/bo/games/${live.id}/events`, { category_id: 39, code: 1, time });
    expect((response.json() as Json).payload).toMatchObject({ category_id: 39, subtype: 'Misc', time });
    expectDocumented('POST', '/bo/games/:game_id/events', response);
    recorded = (response.json() as Json).payload.id;
  });

  it('DELETE /bo/games/:game_id/events/:event_id: the deleted id (of an event recorded live: ids from 1,500,000,000)', async () => {
    expect(recorded).toBeGreaterThan(999_999_999);
    const response = await write('DELETE', `/bo/games/${live.id}/events/${recorded}`);
    expect((response.json() as Json).payload).toEqual({ id: recorded, deleted: true });
    expectDocumented('DELETE', '/bo/games/:game_id/events/:event_id', response);
  });

  it("PUT /bo/games/:game_id/lineups/:team_id: the team's sheet", async () => {
    const sheet = Object.values(references.positions as Json).filter((position) => position.game_id === live.id && position.team_id === live.home_team_id);
    expect(sheet.length).toBeGreaterThan(0);
    const response = await write('PUT', `/bo/games/${live.id}/lineups/${live.home_team_id}`, { player_ids: sheet.map((position) => position.player_id) });
    expect(((response.json() as Json).payload.positions as Json[]).length).toBe(sheet.length);
    expectDocumented('PUT', '/bo/games/:game_id/lineups/:team_id', response);
  });

  it("PUT and POST /bo/games/:game_id/status: the game's report after the write", async () => {
    const ended = await write('PUT', `/bo/games/${live.id}/status`, { event: 'end_third' });
    expect((ended.json() as Json).payload.list[0].id).toBe(live.id);
    expectDocumented('PUT', '/bo/games/:game_id/status', ended);
    const started = await write('POST', `/bo/games/${live.id}/status`, { event: 'start_third' });
    expect((started.json() as Json).payload.list[0].phase).toBe('third3');
    expectDocumented('POST', '/bo/games/:game_id/status', started);
  });
});
