import type { ExecutionArgs } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { unavailable } from './errors.js';

/** The same document will likely take as long again: a pause kinder to the service than an instant retry. */
const TIMEOUT_RETRY_AFTER_SECONDS = 5;

/**
 * An execution deadline for /graphql. yoga's executor (@graphql-tools/executor) takes an AbortSignal
 * in the execution args: once it fires, the answer goes out at once, and no further resolver is
 * started (the executor checks the signal before each field). Statements already sent to the
 * database finish on their own (statement_timeout bounds them); their results are dropped.
 */
export function useExecutionDeadline(timeoutMs: number): Plugin {
  if (timeoutMs <= 0) return {};
  return {
    onExecute({ executeFn, setExecuteFn }) {
      setExecuteFn(async (args: ExecutionArgs) => {
        const controller = new AbortController();
        const timeout = unavailable(`The query took longer than ${timeoutMs} ms and was stopped; try a smaller one`, 'TIMEOUT', TIMEOUT_RETRY_AFTER_SECONDS);
        const timer = setTimeout(() => controller.abort(timeout), timeoutMs);
        try {
          const withSignal: ExecutionArgs & { signal: AbortSignal } = { ...args, signal: controller.signal };
          return await executeFn(withSignal);
        } catch (error) {
          if (error === timeout) return { errors: [timeout] };
          throw error;
        } finally {
          clearTimeout(timer);
        }
      });
    },
  };
}
