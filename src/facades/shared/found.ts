import { notFound } from './errors.js';

/** The row a document asked for, or the endpoint's 404 with a text naming what was asked. */
export function orNotFound<T>(value: T | null | undefined, message: string): T {
  if (value === null || value === undefined) throw notFound(message);
  return value;
}
