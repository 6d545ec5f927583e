import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { inSpan } from '../tracing/spans.js';

/**
 * A span around each operation /graphql executes (`query TopScorers`), child of the request's span
 * and parent of its SQL statements. Parsing and validation are not spans of their own: they show as
 * the request's time before the operation starts.
 */
export function useOperationSpans(): Plugin {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const operation = getOperationAST(args.document, args.operationName);
      const type = operation?.operation ?? 'query';
      const name = operation?.name?.value ?? '';
      setExecuteFn((executeArgs) =>
        inSpan(`${type} ${name || '(anonymous)'}`, { 'graphql.operation.type': type, 'graphql.operation.name': name }, async () => executeFn(executeArgs)),
      );
    },
  };
}
