// What each /bo route says about itself (src/facades/shared/route-doc.ts): its OpenAPI operation,
// its body, its example requests on the demo league and its wire-snapshot probes. Each route puts
// its entry into `config: { doc }`; the OpenAPI document, `npm run openapi:examples`,
// `npm run wire:snapshot` and test/http/openapi.test.ts read it from there.
//
// Examples name the run's secrets by placeholder (`{token}`, `{event_token}`, `{api_key}`,
// `{secret}`, `{anlass_id}`, `{password}`: route-doc.ts, ExampleRequest). A route whose success
// writes to the league (`writes`) shows only its errors; every error example is refused before
// anything is written, so recording them changes nothing the other examples read.
import { type DeclaredParams, example, type OperationDoc, probe, type RequestBodyDoc } from '../shared/route-doc.js';
import { RESEND_WINDOW_MS } from '../../domain/game-write.js';
import type { BoGroup } from '../../domain/event-kinds.js';
import { CATEGORIES, CATEGORY_IDS } from './categories.js';

const TAG = 'Back office (/bo)';

/** Ids, scores and seconds are 32-bit (fields.ts). */
const integer = (description: string, minimum = 0) => ({ type: 'integer', minimum, maximum: 2_147_483_647, description });
const text = (description: string) => ({ type: 'string', description });
/** The back office's booleans. */
const yesNo = (description: string) => ({ anyOf: [{ enum: ['yes', 'no', 'true', 'false', '1', '0'] }, { type: 'boolean' }], description });
const path = (properties: Record<string, object>): DeclaredParams => ({ type: 'object', properties, required: Object.keys(properties) });
const body = (properties: Record<string, object>, required: string[] = [], description?: string): RequestBodyDoc => ({
  ...(description ? { description } : {}),
  schema: { type: 'object', properties, required },
});

const GAME_PATH = path({ game_id: integer('The game.') });
const SET_QUERY = {
  schema: {
    type: 'object',
    properties: { set: { type: 'string', enum: ['game_report'], description: 'The one set there is; absent means it too.' } },
    required: [],
  },
} as const;
const TIME = text('The game time `h:mm:ss` from the start of the game (`0:23:00` is the 23rd minute; `mm:ss` also does).');
const WORLD_TIME = text('When it happened by the wall clock, with its offset: `2026-11-22T16:05:10+01:00`.');
const IDEMPOTENCY_KEY = text(
  "The client's own idempotency key (also the `Idempotency-Key` header); without one the service derives one from the request and keeps it under the key the token speaks for.",
);

const ANOTHER_GAME = 999999;

/** status.ts's STATUS_EVENTS (which imports this module, so cannot be imported here); test/http/openapi.test.ts compares them. */
export const DOCUMENTED_STATUS_EVENTS = [
  'start',
  'start_third',
  'end_third',
  'start_penalty_shootout',
  'game_over',
  'report_result',
  'forfait',
  'abort',
  'undo',
];

export const BO_LOGIN_DOC: OperationDoc = {
  id: 'boLogin',
  tag: TAG,
  summary: 'Log in with an API key for an auth_token',
  description:
    "A partner, a club or the federation logs in with `api_key` (the key's 10-character prefix, `fbk_…`) and `secret` (the key). Wrong credentials answer 401 whichever part was wrong, and count toward the failed-key brake.",
  response: 'bo_login',
  requestBody: body({ api_key: text("The key's prefix, as `npm run keys -- list` shows it."), secret: text('The key itself.') }, ['api_key', 'secret']),
  examples: [
    example('partner key', '/bo/session/auth', 200, { body: 'api_key={api_key}&secret={secret}' }),
    example('as JSON', '/bo/session/auth', 200, { body: '{"api_key":"{api_key}","secret":"{secret}"}', json: true }),
    example('no secret', '/bo/session/auth', 400, { body: 'api_key={api_key}' }),
    example('wrong secret', '/bo/session/auth', 401, { body: 'api_key={api_key}&secret=fbk_not-the-secret' }),
    example("an event key's id", '/bo/session/auth', 401, { body: 'api_key={anlass_id}&secret={password}' }),
  ],
};

