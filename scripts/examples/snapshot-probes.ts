/**
 * The wire snapshot's request list (scripts/wire-snapshot.ts): every route's probes (`doc.snapshot`),
 * or else its OpenAPI examples, in the routes' declared order, each localized one also once per
 * locale. Shared with test/http/doc-links.test.ts, which follows the links of the same answers.
 */
import type { FastifyInstance } from 'fastify';
import { snapshotSourcesOf, type SnapshotSource } from '../../src/facades/openapi/registry.js';
import {
  bearer,
  type ExampleIds,
  probe,
  type RouteMethod,
  type SnapshotKeys,
  type SnapshotPosition,
  type SnapshotProbe,
} from '../../src/facades/shared/route-doc.js';
import { plannedExchanges } from './recording.js';

export const SNAPSHOT_LOCALES = ['de', 'fr', 'it', 'en'] as const;

/** One request of the snapshot; its URL, body and headers may name the run's secrets by placeholder (secrets.ts, withSecrets). */
export interface Probe {
  method: RouteMethod;
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Requests no route serves: the snapshot's own. */
const UNROUTED: readonly SnapshotProbe[] = [probe(96, '/api/no/such/path')];

/** A route that declares no probes is sent its OpenAPI examples, keyed as the OpenAPI test sends them. */
async function examplesOf(source: SnapshotSource, ids: ExampleIds, keys: SnapshotKeys, keyOf: (clubId: number) => Promise<string>): Promise<SnapshotProbe[]> {
  if (!source.examples) return [];
  const { examples, errors } = plannedExchanges({ method: source.method as RouteMethod, examples: source.examples }, ids);
  const probes: SnapshotProbe[] = [];
  for (const exchange of [...examples, ...errors]) {
    const v3 = exchange.url.startsWith('/api/v3/') && !exchange.withoutKey;
    const key = !v3
      ? undefined
      : exchange.keyClubId === undefined
        ? keys.federation
        : exchange.keyClubId === ids.club
          ? keys.club
          : await keyOf(exchange.keyClubId);
    const headers = { ...(key ? bearer(key) : {}), ...(exchange.requestContentType === undefined ? {} : { 'content-type': exchange.requestContentType }) };
    probes.push({
      method: exchange.method,
      url: exchange.url,
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(exchange.requestBody === undefined ? {} : { body: exchange.requestBody }),
    });
  }
  return probes;
}

const positionOf = (at: SnapshotPosition): readonly number[] => (typeof at === 'number' ? [at] : at);

function comparePositions(a: SnapshotPosition, b: SnapshotPosition): number {
  const [left, right] = [positionOf(a), positionOf(b)];
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) if (left[i] !== right[i]) return left[i] - right[i];
  return left.length - right.length;
}

/** Every route's probes: those with a position in its order, then the others route by route; each localized one also once per locale. */
export async function snapshotProbes(app: FastifyInstance, ids: ExampleIds, keys: SnapshotKeys, keyOf: (clubId: number) => Promise<string>): Promise<Probe[]> {
  const declared: SnapshotProbe[] = [...UNROUTED];
  for (const source of snapshotSourcesOf(app)) declared.push(...(source.snapshot ? source.snapshot(ids, keys) : await examplesOf(source, ids, keys, keyOf)));
  const positioned = declared.flatMap((entry) => (entry.at === undefined ? [] : [{ entry, at: entry.at }])).sort((a, b) => comparePositions(a.at, b.at));
  for (const [index, { entry, at }] of positioned.entries()) {
    if (index > 0 && comparePositions(positioned[index - 1].at, at) === 0)
      throw new Error(`two probes at ${JSON.stringify(at)}: ${positioned[index - 1].entry.url} and ${entry.url}`);
  }
  const ordered = [...positioned.map(({ entry }) => entry), ...declared.filter((entry) => entry.at === undefined)];
  return ordered.flatMap((entry) => {
    const one: Probe = {
      method: entry.method,
      url: entry.url,
      ...(entry.headers ? { headers: { ...entry.headers } } : {}),
      ...(entry.body === undefined ? {} : { body: entry.body }),
    };
    if (!entry.locales) return [one];
    return [one, ...SNAPSHOT_LOCALES.map((locale) => ({ ...one, url: `${entry.url}${entry.url.includes('?') ? '&' : '?'}locale=${locale}` }))];
  });
}
