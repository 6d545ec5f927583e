// The federation's documented /bo requests (its curl examples, copied below), each sent as written
// with the documentation's ids mapped to the demo league's, and the SQL statements each endpoint
// costs. Passes under NODE_ENV=production too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries, openTestLeague, type TestLeague } from '../../support/app.js';
import { bo, type BoAnswer, createEventKey, eligibleSheet, partnerApiKey, scheduledGames, type Session } from '../../support/bo.js';
import { createKey } from '../../support/keys.js';

/**
 * The documentation's examples (official-api-docs.md, /bo/games/doc and /bo/session/doc): method,
 * path and curl's `-d` fields exactly as printed; a JSON body where the documentation sends one.
 */
const DOC = {
  auth: { method: 'POST', path: '/bo/session/auth', data: ['api_key=<api key placeholder>', 'secret=<secret placholder>'] },
  authAnlassPlayed: { method: 'POST', path: '/bo/session/auth_anlass', data: ['anlass_id=473798', 'password=<password placeholder>'] },
  authAnlassAhead: { method: 'POST', path: '/bo/session/auth_anlass', data: ['anlass_id=483837', 'password=<password placeholder>'] },
  validate: { method: 'POST', path: '/bo/session/validate', data: ['auth_token=<auth_token>', 'anlass_id=<anlass id>'] },
  games: { method: 'GET', path: '/bo/games?set=game_report&auth_token=TOKEN' },
  game: { method: 'GET', path: '/bo/games/812625?set=game_report&auth_token=TOKEN' },
  lineup: {
    method: 'PUT',
    path: '/bo/games/852878/lineups/428977',
    json: { positions: [{ player_id: 423520, captain: 'yes', number: '13' }, { player_id: 433056 }], auth_token: 'TOKEN' },
  },
  goal: {
    method: 'POST',
    path: '/bo/games/812625/events',
    data: [
      'time=0:23:00',
      'world_time=2015-10-28T12:34:45+01:00',
      'category_id=1',
      'player_id=413841',
      'assister_id=463912',
      'team_id=429631',
      'auth_token=TOKEN',
    ],
  },
  penalty: {
    method: 'POST',
    path: '/bo/games/812625/events',
    data: ['time=0:42:00', 'category_id=3', 'team_id=429631', 'player_id=413841', 'auth_token=TOKEN'],
  },
  penaltyEnd: {
    method: 'POST',
    path: '/bo/games/812625/events',
    data: ['time=0:42:00', 'category_id=151', 'team_id=429631', 'player_id=413841', 'auth_token=TOKEN'],
  },
  timeout: {
    method: 'POST',
    path: '/bo/games/812625/events',
    data: ['world_time=2015-10-28T12:34:45+01:00', 'time=0:42:00', 'category_id=10', 'team_id=429631', 'auth_token=TOKEN'],
  },
  player: {
    method: 'POST',
    path: '/bo/games/812625/events',
    data: ['world_time=2015-10-28T12:34:45+01:00', 'time=0:42:00', 'category_id=20', 'team_id=429631', 'player_id=413841', 'auth_token=TOKEN'],
  },
  misc: {
    method: 'POST',
    path: '/bo/games/852878/events',
    data: ['time=0:23:00', 'world_time=2015-10-28T12:34:45+01:00', 'category_id=39', 'code=123', 'auth_token=TOKEN'],
  },
  inspection: {
    method: 'POST',
    path: '/bo/games/852878/events',
    data: ['time=0:00:00', 'world_time=2015-10-28T12:34:45+01:00', 'category_id=165', 'auth_token=$TOKEN'],
  },
  deleteEvent: { method: 'DELETE', path: '/bo/games/812625/events/1080631', data: ['auth_token=TOKEN'] },
  status: { method: 'PUT', path: '/bo/games/812625/status' },
  reportResult: {
    json: { event: 'report_result', auth_token: 'TOKEN', home: 3, away: 4, spectators: 230, second: 3600, penalty_shootout: 'yes', prolongation: 'yes' },
  },
  transitions: { method: 'PUT', path: '/bo/games/854222/status/history/transitions', data: ['second=3600', 'to=penalty_shootout', 'auth_token=$TOKEN'] },
} as const;