export const BO_EVENT_LOGIN_DOC: OperationDoc = {
  id: 'boEventLogin',
  tag: TAG,
  summary: "Log in with an event's credentials for an auth_token",
  description:
    "An event's desk logs in with `anlass_id` (the id of its event key) and `password` (the key); the token reports the event's games only. Wrong credentials answer 401 whichever part was wrong.",
  response: 'bo_login',
  requestBody: body({ anlass_id: integer('The event: the id of its key.', 1), password: text('The event key itself.') }, ['anlass_id', 'password']),
  examples: [
    example('event key', '/bo/session/auth_anlass', 200, { body: 'anlass_id={anlass_id}&password={password}' }),
    example('anlass_id not a number', '/bo/session/auth_anlass', 400, { body: 'anlass_id=burgdorf&password={password}' }),
    example('wrong password', '/bo/session/auth_anlass', 401, { body: 'anlass_id={anlass_id}&password=fbk_not-the-password' }),
    example('a partner key', '/bo/session/auth_anlass', 401, { body: 'anlass_id={anlass_id}&password={secret}' }),
  ],
};

const VALIDATE_DESCRIPTION =
  'Whether the token works, and, with `anlass_id`, whether it is that event\'s: an invalid, expired, logged-out or unknown token is answered (`{"token": "invalid"}`), not refused.';
const ANLASS_ID = integer('The event the token should be of.', 1);

export const BO_VALIDATE_DOC: OperationDoc = {
  id: 'boValidate',
  tag: TAG,
  summary: 'Check a token',
  description: VALIDATE_DESCRIPTION,
  response: 'bo_validation',
  authToken: true,
  parsedQuery: [{ schema: { type: 'object', properties: { anlass_id: ANLASS_ID }, required: [] } }],
  examples: [
    example("an event's token", '/bo/session/validate?auth_token={event_token}'),
    example('unknown token', '/bo/session/validate?auth_token=fbt_no-such-token'),
    example("another event's", '/bo/session/validate?auth_token={event_token}&anlass_id=999999'),
    example('no token', '/bo/session/validate', 400),
  ],
};

export const BO_VALIDATE_POST_DOC: OperationDoc = {
  id: 'boValidatePost',
  tag: TAG,
  summary: 'Check a token (POST)',
  description: VALIDATE_DESCRIPTION,
  response: 'bo_validation',
  authToken: true,
  requestBody: body({ anlass_id: ANLASS_ID }),
  examples: [
    example('a token in the form', '/bo/session/validate', 200, { body: 'auth_token={token}' }),
    example('as JSON', '/bo/session/validate', 200, { body: '{"auth_token":"{event_token}","anlass_id":"{anlass_id}"}', json: true }),
    example('no token', '/bo/session/validate', 400, { body: 'anlass_id={anlass_id}' }),
  ],
};

export const BO_LOGOUT_DOC: OperationDoc = {
  id: 'boLogout',
  tag: TAG,
  summary: 'Log a token out',
  description: 'The token stops working at once, on every instance. An API key sent itself has no session to end (`not a session token`).',
  response: 'bo_logout',
  authToken: true,
  examples: [example('a token', '/bo/session?auth_token={token}'), example('no token', '/bo/session', 401)],
};

export const BO_GAMES_DOC: OperationDoc = {
  id: 'boGames',
  tag: TAG,
  summary: 'The games the token may report',
  description:
    "Its event's games, its club's home games, or every game for a federation key, that are live or start between a day ago and 14 days ahead; by start, at most 200. As `set=game_report`: `list` and `references`.",
  response: 'bo_game_report',
  authToken: true,
  parsedQuery: [SET_QUERY],
  examples: [
    example("an event's games", '/bo/games?set=game_report&auth_token={event_token}'),
    example('another set', '/bo/games?set=players&auth_token={token}', 400),
    example('no token', '/bo/games', 401),
  ],
};

