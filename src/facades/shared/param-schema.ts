/**
 * Parameter declarations of the facade routes, written as JSON Schema so that one declaration both
 * documents a route (fastify route `schema`, OpenAPI later) and drives its validation
 * (param-validation.ts gives the interface's own 400s). The TypeScript type of a parsed value rides
 * along as a phantom, so a handler's parameters are typed by the same declaration.
 */
declare const PARSED: unique symbol;
const REQUIRED = Symbol('required');

export interface ParamSchema<T> {
  readonly type?: 'integer' | 'string' | 'boolean' | 'array';
  readonly minimum?: number;
  readonly maximum?: number;
  readonly enum?: readonly string[];
  readonly format?: 'date';
  readonly items?: { readonly type: 'integer' };
  readonly maxItems?: number;
  /** An integer or one word (`amount=all`). */
  readonly anyOf?: readonly [ParamSchema<number>, { readonly const: string }];
  readonly default?: T;
  /** Never present at run time: the type of the parsed value. */
  readonly [PARSED]?: T;
  readonly [REQUIRED]?: true;
}

/** An integer in an optional range. */
export function integer(range: { min?: number; max?: number } = {}): ParamSchema<number> {
  return { type: 'integer', ...(range.min === undefined ? {} : { minimum: range.min }), ...(range.max === undefined ? {} : { maximum: range.max }) };
}

/** A season, named by its first year (`season=2025` is 2025/26), as every interface takes it. */
export function seasonYear(): ParamSchema<number> {
  return integer({ min: 1900, max: 2999 });
}

/** A path id: digits only (an unknown but well-formed id is the endpoint's 404). */
export function id(): ParamSchema<number> {
  return integer({ min: 0, max: 999_999_999 });
}

export function text(): ParamSchema<string> {
  return { type: 'string' };
}

export function oneOf<const T extends string>(values: readonly T[]): ParamSchema<T> {
  return { type: 'string', enum: values };
}

/** `true`/`false`, also `1`/`0`, `yes`/`no`, `on`/`off` as deployed clients send them. */
export function flag(): ParamSchema<boolean> {
  return { type: 'boolean' };
}

/** A calendar day `YYYY-MM-DD`, kept as that text. */
export function day(): ParamSchema<string> {
  return { type: 'string', format: 'date' };
}

/** Comma-separated ids (`league_ids=1,2`). */
export function idList(max = 100): ParamSchema<number[]> {
  return { type: 'array', items: { type: 'integer' }, maxItems: max };
}

/** An integer in a range, or one word instead (`amount=all`). */
export function integerOr<const W extends string>(word: W, range: { min: number; max: number }): ParamSchema<number | W> {
  return { anyOf: [integer(range), { const: word }] };
}

export function withDefault<T>(param: ParamSchema<T>, value: T): ParamSchema<T> & { readonly default: T } {
  return { ...param, default: value };
}

export function required<T>(param: ParamSchema<T>): ParamSchema<T> & { readonly [REQUIRED]: true } {
  return { ...param, [REQUIRED]: true };
}

type Declared = Record<string, ParamSchema<unknown>>;
type ValueOf<S> = S extends ParamSchema<infer T> ? T : never;
type IsPresent<S> = S extends { readonly [REQUIRED]: true } ? true : S extends { readonly default: unknown } ? true : false;

/** The parsed parameters: required and defaulted ones always present, the others optional. */
export type ParsedParams<D extends Declared> = { [K in keyof D as IsPresent<D[K]> extends true ? K : never]: ValueOf<D[K]> } & {
  [K in keyof D as IsPresent<D[K]> extends true ? never : K]?: ValueOf<D[K]>;
};

export interface ParamsSchema<T> {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, ParamSchema<unknown>>>;
  readonly required: readonly string[];
  readonly [PARSED]?: T;
}

export type ParamsOf<S> = S extends ParamsSchema<infer T> ? T : never;

/** The JSON Schema of a route's query string or path parameters. */
export function paramsSchema<const D extends Declared>(declared: D): ParamsSchema<ParsedParams<D>> {
  const properties: Record<string, ParamSchema<unknown>> = {};
  const names: string[] = [];
  for (const [name, param] of Object.entries(declared)) {
    const { [REQUIRED]: isRequired, ...schema } = param;
    properties[name] = schema;
    if (isRequired) names.push(name);
  }
  return { type: 'object', properties, required: names };
}

/** The JSON Schema of a route's path parameters: a matched route always has every segment. */
export function pathSchema<const D extends Declared>(declared: D): ParamsSchema<{ [K in keyof D]: ValueOf<D[K]> }> {
  const { properties } = paramsSchema(declared);
  return { type: 'object', properties, required: Object.keys(declared) };
}
