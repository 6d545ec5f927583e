/**
 * The OpenAPI 3.1 document of /api, /api/v3 and /bo, in two steps @fastify/swagger offers: per route
 * (`transform`: which routes are shown, their names, and parameters from the routes' own
 * declarations) and once for the whole document (`transformObject`: envelope schemas, responses,
 * examples, keys). Responses live in the document only: a fastify response schema would make
 * fastify serialize the answers itself and change the bytes deployed clients parse.
 */
import type { FastifySchema, RouteOptions } from 'fastify';
import { FAVORITE_TYPES } from '../../domain/favorites.js';
import { MAX_FAVORITES_PER_CALL } from '../../domain/session.js';
import { FORM_TYPE, isOperationDoc, JSON_TYPE, type RequestBodyDoc } from '../shared/route-doc.js';
import { ENVELOPE_SCHEMAS, envelopeRef, tableOf, type JsonSchema } from './envelopes.js';
import type { RecordedExamples, RecordedExchange } from './examples.js';
import {
  isBackOffice,
  isDocumentable,
  isLineupInterface,
  openApiPath,
  routeUrl,
  type DeclaredParams,
  type DocumentedRoute,
  type ParsedQuery,
  type ResponseKind,
} from './registry.js';

const JSON_API_TYPE = 'application/vnd.api+json';

const routeKey = (method: string, url: string) => `${method} ${url}`;

function distinct(schemas: object[]): object[] {
  const seen = new Map<string, object>();
  for (const schema of schemas) if (!seen.has(JSON.stringify(schema))) seen.set(JSON.stringify(schema), schema);
  return [...seen.values()];
}

/**
 * The query string as documented: the route's declared parameters as they are (the same schema
 * objects), plus the ones its handler parses itself. A parameter taken only in some cases (a mode)
 * says in which, and whether it is required there.
 */
export function documentedQuery(own: DeclaredParams | undefined, parsed: readonly ParsedQuery[] | undefined): DeclaredParams | undefined {
  if (!parsed) return own;
  // A route may declare an empty query schema only to run its own validator (v3 lineups).
  const ownProperties: Readonly<Record<string, object>> = own?.properties ?? {};
  const properties: Record<string, object> = { ...ownProperties };
  const required = [...(own?.required ?? [])];
  const uses = new Map<string, { schema: object; when?: string; required: boolean }[]>();
  for (const { when, schema } of parsed) {
    for (const [name, param] of Object.entries(schema.properties)) {
      if (name in ownProperties) continue;
      uses.set(name, [...(uses.get(name) ?? []), { schema: param, when, required: schema.required.includes(name) }]);
    }
  }
  for (const [name, cases] of uses) {
    const always = cases.find((use) => use.when === undefined);
    if (always) {
      properties[name] = always.schema;
      if (always.required) required.push(name);
      continue;
    }
    const schemas = distinct(cases.map((use) => use.schema));
    const when = cases.map((use) => (use.required ? `${use.when} (required)` : use.when)).join(', ');
    properties[name] = { ...(schemas.length === 1 ? schemas[0] : { anyOf: schemas }), description: `Taken with ${when}.` };
  }
  return { type: 'object', properties, required };
}

type TransformInput = { schema: FastifySchema; url: string; route: RouteOptions };

/** @fastify/swagger's `transform`: hides what no interface declares documented, names and describes what is, from the route's own `doc`. */
export function routeTransform() {
  return ({ schema, url, route }: TransformInput): { schema: FastifySchema; url: string } => {
    const method = [route.method].flat()[0];
    const documented = route.config?.doc;
    // An /api or /bo route without a doc stays visible, bare: the OpenAPI test then fails on it, by name.
    const documentable = isDocumentable(method, url, route.config);
    if (!isOperationDoc(documented) || !documentable) return { schema: { ...schema, hide: !documentable }, url: routeUrl(url) };
    const querystring = documentedQuery(schema?.querystring as DeclaredParams | undefined, documented.parsedQuery);
    const params = documented.parsedPath ?? schema?.params;
    return {
      url: routeUrl(url),
      schema: {
        ...schema,
        operationId: documented.id,
        summary: documented.summary,
        ...(documented.description ? { description: documented.description } : {}),
        tags: [documented.tag],
        ...(querystring ? { querystring } : {}),
        ...(params ? { params } : {}),
      },
    };
  };
}