export const BO_GAME_DOC: OperationDoc = {
  id: 'boGame',
  tag: TAG,
  summary: "One game's report",
  description: 'The game with its lineup positions and events (`set=game_report`), if the token may report it.',
  response: 'bo_game_report',
  authToken: true,
  parsedPath: GAME_PATH,
  parsedQuery: [SET_QUERY],
  examples: [
    example('finished game', (ids) => `/bo/games/${ids.finished}?set=game_report&auth_token={token}`),
    example('malformed id', '/bo/games/abc?auth_token={token}', 400),
    example('unknown token', (ids) => `/bo/games/${ids.finished}?auth_token=fbt_no-such-token`, 401),
    example("not the event's game", (ids) => `/bo/games/${ids.finished}?auth_token={event_token}`, 403),
    example('unknown game', `/bo/games/${ANOTHER_GAME}?auth_token={token}`, 404),
  ],
  snapshot: (ids) => [
    probe(undefined, `/bo/games/${ids.finished}?set=game_report&auth_token={token}`),
    // The token as a bearer, and in the header an API key may come in.
    probe(undefined, `/bo/games/${ids.finished}`, { authorization: 'Bearer {token}' }),
    probe(undefined, `/bo/games/${ids.finished}`, { 'x-api-key': '{token}' }),
    probe(undefined, '/bo/games/abc?auth_token={token}'),
    probe(undefined, `/bo/games/${ids.finished}?auth_token=fbt_no-such-token`),
    probe(undefined, `/bo/games/${ids.finished}?auth_token={event_token}`),
    probe(undefined, `/bo/games/${ANOTHER_GAME}?auth_token={token}`),
  ],
};

const POSITION = {
  type: 'object',
  properties: {
    player_id: integer('The player (on the sheet with the license the schema picks), or…'),
    license_id: integer('…the license.'),
    number: integer('The shirt number; without one the player wears their last.'),
    captain: yesNo('The captain.'),
    goalkeeper: yesNo('A goalkeeper (over `position`).'),
    position: {
      enum: ['goalkeeper', 'defender', 'defender_left', 'defender_right', 'center', 'forward_center', 'forward', 'forward_left', 'forward_right'],
      description: "Without it (and without `goalkeeper: yes`): the player's known position, a goalkeeper's goal; none when nothing is known.",
    },
    do_not_remember_number: yesNo('Keep the number for this game only.'),
  },
};

export const BO_LINEUP_DOC: OperationDoc = {
  id: 'boLineup',
  tag: TAG,
  summary: "Write a team's whole sheet",
  description:
    "The sheet as `positions` (JSON, or form fields `positions[0][player_id]=…`), or as bare `player_ids` / `license_ids` (comma-separated or a list). It replaces the team's sheet. A line without a position takes the player's known one.",
  response: 'bo_positions',
  authToken: true,
  writes: true,
  parsedPath: path({ game_id: integer('The game.'), team_id: integer('The team, home or away.') }),
  requestBody: body(
    {
      positions: { type: 'array', items: POSITION, maxItems: 40 },
      player_ids: {
        anyOf: [
          { type: 'string', pattern: '^\\d+(,\\d+)*$' },
          { type: 'array', items: { type: 'integer' } },
        ],
      },
      license_ids: {
        anyOf: [
          { type: 'string', pattern: '^\\d+(,\\d+)*$' },
          { type: 'array', items: { type: 'integer' } },
        ],
      },
      idempotency_key: IDEMPOTENCY_KEY,
    },
    [],
    'One of `positions`, `player_ids`, `license_ids`.',
  ),
  examples: [
    example('no lineup', (ids) => `/bo/games/${ids.finished}/lineups/${ids.team}`, 400, { body: 'auth_token={token}' }),
    example('a line naming player and license', (ids) => `/bo/games/${ids.finished}/lineups/${ids.team}`, 400, {
      body: '{"auth_token":"{token}","positions":[{"player_id":1,"license_id":2}]}',
      json: true,
    }),
    example('no token', (ids) => `/bo/games/${ids.finished}/lineups/${ids.team}`, 401, { body: 'player_ids=1,2' }),
    example("not the event's game", (ids) => `/bo/games/${ids.finished}/lineups/${ids.team}`, 403, { body: 'player_ids=1,2&auth_token={event_token}' }),
    example('unknown game', (ids) => `/bo/games/${ANOTHER_GAME}/lineups/${ids.team}`, 404, { body: 'player_ids=1,2&auth_token={token}' }),
  ],
};

