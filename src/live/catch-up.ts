/**
 * What a feed across instances needs to miss nothing: which numbered changes it delivered, what it
 * must read from the change log (src/live/change-journal.ts) when it listens again, and the order in
 * which it delivers them. Used by the PostgreSQL and the Redis feed alike.
 */
import { MAX_REPLAYED_CHANGES, type JournalRequest, type JournalWindow } from './change-journal.js';
import { LocalListeners, seqOf, type ChangeFeedState, type ChangeListener, type ChangePosition, type LeagueChange } from './changes.js';

/** Numbers above the floor remembered at most; past it the oldest are forgotten (the floor rises). */
const MAX_TRACKED = 20_000;

/**
 * The bookkeeping of delivered change numbers. Numbers are taken at insert and committed in
 * another order, and a rolled-back write leaves a hole for good, so the highest number delivered
 * says little: it keeps the set of numbers delivered above a floor, at or below which every number
 * is settled (delivered, or a hole that no commit can fill any more). A catch-up reads every number
 * above the floor that is not in the set, so a late commit below the highest is found, and nothing
 * is delivered twice.
 */
export class ChangeSequence {
  /** Null until the first window is read. */
  private floor: number | null = null;
  /** The newest number when the first window was read: what came before this instance listened needs no replay. */
  private base = 0;
  private readonly delivered = new Set<number>();

  constructor(private readonly maxTracked = MAX_TRACKED) {}

  get primed(): boolean {
    return this.floor !== null;
  }

  /** Whether a change with this number is new (then it is marked delivered). A change without a number always is. */
  take(seq: number | undefined): boolean {
    if (seq === undefined) return true;
    if ((this.floor !== null && seq <= this.floor) || this.delivered.has(seq)) return false;
    this.delivered.add(seq);
    if (this.delivered.size > this.maxTracked) this.forgetOldest();
    return true;
  }

  /**
   * What this instance has heard, as a position in the log: every number at or below `after` is
   * settled or delivered, and so is each of `heard` (numbers above it). Undefined until the first
   * window is read. A build that begins now reads every change so delivered.
   */
  position(): ChangePosition | undefined {
    if (this.floor === null) return undefined;
    let after = this.floor;
    while (this.delivered.has(after + 1)) after += 1;
    const heard: number[] = [];
    for (const seq of this.delivered) if (seq > after) heard.push(seq);
    return { after, heard: heard.sort((a, b) => a - b) };
  }

  /** What to read from the log now. */
  request(): JournalRequest {
    return { after: this.floor ?? 0, except: [...this.delivered], replayLimit: this.primed ? MAX_REPLAYED_CHANGES : 0 };
  }

  /**
   * The changes to deliver, in order, for a window read after `request()`. The first window only
   * sets the bookkeeping up and answers `data`: what listeners heard before cannot be checked. Later
   * ones answer the missed changes, or `data` alone when they cannot be replayed: the log was pruned
   * past a number this instance never heard of, or more are missing than are replayed.
   */
  catchUp(window: JournalWindow): LeagueChange[] {
    if (this.floor === null) {
      this.floor = window.settled ?? 0;
      this.base = window.newest ?? 0;
      for (const { seq } of window.missed) if (seq > this.floor) this.delivered.add(seq);
      this.settle(window.settled);
      return [{ kind: 'data' }];
    }
    const missed = [...window.missed].sort((a, b) => a.seq - b.seq);
    const pruned = this.prunedUnheard(window.oldest);
    // `data` covers whatever went below the oldest row: the next catch-up need not answer it again.
    if (pruned && window.oldest !== null) this.base = Math.max(this.base, window.oldest - 1);
    const replayable = !pruned && missed.every((row) => row.change !== null);
    const deliver: LeagueChange[] = [];
    for (const row of missed) {
      if (this.take(row.seq) && replayable && row.change) deliver.push(row.change);
    }
    this.settle(window.settled);
    if (!replayable) return [{ kind: 'data' }];
    return deliver;
  }

  /** Whether a number this instance never heard of lies below the oldest the log still holds: it may have been pruned unread. */
  private prunedUnheard(oldest: number | null): boolean {
    if (oldest === null || this.floor === null) return false;
    // Stops at the first unknown number: at most one step more than the set holds.
    for (let seq = Math.max(this.floor, this.base) + 1; seq < oldest; seq += 1) {
      if (!this.delivered.has(seq)) return true;
    }
    return false;
  }

