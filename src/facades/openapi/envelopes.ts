/**
 * The response envelopes of /api, /api/v3 and /bo as JSON Schema 2020-12 (OpenAPI 3.1 `components`),
 * written from WIRE.md §1–3 and the builders that produce them (shared/table.ts, shared/wire.ts,
 * shared/errors.ts, v3/json-api.ts, v3/games.ts, v3/lineup.ts, bo/envelope.ts, bo/report.ts,
 * bo/sessions.ts). They only describe: no route serializes with them, so the bytes deployed clients
 * parse stay the builders' own.
 *
 * Precise where clients index without guards (required keys, cell and link forms, closed objects),
 * open where data legitimately varies (the `context` echo, `set_in_context`, texts).
 */
import { STATUS_MESSAGES } from '../../domain/status-messages.js';
import { CATEGORY_IDS } from '../bo/categories.js';

export type JsonSchema = { readonly [keyword: string]: unknown };

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
const string = { type: 'string' } as const;
const integer = { type: 'integer' } as const;
const boolean = { type: 'boolean' } as const;
const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });

/** A closed object: every listed key required unless named in `optional`. */
function object(properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties).filter((key) => !optional.includes(key)), additionalProperties: false };
}

/** An echo of parameters or a reload target: whatever keys the endpoint sets. */
const freeObject: JsonSchema = { type: 'object' };

const MAIN_INTERFACE: Record<string, JsonSchema> = {
  PageLink: object({
    type: { const: 'page' },
    page: { enum: ['game_detail', 'team_detail', 'player_detail', 'league_group_detail'] },
    ids: arrayOf({ type: ['integer', 'string', 'null'] }),
  }),
  MapLink: object({ type: { const: 'map' }, x: { type: 'number' }, y: { type: 'number' } }),
  ReloadLink: object({ type: { const: 'reload' }, set_in_context: freeObject, resource: string, ids: arrayOf({ type: ['integer', 'string', 'null'] }) }, [
    'ids',
  ]),
  Cell: {
    ...object(
      {
        text: { ...arrayOf(string), description: 'Always an array of strings: one entry per line.' },
        image: object({ alt: string, url: string }),
        url: object({ href: nullable(string), text: string }),
        link: { oneOf: [ref('PageLink'), ref('MapLink')] },
      },
      ['text', 'image', 'url', 'link'],
    ),
    anyOf: [{ required: ['text'] }, { required: ['image'] }, { required: ['url'] }],
  },
  Row: object(
    {
      id: { ...integer, description: 'Game id on game rows, team id on team rows, round id on cup rounds.' },
      link: { oneOf: [ref('PageLink'), ref('ReloadLink')] },
      data: object({ team: object({ id: integer, name: string }), rank: nullable(integer) }),
      team_id: integer,
      separator: boolean,
      highlight: boolean,
      cells: { ...arrayOf(ref('Cell')), description: 'Indexed by position: the column orders of WIRE.md §4.' },
      table: { ...ref('Table'), description: "A multi table's row: the table or attribute list to render (its `cells` are empty)." },
      type: { enum: ['league', 'group', 'club', 'team', 'player'], description: 'Search rows: what the hit is.' },
      set_in_context: {
        ...freeObject,
        description: "Search rows: the ids the hit's page or favorite takes (`team_id`, `season`/`league`/`game_class`/`group`, …).",
      },
    },
    ['id', 'link', 'data', 'team_id', 'separator', 'table', 'type', 'set_in_context'],
  ),
  Header: object(
    {
      text: string,
      key: { ...string, description: 'Absent on a `-` separator column.' },
      long: string,
      short: string,
      prefer: { const: 'fit' },
      align: { enum: ['l', 'r', 'c'] },
      width: integer,
    },
    ['key', 'align', 'width'],
  ),
  Tab: object({
    text: { anyOf: [string, arrayOf(string)], description: 'One string; a ranking tab has `[league, group]`.' },
    type: { const: 'tab' },
    link: ref('ReloadLink'),
    highlight: boolean,
  }),
  Slider: object({ text: string, next: nullable(ref('ReloadLink')), prev: nullable(ref('ReloadLink')) }),
  Region: object({ text: nullable(string), rows: arrayOf(ref('Row')) }),
  TableData: object({
    context: { ...nullable(freeObject), description: 'The effective query echoed (mode, season, page, round, locale, …), or null.' },
    headers: arrayOf(ref('Header')),
    title: nullable(string),
    subtitle: nullable(string),
    tabs: arrayOf(ref('Tab')),
    slider: nullable(ref('Slider')),
    regions: arrayOf(ref('Region')),
  }),
  Table: {
    ...object({ type: { const: 'table' }, subtype: { enum: ['table', 'attribute_list', 'multi'] }, doc: string, data: ref('TableData') }),
    description: 'A table, an attribute list or a multi table (WIRE.md §1): `data` always carries all seven keys.',
  },
  DropdownEntry: object({ text: string, set_in_context: freeObject, entries: arrayOf(ref('DropdownEntry')), highlight: boolean }),
  Dropdown: {
    ...object({
      type: { const: 'dropdown' },
      text: string,
      resource: string,
      entries: arrayOf(ref('DropdownEntry')),
      levels: arrayOf(string),
      highlight: { const: false },
    }),
    description: 'A dropdown, top level (no `data` wrapper).',
  },
  Session: object({ type: { const: 'session' }, data: { ...string, description: 'The session id in use after the change.' } }),
  Matchcenter: object({
    type: { const: 'matchcenter' },
    data: object({ sections: arrayOf(object({ type: { enum: ['league', 'club', 'team', 'player'] }, title: string, context: freeObject })) }),
  }),
  Version: object({
    type: { const: 'version' },
    data: object({
      description: string,
      full_version: { ...string, pattern: '^\\d+\\.\\d+\\.\\d+' },
      authentication: string,
      version: {
        ...object({ major: string, minor: string, patch: string }),
        description: 'Strings, as in the federation\'s documented answer: `{"major":"0","minor":"0","patch":"0"}`.',
      },
    }),
  }),
  Error: {
    ...object(
      {
        type: { const: 'Error' },
        message: string,
        object: { const: 'error' },
        data: object({ message: string, code: { ...integer, minimum: 400, maximum: 599 } }),
        request_id: { ...string, description: 'Also in the X-Request-Id response header and the service log.' },
      },
      ['request_id'],
    ),
    description: 'Every error of the main interface (WIRE.md §5): `type` contains "Error"; `message` and `data.message` are the same text.',
  },
  Calendar: { ...string, pattern: '^BEGIN:VCALENDAR\\r\\n', description: 'An iCalendar (RFC 5545) text, one VEVENT per game.' },
};

