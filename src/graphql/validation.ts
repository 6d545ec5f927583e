import { GraphQLError, NoSchemaIntrospectionCustomRule, validate, type ExecutionArgs } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { maxAliasesRule, maxDirectivesRule } from './shape-rules.js';

export interface ValidationOptions {
  maxAliases: number;
  maxDirectives: number;
  introspection: boolean;
  suggestions: boolean;
}

/**
 * The document rules of the public endpoint, on top of graphql-js's own (which already cap how deep
 * `fields`/`interfaces`/`possibleTypes` may nest in an introspection query). Suggestions are switched
 * off where graphql computes them (validation and variable coercion), not blanked afterwards:
 * finding "Did you mean" candidates is an edit-distance search per unknown name, the CPU a flood of
 * typos would cost (300 unknown fields: 22 ms with, 9 ms without).
 */
export function useValidationLimits(options: ValidationOptions): Plugin {
  const rules = [maxAliasesRule(options.maxAliases), maxDirectivesRule(options.maxDirectives)];
  if (!options.introspection) rules.push(NoSchemaIntrospectionCustomRule);
  return {
    onValidate({ addValidationRule, setValidationFn }) {
      for (const rule of rules) addValidationRule(rule);
      if (!options.suggestions) setValidationFn((schema, document, rulesToRun) => validate(schema, document, rulesToRun, { hideSuggestions: true }));
    },
    onExecute({ executeFn, setExecuteFn }) {
      if (options.suggestions) return;
      setExecuteFn((args: ExecutionArgs) => {
        const quiet: ExecutionArgs & { hideSuggestions: boolean } = { ...args, hideSuggestions: true };
        return executeFn(quiet);
      });
      return {
        onExecuteDone({ result, setResult }) {
          if (!isAsyncIterable(result) && result.errors?.some((error) => SUGGESTION.test(error.message))) {
            setResult({ ...result, errors: result.errors.map(withoutSuggestion) });
          }
        },
      };
    },
  };
}

/**
 * @graphql-tools/executor passes hideSuggestions on to graphql 17's enum coercion only; with graphql 16
 * an enum value in the variables still gets "Did you mean …". Those few (an enum has a handful of
 * values) are cut from the message afterwards.
 */
const SUGGESTION = / ?Did you mean [^?]*\?/;

function withoutSuggestion(error: GraphQLError): GraphQLError {
  if (!SUGGESTION.test(error.message)) return error;
  return new GraphQLError(error.message.replace(SUGGESTION, ''), {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}
