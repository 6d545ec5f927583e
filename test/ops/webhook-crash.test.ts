// A committed write is delivered even when the service dies right after: the server process (the
// embedded database in a temporary directory) is killed with SIGKILL while the goal's delivery is
// on its way to a receiver that does not answer, and started again on the same directory; the
// receiver then gets the goal, under the id of the attempt that was cut.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFixture } from '../../scripts/examples/demo-fixture.js';
import { loadDemoLeague } from '../../src/data/demo/index.js';
import { readDataDirHolder } from '../../src/db/data-dir-lock.js';
import { openDatabase } from '../../src/db/database.js';
import { newApiKey } from '../../src/domain/api-keys.js';
import { postGraphQL } from '../support/live.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function serve(dataDir: string): { child: ChildProcess; ready: Promise<string> } {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO_ON_EMPTY: 'false',
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    // The cut attempt's lease (twice this and a second) runs out soon after the restart.
    WEBHOOK_TIMEOUT_MS: '3000',
  };
  for (const name of ['DATABASE_URL', 'SERVICE_URL', 'ADMIN_KEY', 'REDIS_URL']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready within 120 s: ${output.slice(-2000)}`)), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"msg":"ready"')) {
        clearTimeout(timer);
        const url = readDataDirHolder(dataDir)?.service?.url;
        if (url) resolve(url);
        else reject(new Error('ready, but no URL advertised'));
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => reject(new Error(`exited with ${code ?? signal} before it was ready: ${output.slice(-2000)}`)));
  });
  return { child, ready };
}

describe('a service killed between commit and delivery', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'floorball-webhook-crash-'));
  const receiver = new WebhookReceiver();
  let service: ChildProcess | undefined;
  let gameId: number;
  const desk = newApiKey();
  const integrator = newApiKey();

  beforeAll(async () => {
    const database = await openDatabase({ dataDir });
    try {
      await loadDemoLeague(database.prisma, demoFixture());
      const game = await database.prisma.game.findFirstOrThrow({ where: { status: 'SCHEDULED', groupId: { not: null } }, orderBy: { startsAt: 'asc' } });
      gameId = game.id;
      const now = new Date();
      for (const [key, scopes] of [
        [desk, ['games:write']],
        [integrator, ['webhooks']],
      ] as const) {
        await database.prisma.apiKey.create({ data: { name: scopes[0], prefix: key.prefix, hash: key.hash, scopes: [...scopes], createdAt: now } });
      }
    } finally {
      await database.close();
    }
  }, 180_000);

  afterAll(async () => {
    if (service?.exitCode === null && service.signalCode === null) service.kill('SIGKILL');
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers the goal after the restart, under the id of the cut attempt', async () => {
    const receiverUrl = await receiver.listen();
    // The first request is left without an answer: the delivery is on its way when the process dies.
    receiver.answer = (n) => (n === 0 ? 'hang' : 'ok');
    const first = serve(dataDir);
    service = first.child;
    const url = await first.ready;
    const created = await postGraphQL<{ createWebhook: { secret: string } }>(
      url,
      'mutation ($input: CreateWebhookInput!) { createWebhook(input: $input) { secret } }',
      { input: { url: `${receiverUrl}/hook`, gameId, eventTypes: ['GAME_EVENT_RECORDED'], idempotencyKey: 'crash-test-webhook' } },
      integrator.key,
    );
    expect(created.errors).toBeUndefined();
    receiver.secret = created.data!.createWebhook.secret;
    const write = (document: string, input: Record<string, unknown>) =>
      postGraphQL(url, document, { input: { gameId, idempotencyKey: crypto.randomUUID(), ...input } }, desk.key);
    expect(
      (await write('mutation ($input: StartGameInput!) { startGame(input: $input) { version } }', { outsideStartWindow: true, reason: 'webhook crash test' }))
        .errors,
    ).toBeUndefined();
    const goal = await write('mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { eventId } }', { side: 'HOME', second: 61 });
    expect(goal.errors).toBeUndefined();

    await receiver.waitFor('the delivery on its way', () => receiver.requests.length === 1, 30_000);
    service.kill('SIGKILL');
    await new Promise((resolve) => service?.once('exit', resolve));
    expect(receiver.taken).toEqual([]);

    const second = serve(dataDir);
    service = second.child;
    await second.ready;
    // The cut attempt's lease runs out 7 s after it began; should the receiver's answer then come late
    // on a loaded machine (past the 3 s), the retry follows within seconds: a generous deadline.
    await receiver.waitFor('the goal, after the restart', () => receiver.taken.length >= 1, 150_000);
    expect(receiver.unverified).toEqual([]);
    const [taken] = receiver.taken;
    expect(taken.id).toBe(receiver.requests[0].id);
    expect(taken.body).toMatchObject({
      type: 'game.event_recorded',
      data: { game: { id: gameId }, event: { id: (goal.data as { recordGoal: { eventId: number } }).recordGoal.eventId, type: 'GOAL' } },
    });
    service.kill('SIGTERM');
    await new Promise((resolve) => service?.once('exit', resolve));
  }, 240_000);
});