interface Doc {
  method: string;
  path: string;
  data?: readonly string[];
}

let league: TestLeague;
/** The documentation's ids and placeholders → the demo league's. */
const ids = new Map<string, string>();
let game: Awaited<ReturnType<typeof scheduledGames>>[number];
let resultGame: Awaited<ReturnType<typeof scheduledGames>>[number];
let forfeitGame: Awaited<ReturnType<typeof scheduledGames>>[number];
let homeForfeitGame: Awaited<ReturnType<typeof scheduledGames>>[number];
/** A game of the demo league under way, with events of its own (imported, not recorded live). */
let liveDemo: { id: number; eventIds: number[] };
let federationKey: { id: number; key: string };
let played: { gameId: number; desk: { id: number; key: string } };
let token: string;
let home: Awaited<ReturnType<typeof eligibleSheet>>;
let away: Awaited<ReturnType<typeof eligibleSheet>>;

const mapped = (text: string, overrides: Record<string, string> = {}) =>
  text.replace(/\$?TOKEN|<[^>]+>|\b\d{6,7}\b/g, (found) => overrides[found] ?? ids.get(found) ?? found);

/** Sends a documented request as curl sends `-d` fields (joined with `&`, not encoded), with the ids mapped. */
function send<T = Record<string, unknown>>(doc: Doc, options: { extra?: string[]; ids?: Record<string, string> } = {}): Promise<BoAnswer<T>> {
  const data = [...(doc.data ?? []), ...(options.extra ?? [])].map((field) => mapped(field, options.ids));
  return bo<T>(league.app, doc.method, mapped(doc.path, options.ids), data.length > 0 ? { rawForm: data.join('&') } : {});
}

function sendJson<T = Record<string, unknown>>(method: string, path: string, json: Record<string, unknown>): Promise<BoAnswer<T>> {
  const body = JSON.parse(mapped(JSON.stringify(json))) as Record<string, unknown>;
  return bo<T>(league.app, method, mapped(path), { json: body });
}

function expectOk(answer: BoAnswer<unknown>): void {
  expect(answer.statusCode, answer.raw).toBe(200);
  expect(answer.body.status).toEqual({ code: 0, msg: 'ok' });
  expect(answer.headers['cache-control']).toBe('private, no-store');
}

interface Report {
  list: Record<string, unknown>[];
  references: { teams: Record<string, unknown>; positions: Record<string, Record<string, unknown>>; events: Record<string, Record<string, unknown>> };
}
type BoEvent = Record<string, unknown> & { id: number };

beforeAll(async () => {
  league = await openTestLeague();
  [game, resultGame, forfeitGame, homeForfeitGame] = await scheduledGames(league.db, 4);
  const playedGame = await league.db.prisma.game.findFirstOrThrow({ where: { status: 'FINISHED', groupId: { not: null } }, orderBy: { startsAt: 'desc' } });
  const live = await league.db.prisma.game.findMany({
    where: { status: 'LIVE', groupId: { not: null } },
    orderBy: { id: 'asc' },
    include: { events: { where: { type: { in: ['GOAL', 'PENALTY'] } }, orderBy: { second: 'desc' } } },
  });
  // Its goals and penalties of the period being played: they may be deleted.
  const demo = live.find((candidate) => candidate.events.filter((event) => event.period === candidate.clockPeriod).length >= 2);
  if (!demo) throw new Error('the demo league has no live game with two events in its open period');
  liveDemo = { id: demo.id, eventIds: demo.events.filter((event) => event.period === demo.clockPeriod).map((event) => event.id) };
  federationKey = await createKey(league.db, 'partner', null, ['games:write']);
  played = { gameId: playedGame.id, desk: await createEventKey(league.db, 'desk of a played game', [playedGame.id]) };
  const desk = await createEventKey(league.db, 'desk of games ahead', [game.id, resultGame.id, forfeitGame.id, homeForfeitGame.id, liveDemo.id]);
  home = await eligibleSheet(league.db, game.id, game.homeTeamId!);
  away = await eligibleSheet(league.db, game.id, game.awayTeamId!);
  for (const [doc, demo] of [
    ['812625', game.id],
    ['852878', game.id],
    ['854222', game.id],
    ['429631', game.homeTeamId!],
    ['428977', game.awayTeamId!],
    ['413841', home[1].playerId],
    ['463912', home[2].playerId],
    ['423520', away[1].playerId],
    ['433056', away[2].playerId],
    ['473798', played.desk.id],
    ['483837', desk.id],
  ] as const)
    ids.set(doc, String(demo));
  ids.set('<api key placeholder>', partnerApiKey(federationKey.key));
  ids.set('<secret placholder>', federationKey.key);
  ids.set('<anlass id>', String(desk.id));
  ids.set('<password placeholder>', desk.key);
});
afterAll(async () => {
  await league?.close();
});

