import { badRequest } from './errors.js';

/** Query-string parsing with the main interface's clear 400s; unknown parameters are ignored. */
export type Query = Record<string, unknown>;

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined || first === null || first === '') return undefined;
  return String(first);
}

export function optionalInt(query: Query, name: string, range: { min?: number; max?: number } = {}): number | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  if (!/^-?\d{1,10}$/.test(raw)) throw badRequest(`Parameter ${name} must be an integer, got "${raw}"`);
  const value = Number(raw);
  if ((range.min !== undefined && value < range.min) || (range.max !== undefined && value > range.max)) {
    throw badRequest(`Parameter ${name} must be from ${range.min ?? '-∞'} to ${range.max ?? '∞'}, got ${value}`);
  }
  return value;
}

export function requiredInt(query: Query, name: string, range?: { min?: number; max?: number }): number {
  const value = optionalInt(query, name, range);
  if (value === undefined) throw badRequest(`Parameter ${name} is required`);
  return value;
}

export function optionalString(query: Query, name: string): string | undefined {
  return single(query, name);
}

export function optionalEnum<T extends string>(query: Query, name: string, allowed: readonly T[]): T | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  if (!allowed.includes(raw as T)) throw badRequest(`Parameter ${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

export function requiredEnum<T extends string>(query: Query, name: string, allowed: readonly T[]): T {
  const value = optionalEnum(query, name, allowed);
  if (value === undefined) throw badRequest(`Parameter ${name} is required: one of ${allowed.join(', ')}`);
  return value;
}

export function optionalBoolean(query: Query, name: string): boolean | undefined {
  const raw = single(query, name)?.toLowerCase();
  if (raw === undefined) return undefined;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw badRequest(`Parameter ${name} must be true or false, got "${raw}"`);
}

export function optionalDate(query: Query, name: string): string | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) || new Date(`${raw}T00:00:00Z`).toISOString().slice(0, 10) !== raw) {
    throw badRequest(`Parameter ${name} must be a date YYYY-MM-DD, got "${raw}"`);
  }
  return raw;
}

/** A path id: digits only, else 400 (an unknown but well-formed id is the endpoint's 404). */
export function pathId(params: Record<string, string>, name: string): number {
  const raw = params[name] ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw badRequest(`${name} must be a positive integer, got "${raw}"`);
  return Number(raw);
}

/** Comma-separated integer ids (`league_ids=1,2`). */
export function optionalIdList(query: Query, name: string, max = 100): number[] | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  const parts = raw.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0 || parts.length > max || parts.some((p) => !/^\d{1,9}$/.test(p))) {
    throw badRequest(`Parameter ${name} must be a comma-separated list of at most ${max} ids, got "${raw}"`);
  }
  return parts.map(Number);
}
