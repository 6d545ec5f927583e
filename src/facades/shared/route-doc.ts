/**
 * What a route says about itself besides serving: its OpenAPI operation (id, summary, tag, envelope,
 * parameters its handler parses itself), its example requests on the demo league, and the requests
 * the wire snapshot sends it. Declared on the route (`facadeGet(…, { doc })`, or `config: { doc }`
 * for a route registered by hand); the OpenAPI document, `npm run openapi:examples`,
 * `npm run wire:snapshot` and test/http/openapi.test.ts read it from the registered routes
 * (src/facades/openapi/registry.ts). Nothing here runs on a request.
 */

/**
 * The records of the demo league that example requests name, symbolically
 * (`(ids) => \`/api/games/${ids.finished}\``): declared here, beside the examples, and resolved by
 * the example tooling (scripts/examples/example-ids.ts, where the rules that pick them live), so
 * that a route's declaration does not import the demo generator.
 */
export interface ExampleIds {
  /** The current season. */
  season: number;
  /** The season before it, if the league has one. */
  previousSeason?: number;
  /** The first finished game (by id) with a lineup and events. */
  finished: number;
  /** The finished game, the first game of each other status (live, scheduled, cancelled, forfeit) and the first with a match penalty. */
  games: readonly number[];
  /** The finished game's home team, and its club. */
  team: number;
  club: number;
  /** The first club (by id) that is neither the finished game's home club nor its away club. */
  otherClub: number;
  /** The first player (by lineup entry id) of the home team's lineup in the finished game. */
  player: number;
  /** The player of the current season's first team member. */
  currentPlayer: number;
  /** The first national player. */
  nationalPlayer: number;
  /** The tournament and round of the first cup game. */
  cup: { tournament: number; round: number };
  /** The current season's first qualification group. */
  group: { id: number; leagueId: number; gameClassId: number; name: string };
  /** The home team of the first scheduled group game, if any. */
  upcomingTeam?: number;
  /** The latest season's first best-of playoff group, if any. */
  playoff?: { seasonId: number; leagueId: number; gameClassId: number; name: string };
  /** The licenses the finished game's home team may line up (the first 20 candidates, in the interface's order). */
  licenses: readonly number[];
}

/** What a route answers with on success; each maps to envelope schemas (openapi/document.ts). */
export type ResponseKind =
  | 'version'
  | 'table'
  | 'attribute_list'
  | 'multi_table'
  | 'table_or_attribute_list'
  | 'table_or_dropdown'
  | 'dropdown'
  | 'session'
  | 'matchcenter'
  | 'calendar'
  | 'v3_games'
  | 'v3_game'
  | 'v3_candidates'
  | 'v3_lineup'
  | 'v3_last_game'
  | 'v3_teams'
  | 'bo_login'
  | 'bo_validation'
  | 'bo_logout'
  | 'bo_game_report'
  | 'bo_event'
  | 'bo_positions'
  | 'bo_deleted'
  | 'bo_players'
  | 'bo_people'
  | 'bo_password';

/** The document's tags, in the order it lists them. */
export const TAGS = [
  { name: 'Service', description: 'The interface itself.' },
  { name: 'Games', description: 'Game lists, game details, lineups and events.' },
  { name: 'Leagues', description: 'Seasons, leagues, groups, rankings and top scorers.' },
  { name: 'Teams and clubs', description: 'Teams, clubs, cups and calendars.' },
  { name: 'Players', description: 'Players and the national selections.' },
  { name: 'Sessions', description: 'Anonymous favorite sessions (matchcenter).' },
  { name: 'Lineup interface (v3)', description: 'Games and lineups, JSON:API. Every call needs an API key.' },
  {
    name: 'Back office (/bo)',
    description:
      'Game reporting for desks: log in (`/bo/session/auth` with `api_key` and `secret`, or `/bo/session/auth_anlass` with `anlass_id` and `password`) for an `auth_token` valid for four hours, then read and write the games it may report; a federation key with `people:read` also looks players (`/bo/players`) and people (`/bo/people`) up, and with `passwords:validate` checks the password of a person. Parameters come in the query string, a form or a JSON body; the token as `auth_token` there or as `Authorization: Bearer`. Answers are `{status: {code: 0, msg: "ok"}, payload}`, errors `{status: {code: <HTTP status>, msg}, payload: null}`; none is cached.',
  },
] as const;

