import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export interface Json {
  // biome-ignore lint/suspicious/noExplicitAny: wire JSON that tests read field by field
  [key: string]: any;
}

/** GET a main-interface path; asserts the status and returns the parsed body. */
export async function getJson(app: FastifyInstance, url: string, status = 200): Promise<Json> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(status);
  return response.json() as Json;
}

/** Asserts the WIRE.md error envelope with the given status. */
export async function expectError(app: FastifyInstance, url: string, status: number, message?: RegExp): Promise<void> {
  const body = await getJson(app, url, status);
  expect(body.type).toContain('Error');
  expect(body.object).toBe('error');
  expect(body.data.code).toBe(status);
  expect(body.data.message).toBe(body.message);
  if (message) expect(body.message).toMatch(message);
}

export function cellTexts(body: Json): string[][][] {
  return body.data.regions.map((r: Json) => r.rows.map((row: Json) => row.cells.map((c: Json) => (c.text ?? []).join(' | '))));
}
