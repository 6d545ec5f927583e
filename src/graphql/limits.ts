/**
 * What the public /graphql endpoint accepts from one request and how long it works on it. The
 * facades run their own reviewed documents in process and never pass through these limits.
 */
export interface GraphQLLimits {
  /** Bytes of the query text, GET or POST; a longer text is refused before it is parsed (413). */
  maxDocumentBytes: number;
  /** Lexical tokens of the query text; more are refused before the text is parsed. */
  maxTokens: number;
  /** Aliases in the whole document. */
  maxAliases: number;
  /** Directives in the whole document. */
  maxDirectives: number;
  /** Static cost of one operation: page sizes times what each node selects (Pothos complexity). */
  maxComplexity: number;
  /** Execution deadline; 0 turns it off. */
  timeoutMs: number;
  /** Answer `__schema` and `__type`. */
  introspection: boolean;
  /** "Did you mean …" in validation errors: a CPU cost per unknown name, so off in production. */
  suggestions: boolean;
}

/**
 * Defaults, chosen by measurement: the standard introspection query is 2 KB and 183 tokens, the
 * test and README queries fewer than 100. A parsed document holds 280–480 bytes of heap per token
 * and validating a new one costs at most ~15 ms at 1,000 tokens but up to ~120 ms at 2,000
 * (graphql-js's overlapping-fields check grows with the square of same-named fields).
 */
export const DEFAULT_GRAPHQL_LIMITS: Omit<GraphQLLimits, 'suggestions'> = {
  maxDocumentBytes: 32 * 1024,
  maxTokens: 1000,
  maxAliases: 30,
  maxDirectives: 30,
  maxComplexity: 20_000,
  timeoutMs: 5000,
  introspection: true,
};

/** Suggestions are a development aid; production leaves them out unless GRAPHQL_SUGGESTIONS says otherwise. */
export function defaultGraphQLLimits(production: boolean): GraphQLLimits {
  return { ...DEFAULT_GRAPHQL_LIMITS, suggestions: !production };
}
