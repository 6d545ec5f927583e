// What the write scenarios (bench/live.ts, bench/subscribers.ts) share: a key that may write games,
// scheduled games without events to write to, and putting them back exactly as they were, so that
// a later `--reuse` run finds the same data.
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
}

/** Runs `work` on a connection of its own to the bench database at `databaseUrl`. */
export function withDatabase<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  return admin(work, databaseUrl);
}

/** Removes what an earlier run of the scenario left (one stopped before its clean-up): its key's writes and the key. */
async function dropKeys(client: pg.Client, keyName: string): Promise<void> {
  await client.query(`DELETE FROM "GameAuditEntry" WHERE "apiKeyId" IN (SELECT id FROM "ApiKey" WHERE name = $1)`, [keyName]);
  await client.query(`DELETE FROM "ApiKey" WHERE name = $1`, [keyName]);
}

/** A federation key (`games:write`) named `keyName`, made anew. */
export async function createWriteKey(client: pg.Client, keyName: string): Promise<string> {
  await dropKeys(client, keyName);
  const key = newApiKey();
  await client.query(`INSERT INTO "ApiKey" (name, prefix, hash, "createdAt", scopes) VALUES ($1, $2, $3, now(), $4)`, [
    keyName,
    key.prefix,
    key.hash,
    ['games:write'],
  ]);
  return key.key;
}

/** `count` scheduled games without events (earliest or latest first): restoring them afterwards is then exact. */
export async function scheduledGames(client: pg.Client, count: number, order: 'earliest' | 'latest', scenario: string): Promise<GameSnapshot[]> {
  const { rows } = await client.query<GameSnapshot>(
    `SELECT g.id, g.status::text AS status, g."homeScore", g."awayScore", g."homePeriodScores", g."awayPeriodScores", g."decidedBy"::text AS "decidedBy", g.version
     FROM "Game" g WHERE g.status = 'SCHEDULED' AND NOT EXISTS (SELECT 1 FROM "GameEvent" e WHERE e."gameId" = g.id)
     ORDER BY g."startsAt" ${order === 'latest' ? 'DESC' : 'ASC'}, g.id LIMIT $1`,
    [count],
  );
  if (rows.length < count) throw new Error(`the ${scenario} scenario needs ${count} scheduled games without events, the bench database has ${rows.length}`);
  return rows;
}

/** Puts the games back as they were and drops the scenario's key with its writes. */
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
           "clockPeriod" = NULL, "clockSecond" = NULL, "clockAt" = NULL, "clockRunning" = false WHERE id = $1`,
        [game.id, game.status, game.homeScore, game.awayScore, game.homePeriodScores, game.awayPeriodScores, game.decidedBy, game.version],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
