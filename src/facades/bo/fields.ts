// The back office's request parameters: the same names in the query string, a form body or a JSON
// body ("throughout the API, PUT and POST messages can be sent using a 'Body' with the content type
// 'application/json'"), and nested form fields written `positions[0][player_id]=…`. Only their
// wire formats are read here (game time `h:mm:ss`, `yes`/`no`); what they mean is the schema's.
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../shared/errors.js';

export type BoFields = Record<string, unknown>;

const BRACKETED = /^([^[\]]+)((?:\[[^[\]]*\])+)$/;

/** `positions[0][player_id]` → ['positions', '0', 'player_id']; a plain name → [name]. */
function pathOf(name: string): string[] {
  const match = BRACKETED.exec(name);
  if (!match) return [name];
  return [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1])];
}

/** At most this deep: `positions[0][player_id]` is three. */
const MAX_DEPTH = 3;

/**
 * Names that would reach an object's prototype instead of a field of its own. Form names are the
 * sender's to choose, and `__proto__[x]=1` assigned into a plain object writes onto
 * `Object.prototype` for the whole process; so such a name is refused, and the nested fields are
 * built on objects without a prototype besides.
 */
const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

function assign(target: Record<string, unknown>, path: string[], value: unknown, fullName: string): void {
  let node = target;
  for (const [index, key] of path.entries()) {
    if (PROTOTYPE_NAMES.has(key)) throw badRequest(`Parameter ${fullName} is not a field name: ${key} is refused`);
    const last = index === path.length - 1;
    // `name[]` appends, as PHP and Rails clients write lists.
    const name = key === '' ? String(Object.keys(node).length) : key;
    if (last) {
      node[name] = value;
      return;
    }
    const next = node[name];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[name] = Object.create(null);
    node = node[name] as Record<string, unknown>;
  }
}

/** Objects whose keys are all 0, 1, 2 … become arrays, in index order. */
function listsOf(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, listsOf(inner)] as const);
  if (entries.length > 0 && entries.every(([key]) => /^\d{1,3}$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner);
  }
  return Object.fromEntries(entries);
}

function expandForm(flat: Record<string, unknown>): BoFields {
  const nested: Record<string, unknown> = Object.create(null);
  for (const [name, value] of Object.entries(flat)) {
    const path = pathOf(name);
    if (path.length > MAX_DEPTH) throw badRequest(`Parameter ${name} is nested deeper than ${MAX_DEPTH} levels`);
    assign(nested, path, value, name);
  }
  return listsOf(nested) as BoFields;
}

/** The request's parameters: the query string's, then the body's over them. */
export function boFields(request: FastifyRequest): BoFields {
  const query = expandForm({ ...(request.query as Record<string, unknown>) });
  const body = request.body;
  if (body === undefined || body === null || body === '') return query;
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('The body is a form or a JSON object of parameters');
  const isJson = (request.headers['content-type'] ?? '').includes('json');
  return { ...query, ...(isJson ? (body as BoFields) : expandForm(body as Record<string, unknown>)) };
}

/** A field that holds one value: a list or an object there (a repeated form name, a JSON array) is a 400 naming it, never its first element. */
function scalar(fields: BoFields, name: string): unknown {
  return singleValue(Object.hasOwn(fields, name) ? fields[name] : undefined, name);
}

function singleValue(value: unknown, name: string): unknown {
  if (value !== null && typeof value === 'object') throw badRequest(`${name} takes one value, got ${Array.isArray(value) ? 'a list' : 'an object'}`);
  return value;
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

export function textField(fields: BoFields, name: string): string | undefined {
  const value = scalar(fields, name);
  if (!present(value)) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') throw badRequest(`${name} must be text`);
  return String(value).trim();
}

export function requiredText(fields: BoFields, name: string): string {
  const value = textField(fields, name);
  if (value === undefined || value === '') throw badRequest(`${name} is required`);
  return value;
}

/** Ids, scores and seconds are 32-bit: events recorded live number from 1,500,000,000. */
const MAX_WHOLE_NUMBER = 2_147_483_647;

/** A whole number 0 … 2^31-1 written as digits; null for anything else. */
export function wholeNumber(text: string): number | null {
  return /^\d{1,10}$/.test(text) && Number(text) <= MAX_WHOLE_NUMBER ? Number(text) : null;
}

/** A whole number 0 … 2^31-1, as an id, a score or a second; as text or as a JSON number. */
export function integerField(fields: BoFields, name: string): number | undefined {
  const value = scalar(fields, name);
  if (!present(value)) return undefined;
  const number = wholeNumber(String(value).trim());
  if (number === null) throw badRequest(`${name} must be a whole number, got ${JSON.stringify(value)}`);
  return number;
}

/** Ids as a comma-separated text (`1,2,3`) or a list (a JSON array, repeated form fields). */
export function idList(value: unknown, name: string): number[] {
  const items = Array.isArray(value) ? value : String(value).split(',');
  return items.map((item) => {
    const text = String(item).trim();
    const id = wholeNumber(text);
    if (id === null) throw badRequest(`${name} must be ids, got "${text}"`);
    return id;
  });
}

export function requiredInteger(fields: BoFields, name: string): number {
  const value = integerField(fields, name);
  if (value === undefined) throw badRequest(`${name} is required`);
  return value;
}

/** The back office's booleans: `yes`/`no`, also `true`/`false`, `1`/`0` and JSON booleans. */
export function yesNo(value: unknown, name: string): boolean | undefined {
  const first = singleValue(value, name);
  if (!present(first)) return undefined;
  if (first === true || first === false) return first;
  const text = String(first).trim().toLowerCase();
  if (['yes', 'true', '1'].includes(text)) return true;
  if (['no', 'false', '0'].includes(text)) return false;
  throw badRequest(`${name} must be yes or no, got ${JSON.stringify(first)}`);
}

/** A game time `h:mm:ss` (also `mm:ss`), relative to the start of the game, in seconds. */
export function gameTime(fields: BoFields, name: string): number {
  const text = requiredText(fields, name);
  const match = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$/.exec(text);
  if (!match || Number(match[3]) > 59 || (match[1] !== undefined && Number(match[2]) > 59)) {
    throw badRequest(`${name} must be the game time as h:mm:ss (0:23:00 is the 23rd minute), got "${text}"`);
  }
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** `0:23:00` for second 1380. */
export function gameTimeText(second: number): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(second / 3600)}:${two(Math.floor((second % 3600) / 60))}:${two(second % 60)}`;
}

/** `world_time`, `YYYY-MM-DDThh:mm:ss+hh:mm`: an instant with its offset (a `Z` also does). */
export function worldTime(fields: BoFields, name = 'world_time'): string | undefined {
  const text = textField(fields, name);
  if (text === undefined) return undefined;
  // A form-encoded `+` arrives as a space when the client did not percent-encode it.
  const instant = text.replace(/ (\d{2}:?\d{2})$/, '+$1');
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/.test(instant) || Number.isNaN(Date.parse(instant))) {
    throw badRequest(`${name} must be a date and time with its offset, as 2015-10-28T12:34:45+01:00; got "${text}"`);
  }
  return new Date(instant).toISOString();
}

/** `home` or `away` (the forfait's and the shootout's winner). */
export function sideField(fields: BoFields, name: string): 'HOME' | 'AWAY' | undefined {
  const text = textField(fields, name)?.toLowerCase();
  if (text === undefined) return undefined;
  if (text === 'home' || text === 'away') return text === 'home' ? 'HOME' : 'AWAY';
  throw badRequest(`${name} must be home or away, got "${text}"`);
}
