import { complexityFromQuery } from '@pothos/plugin-complexity';
import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  getOperationAST,
  getVariableValues,
  type GraphQLError,
  Kind,
  type OperationDefinitionNode,
} from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { requestError } from './errors.js';

/** What a client is told of its operation's cost: `extensions.cost` of every answer that ran or was refused for it. */
export interface CostExtension {
  /** The operation's static cost with its variables (src/schema/costs.ts), rounded up: the same for the same document and variables. */
  requested: number;
  /** GRAPHQL_MAX_COMPLEXITY: the most one operation may cost. */
  limit: number;
}

/** How deep and how wide one operation's selections may be, and what it may cost. */
export interface CostLimits {
  maxComplexity: number;
  maxDepth: number;
  maxBreadth: number;
}

/** The operation that runs, with the fragments it may spread: the complexity plugin reads the first operation of what it is given. */
function operationOnly(document: DocumentNode, operation: OperationDefinitionNode): DocumentNode {
  return {
    kind: Kind.DOCUMENT,
    definitions: document.definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION || definition === operation),
  };
}

/** `Variable "$s" got invalid value "X" at "s[0]"; …` → `s[0]`; a variable that is missing or null → its name. */
function variableFieldOf(error: GraphQLError, operation: OperationDefinitionNode): string | undefined {
  const at = /^Variable "\$[^"]+" got invalid value .*? at "([^"]+)";/s.exec(error.message)?.[1];
  if (at) return at;
  const node = error.nodes?.[0];
  const definition = operation.variableDefinitions?.find((candidate) => candidate === node || candidate.type === node);
  return definition?.variable.name.value ?? /^Variable "\$([^"]+)"/.exec(error.message)?.[1];
}

/**
 * A variable the schema cannot take (`["PLAYING"]` for `[GameStatus!]`) is the client's input:
 * BAD_USER_INPUT, naming the variable and the path in it (`extensions.field`), and a request error
 * (no `data`), as graphql-js's own coercion would answer it without a code.
 */
function coercionErrors(args: ExecutionArgs, operation: OperationDefinitionNode): GraphQLError[] {
  const coerced = getVariableValues(args.schema, operation.variableDefinitions ?? [], args.variableValues ?? {}, { maxErrors: 50 });
  return (coerced.errors ?? []).map((error) => {
    const field = variableFieldOf(error, operation);
    return requestError(error.message, 'BAD_USER_INPUT', { nodes: error.nodes, extensions: field ? { field } : {} });
  });
}

function refusalMessage(result: { complexity: number; depth: number; breadth: number }, cost: CostExtension, limits: CostLimits): string | undefined {
  if (result.depth > limits.maxDepth) return `Query exceeds maximum depth (depth: ${result.depth}, max: ${limits.maxDepth})`;
  if (result.breadth > limits.maxBreadth) return `Query exceeds maximum breadth (breadth: ${result.breadth}, max: ${limits.maxBreadth})`;
  if (cost.requested > cost.limit) return `Query exceeds maximum complexity (complexity: ${cost.requested}, max: ${cost.limit})`;
  return undefined;
}

/** The result with the cost in its extensions; a stream's events are left as they are. */
function withCost<T>(result: T, cost: CostExtension): T {
  if (isAsyncIterable(result)) return result;
  const single = result as ExecutionResult;
  return { ...single, extensions: { ...single.extensions, cost } } as T;
}

/**
 * The public endpoint's static cost limit, depth and breadth limits, checked before anything runs
 * (over HTTP, SSE and WebSocket alike: every operation passes yoga's execute or subscribe).
 *
 * The cost is counted on the document as the client sent it, with its coerced variables, so it is
 * the same on every call: the complexity plugin's own check ran inside the first root resolver,
 * on the document the result cache had added its `__typename` and id selections to when it was on
 * for the request (a keyed request or a mutation: off), which moved the figure between calls. An
 * operation over a limit is a request error (no `data`, QUERY_TOO_COMPLEX); every other answer of
 * a query or mutation says its cost in `extensions.cost`, a stored result of the result cache too
 * (the cost is the document's and its variables', which also key the store).
 *
 * Listed before the result cache, so that its hits are told their cost too, and after the
 * validation limits, whose hook takes the suggestions out of a refusal's messages.
 */
export function useCostLimit(limits: CostLimits): Plugin {
  const check = (args: ExecutionArgs, stop: (result: ExecutionResult) => void) => {
    const operation = getOperationAST(args.document, args.operationName);
    // No operation to run: execution says which is missing.
    if (!operation) return undefined;
    const refused = coercionErrors(args, operation);
    if (refused.length > 0) {
      stop({ errors: refused });
      return undefined;
    }
    const result = complexityFromQuery(operationOnly(args.document, operation), {
      schema: args.schema,
      ctx: args.contextValue as object,
      variables: args.variableValues ?? {},
    });
    const cost: CostExtension = { requested: Math.ceil(result.complexity), limit: limits.maxComplexity };
    const message = refusalMessage(result, cost, limits);
    if (message) {
      stop({ errors: [requestError(message, 'QUERY_TOO_COMPLEX')], extensions: { cost } });
      return undefined;
    }
    // The complexity plugin's check in the first root resolver would count the result cache's document again (src/schema/builder.ts).
    (args.contextValue as { costChecked?: boolean }).costChecked = true;
    return cost;
  };
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const cost = check(args, setResultAndStopExecution);
      if (!cost) return;
      return {
        onExecuteDone({ result, setResult }) {
          setResult(withCost(result, cost));
        },
      };
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      check(args, setResultAndStopExecution);
    },
  };
}