/**
 * The documentation's words for each group of categories (src/domain/event-kinds.ts gives each
 * category its group), in the order its prose lists them; `or`: the ids are alternatives, not a pair.
 */
const CATEGORY_GROUPS: Record<BoGroup, { words: string; or?: true }> = {
  goal: { words: 'goal' },
  penaltyShot: { words: 'penalty shot', or: true },
  penalties: { words: 'penalties' },
  assists: { words: 'assists' },
  deputyPenalties: { words: 'deputy penalties' },
  penaltyEnd: { words: 'penalty end' },
  timeouts: { words: 'timeouts' },
  goalieMoves: { words: 'goalie out/back' },
  playerEvents: { words: 'player events' },
  misc: { words: 'misc' },
  inspection: { words: 'player inspection' },
};

/** `3–9, 49, 167`: three or more ids in a row as a range; two ids as a pair (`10/11`), or as alternatives in the catalogue's order (`164 or 29`). */
function idsText(ids: readonly number[], or: boolean): string {
  if (or) return ids.join(' or ');
  const sorted = [...ids].sort((a, b) => a - b);
  if (sorted.length === 2) return sorted.join('/');
  const runs: number[][] = [];
  for (const id of sorted) {
    const run = runs.at(-1);
    if (run && run[run.length - 1] === id - 1) run.push(id);
    else runs.push([id]);
  }
  return runs.flatMap((run) => (run.length >= 3 ? [`${run[0]}–${run[run.length - 1]}`] : run.map(String))).join(', ');
}

/** Every category by its group: `goal 1, penalty shot 164 or 29, penalties 3–9, 49, 167, …`. */
function categoriesText(): string {
  const categories = [...CATEGORIES.values()];
  const idsOf = (group: string) => categories.filter((category) => category.group === group).map((category) => category.id);
  return Object.entries(CATEGORY_GROUPS)
    .map(([group, { words, or }]) => `${words} ${idsText(idsOf(group), or === true)}`)
    .join(', ');
}

export const BO_EVENT_DOC: OperationDoc = {
  id: 'boEvent',
  tag: TAG,
  summary: 'Record an event',
  description: `An event of any category: ${categoriesText()}. A player must be on the team's sheet. An own goal (20) is sent for the team of the player who scored it and counts for the other team. The event reads back with the category, team and players sent.`,
  response: 'bo_event',
  authToken: true,
  writes: true,
  parsedPath: GAME_PATH,
  requestBody: body(
    {
      category_id: { type: 'integer', enum: CATEGORY_IDS },
      time: TIME,
      world_time: WORLD_TIME,
      team_id: integer("The team the event is for (a timeout or deputy penalty: its category says); an own goal's: its scorer's team."),
      player_id: integer('The player: scorer (of an own goal too), offender, …'),
      assister_id: integer("The goal's assist."),
      code: integer("A penalty code, or the misc event's code (39: required)."),
      idempotency_key: IDEMPOTENCY_KEY,
    },
    ['category_id', 'time'],
  ),
  examples: [
    example('unknown category', (ids) => `/bo/games/${ids.finished}/events`, 400, { body: 'category_id=2&time=0:10:00&auth_token={token}' }),
    example('malformed time', (ids) => `/bo/games/${ids.finished}/events`, 400, {
      body: '{"category_id":39,"code":1,"time":"ten past","auth_token":"{token}"}',
      json: true,
    }),
    example('no token', (ids) => `/bo/games/${ids.finished}/events`, 401, { body: 'category_id=39&code=1&time=0:10:00' }),
    example("not the event's game", (ids) => `/bo/games/${ids.finished}/events`, 403, { body: 'category_id=39&code=1&time=0:10:00&auth_token={event_token}' }),
    example('unknown game', `/bo/games/${ANOTHER_GAME}/events`, 404, { body: 'category_id=39&code=1&time=0:10:00&auth_token={token}' }),
  ],
};