export type Tag = (typeof TAGS)[number]['name'];

/** A parameter declaration as the routes write it (param-schema.ts), or a hand-written one. */
export interface DeclaredParams {
  readonly type?: 'object';
  readonly properties: Readonly<Record<string, object>>;
  readonly required: readonly string[];
}

/** Query parameters a handler parses itself; `when` names the case that takes them (`mode=list`). */
export interface ParsedQuery {
  readonly when?: string;
  readonly schema: DeclaredParams;
}

/** The methods a documented route is served with (PUT and DELETE: the back office only). */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A value taken from the demo league's records (`(ids) => ids.finished`), or a fixed one. */
export type FromIds<T> = T | ((ids: ExampleIds) => T);

/**
 * One example request, recorded with its answer into docs/openapi-examples.json and shown by the
 * document. Its URL or body may name, instead of a secret of the run (EXAMPLE_PLACEHOLDERS in
 * scripts/examples/secrets.ts; kept as written in the recording):
 * - `{sid}`: a favorites session made first (three favorites);
 * - `{token}`: an auth_token logged in for this request with the run's reporting key (a federation
 *   key with games:write, people:read and passwords:validate); `{event_token}`: one of the run's event key, whose games are `ids.games`
 *   but the finished game;
 * - `{api_key}` and `{secret}`: the reporting key's prefix and the key (POST /bo/session/auth);
 *   `{anlass_id}` and `{password}`: the event key's id and the key (POST /bo/session/auth_anlass);
 * - `{person_id}` and `{person_password}`: a demo person with a password (PUT /bo/people/:id/validate_password).
 */
export interface ExampleRequest {
  /** Names the example in the document (`mode=list`, `unknown game`); unique per route. */
  readonly name: string;
  /** The whole URL, with its prefix (`/api/games/1000001`). */
  readonly url: FromIds<string>;
  /** 200: an example answer. Another status: an example of that error, which the route thereby documents. */
  readonly status: number;
  /** A form body (application/x-www-form-urlencoded), or a JSON text with `json`. */
  readonly body?: FromIds<string>;
  /** The body is sent as application/json. */
  readonly json?: true;
  /** A v3 call sent with no key (the 401 example); every other v3 call carries a federation key… */
  readonly withoutKey?: true;
  /** …or a key of this club (the 403 example). */
  readonly keyClubId?: FromIds<number>;
}

/** `example('finished game', (ids) => \`/api/games/${ids.finished}\`)`; `example('unknown game', '/api/games/999999', 404)`. */
export function example(
  name: string,
  url: FromIds<string>,
  status = 200,
  options: Pick<ExampleRequest, 'body' | 'json' | 'withoutKey' | 'keyClubId'> = {},
): ExampleRequest {
  return { name, url, status, ...options };
}

/**
 * Where a probe runs in the wire snapshot: probes run ordered by it (numbers compare as one-element
 * lists, lists element by element), and those without one after them, route by route. The numbers
 * keep the order of the snapshot's first, hand-written list, so that a dump taken before still
 * lines up byte for byte; a new probe needs none.
 */
export type SnapshotPosition = number | readonly number[];

/**
 * One request of the wire snapshot (scripts/wire-snapshot.ts). `{sid}` is the session the first
 * add_favorite made; the other placeholders of the examples (ExampleRequest) stand for the same
 * secrets here, in the URL, the body and the header values.
 */
