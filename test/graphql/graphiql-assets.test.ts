// GraphiQL (outside production) from the service's own assets: the page names no other host, and
// every part it names is served, compressed and kept by browsers.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { GRAPHIQL_ASSET_CACHE_CONTROL } from '../../src/graphql/graphiql.js';
import { openTestDatabase } from '../support/database.js';
import type { Database } from '../../src/db/database.js';

let db: Database;
let dev: FastifyInstance;
let production: FastifyInstance;

beforeAll(async () => {
  db = await openTestDatabase();
  dev = await buildApp({ database: db, logLevel: 'silent', publicBaseUrl: 'http://test.local' });
  production = await buildApp({ database: db, logLevel: 'silent', publicBaseUrl: 'http://test.local', production: true });
});
afterAll(async () => {
  await dev?.close();
  await production?.close();
  await db?.close();
});

const openPage = (app: FastifyInstance) => app.inject({ url: '/graphql', headers: { accept: 'text/html' } });

/** Every URL the page loads: src and href attributes, and the worker URLs of its script. */
function referencedUrls(html: string): string[] {
  const attributes = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((match) => match[1]);
  const inScript = [...html.matchAll(/"((?:https?:)?\/[^"]*\.js)"/g)].map((match) => match[1]);
  return [...new Set([...attributes, ...inScript])];
}

describe('GraphiQL outside production', () => {
  it('is a small page that loads nothing from another host', async () => {
    const page = await openPage(dev);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body.length).toBeLessThan(4_000);
    expect(page.body).not.toMatch(/https?:\/\//);
    const urls = referencedUrls(page.body);
    expect(urls.length).toBe(6);
    for (const url of urls) expect(url).toMatch(/^\/graphql\/assets\/[\d.]+\/[\w.]+$/);
  });

  it('serves every part the page names, compressed, for a year', async () => {
    const urls = referencedUrls((await openPage(dev)).body);
    for (const url of urls) {
      const plain = await dev.inject({ url });
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['cache-control']).toBe(GRAPHIQL_ASSET_CACHE_CONTROL);
      expect(plain.rawPayload.length).toBeGreaterThan(1_000);
      if (url.endsWith('.ico')) continue;
      expect(plain.headers['content-encoding']).toBeUndefined();
      const brotli = await dev.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(String(brotli.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      const gzip = await dev.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    const script = await dev.inject({ url: urls.find((url) => url.endsWith('/graphiql.js'))! });
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expect(script.body).toContain('renderYogaGraphiQL');
  }, 60_000);

  it('answers 404 for a name it does not serve', async () => {
    const url = referencedUrls((await openPage(dev)).body)[0].replace(/[^/]+$/, 'package.json');
    expect((await dev.inject({ url })).statusCode).toBe(404);
  });
});

describe('in production', () => {
  it('serves neither the page nor its parts', async () => {
    const page = await openPage(production);
    expect(page.headers['content-type'] ?? '').not.toMatch(/^text\/html/);
    const url = referencedUrls((await openPage(dev)).body).find((u) => u.endsWith('/graphiql.js'))!;
    expect((await production.inject({ url })).statusCode).toBe(404);
  });
});
