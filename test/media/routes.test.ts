import { MAIN_INTERFACE } from '../../src/facades/rest/interface.js';
import { registerErrorHandling } from '../../src/http/error-handling.js';
import { InterfaceTable } from '../../src/http/interface-policy.js';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubLogoSvg, playerPortraitSvg, teamLogoSvg, teamPortraitSvg } from '../../src/media/images.js';
import { mediaRoutes } from '../../src/media/routes.js';

describe('media routes', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandling(app, new InterfaceTable(MAIN_INTERFACE));
    await app.register(mediaRoutes);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  it.each([
    ['/media/clubs/12/logo.svg', clubLogoSvg(12)],
    ['/media/teams/40/logo.svg', teamLogoSvg(40)],
    ['/media/teams/40/portrait.svg', teamPortraitSvg(40)],
    ['/media/players/900/portrait.svg', playerPortraitSvg(900)],
  ])('serves %s as a cacheable SVG', async (url, expected) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.body).toBe(expected);
  });

  it.each(['/media/clubs/abc/logo.svg', '/media/players/-1/portrait.svg', '/media/teams/1.5/logo.svg', '/media/teams/99999999999/logo.svg'])(
    'answers %s with the JSON error envelope',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      const body = response.json() as { type: string; message: string; object: string; data: { message: string; code: number } };
      expect(body).toEqual({ type: 'Error', message: expect.stringContaining('Invalid id'), object: 'error', data: { message: body.message, code: 400 } });
    },
  );
});