  /** Raises the floor to a number every smaller one of which has settled. */
  private settle(settled: number | null): void {
    if (settled === null || this.floor === null || settled <= this.floor) return;
    this.floor = settled;
    for (const seq of this.delivered) if (seq <= settled) this.delivered.delete(seq);
  }

  private forgetOldest(): void {
    const kept = [...this.delivered].sort((a, b) => a - b);
    const forgotten = kept.slice(0, kept.length - Math.floor(this.maxTracked * 0.9));
    for (const seq of forgotten) this.delivered.delete(seq);
    this.floor = Math.max(this.floor ?? 0, forgotten.at(-1) ?? 0);
  }
}

/** Reads a window of the change log; rejects when the database cannot be asked. */
export type JournalRead = (request: JournalRequest) => Promise<JournalWindow>;

/**
 * The delivering side of a feed across instances: its listeners, its state, and the rule that a
 * change reaches them once and in the order of the log. A change heard while the log is being read
 * waits until what was missed before it has been delivered.
 */
export class CatchUpDelivery {
  private readonly listeners = new LocalListeners();
  private readonly stateListeners = new Set<(state: ChangeFeedState) => void>();
  private readonly sequence = new ChangeSequence();
  /** Changes heard while the log is read; null when none is being read. */
  private held: LeagueChange[] | null = null;
  private current: ChangeFeedState = 'away';

  constructor(private readonly onListenerError: (error: unknown) => void = () => undefined) {}

  subscribe(listener: ChangeListener): () => void {
    return this.listeners.subscribe(listener);
  }

  state(): ChangeFeedState {
    return this.current;
  }

  /** What has been delivered, as a position in the log (ChangeSequence `position`); undefined unless listening. */
  position(): ChangePosition | undefined {
    return this.current === 'listening' ? this.sequence.position() : undefined;
  }

  onStateChange(listener: (state: ChangeFeedState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** This instance's own change: its listeners hear it at once (and never again from the log). */
  own(change: LeagueChange): void {
    if (this.sequence.take(seqOf(change))) this.deliver(change);
  }

  /** A change another instance announced. */
  heard(change: LeagueChange): void {
    if (this.held) this.held.push(change);
    else if (this.sequence.take(seqOf(change))) this.deliver(change);
  }

  /** The feed stopped listening: changes may be missed from now on. */
  away(): void {
    this.held = null;
    this.setState('away');
  }

  /**
   * The feed listens (again): reads what it missed (`read`), delivers it, then what it heard
   * meanwhile, and only then counts as listening. Without a log to read (`read` undefined) its
   * listeners are told `data`. Rejects, still catching up, if the log cannot be read: the feed
   * then tries again.
   */
  async listening(read: JournalRead | undefined): Promise<void> {
    this.setState('catching-up');
    if (read) await this.sync(read);
    else this.deliver({ kind: 'data' });
    this.setState('listening');
  }

  /** While listening: reads the log for changes whose announcement never came (an instance that failed to send one), and settles the bookkeeping. */
  async sweep(read: JournalRead): Promise<void> {
    if (this.current !== 'listening' || this.held) return;
    await this.sync(read);
  }

  private async sync(read: JournalRead): Promise<void> {
    const held: LeagueChange[] = [];
    this.held = held;
    let window: JournalWindow;
    try {
      window = await read(this.sequence.request());
    } catch (error) {
      // What was heard meanwhile is in the log: the next read delivers it in its order. Only a
      // change without a number (an older instance's) is not, and cannot wait.
      if (this.held === held) this.held = null;
      for (const change of held) if (seqOf(change) === undefined) this.deliver(change);
      throw error;
    }
    if (this.held !== held) return; // the feed went away meanwhile: the next catch-up reads again
    for (const change of this.sequence.catchUp(window)) this.deliver(change);
    this.held = null;
    for (const change of held) this.heard(change);
  }

  /** The number is the feed's bookkeeping: a listener of `data` hears only that anything may have changed. */
  private deliver(change: LeagueChange): void {
    this.listeners.deliver(change.kind === 'data' ? { kind: 'data' } : change, this.onListenerError);
  }

  private setState(state: ChangeFeedState): void {
    if (state === this.current) return;
    this.current = state;
    for (const listener of this.stateListeners) listener(state);
  }
}