interface Success {
  contentType: string;
  schema: JsonSchema;
  description: string;
}

const json = (schema: JsonSchema, description: string): Success => ({ contentType: JSON_TYPE, schema, description });
const jsonApi = (name: string, description: string): Success => ({ contentType: JSON_API_TYPE, schema: envelopeRef(name), description });

const SUCCESS: Record<ResponseKind, Success> = {
  version: json(envelopeRef('Version'), 'The version object.'),
  table: json(tableOf('table'), 'A table (WIRE.md §1–4).'),
  attribute_list: json(tableOf('attribute_list'), 'An attribute list: one row whose cells match the headers.'),
  multi_table: json(
    tableOf('multi'),
    "A multi table: each row holds, under `table`, a table or attribute list to render as such (the row's `cells` are empty).",
  ),
  table_or_attribute_list: json(envelopeRef('Table'), 'An attribute list, or a table (`view_type=table`).'),
  table_or_dropdown: json({ oneOf: [tableOf('table'), envelopeRef('Dropdown')] }, 'A table, or a dropdown (`mode=by_club`).'),
  dropdown: json(envelopeRef('Dropdown'), 'A dropdown.'),
  session: json(envelopeRef('Session'), 'The session id to use from now on.'),
  matchcenter: json(envelopeRef('Matchcenter'), 'One section per favorite, in the order they were added.'),
  calendar: { contentType: 'text/calendar', schema: envelopeRef('Calendar'), description: 'An iCalendar feed.' },
  v3_games: jsonApi('V3GamesDocument', 'The games, with their teams when `include` asks.'),
  v3_game: jsonApi('V3GameDocument', 'The game.'),
  v3_candidates: jsonApi('V3CandidatesDocument', 'Team members who may be lined up, with their players and licenses.'),
  v3_lineup: jsonApi('V3LineupDocument', 'The verdict on the lineup, with its members.'),
  v3_last_game: jsonApi('V3LastGameDocument', 'The game, or `data: null` when the team has none.'),
  v3_teams: jsonApi('V3TeamsDocument', 'The home team, then the away team.'),
  bo_login: json(envelopeRef('BoLoginAnswer'), 'A token, valid for four hours.'),
  bo_validation: json(envelopeRef('BoValidationAnswer'), 'Whether the token works: `valid` with its expiry, event and games, or `invalid`.'),
  bo_logout: json(envelopeRef('BoLogoutAnswer'), 'The token stops working at once.'),
  bo_game_report: json(envelopeRef('BoGameReportAnswer'), 'The games as `list`, the teams, lineup positions and events they name by id as `references`.'),
  bo_event: json(envelopeRef('BoEventAnswer'), 'The event as the game report shows it.'),
  bo_positions: json(envelopeRef('BoPositionsAnswer'), "The team's sheet as written."),
  bo_deleted: json(envelopeRef('BoDeletedAnswer'), 'The event is deleted.'),
  bo_players: json(envelopeRef('BoPlayersAnswer'), 'The players whose licence number begins with the digits sent.'),
  bo_people: json(envelopeRef('BoPeopleAnswer'), 'The people as `list`, their roles as `references`, beside `status`.'),
  bo_password: json(envelopeRef('BoPasswordAnswer'), "`valid` or `invalid`: whether the password is the person's."),
};

const STATUS_TEXTS: Record<number, string> = {
  400: 'A parameter is malformed or out of range.',
  401: 'No API key, or an invalid or revoked one.',
  403: 'The API key belongs to another club.',
  404: 'Nothing with this id (or no such route).',
};