export const BO_DELETE_EVENT_DOC: OperationDoc = {
  id: 'boDeleteEvent',
  tag: TAG,
  summary: 'Delete an event',
  response: 'bo_deleted',
  authToken: true,
  writes: true,
  parsedPath: path({ game_id: integer('The game.'), event_id: integer('The event.') }),
  examples: [
    example('malformed id', (ids) => `/bo/games/${ids.finished}/events/abc?auth_token={token}`, 400),
    example('no token', (ids) => `/bo/games/${ids.finished}/events/1`, 401),
    example("not the event's game", (ids) => `/bo/games/${ids.finished}/events/1?auth_token={event_token}`, 403),
    example('unknown event', (ids) => `/bo/games/${ids.finished}/events/${ANOTHER_GAME}?auth_token={token}`, 404),
  ],
};

const STATUS_BODY = body(
  {
    event: { enum: DOCUMENTED_STATUS_EVENTS },
    winner: { enum: ['home', 'away'], description: 'game_over and start_penalty_shootout after penalty shots; forfait (home by default).' },
    home: integer('report_result: the home score.'),
    away: integer('report_result: the away score.'),
    spectators: integer('report_result.'),
    second: integer('report_result: the seconds played; abort: when.'),
    prolongation: yesNo('report_result: overtime was played.'),
    penalty_shootout: yesNo('report_result: penalty shots decided.'),
    outside_start_window: yesNo('start: the federation starts the game outside its start window (with `reason`).'),
    reason: text(
      "Why the federation decides the game outside its window (start, game_over, report_result, forfait, abort, undo): required then, refused from a game's desk; kept in the game's audit.",
    ),
    idempotency_key: IDEMPOTENCY_KEY,
  },
  ['event'],
);

const STATUS_DESCRIPTION = `A status message: \`start\`, \`start_third\`, \`end_third\`, \`start_penalty_shootout\`, \`game_over\`, \`report_result\`, \`forfait\`, \`abort\`, \`undo\`. Answers the game's report after it, as GET /bo/games/{game_id} does; the report's \`messages\` are those the game takes now, and a message it does not take is a 400 naming those it does. A game's desk (a club's token for its home games, an event's for its games) decides a game from the opening of its start window (an hour before its start by default) to the end of its day; outside that only a federation token may, with \`reason\`. The same message resent within ${RESEND_WINDOW_MS / 1000} seconds with nothing written in between is answered as the first was, with \`msg\` saying so (\`undo\`, \`end_third\` and \`start_third\` sent again later go one step further); a reported result must agree with the goals recorded, and a result decided in overtime or by penalty shots is one goal apart.`;

export const BO_STATUS_DOC: OperationDoc = {
  id: 'boStatus',
  tag: TAG,
  summary: "Change a game's status",
  description: STATUS_DESCRIPTION,
  response: 'bo_game_report',
  authToken: true,
  writes: true,
  parsedPath: GAME_PATH,
  requestBody: STATUS_BODY,
  examples: [
    example('unknown message', (ids) => `/bo/games/${ids.finished}/status`, 400, { body: 'event=kickoff&auth_token={token}' }),
    example('a finished game', (ids) => `/bo/games/${ids.finished}/status`, 400, { body: '{"event":"start_third","auth_token":"{token}"}', json: true }),
    example('no token', (ids) => `/bo/games/${ids.finished}/status`, 401, { body: 'event=start' }),
    example("not the event's game", (ids) => `/bo/games/${ids.finished}/status`, 403, { body: 'event=end_third&auth_token={event_token}' }),
  ],
};

