// One execution per change for every stream of the same subscription: an arena of 10,000 streams
// following one game costs one GraphQL execution (and one serialisation) per goal, not 10,000.
import { type DocumentNode, type ExecutionResult, GraphQLError, print } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { isStreamEnd, type LiveUpdates, type Subscriber } from '../live/updates.js';
import type { GraphQLContext } from '../schema/context.js';

/** yoga's `ExecutionResultWithSerializer` (plugins/types.d.ts, not exported from the package): its writers serialise a result with its own `stringify` when it has one. */
type ExecutionResultWithSerializer = ExecutionResult & { stringify?: (result: ExecutionResult) => string };
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
    ctx.caller.authentication,
    ctx.caller.credential,
  ]);
}

/** A result as every stream of its execution sends it: serialised by the first stream to send it, its text reused by the others. */
function sharedResult(result: ExecutionResult): ExecutionResultWithSerializer {
  let text: string | undefined;
  const shared: ExecutionResultWithSerializer = {
    ...result,
    // yoga's SSE and JSON writers call a result's own `stringify`; a copy a later plugin made of it
    // (to mask an error) is serialised on its own.
    stringify: (value) => (value === shared ? (text ??= JSON.stringify(value)) : JSON.stringify(value)),
  };
  return shared;
}

/** One execution and the streams it feeds. It ends with its last stream, or when its source ends. */
class SharedExecution {
  readonly members = new Set<Subscriber<ExecutionResult>>();
  /** No stream joins it any more: it has ended, or its source is about to end with CHANGES_MISSED. */
  retired = false;

  constructor(
    private readonly source: AsyncIterator<ExecutionResult>,
    private readonly live: LiveUpdates,
    private readonly forget: (execution: SharedExecution) => void,
  ) {}

  /** Pulls each result once and hands it to every stream that is a member when it comes, in order. */
  async run(): Promise<void> {
    try {
      for (let next = await this.source.next(); !next.done; next = await this.source.next()) {
        const result = sharedResult(next.value);
        this.live.handOut([...this.members], (member) => member.push(result));
      }
    } catch (error) {
      const end = error instanceof GraphQLError ? error : new GraphQLError('The subscription failed', { originalError: error as Error });
      this.live.handOut([...this.members], (member) => member.endWith(end, false));
    }
    this.retire();
    this.live.handOut([...this.members], (member) => member.complete());
  }

  leave(member: Subscriber<ExecutionResult>): void {
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
    const execution = new SharedExecution(result[Symbol.asyncIterator](), live, (ended) => {
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
      let stream: Subscriber<ExecutionResult>;
      try {
        stream = live.openStream<ExecutionResult>(ctx.caller.clientId, (member) => joined.leave(member));
      } catch (error) {
        if (joined.members.size === 0) joined.end();
        if (error instanceof GraphQLError) return { errors: [error] };
        throw error;
      }
      joined.members.add(stream);
      return resultsOf(stream);
    }
  };

  return {
    onSubscribe({ subscribeFn, setSubscribeFn }) {
      setSubscribeFn((args: SubscribeArgs) => join(args, subscribeFn));
    },
  };
}
