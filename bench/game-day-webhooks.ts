// The webhooks of the game day (`--gameday-webhooks N`): N webhooks, one per live game in turn, each
// posting that game's recorded events (GAME_EVENT_RECORDED, gameId filter) to a receiver on
// loopback in the bench process (the instance runs with WEBHOOK_ALLOWED_HOSTS=127.0.0.1). They are
// made through GraphQL, as an integrator makes them, by keys of the `webhooks` scope (20 webhooks a
// key, so N/20 keys), and deleted with their keys at the end. Per measured window: the deliveries
// the receiver took per second within it, and per write and webhook the delay from the commit (the
// mutation's answer, as the freshness figures count it) to the delivery's receipt, p50/p99; a
// delivery not received within VISIBILITY_TIMEOUT_MS after the window is counted missing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { newApiKey } from '../src/domain/api-keys.js';
import { percentileOf } from './arrivals.js';
import { type LiveGame, VISIBILITY_TIMEOUT_MS, type WriteOutcome } from './live.js';
import { withDatabase } from './scheduled-games.js';

const KEY_NAME = 'bench game-day webhooks';
/** A key's webhooks at most (MAX_WEBHOOKS_PER_KEY in src/schema/webhook.ts). */
const WEBHOOKS_PER_KEY = 20;
const CREATE = 'mutation ($input: CreateWebhookInput!) { createWebhook(input: $input) { webhook { id } } }';

export interface WebhookWindow {
  webhooks: number;
  /** Deliveries the window's writes should make (one per write and webhook following its game). */
  expected: number;
  /** Distinct deliveries (`webhook-id`) the receiver took within the window, per second. */
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Of `expected`, not received within VISIBILITY_TIMEOUT_MS after the window. */
  missed: number;
  /** Requests that repeated a `webhook-id` already taken (at least once allows them). */
  repeats: number;
}

async function dropKeys(client: pg.Client): Promise<void> {
  // Their webhooks, deliveries and idempotency keys go with them (ON DELETE CASCADE).
  await client.query('DELETE FROM "ApiKey" WHERE name = $1', [KEY_NAME]);
}

export class GameDayWebhooks {
  private server: http.Server | undefined;
  /** `webhook index|game|version` → when its delivery was first received (performance.now()). */
  private readonly receipts = new Map<string, number>();
  private readonly seenIds = new Set<string>();
  /** Game id → the indexes of the webhooks that follow it. */
  private readonly byGame = new Map<number, number[]>();
  private collecting: { writes: WriteOutcome[]; from: number; taken: number[]; repeats: number } | null = null;
  private count = 0;

  constructor(
    private readonly databaseUrl: string,
    private readonly baseUrl: string,
  ) {}

  async open(games: LiveGame[], count: number): Promise<void> {
    this.count = count;
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const at = performance.now();
        response.writeHead(204).end();
        this.received(request.url ?? '', String(request.headers['webhook-id'] ?? ''), Buffer.concat(chunks).toString('utf8'), at);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const port = (this.server.address() as AddressInfo).port;
    const keys = await withDatabase(this.databaseUrl, async (client) => {
      await dropKeys(client);
      const made: string[] = [];
      for (let i = 0; i < Math.ceil(count / WEBHOOKS_PER_KEY); i += 1) {
        const key = newApiKey();
        await client.query(`INSERT INTO "ApiKey" (name, prefix, hash, scopes, "createdAt") VALUES ($1, $2, $3, '{webhooks}', now())`, [
          KEY_NAME,
          key.prefix,
          key.hash,
        ]);
        made.push(key.key);
      }
      return made;
    });
    for (let i = 0; i < count; i += 1) {
      const game = games[i % games.length];
      this.byGame.set(game.id, [...(this.byGame.get(game.id) ?? []), i]);
      const input = { url: `http://127.0.0.1:${port}/hook/${i}`, gameId: game.id, eventTypes: ['GAME_EVENT_RECORDED'], idempotencyKey: `bench-${i}` };
      const response = await fetch(`${this.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[Math.floor(i / WEBHOOKS_PER_KEY)]}` },
        body: JSON.stringify({ query: CREATE, variables: { input } }),
      });
      const answer = (await response.json()) as { errors?: { message: string }[] };
      if (answer.errors) throw new Error(`webhook ${i} for game ${game.id} was refused: ${answer.errors[0].message}`);
    }
  }

  private received(path: string, messageId: string, body: string, at: number): void {
    const repeat = this.seenIds.has(messageId);
    this.seenIds.add(messageId);
    if (this.collecting) {
      if (repeat) this.collecting.repeats += 1;
      else this.collecting.taken.push(at);
    }
    if (repeat) return;
    const game = (JSON.parse(body) as { data?: { game?: { id: number; version: number } } }).data?.game;
    if (!game) return;
    this.receipts.set(`${path.slice('/hook/'.length)}|${game.id}|${game.version}`, at);
  }

  /** Starts a measured window: the writes committed from now on are expected (`committed`). */
  collect(): void {
    this.collecting = { writes: [], from: performance.now(), taken: [], repeats: 0 };
  }

  /** A write of the window, as its mutation's answer came. */
  committed(write: WriteOutcome): void {
    this.collecting?.writes.push(write);
  }

  /** The figures of the window of `seconds` begun at `collect`, once its writes' deliveries came (or VISIBILITY_TIMEOUT_MS passed). */
  async take(seconds: number): Promise<WebhookWindow> {
    const window = this.collecting ?? { writes: [], from: performance.now(), taken: [], repeats: 0 };
    this.collecting = null;
    const within = window.taken.filter((at) => at - window.from <= seconds * 1000).length;
    const pairs = window.writes.flatMap((write) =>
      (this.byGame.get(write.gameId) ?? []).map((index) => ({ write, key: `${index}|${write.gameId}|${write.version}` })),
    );
    const deadline = performance.now() + VISIBILITY_TIMEOUT_MS;
    while (pairs.some((pair) => !this.receipts.has(pair.key)) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const delays = pairs
      .flatMap((pair) => {
        const at = this.receipts.get(pair.key);
        return at === undefined ? [] : [Math.max(0, at - pair.write.committedAt)];
      })
      .sort((a, b) => a - b);
    return {
      webhooks: this.count,
      expected: pairs.length,
      perSecond: Math.round((within / seconds) * 10) / 10,
      p50: Math.round(percentileOf(delays, 50)),
      p99: Math.round(percentileOf(delays, 99)),
      max: Math.round(percentileOf(delays, 100)),
      missed: pairs.length - delays.length,
      repeats: window.repeats,
    };
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    await withDatabase(this.databaseUrl, dropKeys);
  }
}
