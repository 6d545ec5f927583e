import type { ExecutionResult } from 'graphql';
import type { UpdateMark } from '../live/stream-positions.js';
import type { Subscriber } from '../live/updates.js';

/** yoga's `ExecutionResultWithSerializer` (plugins/types.d.ts, not exported from the package): its writers serialise a result with its own `stringify` when it has one. */
export type ExecutionResultWithSerializer = ExecutionResult & { stringify?: (result: ExecutionResult) => string };

/** One result of a shared execution as each of its streams takes it. */
export interface SharedResult {
  /** The result yoga writes for a stream it pulls itself. */
  readonly result: ExecutionResultWithSerializer;
  /**
   * The same for an SSE stream that yoga writes: yoga's writer sends no `id:` line, so its
   * serialiser adds one after the data (`data: {…}\nid: 42`, a valid event), with the update's
   * position, for EventSource to send back as Last-Event-ID when it reconnects.
   */
  readonly sseResult: ExecutionResultWithSerializer;
  /** Its whole SSE frame, encoded once for every stream; none for a result yoga must write (one with errors, which its masking sees first). */
  frame(): Buffer | undefined;
}

/** What a member writes its frames to: the stream's HTTP response (a `ServerResponse`), written as yoga's SSE writer would. */
export interface FrameSocket {
  readonly headersSent: boolean;
  readonly destroyed: boolean;
  readonly writableEnded: boolean;
  /** Bytes written and not yet taken by the kernel: what a reader that stopped reading leaves behind. */
  readonly writableLength: number;
  write(frame: Buffer): boolean;
}

/**
 * A result as every SSE stream writes it: `event: next` and the data as yoga's SSE writer sends
 * them (graphql-yoga plugins/result-processor/sse.js), in one chunk, serialised and encoded once.
 */
export function sharedResult(result: ExecutionResult, position?: string): SharedResult {
  let text: string | undefined;
  let encoded: Buffer | undefined;
  const json = (value: ExecutionResult) => (text ??= JSON.stringify(value));
  const shared: ExecutionResultWithSerializer = {
    ...result,
    // yoga's SSE and JSON writers call a result's own `stringify`; a copy a later plugin made of it
    // (to mask an error) is serialised on its own.
    stringify: (value) => (value === shared ? json(value) : JSON.stringify(value)),
  };
  // JSON has no raw line break and a position is digits: the id line cannot break the frame.
  const idLine = position ? `\nid: ${position}` : '';
  const sseResult: ExecutionResultWithSerializer = {
    ...result,
    stringify: (value) => (value === sseResult ? `${json(shared)}${idLine}` : JSON.stringify(value)),
  };
  const writtenAsIs = !result.errors?.length && result.extensions === undefined;
  return {
    result: shared,
    sseResult,
    frame: () => {
      if (!writtenAsIs) return undefined;
      encoded ??= Buffer.from(`${position ? `id: ${position}\n` : ''}event: next\ndata: ${json(shared)}\n\n`);
      return encoded;
    },
  };
}

/**
 * One stream of a shared execution. yoga's SSE writer pulls each result through a web stream into
 * fastify and the socket, some 0.15 ms of CPU per stream and result: at 10,000 streams of one game
 * that is more than the second until the next goal. So once the stream's response has started (its
 * headers and yoga's first ping are out), a member writes each frame to the socket itself, one
 * shared buffer per result; yoga's writer is left the pings, the last error and the end. A result
 * that went through yoga's queue keeps every later one there, so that none overtakes another.
 */
export class StreamMember {
  private queued = false;
  private cutOff = false;
  /** The games its snapshot showed, each at its version: a change of one of them up to that version is in it already. */
  private covered: ReadonlyMap<number, number> | null = null;

  constructor(
    /** Its slot under the caps and its queue for what yoga writes. */
    readonly queue: Subscriber<ExecutionResult>,
    private readonly socket: FrameSocket | undefined,
    /** It begins with a snapshot of its own: what comes before it is in the snapshot, and is left out. */
    private awaitsSnapshot = false,
  ) {}

  /**
   * Takes the result of an update if it is for this stream: a snapshot only while it awaits one,
   * a change only after its snapshot and only if the snapshot does not show it already (a change
   * committed before the snapshot's read and announced after it). A result that ends the stream
   * (no mark) is always taken.
   */
  offer(shared: SharedResult, update: UpdateMark | undefined): void {
    if (update?.snapshot) {
      if (!this.awaitsSnapshot) return;
      this.awaitsSnapshot = false;
      this.covered = new Map(update.games.map((game) => [game.gameId, game.version]));
    } else if (update) {
      if (this.awaitsSnapshot) return;
      if (update.games.every((game) => game.version <= (this.covered?.get(game.gameId) ?? Number.NEGATIVE_INFINITY))) return;
    }
    this.deliver(shared);
  }

  deliver(shared: SharedResult): void {
    const socket = this.socket;
    const frame = socket?.headersSent && !this.queued ? shared.frame() : undefined;
    if (!socket || !frame) {
      this.queued = true;
      this.queue.push(socket ? shared.sseResult : shared.result);
      return;
    }
    // A closed stream is ended by its close (yoga's cancel), not here.
    if (this.cutOff || socket.destroyed || socket.writableEnded) return;
    // As a queue of `bound` pending changes would: a reader that stopped reading is cut off, its
    // last frames left to the kernel, rather than buffered without bound.
    if (socket.writableLength >= this.queue.bound * frame.length) {
      this.cutOff = true;
      this.queue.cutOff();
    } else socket.write(frame);
  }
}