export interface SnapshotProbe {
  readonly at?: SnapshotPosition;
  readonly method: RouteMethod;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Sent as is and once per locale (`locale=de`, `fr`, `it`, `en` appended). */
  readonly locales?: true;
}

/** The snapshot's API keys: one of the sampled club (`ids.club`), one of the federation. */
export interface SnapshotKeys {
  readonly club: string;
  readonly federation: string;
}

/** A route's snapshot probes; without one, the snapshot sends the route's examples. */
export type Snapshot = (ids: ExampleIds, keys: SnapshotKeys) => readonly SnapshotProbe[];

/** A GET probe; `localized` sends it once per locale too. */
export function probe(at: SnapshotPosition | undefined, url: string, headers?: Readonly<Record<string, string>>): SnapshotProbe {
  return { ...(at === undefined ? {} : { at }), method: 'GET', url, ...(headers ? { headers } : {}) };
}

export function localized(at: SnapshotPosition | undefined, url: string): SnapshotProbe {
  return { ...probe(at, url), locales: true };
}

export const FORM_TYPE = 'application/x-www-form-urlencoded';
export const JSON_TYPE = 'application/json';

/** A POST probe with a form body. */
export function formProbe(at: SnapshotPosition | undefined, url: string, body: string): SnapshotProbe {
  return { ...(at === undefined ? {} : { at }), method: 'POST', url, body, headers: { 'content-type': FORM_TYPE } };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A route of the OpenAPI document: everything it says about the route but its URL, method and parameters. */
export interface OperationDoc {
  /** The operationId; also the key of the route's recorded examples (docs/openapi-examples.json). */
  readonly id: string;
  readonly tag: Tag;
  readonly summary: string;
  readonly description?: string;
  readonly response: ResponseKind;
  /** At least one with status 200; the error statuses of the others are the ones the route documents (beside `default`). */
  readonly examples: readonly ExampleRequest[];
  /** Query parameters the handler parses itself (a mode's, v3's after the key check). */
  readonly parsedQuery?: readonly ParsedQuery[];
  /** Path parameters the handler parses itself (v3: after the key check). */
  readonly parsedPath?: DeclaredParams;
  /** The favorites form of POST /sessions/*. */
  readonly favoritesBody?: true;
  /** The parameters a PUT or POST takes in its body, as a form or as JSON (the back office). */
  readonly requestBody?: RequestBodyDoc;
  /** The route takes the auth_token of a back-office login (query, form or JSON field, or bearer): documented as its security. */
  readonly authToken?: true;
  /**
   * The route's success writes to the league (a status change, an event, a sheet, a correction):
   * its examples are its errors only, since a recorded write would change what the other examples
   * (and the wire snapshot) read; its answer is documented by its schema, which
   * test/http/openapi.test.ts checks against real writes (status, event, deletion, sheet).
   */
  readonly writes?: true;
  readonly snapshot?: Snapshot;
}

/** A body's parameters: the same names in a form (nested ones as `positions[0][player_id]`) or a JSON object. */
export interface RequestBodyDoc {
  readonly description?: string;
  readonly schema: DeclaredParams;
}

/** A route the OpenAPI document leaves out (the legacy XML interface): only the snapshot's probes. */
export interface SnapshotOnlyDoc {
  readonly snapshot: Snapshot;
}

export type RouteDoc = OperationDoc | SnapshotOnlyDoc;

export function isOperationDoc(doc: RouteDoc | undefined): doc is OperationDoc {
  return doc !== undefined && 'id' in doc;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route says about itself (src/facades/shared/route-doc.ts). */
    doc?: RouteDoc;
  }
}

/** `season=…&league=…&game_class=…` of the sampled group (`ids.group`): a league as the query strings name it. */
export function leagueQuery(ids: ExampleIds): string {
  return `season=${ids.season}&league=${ids.group.leagueId}&game_class=${ids.group.gameClassId}`;
}