const BO_STATUS_TEXTS: Record<number, string> = {
  400: 'A parameter is missing, malformed or out of range, or the write breaks a rule of the game (the message says which).',
  401: 'Wrong credentials (a login), or no auth_token, or an invalid, expired or logged-out one.',
  403: 'The token may not report this game (another club, another event), or its key may only read, or lacks the scope (people:read, passwords:validate) or is no federation key.',
  404: 'No such game or event (or no such route).',
  409: 'The game changed under the write.',
};

/** The error envelope of the route's interface and its media type. */
function errorFormatOf(route: DocumentedRoute): { type: string; schema: JsonSchema; texts: Record<number, string> } {
  if (isLineupInterface(route)) return { type: JSON_API_TYPE, schema: envelopeRef('V3Error'), texts: STATUS_TEXTS };
  if (isBackOffice(route)) return { type: JSON_TYPE, schema: envelopeRef('BoError'), texts: BO_STATUS_TEXTS };
  return { type: JSON_TYPE, schema: envelopeRef('Error'), texts: STATUS_TEXTS };
}

interface MediaType {
  schema: JsonSchema;
  examples?: Record<string, { summary: string; value: unknown }>;
}

interface Response {
  description: string;
  content?: Record<string, MediaType>;
}

interface Operation {
  operationId?: string;
  parameters?: { in: string; name: string; schema?: JsonSchema; style?: string; explode?: boolean }[];
  requestBody?: unknown;
  responses?: Record<string, Response>;
  security?: Record<string, string[]>[];
}