export const BO_STATUS_POST_DOC: OperationDoc = {
  id: 'boStatusPost',
  tag: TAG,
  summary: "Change a game's status (POST)",
  description: STATUS_DESCRIPTION,
  response: 'bo_game_report',
  authToken: true,
  writes: true,
  parsedPath: GAME_PATH,
  requestBody: STATUS_BODY,
  examples: [
    example('no message', (ids) => `/bo/games/${ids.finished}/status`, 400, { body: 'auth_token={token}' }),
    example('no token', (ids) => `/bo/games/${ids.finished}/status`, 401, { body: '{"event":"end_third"}', json: true }),
  ],
};

const TRANSITION_BODY = body(
  {
    to: { enum: ['game_over', 'finished', 'penalty_shootout', 'forfait', 'aborted'], description: 'The transition (a state of the state diagram) to move.' },
    second: integer('The game second it happened at.'),
    idempotency_key: IDEMPOTENCY_KEY,
  },
  ['to', 'second'],
);

const TRANSITION_DESCRIPTION =
  "Moves a past transition to another game second. The starts of the thirds (0:00, 20:00, 40:00) and of the prolongation are fixed by the rules. Answers the game's report.";

export const BO_TRANSITION_DOC: OperationDoc = {
  id: 'boCorrectTransition',
  tag: TAG,
  summary: 'Correct the second of a past transition',
  description: TRANSITION_DESCRIPTION,
  response: 'bo_game_report',
  authToken: true,
  writes: true,
  parsedPath: GAME_PATH,
  requestBody: TRANSITION_BODY,
  examples: [
    example('a fixed start', (ids) => `/bo/games/${ids.finished}/status/history/transitions`, 400, { body: 'to=third2&second=1250&auth_token={token}' }),
    example('no game over recorded live', (ids) => `/bo/games/${ids.finished}/status/history/transitions`, 400, {
      body: '{"to":"game_over","second":3600,"auth_token":"{token}"}',
      json: true,
    }),
    example('no token', (ids) => `/bo/games/${ids.finished}/status/history/transitions`, 401, { body: 'to=game_over&second=3600' }),
  ],
};

export const BO_TRANSITION_ALIAS_DOC: OperationDoc = {
  id: 'boCorrectTransitionAlias',
  tag: TAG,
  summary: "Correct the second of a past transition (the path the documentation's text names)",
  description: `${TRANSITION_DESCRIPTION} The same as PUT /bo/games/{game_id}/status/history/transitions.`,
  response: 'bo_game_report',
  authToken: true,
  writes: true,
  parsedPath: GAME_PATH,
  requestBody: TRANSITION_BODY,
  examples: [
    example('unknown transition', (ids) => `/bo/${ids.finished}/status/history/transitions`, 400, { body: 'to=kickoff&second=0&auth_token={token}' }),
    example('no token', (ids) => `/bo/${ids.finished}/status/history/transitions`, 401, { body: 'to=game_over&second=3600' }),
  ],
};

/** The people's examples: a federation key with the scope (`{token}`), an event's without (`{event_token}`). */
const LICENSE_NUMBER = text(
  'Digits the licence number begins with: `45472` finds 45472 and 454720–454729 (and longer numbers beginning so), `454729` that player. More than 100 matches: 400.',
);
const PLAYERS_DESCRIPTION =
  "The players whose licence number (the player's id) begins with `license_number`, by licence number, each as a person's player role shows it. Needs a federation key with the people:read scope (the documentation's `people_reader`).";

export const BO_PLAYERS_DOC: OperationDoc = {
  id: 'boPlayers',
  tag: TAG,
  summary: 'Look players up by licence number',
  description: `${PLAYERS_DESCRIPTION} The parameter in the query string or, for clients that send one, in a body.`,
  response: 'bo_players',
  authToken: true,
  parsedQuery: [{ schema: { type: 'object', properties: { license_number: LICENSE_NUMBER }, required: ['license_number'] } }],
  examples: [
    example('a prefix', '/bo/players?license_number=60001&auth_token={token}'),
    example('a whole number', '/bo/players?license_number=600019&auth_token={token}'),
    example('too few digits', '/bo/players?license_number=6&auth_token={token}', 400),
    example('not digits', '/bo/players?license_number=SP600019&auth_token={token}', 400),
    example('no token', '/bo/players?license_number=60001', 401),
    example('an event key', '/bo/players?license_number=60001&auth_token={event_token}', 403),
  ],
};

