import { describe, expect, it } from 'vitest';
import { CatchUpDelivery, ChangeSequence } from '../../src/live/catch-up.js';
import type { JournalRequest, JournalWindow } from '../../src/live/change-journal.js';
import type { LeagueChange } from '../../src/live/changes.js';
import { gameChange } from '../support/changes.js';

/** A game change numbered `seq` whose version says which it is. */
function numberedChange(seq: number): LeagueChange {
  const change = gameChange(1);
  if (change.kind !== 'game') throw new Error('a game change');
  return { kind: 'game', game: { ...change.game, version: seq, seq } };
}

/** The change log as a map of committed numbers, read as src/live/change-journal.ts reads it. */
class FakeLog {
  readonly rows = new Map<number, { settled: boolean }>();

  commit(...seqs: number[]): void {
    for (const seq of seqs) this.rows.set(seq, { settled: false });
  }

  /** Every row committed so far is older than the settle time. */
  age(): void {
    for (const row of this.rows.values()) row.settled = true;
  }

  prune(below: number): void {
    for (const seq of [...this.rows.keys()]) if (seq < below) this.rows.delete(seq);
  }

  read(request: JournalRequest): JournalWindow {
    const seqs = [...this.rows.keys()].sort((a, b) => a - b);
    const missed = seqs.filter((seq) => seq > request.after && !request.except.includes(seq));
    const settled = seqs.filter((seq) => this.rows.get(seq)?.settled);
    return {
      oldest: seqs[0] ?? null,
      newest: seqs.at(-1) ?? null,
      settled: settled.at(-1) ?? null,
      missed: missed.map((seq, index) => ({ seq, change: index < request.replayLimit ? numberedChange(seq) : null })),
    };
  }
}

const versionsOf = (changes: LeagueChange[]) => changes.map((change) => (change.kind === 'game' ? change.game.version : 'data'));

describe('the catch-up bookkeeping of numbered changes', () => {
  it('tells data the first time (what came before cannot be checked), then replays only what it did not deliver', () => {
    const log = new FakeLog();
    const sequence = new ChangeSequence();
    log.commit(1, 2, 3);
    expect(sequence.catchUp(log.read(sequence.request()))).toEqual([{ kind: 'data' }]);
    expect([sequence.take(4), sequence.take(5)]).toEqual([true, true]);
    log.commit(4, 5, 6, 7);
    expect(versionsOf(sequence.catchUp(log.read(sequence.request())))).toEqual([6, 7]);
    expect([3, 4, 6, 7].map((seq) => sequence.take(seq))).toEqual([false, false, false, false]);
  });

  it('finds a number committed after higher ones, skips holes, and never delivers one twice', () => {
    const log = new FakeLog();
    const sequence = new ChangeSequence();
    log.commit(9);
    sequence.catchUp(log.read(sequence.request()));
    // 10 was taken first but commits last; 11 rolled back and stays a hole.
    log.commit(12, 13);
    expect([sequence.take(12), sequence.take(13)]).toEqual([true, true]);
    // The feed goes away; 14 commits, then 10.
    log.commit(14, 10);
    expect(versionsOf(sequence.catchUp(log.read(sequence.request())))).toEqual([10, 14]);
    expect(sequence.take(10)).toBe(false);
    // Listening again: its notification comes late, and a hole that filled never does.
    expect(sequence.catchUp(log.read(sequence.request()))).toEqual([]);
    log.age();
    log.commit(15);
    expect(versionsOf(sequence.catchUp(log.read(sequence.request())))).toEqual([15]);
    expect(sequence.request().after).toBe(14);
    expect(sequence.request().except).toEqual([15]);
  });

  it('answers data alone when the log was pruned past a number it never heard of', () => {
    const log = new FakeLog();
    const sequence = new ChangeSequence();
    log.commit(1);
    sequence.catchUp(log.read(sequence.request()));
    log.age();
    log.commit(2, 3, 4, 5);
    sequence.take(2);
    log.prune(5); // 3 and 4 went while this instance was away
    expect(sequence.catchUp(log.read(sequence.request()))).toEqual([{ kind: 'data' }]);
    expect(sequence.take(5)).toBe(false);
    log.commit(6);
    expect(versionsOf(sequence.catchUp(log.read(sequence.request())))).toEqual([6]);
  });

  it('does not take a hole below the log for a pruned change', () => {
    const log = new FakeLog();
    const sequence = new ChangeSequence();
    log.commit(1);
    sequence.catchUp(log.read(sequence.request()));
    log.commit(3, 4); // 2 rolled back
    sequence.take(3);
    sequence.take(4);
    log.age();
    sequence.catchUp(log.read(sequence.request()));
    log.commit(5);
    log.prune(4);
    expect(versionsOf(sequence.catchUp(log.read(sequence.request())))).toEqual([5]);
  });

  it('answers data when more changes are missing than it replays', () => {
    const log = new FakeLog();
    const sequence = new ChangeSequence();
    sequence.catchUp(log.read(sequence.request()));
    log.commit(1, 2, 3);
    const request = { ...sequence.request(), replayLimit: 2 };
    expect(sequence.catchUp(log.read(request))).toEqual([{ kind: 'data' }]);
    expect([1, 2, 3].map((seq) => sequence.take(seq))).toEqual([false, false, false]);
  });

  it('forgets the oldest numbers past its bound by raising the floor', () => {
    const sequence = new ChangeSequence(10);
    for (let seq = 1; seq <= 11; seq += 1) sequence.take(seq);
    expect(sequence.take(1)).toBe(false);
    expect(sequence.request().except.length).toBeLessThanOrEqual(10);
  });
});

