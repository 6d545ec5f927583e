// One execution per change for every stream of the same subscription: an arena of 10,000 streams
// following one game costs one GraphQL execution (and one serialisation) per goal, not 10,000.
import { type DocumentNode, type ExecutionResult, GraphQLError, print } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { FastifyReply } from 'fastify';
import { isStreamEnd, type LiveUpdates, type SocketHold, type Subscriber } from '../live/updates.js';
import type { GraphQLContext } from '../schema/context.js';
import { isResumed, lastUpdateOf, requestSnapshot, resumePosition } from '../schema/live-subscriptions.js';
import { type FrameSocket, StreamMember, sharedResult } from './stream-member.js';

type SubscribeResult = AsyncIterable<ExecutionResult> | ExecutionResult;
type SubscribeArgs = Parameters<Parameters<NonNullable<Plugin['onSubscribe']>>[0]['setSubscribeFn']>[0] extends (args: infer A) => unknown ? A : never;

/** An object's keys in one order, so that the same variables sent in another order name the same subscription. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/**
 * Which subscription a stream asks for: its document, operation and variables, and whose key it
 * presents. The subscription fields answer public league data (no field of GameUpdate goes through
 * `ctx.access`), so every anonymous stream of a game shares one execution; a field that does ask
 * for the caller would still be answered per credential, never with another caller's answer.
 */
function subscriptionKey(args: SubscribeArgs, ctx: GraphQLContext): string {
  const document = args.document as DocumentNode;
  return JSON.stringify([
    document.loc?.source.body ?? print(document),
    args.operationName ?? null,
    canonical(args.variableValues ?? {}),
    // A stream resumed by its Last-Event-ID replays from there: it shares only with streams resumed from the same position.
    resumePosition(undefined, ctx) ?? null,
    ctx.caller.authentication,
    ctx.caller.credential,
  ]);
}

/** One execution and the streams it feeds. It ends with its last stream, or when its source ends. */
class SharedExecution {
  readonly members = new Set<StreamMember>();
  /** No stream joins it any more: it has ended, or its source is about to end with CHANGES_MISSED. */
  retired = false;

  constructor(
    private readonly source: AsyncIterator<ExecutionResult>,
    /** The execution's context: it says which update the result just pulled is of, and takes a joining stream's request for a snapshot. */
    readonly context: object,
    private readonly live: LiveUpdates,
    private readonly forget: (execution: SharedExecution) => void,
  ) {}

  /** Pulls each result once and hands it to every stream that is a member when it comes, in order. */
  async run(): Promise<void> {
    try {
      for (let next = await this.source.next(); !next.done; next = await this.source.next()) {
        const update = lastUpdateOf(this.context);
        const result = sharedResult(next.value, update?.position || undefined);
        this.live.handOut([...this.members], (member) => member.offer(result, update));
        // A stream that joined a replay now would miss what it has sent: the next one replays for itself.
        if (isResumed(this.context)) this.retire();
      }
    } catch (error) {
      const end = error instanceof GraphQLError ? error : new GraphQLError('The subscription failed', { originalError: error as Error });
      this.live.handOut([...this.members], (member) => member.queue.endWith(end, false));
    }
    this.retire();
    this.live.handOut([...this.members], (member) => member.queue.complete());
  }

  leave(member: StreamMember): void {
    this.members.delete(member);
    if (this.members.size === 0) this.end();
  }

  /** Without streams: stop executing (a source's return() unregisters it from the changes at once). */
  end(): void {
    this.retire();
    void this.source.return?.();
  }

  retire(): void {
    if (this.retired) return;
    this.retired = true;
    this.forget(this);
  }
}

/**
 * The response a stream's frames may be written to: that of a GET or POST whose client accepts an
 * event stream and no multipart answer, so that yoga answers it with its SSE writer (whose frames
 * the member writes the same way). Any other stream is written by yoga alone.
 */
function sseSocketOf(context: unknown): FrameSocket | undefined {
  const reply = (context as { reply?: FastifyReply }).reply;
  if (!reply || (reply.request.method !== 'GET' && reply.request.method !== 'POST')) return undefined;
  const accept = String(reply.request.headers.accept ?? '');
  if (!accept.includes('text/event-stream') || accept.includes('multipart/mixed')) return undefined;
  return reply.raw;
}

/** The WebSocket each operation's context came over (src/graphql/websocket.ts): its streams take their slots from its hold. */
const socketsOfContexts = new WeakMap<object, SocketHold>();