/** The part of @fastify/swagger's document this module completes. */
export interface OpenApiObject {
  openapi: string;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

function examplesOf(exchanges: readonly RecordedExchange[]): MediaType['examples'] {
  if (exchanges.length === 0) return undefined;
  return Object.fromEntries(exchanges.map((exchange) => [exchange.name, { summary: `${exchange.method} ${exchange.url}`, value: exchange.body }]));
}

function media(schema: JsonSchema, exchanges: readonly RecordedExchange[]): MediaType {
  const examples = examplesOf(exchanges);
  return { schema, ...(examples ? { examples } : {}) };
}

function responsesOf(route: DocumentedRoute, examples: RecordedExamples): Record<string, Response> {
  const recorded = examples.routes[route.id] ?? { examples: [], errors: [] };
  const success = SUCCESS[route.response];
  const { type: errorType, schema: errorSchema, texts } = errorFormatOf(route);
  // A write's answer is not recorded (route-doc.ts, `writes`): its schema says what it is.
  const description = route.writes ? `${success.description} (No example: it would be a write on the demo league.)` : success.description;
  const responses: Record<string, Response> = {
    200: { description, content: { [success.contentType]: media(success.schema, recorded.examples) } },
  };
  for (const status of route.errors) {
    const errors = recorded.errors.filter((exchange) => exchange.status === status);
    responses[status] = { description: texts[status] ?? 'Error.', content: { [errorType]: media(errorSchema, errors) } };
  }
  responses.default = {
    description: 'Any other error (429 too many requests, 503 busy or database away, 500), in the same format.',
    content: { [errorType]: { schema: errorSchema } },
  };
  return responses;
}

function favoritesBody(route: DocumentedRoute, examples: RecordedExamples) {
  const favorite = `A favorite: {"type": one of ${FAVORITE_TYPES.join(', ')}, and its ids: league+game_class (+group), club_id, team_id or player_id}.`;
  const sid = { type: ['string', 'null'], description: 'The session to change; null, "null", "" or absent starts a new one.' };
  const sent = (examples.routes[route.id]?.examples ?? []).filter((exchange) => exchange.requestBody !== undefined);
  const formExamples = Object.fromEntries(sent.map((exchange) => [exchange.name, { summary: exchange.name, value: exchange.requestBody }]));
  return {
    required: true,
    content: {
      'application/x-www-form-urlencoded': {
        schema: {
          type: 'object',
          properties: {
            sid,
            'favorites[]': {
              type: 'array',
              items: { type: 'string', description: `JSON-encoded. ${favorite}` },
              minItems: 1,
              maxItems: MAX_FAVORITES_PER_CALL,
            },
          },
          required: ['favorites[]'],
        },
        ...(sent.length ? { examples: formExamples } : {}),
      },
      [JSON_TYPE]: {
        schema: {
          type: 'object',
          properties: {
            sid,
            favorites: { type: 'array', items: { type: ['object', 'string'], description: favorite }, minItems: 1, maxItems: MAX_FAVORITES_PER_CALL },
          },
          required: ['favorites'],
        },
      },
    },
  };
}

/** A JSON body as its value; a text that is no JSON (an example written wrong) as the text, so that the document is still built. */
function parsedOr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A back-office body as a form and as JSON, with the recorded requests of each type as examples.
 * Fields the query string may carry as well are taken from the body over it.
 */
function backOfficeBody(route: DocumentedRoute, doc: RequestBodyDoc, examples: RecordedExamples) {
  const recorded = examples.routes[route.id] ?? { examples: [], errors: [] };
  const sent = [...recorded.examples, ...recorded.errors].flatMap((exchange) =>
    exchange.requestBody === undefined ? [] : [{ ...exchange, requestBody: exchange.requestBody }],
  );
  const examplesIn = (type: string) => {
    const of = sent.filter((exchange) => exchange.requestContentType === type);
    if (of.length === 0) return {};
    const value = (body: string) => (type === JSON_TYPE ? parsedOr(body) : body);
    return {
      examples: Object.fromEntries(
        of.map((exchange) => [exchange.name, { summary: `${exchange.name} (${exchange.status})`, value: value(exchange.requestBody) }]),
      ),
    };
  };
  const token = route.authToken
    ? { auth_token: { type: 'string', description: 'The token of a login, when not sent in the query string or as a bearer.' } }
    : {};
  const schema = { type: 'object', properties: { ...doc.schema.properties, ...token }, required: [...doc.schema.required] };
  return {
    required: true,
    ...(doc.description ? { description: doc.description } : {}),
    content: {
      [FORM_TYPE]: { schema, ...examplesIn(FORM_TYPE) },
      [JSON_TYPE]: { schema, ...examplesIn(JSON_TYPE) },
    },
  };
}

const V3_SECURITY_SCHEMES = {
  bearerKey: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <key>' },
  headerKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
  queryKey: { type: 'apiKey', in: 'query', name: 'auth_token', description: 'Also accepted as a form field.' },
};

const BO_SECURITY_SCHEMES = {
  boToken: {
    type: 'apiKey',
    in: 'query',
    name: 'auth_token',
    description: 'The auth_token of a /bo/session login; also accepted as a form or JSON body field.',
  },
  boBearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <auth_token>' },
};

const SECURITY_SCHEMES = { ...V3_SECURITY_SCHEMES, ...BO_SECURITY_SCHEMES };

/** Any one of the schemes. */
const anyOf = (schemes: object) => Object.keys(schemes).map((name) => ({ [name]: [] }));

/** @fastify/swagger's `transformObject`: envelopes, responses with their demo-league examples, keys. */
export function completeDocument(document: OpenApiObject, routes: readonly DocumentedRoute[], examples: RecordedExamples): OpenApiObject {
  const byKey = new Map(routes.map((route) => [routeKey(route.method, openApiPath(route.url)), route]));
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...ENVELOPE_SCHEMAS }, securitySchemes: SECURITY_SCHEMES };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const route = byKey.get(routeKey(method.toUpperCase(), path));
      if (!route) continue;
      operation.responses = responsesOf(route, examples);
      if (isLineupInterface(route)) operation.security = anyOf(V3_SECURITY_SCHEMES);
      if (route.authToken) operation.security = anyOf(BO_SECURITY_SCHEMES);
      if (route.favoritesBody) operation.requestBody = favoritesBody(route, examples);
      if (route.requestBody) operation.requestBody = backOfficeBody(route, route.requestBody, examples);
      // Lists are sent comma-separated (`league_ids=1,2`), not as repeated parameters.
      for (const parameter of operation.parameters ?? []) {
        if (parameter.schema?.type === 'array') Object.assign(parameter, { style: 'form', explode: false });
      }
    }
  }
  return document;
}