export const BO_PLAYERS_POST_DOC: OperationDoc = {
  id: 'boPlayersPost',
  tag: TAG,
  summary: 'Look players up by licence number (POST)',
  description: `${PLAYERS_DESCRIPTION} For clients that cannot send a body with GET.`,
  response: 'bo_players',
  authToken: true,
  requestBody: body({ license_number: LICENSE_NUMBER }, ['license_number']),
  examples: [
    example('a prefix', '/bo/players', 200, { body: 'license_number=60001&auth_token={token}' }),
    example('as JSON', '/bo/players', 200, { body: '{"license_number":"600019","auth_token":"{token}"}', json: true }),
    example('no licence number', '/bo/players', 400, { body: 'auth_token={token}' }),
    example('no token', '/bo/players', 401, { body: 'license_number=60001' }),
  ],
};

export const BO_PEOPLE_DOC: OperationDoc = {
  id: 'boPeople',
  tag: TAG,
  summary: 'People, by id or by date of last change',
  description:
    "People by `ids`, or changed since the start of the day `changed_since` (required without ids) until the end of `changed_until`, days in Zurich; by id, at most 200. `set=with_roles` adds each person's player role to `references`. A person's id is their player id; the service keeps names and the player role, and a person's last change is when their password was set. Answered as the documentation's sample: `list`, `references` and `status` side by side. Needs a federation key with the people:read scope (the documentation's `people_reader`).",
  response: 'bo_people',
  authToken: true,
  parsedQuery: [
    {
      schema: {
        type: 'object',
        properties: {
          ids: { type: 'string', pattern: '^\\d+(,\\d+)*$', description: 'Comma-separated ids (PNr), 1–100.' },
          changed_since: { type: 'string', format: 'date', description: 'Required without ids.' },
          changed_until: { type: 'string', format: 'date' },
          set: { type: 'string', enum: ['minimal', 'with_roles'], description: 'minimal when absent.' },
        },
        required: [],
      },
    },
  ],
  examples: [
    example('by id, with roles', '/bo/people?ids=600001,600002&set=with_roles&auth_token={token}'),
    example('changed since a day', '/bo/people?changed_since=2026-11-20&changed_until=2026-11-21&auth_token={token}'),
    example('neither ids nor changed_since', '/bo/people?auth_token={token}', 400),
    example('another set', '/bo/people?ids=600001&set=everything&auth_token={token}', 400),
    example('no token', '/bo/people?ids=600001', 401),
    example('an event key', '/bo/people?ids=600001&auth_token={event_token}', 403),
  ],
};

export const BO_VALIDATE_PASSWORD_DOC: OperationDoc = {
  id: 'boValidatePassword',
  tag: TAG,
  summary: "Check a person's password",
  description:
    "`{password: valid}` when `password` is the person's, else `{password: invalid}` (an unknown person, or one without a password, too). A wrong password counts toward the failed-check brake as a wrong key does: past it, 429. Needs a federation key with the passwords:validate scope (the documentation's `password_validator`).",
  response: 'bo_password',
  authToken: true,
  parsedPath: path({ id: integer('The person (PNr): their player id.', 1) }),
  requestBody: body({ password: text('The password, as typed (not trimmed).') }, ['password']),
  examples: [
    example('the right password', '/bo/people/{person_id}/validate_password', 200, { body: 'password={person_password}&auth_token={token}' }),
    example('a wrong password', '/bo/people/{person_id}/validate_password', 200, {
      body: '{"password":"not the password","auth_token":"{token}"}',
      json: true,
    }),
    example('no password', '/bo/people/{person_id}/validate_password', 400, { body: 'auth_token={token}' }),
    example('no token', '/bo/people/{person_id}/validate_password', 401, { body: 'password=secret' }),
    example('an event key', '/bo/people/{person_id}/validate_password', 403, { body: 'password=secret&auth_token={event_token}' }),
  ],
};