/** Says that the operation of `context` came over the WebSocket of `hold`, so that its stream counts in the socket's places. */
export function overSocket(context: object, hold: SocketHold): void {
  socketsOfContexts.set(context, hold);
}

/** The stream's side of its queue, as yoga pulls it: a stream the server ends takes its error as its last result. */
function resultsOf(stream: Subscriber<ExecutionResult>): AsyncIterableIterator<ExecutionResult> {
  const iterator: AsyncIterableIterator<ExecutionResult> = {
    next: async () => {
      const item = await stream.next();
      if (item.done) return { done: true, value: undefined };
      return { done: false, value: isStreamEnd(item.value) ? { data: null, errors: [item.value.end] } : item.value };
    },
    return: async () => {
      await stream.return();
      return { done: true, value: undefined };
    },
    throw: async () => {
      await stream.return();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

/**
 * Runs the subscribe step (the resolver's validation and its source) once per distinct
 * subscription, and attaches each stream to that execution with a queue of its own: its slot under
 * SUBSCRIPTIONS_PER_CLIENT and SUBSCRIPTIONS_MAX, its bound (SUBSCRIBER_TOO_SLOW), taken when it
 * joins, so a refused stream is answered as before. A subscribe step that fails (an unknown game)
 * forms no execution, so each subscriber gets its own answer.
 */
export function useSharedSubscriptions(live: LiveUpdates | undefined): Plugin {
  if (!live) return {};
  const executions = new Map<string, SharedExecution>();
  const starting = new Map<string, Promise<SharedExecution | ExecutionResult>>();
  /** Counts the feed's losses: an execution whose start straddles one may already have been told CHANGES_MISSED. */
  let losses = 0;
  // A feed that may have missed changes ends every execution (with CHANGES_MISSED); a stream that
  // subscribes after that starts a new one rather than joining one that is ending.
  live.changes.subscribe((change) => {
    if (change.kind !== 'data') return;
    losses += 1;
    for (const execution of [...executions.values()]) execution.retire();
    starting.clear();
  });

  const start = async (key: string, args: SubscribeArgs, subscribe: (args: SubscribeArgs) => unknown): Promise<SharedExecution | ExecutionResult> => {
    const lossesBefore = losses;
    const result = (await subscribe(args)) as SubscribeResult;
    if (!(Symbol.asyncIterator in result)) return result;
    const execution = new SharedExecution(result[Symbol.asyncIterator](), args.contextValue as object, live, (ended) => {
      if (executions.get(key) === ended) executions.delete(key);
    });
    if (losses === lossesBefore) executions.set(key, execution);
    else execution.retired = true;
    void execution.run();
    return execution;
  };

  const join = async (args: SubscribeArgs, subscribe: (args: SubscribeArgs) => unknown): Promise<SubscribeResult> => {
    const ctx = args.contextValue as GraphQLContext;
    const key = subscriptionKey(args, ctx);
    for (;;) {
      let execution = executions.get(key);
      if (!execution) {
        let pending = starting.get(key);
        const mine = !pending;
        if (!pending) {
          const begun = start(key, args, subscribe);
          pending = begun;
          starting.set(key, begun);
          void begun
            .finally(() => {
              if (starting.get(key) === begun) starting.delete(key);
            })
            .catch(() => undefined);
        }
        const outcome = await pending;
        if (!(outcome instanceof SharedExecution)) {
          if (mine) return outcome;
          continue;
        }
        execution = outcome;
      }
      if (execution.retired) {
        if (execution.members.size === 0) execution.end();
        continue;
      }
      const joined = execution;
      let member: StreamMember | undefined;
      let stream: Subscriber<ExecutionResult>;
      try {
        stream = live.openStream<ExecutionResult>(
          ctx.caller.clientId,
          () => {
            if (member) joined.leave(member);
          },
          socketsOfContexts.get(ctx),
        );
      } catch (error) {
        if (joined.members.size === 0) joined.end();
        if (error instanceof GraphQLError) return { errors: [error] };
        throw error;
      }
      // A stream of a subscription that begins with a snapshot begins with one of its own, taken
      // after it joined: what the execution sent before is in it, what comes after is sent.
      member = new StreamMember(stream, sseSocketOf(args.contextValue), requestSnapshot(joined.context));
      joined.members.add(member);
      return resultsOf(stream);
    }
  };

  return {
    onSubscribe({ subscribeFn, setSubscribeFn }) {
      setSubscribeFn((args: SubscribeArgs) => join(args, subscribeFn));
    },
  };
}
