// What the write scenarios (bench/live.ts, bench/subscribers.ts, bench/zipf.ts, bench/open-loop.ts,
// bench/write-cost.ts) share: scheduled games without events to write to, moved into their start
// window and written with their desks' keys, as a game's desk writes it on the day (never the
// federation's word that a game is played at another time), one write that fails loudly when the
// service refuses it, and putting the games back exactly as they were, so that a later `--reuse`
// run finds the same data.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { newApiKey } from '../src/domain/api-keys.js';
import { admin } from './databases.js';

export interface GameSnapshot {
  id: number;
  status: string;
  homeScore: number | null;
  awayScore: number | null;
  homePeriodScores: number[];
  awayPeriodScores: number[];
  decidedBy: string;
  version: number;
  /** When it is scheduled, as stored (UTC, no zone; text, so that it is put back to the microsecond): `intoStartWindow` moves it to now, `restoreGames` back. */
  startsAt: string;
  /** Its home team's club, whose desk records it. */
  homeClubId: number;
}

/** Runs `work` on a connection of its own to the bench database at `databaseUrl`. */
export function withDatabase<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  return admin(work, databaseUrl);
}

/** Removes what an earlier run of the scenario left (one stopped before its clean-up): its keys' writes and the keys. */
async function dropKeys(client: pg.Client, keyName: string): Promise<void> {
  await client.query(`DELETE FROM "GameAuditEntry" WHERE "apiKeyId" IN (SELECT id FROM "ApiKey" WHERE name = $1)`, [keyName]);
  await client.query(`DELETE FROM "ApiKey" WHERE name = $1`, [keyName]);
}

/**
 * The desks of `games`: one club key (`games:write`) per home club, named `keyName`, made anew; by
 * game id. A club's key records its club's home games, and as a desk (src/domain/access.ts
 * `deciderOf`) it may start a game only in its start window, which `intoStartWindow` sees to.
 */
export async function createDeskKeys(client: pg.Client, keyName: string, games: GameSnapshot[]): Promise<Map<number, string>> {
  await dropKeys(client, keyName);
  const byClub = new Map<number, string>();
  for (const clubId of new Set(games.map((game) => game.homeClubId))) {
    const key = newApiKey();
    await client.query(`INSERT INTO "ApiKey" (name, prefix, hash, "clubId", "createdAt", scopes) VALUES ($1, $2, $3, $4, now(), $5)`, [
      keyName,
      key.prefix,
      key.hash,
      clubId,
      ['games:write'],
    ]);
    byClub.set(clubId, key.key);
  }
  return new Map(games.map((game) => [game.id, byClub.get(game.homeClubId) as string]));
}

/**
 * `count` scheduled games of two known teams without events (earliest or latest first): restoring
 * them afterwards is then exact.
 */
export async function scheduledGames(client: pg.Client, count: number, order: 'earliest' | 'latest', scenario: string): Promise<GameSnapshot[]> {
  const { rows } = await client.query<GameSnapshot>(
    `SELECT g.id, g.status::text AS status, g."homeScore", g."awayScore", g."homePeriodScores", g."awayPeriodScores", g."decidedBy"::text AS "decidedBy", g.version,
       g."startsAt"::text AS "startsAt", home."clubId" AS "homeClubId"
     FROM "Game" g JOIN "Team" home ON home.id = g."homeTeamId"
     WHERE g.status = 'SCHEDULED' AND g."awayTeamId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "GameEvent" e WHERE e."gameId" = g.id)
     ORDER BY g."startsAt" ${order === 'latest' ? 'DESC' : 'ASC'}, g.id LIMIT $1`,
    [count],
  );
  if (rows.length < count) throw new Error(`the ${scenario} scenario needs ${count} scheduled games without events, the bench database has ${rows.length}`);
  return rows;
}

/**
 * Moves the games to begin now (to the minute), within their start window (GAME_START_EARLY_MINUTES
 * before to GAME_START_LATE_MINUTES after): their desks then start them as on the day of the game.
 * Call it before starting them; `restoreGames` puts the scheduled times back.
 */
