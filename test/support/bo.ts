// The back office (/bo) as its clients call it: form or JSON bodies, `auth_token` as a parameter,
// answers `{status: {code, msg}, payload}`; event desks' keys, and valid game sheets of the demo league.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../../src/db/database.js';
import { newApiKey } from '../../src/domain/api-keys.js';
import { eligibility } from '../../src/domain/lineup.js';
import type { CandidateRecord } from '../../src/domain/lineup-candidates.js';
import { loadCandidateFacts } from '../../src/schema/lineup-facts.js';

/** An event desk's key (the back office's anlass): it reports `gameIds` only; its id is the `anlass_id`. */
export async function createEventKey(db: Database, name: string, gameIds: number[]): Promise<{ id: number; key: string; prefix: string }> {
  const { key, prefix, hash } = newApiKey();
  const created = await db.prisma.apiKey.create({ data: { name, prefix, hash, clubId: null, scopes: ['games:write'], gameIds, createdAt: new Date() } });
  return { id: created.id, key, prefix };
}

/** A partner's `api_key`: the key's 10-character prefix (what `keys list` shows). */
export const partnerApiKey = (key: string) => key.slice(0, 10);

export interface BoAnswer<T = Record<string, unknown>> {
  statusCode: number;
  headers: LightMyRequestResponse['headers'];
  body: { status: { code: number; msg: string }; payload: T; request_id?: string };
  raw: string;
}

export interface BoRequest {
  /** Form fields, sent `application/x-www-form-urlencoded` as curl's `-d` sends them (encoded here). */
  form?: Record<string, string | number>;
  /** A form body exactly as written, like curl's unencoded `-d 'a=b' -d 'c=d'` joined with `&` (or any text under `headers`' content type). */
  rawForm?: string;
  json?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export function formBody(fields: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)])).toString();
}

export async function bo<T = Record<string, unknown>>(app: FastifyInstance, method: string, url: string, request: BoRequest = {}): Promise<BoAnswer<T>> {
  let headers: Record<string, string> = {};
  let payload: string | undefined;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(request.json);
  } else if (request.form !== undefined || request.rawForm !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = request.rawForm ?? formBody(request.form ?? {});
  }
  // The request's own headers win: a body sent under another content type.
  headers = { ...headers, ...request.headers };
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  });
  return { statusCode: response.statusCode, headers: response.headers, body: response.json(), raw: response.body };
}

export interface Session {
  auth_token: string;
  expires_at: string;
  valid_for_seconds: number;
  anlass_id?: number;
}

/** Logs an event key in (`anlass_id`, `password`) and returns its auth_token. */
export async function anlassToken(app: FastifyInstance, eventKey: { id: number; key: string }): Promise<string> {
  const answer = await bo<Session>(app, 'POST', '/bo/session/auth_anlass', { form: { anlass_id: eventKey.id, password: eventKey.key } });
  if (answer.statusCode !== 200) throw new Error(`anlass login failed: ${answer.raw}`);
  return answer.body.payload.auth_token;
}

/** Logs a partner's (a club's or the federation's) key in (`api_key`, `secret`) and returns its auth_token. */
export async function partnerToken(app: FastifyInstance, key: string): Promise<string> {
  const answer = await bo<Session>(app, 'POST', '/bo/session/auth', { form: { api_key: partnerApiKey(key), secret: key } });
  if (answer.statusCode !== 200) throw new Error(`partner login failed: ${answer.raw}`);
  return answer.body.payload.auth_token;
}

/**
 * A valid sheet for a team in a game: one goalkeeper and `size - 1` field players, all eligible on a
 * regular license (as test/live/game-sheet.test.ts finds them).
 */
export async function eligibleSheet(db: Database, gameId: number, teamId: number, size = 7): Promise<CandidateRecord[]> {
  const all = await loadCandidateFacts(db.prisma, gameId, teamId, () => undefined);
  const regular = all.filter((candidate) => {
    const verdict = eligibility(candidate);
    return verdict.eligible && verdict.licensing === 'regular';
  });
  const goalkeeper = regular.find((candidate) => candidate.isGoalkeeper);
  const field = regular.filter((candidate) => !candidate.isGoalkeeper).slice(0, size - 1);
  if (!goalkeeper || field.length < size - 1) throw new Error(`game ${gameId}, team ${teamId}: too few eligible players for a sheet of ${size}`);
  return [goalkeeper, ...field];
}

/** Scheduled league games without a sheet, by start: each test file takes its own. */
export async function scheduledGames(db: Database, count: number) {
  return db.prisma.game.findMany({
    where: { status: 'SCHEDULED', groupId: { not: null }, lineup: { none: {} } },
    orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
    take: count,
    include: { homeTeam: true, awayTeam: true },
  });
}

/** `h:mm:ss` of a game second. */
export function gameTime(second: number): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(second / 3600)}:${two(Math.floor((second % 3600) / 60))}:${two(second % 60)}`;
}
