import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { graphql, openTestLeague, type TestLeague } from './support/app.js';

let league: TestLeague;

beforeAll(async () => {
  league = await openTestLeague();
});
afterAll(async () => {
  await league?.close();
});

describe('the HTTP application', () => {
  it('reports health with the database kind', async () => {
    const response = await league.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: league.db.kind });
  });

  it('answers unknown paths with the JSON error envelope', async () => {
    const response = await league.app.inject({ method: 'GET', url: '/nothing/here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      type: 'Error',
      message: 'No route for GET /nothing/here',
      object: 'error',
      data: { message: 'No route for GET /nothing/here', code: 404 },
      request_id: response.headers['x-request-id'],
    });
  });

  it('serves GraphiQL outside production', async () => {
    const response = await league.app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  it('serves the generated images that records link to', async () => {
    const result = await graphql<{ clubs: { edges: { node: { logoUrl: string } }[] } }>(league.app, '{ clubs(first: 1) { edges { node { logoUrl } } } }');
    const url = new URL(result.data!.clubs.edges[0].node.logoUrl);
    expect(url.origin).toBe('http://test.local');
    const image = await league.app.inject({ method: 'GET', url: url.pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(image.body).toMatch(/^<svg|^<\?xml/);
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database', () => {
  it('keeps sessions across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'floorball-restart-'));
    try {
      const first = await openDatabase({ dataDir });
      await first.prisma.team.count();
      const club = { id: 1, name: 'UHC Test' };
      await first.prisma.club.create({ data: club });
      const app = await buildApp({ database: first, logLevel: 'silent' });
      const added = await graphql<{ addFavorite: { id: string } }>(app, 'mutation { addFavorite(favorites: [{ type: club, clubId: 1 }]) { id } }');
      const sid = added.data!.addFavorite.id;
      await app.close();
      await first.close();

      const second = await openDatabase({ dataDir });
      const restarted = await buildApp({ database: second, logLevel: 'silent' });
      const found = await graphql<{ favoriteSession: { favorites: { json: string }[] } }>(
        restarted,
        `{ favoriteSession(sid: "${sid}") { favorites { json } } }`,
      );
      expect(found.data!.favoriteSession.favorites).toEqual([{ json: '{"type":"club","club_id":1}' }]);
      await restarted.close();
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