describe('a feed that catches up', () => {
  it('delivers what it missed before what it heard while reading the log, each once, and counts as listening only after', async () => {
    const log = new FakeLog();
    const delivery = new CatchUpDelivery();
    const heard: LeagueChange[] = [];
    const states: string[] = [];
    delivery.subscribe((change) => heard.push(change));
    delivery.onStateChange((state) => states.push(state));
    await delivery.listening(async (request) => log.read(request));
    expect(heard).toEqual([{ kind: 'data' }]);
    heard.length = 0;

    delivery.heard(numberedChange(1));
    log.commit(1);
    delivery.away();
    log.commit(2, 3);
    let release!: () => void;
    const reading = delivery.listening(async (request) => {
      const window = log.read(request);
      await new Promise<void>((resolve) => (release = resolve));
      return window;
    });
    expect(delivery.state()).toBe('catching-up');
    // Heard while the log is read: 4, and 3 again (its notification raced the read).
    log.commit(4);
    delivery.heard(numberedChange(4));
    delivery.heard(numberedChange(3));
    release();
    await reading;
    expect(versionsOf(heard)).toEqual([1, 2, 3, 4]);
    expect(states).toEqual(['catching-up', 'listening', 'away', 'catching-up', 'listening']);
    delivery.own(numberedChange(5));
    delivery.heard(numberedChange(5));
    expect(versionsOf(heard)).toEqual([1, 2, 3, 4, 5]);
  });

  it('stays catching up when the log cannot be read, and delivers what it heard meanwhile from the log on the next try', async () => {
    const log = new FakeLog();
    const delivery = new CatchUpDelivery();
    const heard: LeagueChange[] = [];
    delivery.subscribe((change) => heard.push(change));
    await delivery.listening(async (request) => log.read(request));
    heard.length = 0;
    delivery.away();
    log.commit(1, 2);
    const failing = delivery.listening(async () => {
      delivery.heard(numberedChange(2));
      throw new Error('the database went away again');
    });
    await expect(failing).rejects.toThrow('went away again');
    expect([delivery.state(), heard]).toEqual(['catching-up', []]);
    await delivery.listening(async (request) => log.read(request));
    expect(versionsOf(heard)).toEqual([1, 2]);
  });

  it('tells data on every listen when there is no log to read', async () => {
    const delivery = new CatchUpDelivery();
    const heard: LeagueChange[] = [];
    delivery.subscribe((change) => heard.push(change));
    await delivery.listening(undefined);
    delivery.away();
    await delivery.listening(undefined);
    expect(heard).toEqual([{ kind: 'data' }, { kind: 'data' }]);
  });
});