const identifier = (type: string): JsonSchema => object({ type: { const: type }, id: { ...string, pattern: '^\\d+$' } });
const resource = (type: string, attributes: JsonSchema, relationships?: Record<string, JsonSchema>): JsonSchema =>
  object({
    type: { const: type },
    id: { ...string, pattern: type === 'lineup' ? '^\\d+-\\d+$' : '^\\d+$' },
    attributes,
    ...(relationships ? { relationships: object(Object.fromEntries(Object.entries(relationships).map(([name, data]) => [name, object({ data })]))) } : {}),
  });

const LINEUP_INTERFACE: Record<string, JsonSchema> = {
  V3Team: resource(
    'team',
    object({
      name: string,
      slangname: string,
      logo: nullable(string),
      logo_small: nullable(string),
      logo_streaming: nullable(string),
      portrait: nullable(string),
    }),
  ),
  V3Game: resource(
    'game',
    object({
      season_id: integer,
      starts_at: {
        ...string,
        pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}[+-]\\d{2}:\\d{2}$',
        description: 'Local time in Europe/Zurich, with its offset.',
      },
      status: { enum: ['scheduled', 'live', 'finished', 'cancelled', 'forfeit', 'aborted'] },
      home_score: nullable(integer),
      away_score: nullable(integer),
      has_live_stream: boolean,
    }),
    { home_team: identifier('team'), away_team: identifier('team') },
  ),
  V3TeamMember: resource(
    'team_member',
    object({
      licensing: nullable(string),
      last_name: string,
      first_name: string,
      shirt_number: nullable(integer),
      position: nullable(string),
      captain: boolean,
      license_competition_description: { ...string, description: 'The league and game class of the license, e.g. "Aktivlizenz Herren GF".' },
      license_disabled: boolean,
      license_description: { ...string, deprecated: true, description: 'The former name of `license_competition_description`.' },
    }),
    { player: identifier('player'), person: identifier('person'), license: identifier('license') },
  ),
  V3Player: resource(
    'player',
    object({
      first_name: string,
      last_name: string,
      year_of_birth: nullable(integer),
      position: nullable(string),
      height: { ...nullable(integer), description: 'Centimetres.' },
      weight: { ...nullable(integer), description: 'Kilograms.' },
      portrait: { ...nullable(string), description: 'Absolute URL of the portrait.' },
    }),
  ),
  V3Person: resource('person', object({ first_name: string, last_name: string, year_of_birth: nullable(integer) })),
  V3License: resource(
    'license',
    object({
      competition_description: string,
      locked: { ...boolean, description: 'Locked, e.g. after a match penalty.' },
      licensing: nullable(string),
      description: { ...string, deprecated: true, description: 'The former name of `competition_description`.' },
      disabled: { ...boolean, deprecated: true, description: 'The former name of `locked`.' },
    }),
  ),
  V3Lineup: resource(
    'lineup',
    object({
      valid: boolean,
      quota_exceeded: boolean,
      quota_messages: { ...arrayOf(string), description: 'Human-readable: what makes the lineup invalid, if anything.' },
      messages: {
        ...arrayOf(object({ rule: string, license_id: nullable(integer), message: string })),
        deprecated: true,
        description: 'The same messages with their rule and license.',
      },
    }),
    { team_members: arrayOf(identifier('team_member')) },
  ),
  V3GamesDocument: object({ data: arrayOf(ref('V3Game')), included: arrayOf(ref('V3Team')) }, ['included']),
  V3GameDocument: object({ data: ref('V3Game'), included: arrayOf(ref('V3Team')) }, ['included']),
  V3LastGameDocument: object({ data: nullable(ref('V3Game')), included: arrayOf(ref('V3Team')) }, ['included']),
  V3TeamsDocument: object({ data: arrayOf(ref('V3Team')) }),
  V3CandidatesDocument: object({
    data: arrayOf(ref('V3TeamMember')),
    included: arrayOf({ oneOf: [ref('V3Player'), ref('V3Person'), ref('V3License')] }),
  }),
  V3LineupDocument: object({
    data: ref('V3Lineup'),
    included: arrayOf({ oneOf: [ref('V3TeamMember'), ref('V3Player'), ref('V3Person'), ref('V3License')] }),
  }),
  V3Error: {
    ...object({
      errors: {
        ...arrayOf(object({ status: { ...string, pattern: '^[45]\\d{2}$' }, title: string, detail: string, meta: object({ request_id: string }) }, ['meta'])),
        minItems: 1,
      },
    }),
    description: 'JSON:API error document of the lineup interface.',
  },
};

