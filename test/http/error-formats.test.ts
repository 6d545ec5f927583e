import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ErrorFormat, NotFoundMessage } from '../../src/http/error-format.js';
import { preRoutingErrors, registerErrorHandling } from '../../src/http/error-handling.js';
import { InterfaceTable, type InterfacePolicy } from '../../src/http/interface-policy.js';
import { declareInterface } from '../../src/http/interfaces.js';
import { badRequest, serviceUnavailable } from '../../src/http/errors.js';

/** A format that names itself, so a test sees which interface rendered an error. */
const tagged =
  (tag: string): ErrorFormat =>
  (status, message, requestId) => ({ contentType: `text/x-${tag}`, body: `${tag} ${status} ${message} ${requestId ?? '-'}` });

const PAGES = { methods: ['GET'], allowedHeaders: [] };

/** An interface that renders its errors with `tagged(tag)`. */
const named = (tag: string, options: { claims?: string; notFoundMessage?: NotFoundMessage } = {}): InterfacePolicy => ({
  name: tag,
  credentials: 'none',
  cors: PAGES,
  errors: tagged(tag),
  ...options,
});

const failing = async () => {
  throw badRequest('bad input');
};

/** An app with three interfaces: one under a prefix, one claiming URLs without one, one at the root. */
async function appWithInterfaces(): Promise<FastifyInstance> {
  const interfaces = new InterfaceTable(named('main'));
  const app = Fastify({ genReqId: () => 'rid', ...preRoutingErrors(interfaces) });
  registerErrorHandling(app, interfaces);
  // App-wide, like the rate limits and the startup gate: its refusals come in the route's interface's format.
  app.addHook('onRequest', async (request) => {
    if (request.headers['x-refuse']) throw serviceUnavailable('busy', 3);
  });
  await app.register(
    async (prefixed) => {
      declareInterface(prefixed, named('a', { notFoundMessage: (_method, path) => `nothing at ${path}` }));
      prefixed.get('/fail', failing);
      prefixed.get('/items/:id', async () => 'item');
    },
    { prefix: '/a' },
  );
  await app.register(async (claiming) => {
    declareInterface(claiming, named('b', { claims: '/b' }));
    claiming.get('/b/fail', failing);
  });
  await app.register(async (root) => {
    declareInterface(root, named('root'));
    root.get('/fail', failing);
  });
  return app;
}

describe('one error format per interface', () => {
  it('renders each scope’s route errors in its own format', async () => {
    const app = await appWithInterfaces();
    for (const [url, body] of [
      ['/a/fail', 'a 400 bad input rid'],
      ['/b/fail', 'b 400 bad input rid'],
      ['/fail', 'root 400 bad input rid'],
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.body, url).toBe(body);
    }
  });

  it('answers unknown paths in the format of the scope or of the URL claim, else the fallback', async () => {
    const app = await appWithInterfaces();
    expect((await app.inject({ url: '/a/x/y?q=1' })).body).toBe('a 404 nothing at /a/x/y rid');
    expect((await app.inject({ url: '/b/x' })).body).toBe('b 404 No route for GET /b/x rid');
    const elsewhere = await app.inject({ method: 'POST', url: '/zzz' });
    expect(elsewhere.headers['content-type']).toBe('text/x-main');
    expect(elsewhere.body).toBe('main 404 No route for POST /zzz rid');
  });

  it('gives app-wide hooks’ refusals the route’s format, with Retry-After', async () => {
    const app = await appWithInterfaces();
    for (const [url, tag] of [
      ['/a/fail', 'a'],
      ['/a/unknown', 'a'],
      ['/b/fail', 'b'],
      ['/b/unknown', 'b'],
      ['/fail', 'root'],
      ['/unknown', 'main'],
    ]) {
      const response = await app.inject({ url, headers: { 'x-refuse': '1' } });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('3');
      expect(response.body, url).toBe(`${tag} 503 busy rid`);
    }
  });

  it('renders fastify’s errors before routing by URL', async () => {
    const app = await appWithInterfaces();
    expect((await app.inject({ url: '/a/items/%zz' })).body).toBe('a 400 The URL is not valid: bad percent-encoding rid');
  });

  it('needs the app’s error handling first', async () => {
    const app = Fastify();
    await expect(app.register(async (scope) => declareInterface(scope, named('a')), { prefix: '/a' })).rejects.toThrow(/registerErrorHandling/);
  });
});

describe('InterfaceTable (pure)', () => {
  const interfaces = new InterfaceTable(named('main'));
  interfaces.claim('/api', named('api'));
  interfaces.claim('/api/v3', named('v3'));
  interfaces.claim('/rest/', named('legacy'));
  const tagOf = (url: string) => interfaces.forUrl(url).errors(400, '', undefined, undefined).body.split(' ')[0];

  it('matches a prefix as a whole path segment, the longest claim first', () => {
    expect(['/api/v3', '/api/v3/', '/api/v3?x=1', '/api/v3/games/1', '/api/v3x', '/api', '/apix'].map(tagOf)).toEqual([
      'v3',
      'v3',
      'v3',
      'v3',
      'api',
      'api',
      'main',
    ]);
  });

  it('lets a prefix ending in a slash claim only what is below it', () => {
    expect(['/rest/', '/rest/v2/x', '/rest', '/rest?x'].map(tagOf)).toEqual(['legacy', 'legacy', 'main', 'main']);
  });
});
