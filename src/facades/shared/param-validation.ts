import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { badRequest } from './errors.js';
import type { ParamSchema, ParamsSchema } from './param-schema.js';

/**
 * Validates and converts a route's query string or path parameters as declared in param-schema.ts,
 * with the clear 400 texts deployed clients have always seen. Unknown parameters are kept as sent
 * and ignored; a repeated parameter is refused (one value belongs there); an empty one counts as absent.
 */
export type ParamPart = 'querystring' | 'params';
type Raw = Record<string, unknown>;
type Result = { value: Raw } | { error: Error };

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off'];

/** A parameter that takes one value, read by a handler rather than a declared schema: a list (it was repeated) or an object is a 400 naming it. */
export function oneValue(name: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object')
    throw badRequest(`Parameter ${name} takes one value, got ${Array.isArray(value) ? value.length : 'an object'}: send it once`);
  return value;
}

/** A parameter's one value: repeated (`season=1&season=2`) it is a list where one value belongs, and refused by name rather than read as its first. */
function single(name: string, param: ParamSchema<unknown>, value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const how = param.type === 'array' ? 'a list is written once, comma-separated (1,2,3)' : 'send it once';
    throw badRequest(`Parameter ${name} takes one value, got ${value.length}: ${how}`);
  }
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
}

const rangeText = (param: ParamSchema<unknown>) => `from ${param.minimum ?? '-∞'} to ${param.maximum ?? '∞'}`;
const inRange = (param: ParamSchema<unknown>, value: number) =>
  (param.minimum === undefined || value >= param.minimum) && (param.maximum === undefined || value <= param.maximum);

function isCalendarDay(raw: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) && new Date(`${raw}T00:00:00Z`).toISOString().slice(0, 10) === raw;
}

function parseQueryValue(name: string, param: ParamSchema<unknown>, raw: string): unknown {
  const label = `Parameter ${name}`;
  if (param.anyOf) {
    const [number, word] = param.anyOf;
    if (raw === word.const) return raw;
    // No more digits than the maximum has: `amount=0100` has never been a count.
    const digits = String(number.maximum ?? 9_999_999_999).length;
    if (new RegExp(`^\\d{1,${digits}}$`).test(raw) && inRange(number, Number(raw))) return Number(raw);
    throw badRequest(`${label} must be a number ${rangeText(number)} or "${word.const}", got "${raw}"`);
  }
  switch (param.type) {
    case 'integer': {
      if (!/^-?\d{1,10}$/.test(raw)) throw badRequest(`${label} must be an integer, got "${raw}"`);
      const value = Number(raw);
      if (!inRange(param, value)) throw badRequest(`${label} must be ${rangeText(param)}, got ${value}`);
      return value;
    }
    case 'boolean': {
      const word = raw.toLowerCase();
      if (TRUE_WORDS.includes(word)) return true;
      if (FALSE_WORDS.includes(word)) return false;
      throw badRequest(`${label} must be true or false, got "${word}"`);
    }
    case 'array': {
      const max = param.maxItems ?? 100;
      const parts = raw
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      if (parts.length === 0 || parts.length > max || parts.some((part) => !/^\d{1,9}$/.test(part))) {
        throw badRequest(`${label} must be a comma-separated list of at most ${max} ids, got "${raw}"`);
      }
      return parts.map(Number);
    }
    default:
      if (param.enum && !param.enum.includes(raw)) throw badRequest(`${label} must be one of ${param.enum.join(', ')}, got "${raw}"`);
      if (param.format === 'date' && !isCalendarDay(raw)) throw badRequest(`${label} must be a date YYYY-MM-DD, got "${raw}"`);
      return raw;
  }
}

/** Path segments: ids are digits only; the message names the segment as the route does. */
function parsePathValue(name: string, param: ParamSchema<unknown>, raw: string): unknown {
  if (param.type !== 'integer') return raw;
  if (!/^\d{1,9}$/.test(raw) || !inRange(param, Number(raw))) throw badRequest(`${name} must be a positive integer, got "${raw}"`);
  return Number(raw);
}

function missing(name: string, param: ParamSchema<unknown>): Error {
  return badRequest(param.enum ? `Parameter ${name} is required: one of ${param.enum.join(', ')}` : `Parameter ${name} is required`);
}

export function validateParams(schema: ParamsSchema<unknown>, part: ParamPart, data: unknown): Result {
  const given = (data ?? {}) as Raw;
  const value: Raw = { ...given };
  try {
    for (const [name, param] of Object.entries(schema.properties)) {
      const raw = part === 'params' ? (given[name] === undefined ? '' : String(given[name])) : single(name, param, given[name]);
      if (raw === undefined) {
        if (schema.required.includes(name)) throw missing(name, param);
        if (param.default === undefined) delete value[name];
        else value[name] = param.default;
        continue;
      }
      value[name] = part === 'params' ? parsePathValue(name, param, raw) : parseQueryValue(name, param, raw);
    }
  } catch (error) {
    return { error: error as Error };
  }
  return { value };
}

/** fastify's validator compiler for the facades: query strings and path parameters only. */
export function paramValidatorCompiler<S>({ schema, httpPart, url }: FastifyRouteSchemaDef<S>): (data: unknown) => Result {
  if (httpPart !== 'querystring' && httpPart !== 'params') throw new Error(`${url}: facade routes declare query and path parameters only, not ${httpPart}`);
  return (data: unknown) => validateParams(schema as ParamsSchema<unknown>, httpPart, data);
}
