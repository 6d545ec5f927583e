import { describe, expect, it } from 'vitest';
import type { PrismaClient } from '../../src/db/database.js';
import { WebhookPresence } from '../../src/live/webhooks/service.js';

/** A database that answers whether a webhook exists, counting the reads; `fails` makes the read throw. */
function database(state: { exists: boolean; fails?: boolean; reads: number }): PrismaClient {
  const webhook = {
    findFirst: async () => {
      state.reads += 1;
      if (state.fails) throw new Error('the database is away');
      return state.exists ? { id: 1 } : null;
    },
  };
  return { webhook } as unknown as PrismaClient;
}

describe('WebhookPresence: whether a change is worth a fan-out', () => {
  it('reads whether any webhook exists at most once a second, one read for concurrent asks', async () => {
    const state = { exists: false, reads: 0 };
    let now = 0;
    const presence = new WebhookPresence(database(state), () => now);
    const [first, second] = [presence.exists(), presence.exists()];
    expect(await first).toBe(false);
    expect(await second).toBe(false);
    expect(state.reads).toBe(1);
    now = 999;
    expect(presence.exists()).toBe(false);
    expect(state.reads).toBe(1);
    // Another instance made one: seen at the next read, a second after the last.
    state.exists = true;
    now = 1000;
    expect(await presence.exists()).toBe(true);
    expect(state.reads).toBe(2);
  });

  it('counts a webhook made in this process at once, without a read', async () => {
    const state = { exists: false, reads: 0 };
    let now = 0;
    const presence = new WebhookPresence(database(state), () => now);
    expect(await presence.exists()).toBe(false);
    presence.created();
    now = 10;
    expect(presence.exists()).toBe(true);
    expect(state.reads).toBe(1);
  });

  it('takes a read that fails as yes, and asks again at the next change', async () => {
    const state = { exists: false, fails: true, reads: 0 };
    const presence = new WebhookPresence(database(state), () => 0);
    expect(await presence.exists()).toBe(true);
    state.fails = false;
    expect(await presence.exists()).toBe(false);
    expect(state.reads).toBe(2);
  });
});