describe('/bo/session, as documented', () => {
  it('POST /bo/session/auth with api_key and secret', async () => {
    const answer = await send<Session>(DOC.auth);
    expectOk(answer);
    expect(answer.body.payload).toEqual({ auth_token: expect.stringMatching(/^fbt_/), expires_at: expect.any(String), valid_for_seconds: 14400 });
  });

  it('POST /bo/session/auth_anlass for a game ahead, and for a game already played', async () => {
    const ahead = await send<Session>(DOC.authAnlassAhead);
    expectOk(ahead);
    expect(ahead.body.payload).toMatchObject({ auth_token: expect.stringMatching(/^fbt_/), valid_for_seconds: 14400, anlass_id: Number(ids.get('483837')) });
    token = ahead.body.payload.auth_token;
    ids.set('TOKEN', token).set('$TOKEN', token).set('<auth_token>', token);
    // The played game's desk has a password of its own; with the other desk's, the documented request is refused.
    const wrong = await send(DOC.authAnlassPlayed);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toMatchObject({ status: { code: 401, msg: 'These credentials are not valid' }, payload: null });
    const answer = await send<Session>(DOC.authAnlassPlayed, { ids: { '<password placeholder>': played.desk.key } });
    expectOk(answer);
    expect(answer.body.payload).toMatchObject({ valid_for_seconds: 14400, anlass_id: played.desk.id });
    const report = await bo<Report>(league.app, 'GET', `/bo/games/${played.gameId}?set=game_report&auth_token=${answer.body.payload.auth_token}`);
    expectOk(report);
    expect(report.body.payload.list[0]).toMatchObject({ id: played.gameId, status: 'finished' });
  });

  it('POST /bo/session/validate with auth_token and anlass_id', async () => {
    const answer = await send(DOC.validate);
    expectOk(answer);
    expect(answer.body.payload).toEqual({
      token: 'valid',
      expires_at: expect.any(String),
      anlass_id: Number(ids.get('483837')),
      game_ids: [game.id, resultGame.id, forfeitGame.id, homeForfeitGame.id, liveDemo.id],
    });
  });
});