/** `2026-11-22T20:30:00+01:00`: an instant in Europe/Zurich with its offset, as the back office writes times. */
const zurichTime: JsonSchema = { ...string, pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}[+-]\\d{2}:\\d{2}$' };
/** Records by their id: `{"430001": {…}}`. */
const byId = (schema: JsonSchema): JsonSchema => ({ type: 'object', propertyNames: { pattern: '^\\d+$' }, additionalProperties: schema });
/** A success of the back office: `{status: {code: 0, msg: "ok"}, payload}`. */
const boAnswer = (payload: JsonSchema, description: string): JsonSchema => ({ ...object({ status: ref('BoOk'), payload }), description });

const BACK_OFFICE: Record<string, JsonSchema> = {
  BoOk: object({ code: { const: 0 }, msg: { const: 'ok' } }),
  BoTeam: object({ id: integer, type: { const: 'Team' }, name: string }),
  BoPosition: object({
    id: integer,
    type: { const: 'Position' },
    game_id: integer,
    team_id: integer,
    player_id: integer,
    license_id: nullable(integer),
    first_name: string,
    last_name: string,
    number: nullable(integer),
    position: { enum: ['goalkeeper', 'defender', 'center', 'forward', null] },
    goalkeeper: boolean,
    captain: boolean,
    topscorer: boolean,
  }),
  BoEvent: object({
    id: integer,
    type: { const: 'Event' },
    subtype: { enum: ['Goal', 'GamePenalty', 'Penalty', 'PenaltyEnd', 'Team', 'Player', 'Misc', 'PlayerInspection'] },
    // An event is shown with the category it was sent with: every one a POST takes.
    category_id: { enum: CATEGORY_IDS },
    time: { ...string, pattern: '^\\d+:\\d{2}:\\d{2}$', description: 'Game time h:mm:ss from the start of the game.' },
    second: { ...integer, minimum: 0 },
    world_time: nullable(zurichTime),
    team_id: {
      ...nullable(integer),
      description: "The team the event was sent for: an own goal's is its scorer's team, though the goal counts for the other.",
    },
    player_id: nullable(integer),
    assister_id: nullable(integer),
    code: { ...nullable(integer), description: "A penalty's or a misc event's code; a goal has none (a penalty shot's category is its category_id)." },
    attrs: { oneOf: [object({}), object({ done: boolean })], description: '`{done}` on a player inspection (165, 166), else empty.' },
  }),
  BoGame: object({
    id: integer,
    type: { const: 'Game' },
    starts_at: zurichTime,
    status: { enum: ['scheduled', 'live', 'finished', 'cancelled', 'forfeit', 'aborted'] },
    phase: { ...nullable(string), description: 'The phase being played (a name of `phases`); null before and after play.' },
    home_team_id: integer,
    away_team_id: integer,
    home_score: nullable(integer),
    away_score: nullable(integer),
    home_period_scores: arrayOf(integer),
    away_period_scores: arrayOf(integer),
    decided_by: { enum: ['regular', 'overtime', 'penalty_shots', null], description: 'How a finished game was decided; null for every other status.' },
    forfeited_by: { enum: ['home', 'away', null] },
    referees: arrayOf(string),
    venue: nullable(string),
    phases: { ...arrayOf(string), description: 'third1 … thirdN, prolongation, penalty_shootout.' },
    spectators: nullable(integer),
    total_seconds_played: integer,
    player_inspection_ordered: boolean,
    started_at_worldtime: nullable(zurichTime),
    finished_at_worldtime: nullable(zurichTime),
    penalty_shootout_played: boolean,
    prolongation_played: boolean,
    messages: {
      ...arrayOf({ enum: STATUS_MESSAGES.map((message) => message.toLowerCase()) }),
      description: 'The status messages (`event` of PUT …/status) the game takes now.',
    },
    version: integer,
    positions: { ...arrayOf(integer), description: 'Ids in `references.positions`.' },
    events: { ...arrayOf(integer), description: 'Ids in `references.events`, in game order.' },
  }),
  BoGameReport: object({
    list: arrayOf(ref('BoGame')),
    references: object({ teams: byId(ref('BoTeam')), positions: byId(ref('BoPosition')), events: byId(ref('BoEvent')) }),
  }),
  BoLoginAnswer: boAnswer(
    object(
      {
        auth_token: { ...string, description: 'A session token (`fbt_…`); send it as `auth_token` (query, form or JSON) or `Authorization: Bearer`.' },
        expires_at: zurichTime,
        valid_for_seconds: integer,
        anlass_id: { ...integer, description: 'An event login only: the event (its key) the token reports for.' },
      },
      ['anlass_id'],
    ),
    'A token, valid for four hours.',
  ),
  BoValidationAnswer: boAnswer(
    {
      oneOf: [
        object({ token: { const: 'valid' }, expires_at: nullable(zurichTime), anlass_id: nullable(integer), game_ids: arrayOf(integer) }),
        object({ token: { const: 'invalid' } }),
      ],
    },
    "Whether the token works (and, with `anlass_id`, is that event's); an invalid one is answered, not refused.",
  ),
  BoLogoutAnswer: boAnswer(object({ token: { enum: ['closed', 'not a session token'] } }), 'The token is logged out; a key sent itself has no session to end.'),
  BoGameReportAnswer: boAnswer(ref('BoGameReport'), 'Games as `list`, the records they name by id as `references`.'),
  BoEventAnswer: boAnswer(nullable(ref('BoEvent')), 'The event as the game report shows it.'),
  BoPositionsAnswer: boAnswer(object({ positions: arrayOf(ref('BoPosition')) }), "The team's sheet as written."),
  BoDeletedAnswer: boAnswer(object({ id: integer, deleted: { const: true } }), 'The event is deleted.'),
  BoPlayer: object({
    attrs: object({
      identification: { ...string, description: '`SP` and the id.' },
      bo_role_status: { enum: ['active', 'inactive'], description: '`active` while the player holds a licence for the current season.' },
      club_name: nullable(string),
      club_id: nullable(integer),
      number: nullable(integer),
      position: { enum: ['goalkeeper', 'defender', 'center', 'forward', null] },
      captain: boolean,
      weight: nullable(integer),
      name: string,
      first: string,
      last: string,
      license_number: { ...integer, description: "The player's licence number: their id." },
      portrait: nullable(string),
      entered_at: { type: 'null', description: 'Not kept by the service.' },
      left_at: { type: 'null', description: 'Not kept by the service.' },
      height: nullable(integer),
    }),
    set: { const: 'for_role' },
    type: { const: 'Player' },
    id: integer,
  }),
  BoPerson: object({
    attrs: object({
      roles: { ...arrayOf({ ...string, pattern: '^players/\\d+$' }), description: 'With `set=with_roles`: keys of `references`; empty otherwise.' },
      addresses: { type: 'array', maxItems: 0, description: 'Not kept by the service.' },
      first_name: string,
      last_name: string,
      ...Object.fromEntries(
        [
          'email',
          'email_2',
          'language',
          'phone_mobile',
          'phone_private',
          'phone_business',
          'phone_business_headquarters',
          'phone_contact',
          'website',
          'name_contact',
          'birth_date',
        ].map((name) => [name, { type: 'null', description: 'Not kept by the service.' }]),
      ),
    }),
    set: { enum: ['minimal', 'with_roles'] },
    type: { const: 'Person' },
    id: integer,
  }),
  BoPlayersAnswer: boAnswer(object({ list: arrayOf(ref('BoPlayer')) }), 'The players whose licence number begins with the digits sent, by licence number.'),
  BoPeopleAnswer: {
    ...object({
      list: arrayOf(ref('BoPerson')),
      references: { type: 'object', propertyNames: { pattern: '^players/\\d+$' }, additionalProperties: ref('BoPlayer') },
      status: ref('BoOk'),
    }),
    description: "People as `list`, their roles by key as `references` (`set=with_roles`), and `status`, side by side as the federation's sample has them.",
  },
  BoPasswordAnswer: boAnswer(object({ password: { enum: ['valid', 'invalid'] } }), "Whether the password is the person's."),
  BoError: {
    ...object(
      {
        status: object({ code: { ...integer, minimum: 400, maximum: 599, description: 'The HTTP status.' }, msg: string }),
        payload: { type: 'null' },
        request_id: { ...string, description: 'Also in the X-Request-Id response header and the service log.' },
      },
      ['request_id'],
    ),
    description: 'Every error of the back office.',
  },
};

/** Every envelope, by the name the document's `components.schemas` gives it. */
export const ENVELOPE_SCHEMAS: Readonly<Record<string, JsonSchema>> = { ...MAIN_INTERFACE, ...LINEUP_INTERFACE, ...BACK_OFFICE };

export function envelopeRef(name: string): JsonSchema {
  if (!(name in ENVELOPE_SCHEMAS)) throw new Error(`openapi: no envelope schema ${name}`);
  return ref(name);
}

/** A table narrowed to one subtype: `attribute_list` for detail pages, `multi` for a page of tables. */
export function tableOf(subtype: 'table' | 'attribute_list' | 'multi'): JsonSchema {
  return { allOf: [ref('Table'), { properties: { subtype: { const: subtype } } }] };
}
