import { Writable } from 'node:stream';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { type FrameSocket, StreamMember, sharedResult } from '../../src/graphql/stream-member.js';
import { createLocalChangeFeed } from '../../src/live/changes.js';
import { isStreamEnd, LiveUpdates } from '../../src/live/updates.js';

/** A real writable whose reader takes nothing (its write callback never runs) or everything, with the headers sent or not yet. */
class Sink extends Writable implements FrameSocket {
  readonly frames: string[] = [];
  headersSent = false;

  constructor(private readonly reading: boolean) {
    super({ highWaterMark: 64 });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, taken: (error?: Error | null) => void): void {
    this.frames.push(chunk.toString());
    if (this.reading) taken();
  }
}

const goal = (version: number) => sharedResult({ data: { gameUpdated: { version } } });

describe('a stream of a shared execution', () => {
  it('writes each result as one SSE frame, serialised and encoded once for every stream, byte for byte what yoga writes', () => {
    const result = goal(7);
    expect(result.frame()?.toString()).toBe('event: next\ndata: {"data":{"gameUpdated":{"version":7}}}\n\n');
    expect(result.frame()).toBe(result.frame());
    expect(result.result.stringify?.(result.result)).toBe('{"data":{"gameUpdated":{"version":7}}}');
  });

  it('leaves to yoga a result with errors (its masking sees them first), the frames before its response has started, and every result after one it queued', async () => {
    const live = new LiveUpdates(createLocalChangeFeed());
    const socket = new Sink(true);
    const queue = live.openStream<ReturnType<typeof goal>['result']>('a');
    const member = new StreamMember(queue, socket);
    member.deliver(goal(1)); // headers not sent yet
    socket.headersSent = true;
    member.deliver(goal(2)); // would overtake 1
    const pulled = [await queue.next(), await queue.next()];
    expect(pulled.map((item) => (item.done || isStreamEnd(item.value) ? null : item.value.data))).toEqual([
      { gameUpdated: { version: 1 } },
      { gameUpdated: { version: 2 } },
    ]);
    expect(socket.frames).toEqual([]);

    const fresh = new Sink(true);
    fresh.headersSent = true;
    const direct = new StreamMember(live.openStream('b'), fresh);
    direct.deliver(goal(3));
    direct.deliver(sharedResult({ data: null, errors: [new GraphQLError('boom')] }));
    direct.deliver(goal(4));
    expect(fresh.frames).toEqual(['event: next\ndata: {"data":{"gameUpdated":{"version":3}}}\n\n']);
    expect(live.stats()).toEqual({ open: 2, buffered: 2 });
    live.close();
  });

  it('cuts off a reader that stopped reading once `bound` frames wait in its socket, as a full queue would (SUBSCRIBER_TOO_SLOW)', async () => {
    const live = new LiveUpdates(createLocalChangeFeed(), { bufferSize: 4 });
    const stalled = new Sink(false);
    stalled.headersSent = true;
    const queue = live.openStream<ReturnType<typeof goal>['result']>('slow');
    const member = new StreamMember(queue, stalled);
    for (let version = 1; version <= 10; version += 1) member.deliver(goal(version));
    // Four frames wait in the socket (the first one taken by a reader that never answers); the fifth cut it off.
    expect(stalled.frames).toHaveLength(1);
    expect(stalled.writableLength).toBe(4 * (goal(1).frame()?.length ?? 0));
    // Nothing more reaches it, not even the longer frame of version 10.
    const last = await queue.next();
    expect(!last.done && isStreamEnd(last.value) ? last.value.end.extensions.code : last).toBe('SUBSCRIBER_TOO_SLOW');
    expect(await queue.next()).toEqual({ done: true, value: undefined });
    expect(live.stats().open).toBe(0);
  });
});