describe('/bo/games, as documented', () => {
  it('GET /bo/games?set=game_report lists the games the token may report, with their references', async () => {
    const answer = await send<Report>(DOC.games);
    expectOk(answer);
    const { list, references } = answer.body.payload;
    expect(list.map((entry) => entry.id).sort()).toEqual([game.id, resultGame.id, forfeitGame.id, homeForfeitGame.id, liveDemo.id].sort());
    const ahead = list.find((entry) => entry.id === game.id);
    expect(ahead).toMatchObject({ type: 'Game', status: 'scheduled', phases: ['third1', 'third2', 'third3', 'prolongation', 'penalty_shootout'] });
    const live = list.find((entry) => entry.id === liveDemo.id) as { status: string; events: number[] };
    expect(live.status).toBe('live');
    expect(live.events).toEqual(expect.arrayContaining(liveDemo.eventIds));
    for (const id of liveDemo.eventIds) expect(references.events[String(id)]).toMatchObject({ id, type: 'Event', category_id: expect.any(Number) });
    expect(Object.keys(references).sort()).toEqual(['events', 'positions', 'teams']);
    expect(references.teams[String(game.homeTeamId!)]).toEqual({ id: game.homeTeamId!, type: 'Team', name: game.homeTeam!.name });
  });

  it('GET /bo/games/:id?set=game_report shows the one game with every documented field', async () => {
    const answer = await send<Report>(DOC.game);
    expectOk(answer);
    const [entry] = answer.body.payload.list;
    expect(answer.body.payload.list).toHaveLength(1);
    for (const field of [
      'phases',
      'spectators',
      'total_seconds_played',
      'player_inspection_ordered',
      'started_at_worldtime',
      'finished_at_worldtime',
      'penalty_shootout_played',
      'prolongation_played',
    ])
      expect(entry, field).toHaveProperty(field);
    expect(entry).toMatchObject({
      id: game.id,
      status: 'scheduled',
      home_team_id: game.homeTeamId!,
      away_team_id: game.awayTeamId!,
      total_seconds_played: 0,
      player_inspection_ordered: false,
      started_at_worldtime: null,
      finished_at_worldtime: null,
      penalty_shootout_played: false,
      prolongation_played: false,
      messages: expect.arrayContaining(['start', 'report_result', 'forfait']),
    });
  });

  it('GET with another set is a 400', async () => {
    const answer = await bo(league.app, 'GET', `/bo/games?set=everything&auth_token=${token}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatchObject({ status: { code: 400, msg: 'set takes game_report, got "everything"' }, payload: null });
  });
});

describe('PUT /bo/games/:id/lineups/:team_id, as documented', () => {
  it('writes the documentation’s JSON (positions by player_id, captain "yes", number "13"), grown to a valid sheet', async () => {
    const documented = DOC.lineup.json.positions;
    // The documented two positions, then the goalkeeper and field players a sheet needs (6–20 players, 1–3 goalkeepers).
    const positions = [...documented, { player_id: away[0].playerId, goalkeeper: 'yes' }, ...away.slice(3).map((c) => ({ player_id: c.playerId }))];
    const answer = await sendJson<{ positions: Record<string, unknown>[] }>(DOC.lineup.method, DOC.lineup.path, { ...DOC.lineup.json, positions });
    expectOk(answer);
    const lines = answer.body.payload.positions;
    expect(lines).toHaveLength(away.length);
    expect(lines.find((line) => line.player_id === away[1].playerId)).toMatchObject({
      type: 'Position',
      game_id: game.id,
      team_id: game.awayTeamId!,
      license_id: away[1].licenseId,
      number: 13,
      captain: true,
      goalkeeper: false,
    });
    expect(lines.find((line) => line.player_id === away[0].playerId)).toMatchObject({ goalkeeper: true, position: 'goalkeeper', captain: false });
    expect(lines.filter((line) => line.captain)).toHaveLength(1);
    // The documented lines send no position: each takes the player's known one.
    for (const candidate of away) expect(lines.find((line) => line.player_id === candidate.playerId)?.position).toBe(candidate.position?.toLowerCase() ?? null);
    expect(lines.filter((line) => line.position !== null && line.position !== 'goalkeeper').length).toBeGreaterThan(0);
  });

  it('writes the home sheet as license_ids', async () => {
    const answer = await bo<{ positions: unknown[] }>(league.app, 'PUT', `/bo/games/${game.id}/lineups/${game.homeTeamId!}`, {
      rawForm: `license_ids=${home.map((c) => c.licenseId).join(',')}&auth_token=${token}`,
    });
    expectOk(answer);
    expect(answer.body.payload.positions).toHaveLength(home.length);
  });
});

describe('PUT /bo/games/:id/status and POST /bo/games/:id/events, as documented', () => {
  const status = (json: Record<string, unknown>) => sendJson<Report>(DOC.status.method, DOC.status.path, { ...json, auth_token: 'TOKEN' });
  const event = (answer: BoAnswer<BoEvent>) => {
    expectOk(answer);
    return answer.body.payload;
  };

  it('start: the game is live in the first third', async () => {
    const answer = await status({ event: 'start' });
    expectOk(answer);
    expect(answer.body.payload.list[0]).toMatchObject({ id: game.id, status: 'live', phase: 'third1', home_score: 0, away_score: 0 });
    expect(answer.body.payload.list[0].started_at_worldtime).toEqual(expect.any(String));
  });

  it('PlayerInspection 165 at 0:00:00', async () => {
    const inspection = event(await send<BoEvent>(DOC.inspection));
    expect(inspection).toMatchObject({ type: 'Event', subtype: 'PlayerInspection', category_id: 165, time: '0:00:00', attrs: { done: true } });
    expect(inspection.world_time).toBe('2015-10-28T12:34:45+01:00');
  });

  it('end_third: the second third', async () => {
    const answer = await status({ event: 'end_third' });
    expectOk(answer);
    expect(answer.body.payload.list[0]).toMatchObject({ status: 'live', phase: 'third2' });
  });

  it('Goal 1 at 0:23:00 with world_time, scorer and assist', async () => {
    const goal = event(await send<BoEvent>(DOC.goal));
    expect(goal).toMatchObject({
      subtype: 'Goal',
      category_id: 1,
      time: '0:23:00',
      second: 1380,
      world_time: '2015-10-28T12:34:45+01:00',
      team_id: game.homeTeamId!,
      player_id: home[1].playerId,
      assister_id: home[2].playerId,
    });
  });

  it('Misc 39 at 0:23:00 with code 123', async () => {
    const misc = event(await send<BoEvent>(DOC.misc));
    expect(misc).toMatchObject({ subtype: 'Misc', category_id: 39, code: 123, team_id: null, player_id: null, time: '0:23:00' });
  });

  it('end_third: the third third', async () => {
    const answer = await status({ event: 'end_third' });
    expect(answer.body.payload.list[0]).toMatchObject({ phase: 'third3', home_score: 1, away_score: 0 });
  });

  it('Penalty 3 at 0:42:00 without world_time', async () => {
    const penalty = event(await send<BoEvent>(DOC.penalty));
    expect(penalty).toMatchObject({
      subtype: 'Penalty',
      category_id: 3,
      time: '0:42:00',
      world_time: null,
      team_id: game.homeTeamId!,
      player_id: home[1].playerId,
    });
  });

  it('Penalty End 151 at 0:42:00 for the same player', async () => {
    const end = event(await send<BoEvent>(DOC.penaltyEnd));
    expect(end).toMatchObject({ subtype: 'PenaltyEnd', category_id: 151, team_id: game.homeTeamId!, player_id: home[1].playerId });
  });

  it('Team 10 (timeout home)', async () => {
    const timeout = event(await send<BoEvent>(DOC.timeout));
    expect(timeout).toMatchObject({ subtype: 'Team', category_id: 10, team_id: game.homeTeamId!, world_time: '2015-10-28T12:34:45+01:00' });
  });

  it('Player 20 (own goal): counts for the other team, and reads back with the team and player sent', async () => {
    const own = event(await send<BoEvent>(DOC.player));
    const sent = { subtype: 'Player', category_id: 20, time: '0:42:00', team_id: game.homeTeamId!, player_id: home[1].playerId };
    expect(own).toMatchObject(sent);
    const report = await send<Report>(DOC.game);
    expect(report.body.payload.list[0]).toMatchObject({ home_score: 1, away_score: 1 });
    expect(report.body.payload.references.events[String(own.id)]).toMatchObject(sent);
  });

  it('DELETE /bo/games/:id/events/:event_id with auth_token in the body (an event of the demo league’s live game)', async () => {
    // Events recorded live have ids from 1500000000 on, which the route refuses (reported); the demo league's own have lower ones.
    const eventId = liveDemo.eventIds[0];
    const where = { '812625': String(liveDemo.id), '1080631': String(eventId) };
    const answer = await send(DOC.deleteEvent, { ids: where });
    expectOk(answer);
    expect(answer.body.payload).toEqual({ id: eventId, deleted: true });
    expect(await league.db.prisma.gameEvent.count({ where: { id: eventId } })).toBe(0);
    const report = await bo<Report>(league.app, 'GET', `/bo/games/${liveDemo.id}?auth_token=${token}`);
    expect(report.body.payload.references.events[String(eventId)]).toBeUndefined();
    const again = await send(DOC.deleteEvent, { ids: where, extra: ['idempotency_key=delete-again'] });
    expect(again.statusCode).toBe(404);
    expect(again.body).toMatchObject({ status: { code: 404, msg: `Game ${liveDemo.id} has no event ${eventId}` }, payload: null });
  });

  it('end_third after a tied regulation: prolongation; start_penalty_shootout ends it; game_over with the winner', async () => {
    expect((await status({ event: 'end_third' })).body.payload.list[0]).toMatchObject({ status: 'live', phase: 'prolongation' });
    const waiting = await status({ event: 'start_penalty_shootout' });
    expectOk(waiting);
    expect(waiting.body.payload.list[0]).toMatchObject({ status: 'live', penalty_shootout_played: true, prolongation_played: true });
    const over = await status({ event: 'game_over', winner: 'home' });
    expectOk(over);
    expect(over.body.payload.list[0]).toMatchObject({
      status: 'finished',
      decided_by: 'penalty_shots',
      home_score: 2,
      away_score: 1,
      penalty_shootout_played: true,
      prolongation_played: true,
      finished_at_worldtime: expect.any(String),
    });
  });

  it('PUT /bo/games/:id/status/history/transitions: the penalty shootout at second 3600', async () => {
    const answer = await send<Report>(DOC.transitions);
    expectOk(answer);
    expect(answer.body.payload.list[0]).toMatchObject({ id: game.id, status: 'finished', decided_by: 'penalty_shots' });
    const shootout = await league.db.prisma.gameEvent.findFirstOrThrow({ where: { gameId: game.id, type: 'PENALTY_SHOOTOUT' } });
    expect(shootout.second).toBe(3600);
    // The path the documentation's text names, with a state of its table.
    const byText = await bo<Report>(league.app, 'PUT', `/bo/${game.id}/status/history/transitions`, {
      rawForm: `second=3650&to=game_over&auth_token=${token}`,
    });
    expectOk(byText);
    expect((await league.db.prisma.gameEvent.findFirstOrThrow({ where: { gameId: game.id, type: 'GAME_END' } })).second).toBe(3650);
    const fixed = await bo(league.app, 'PUT', `/bo/games/${game.id}/status/history/transitions`, { rawForm: `second=1300&to=third2&auth_token=${token}` });
    expect(fixed.statusCode).toBe(400);
    expect(fixed.body.status.msg).toMatch(/fixed by the rules/);
  });

  it('report_result with the documentation’s JSON: 3:4 after an hour, 230 spectators, decided by penalty shots', async () => {
    const answer = await sendJson<Report>('PUT', `/bo/games/${resultGame.id}/status`, DOC.reportResult.json);
    expectOk(answer);
    expect(answer.body.payload.list[0]).toMatchObject({
      id: resultGame.id,
      status: 'finished',
      home_score: 3,
      away_score: 4,
      spectators: 230,
      total_seconds_played: 3600,
      decided_by: 'penalty_shots',
      penalty_shootout_played: true,
      prolongation_played: true,
      finished_at_worldtime: expect.any(String),
    });
  });

  it('forfait: the home team carries the win unless winner says otherwise', async () => {
    const byHome = await sendJson<Report>('PUT', `/bo/games/${homeForfeitGame.id}/status`, { event: 'forfait', auth_token: 'TOKEN' });
    expectOk(byHome);
    expect(byHome.body.payload.list[0]).toMatchObject({ status: 'forfeit', home_score: 5, away_score: 0, forfeited_by: 'away' });
    const byAway = await sendJson<Report>('POST', `/bo/games/${forfeitGame.id}/status`, { event: 'forfait', winner: 'away', auth_token: 'TOKEN' });
    expectOk(byAway);
    expect(byAway.body.payload.list[0]).toMatchObject({ status: 'forfeit', home_score: 0, away_score: 5, forfeited_by: 'home' });
  });
});

describe('SQL statements per /bo endpoint', () => {
  let desk: { id: number; key: string };
  let deskToken: string;
  let partner: string;
  let counted: Awaited<ReturnType<typeof scheduledGames>>[number];
  let sheet: Awaited<ReturnType<typeof eligibleSheet>>;

  beforeAll(async () => {
    const games = await scheduledGames(league.db, 1);
    counted = games[0];
    desk = await createEventKey(league.db, 'counted desk', [counted.id]);
    sheet = await eligibleSheet(league.db, counted.id, counted.homeTeamId!);
    deskToken = (await bo<Session>(league.app, 'POST', '/bo/session/auth_anlass', { form: { anlass_id: desk.id, password: desk.key } })).body.payload
      .auth_token;
    partner = (await bo<Session>(league.app, 'POST', '/bo/session/auth', { form: { api_key: partnerApiKey(federationKey.key), secret: federationKey.key } }))
      .body.payload.auth_token;
  });

  /** The statements of one request, which must succeed. */
  async function statements(method: string, url: string, request: Parameters<typeof bo>[3] = {}): Promise<number> {
    let answer: BoAnswer<unknown> | undefined;
    const count = await countQueries(league.db, async () => {
      answer = await bo(league.app, method, url, request);
    });
    expect(answer?.statusCode, answer?.raw).toBe(200);
    return count;
  }
  const form = (fields: Record<string, string | number>) => ({ form: { auth_token: deskToken, ...fields } });

  it('logging in, validating and logging out', async () => {
    expect(
      await statements('POST', '/bo/session/auth', { form: { api_key: partnerApiKey(federationKey.key), secret: federationKey.key } }),
    ).toBeLessThanOrEqual(2);
    expect(await statements('POST', '/bo/session/auth_anlass', { form: { anlass_id: desk.id, password: desk.key } })).toBeLessThanOrEqual(2);
    expect(await statements('POST', '/bo/session/validate', form({ anlass_id: desk.id }))).toBeLessThanOrEqual(1);
    expect(await statements('GET', `/bo/session/validate?auth_token=${deskToken}`)).toBeLessThanOrEqual(1);
    const spare = (await bo<Session>(league.app, 'POST', '/bo/session/auth_anlass', { form: { anlass_id: desk.id, password: desk.key } })).body.payload
      .auth_token;
    expect(await statements('DELETE', '/bo/session', { form: { auth_token: spare } })).toBeLessThanOrEqual(2);
  });

  it('writing a lineup, an event, a status, a deletion and a transition', async () => {
    const lineup = await statements(
      'PUT',
      `/bo/games/${counted.id}/lineups/${counted.homeTeamId}`,
      form({ license_ids: sheet.map((c) => c.licenseId).join(',') }),
    );
    expect(lineup).toBeLessThanOrEqual(BOUND.lineup);
    expect(await statements('PUT', `/bo/games/${counted.id}/status`, form({ event: 'start' }))).toBeLessThanOrEqual(BOUND.status);
    const goal = { category_id: 1, time: '0:05:00', team_id: counted.homeTeamId!, player_id: sheet[1].playerId };
    expect(await statements('POST', `/bo/games/${counted.id}/events`, form(goal))).toBeLessThanOrEqual(BOUND.event);
    // An event of the demo league's own (events recorded live cannot be deleted through /bo: reported).
    const deletion = await statements('DELETE', `/bo/games/${liveDemo.id}/events/${liveDemo.eventIds[1]}`, { form: { auth_token: partner } });
    expect(deletion).toBeLessThanOrEqual(BOUND.deletion);
    expect(await statements('PUT', `/bo/games/${counted.id}/status`, form({ event: 'forfait' }))).toBeLessThanOrEqual(BOUND.status);
    expect(await statements('PUT', `/bo/games/${counted.id}/status/history/transitions`, form({ to: 'forfait', second: 300 }))).toBeLessThanOrEqual(
      BOUND.transition,
    );
  });
  it('reading the reports: one game with its sheet and events, and the list of an event desk’s game', async () => {
    expect(await statements('GET', `/bo/games/${counted.id}?set=game_report&auth_token=${deskToken}`)).toBeLessThanOrEqual(BOUND.game);
    expect(await statements('GET', `/bo/games?set=game_report&auth_token=${deskToken}`)).toBeLessThanOrEqual(BOUND.games);
    expect(await statements('GET', `/bo/games/${liveDemo.id}?set=game_report&auth_token=${partner}`)).toBeLessThanOrEqual(BOUND.game);
  });
});

/**
 * Statements per request as measured. A game's report is its game, its sheet and events, the format
 * and transitions, and the top scorers' season points (two statements per game with a sheet); a
 * write is the credential, the write context, the locked transaction and the report after it.
 */
const BOUND = { game: 7, games: 6, lineup: 24, status: 18, event: 16, deletion: 11, transition: 17 };