export async function intoStartWindow(client: pg.Client, games: GameSnapshot[]): Promise<void> {
  await client.query(`UPDATE "Game" SET "startsAt" = date_trunc('minute', now() AT TIME ZONE 'UTC') WHERE id = ANY($1)`, [games.map((game) => game.id)]);
}

/** Puts the games back as they were (their scheduled times included) and drops the scenario's keys with their writes. */
export async function restoreGames(client: pg.Client, games: GameSnapshot[], keyName: string): Promise<void> {
  const ids = games.map((game) => game.id);
  await client.query('BEGIN');
  try {
    await dropKeys(client, keyName);
    await client.query(`DELETE FROM "GameEvent" WHERE "gameId" = ANY($1)`, [ids]);
    await client.query(`DELETE FROM "GameTransition" WHERE "gameId" = ANY($1)`, [ids]);
    for (const game of games) {
      // A scheduled game has no clock reading (src/domain/live-clock.ts).
      await client.query(
        `UPDATE "Game" SET status = $2::"GameStatus", "homeScore" = $3, "awayScore" = $4, "homePeriodScores" = $5, "awayPeriodScores" = $6, "decidedBy" = $7::"GameDecision", version = $8,
           "startsAt" = $9::timestamp, "clockPeriod" = NULL, "clockSecond" = NULL, "clockAt" = NULL, "clockRunning" = false WHERE id = $1`,
        [game.id, game.status, game.homeScore, game.awayScore, game.homePeriodScores, game.awayPeriodScores, game.decidedBy, game.version, game.startsAt],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/**
 * A write the service refused (a GraphQL error: forbidden, invalid, out of its window, a conflict):
 * the scenario writes wrongly and measures nothing, so it stops with the service's message.
 */
export class WriteRefused extends Error {
  override readonly name = 'WriteRefused';
}

/** A write still answered 503 (overloaded, shedding load) after its retries: what a scenario that loads the service past its capacity measures, not a refusal. */
export class WriteShed extends Error {
  override readonly name = 'WriteShed';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Retries of a write answered 503 with Retry-After (overloaded), as an official's app would, with the same idempotency key. */
const OVERLOAD_RETRIES = 4;

/**
 * Sends one live write (`mutation ($input: <Field>Input!) { <field>(input: $input) { <selection> } }`)
 * with a fresh idempotency key and answers the field's value. A 503 with Retry-After is sent again
 * after it, at most OVERLOAD_RETRIES times, and then throws WriteShed; any other GraphQL error in
 * the answer, or no data, throws WriteRefused with the service's code and message: a refused write
 * is never counted as sent.
 */
export async function sendWrite<T>(baseUrl: string, key: string, field: string, selection: string, input: Record<string, unknown>): Promise<T> {
  const document = `mutation ($input: ${field[0].toUpperCase()}${field.slice(1)}Input!) { ${field}(input: $input) { ${selection} } }`;
  const body = JSON.stringify({ query: document, variables: { input: { idempotencyKey: randomUUID(), ...input } } });
  const send = () => fetch(`${baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body });
  let response = await send();
  for (let retry = 0; response.status === 503 && response.headers.has('retry-after') && retry < OVERLOAD_RETRIES; retry += 1) {
    await response.arrayBuffer();
    await sleep((Number(response.headers.get('retry-after')) || 1) * 1000);
    response = await send();
  }
  const text = await response.text();
  let answer: { data?: Record<string, T | null> | null; errors?: { message: string; extensions?: { code?: string } }[] } | null = null;
  try {
    answer = JSON.parse(text);
  } catch {
    // not JSON: its text is the reason
  }
  const value = answer?.data?.[field];
  if (answer && !answer.errors?.length && value != null) return value;
  const error = answer?.errors?.[0];
  const what = `HTTP ${response.status} ${answer ? `${error?.extensions?.code ?? ''} ${error?.message ?? 'no data'}` : text.slice(0, 200)}`.replace(/ +/g, ' ');
  if (response.status === 503) throw new WriteShed(`${field} of game ${input.gameId} still overloaded after ${OVERLOAD_RETRIES} retries: ${what}`);
  throw new WriteRefused(`${field} of game ${input.gameId} refused: ${what}`);
}
