// Each interface declares what it is once, on its scope (src/http/interfaces.ts), and the app-wide
// hooks read the declaration: no module of src/http tells interfaces apart by URL, and no route
// escapes a declaration.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MAIN_INTERFACE } from '../../src/facades/rest/interface.js';
import { registerErrorHandling } from '../../src/http/error-handling.js';
import { InterfaceTable } from '../../src/http/interface-policy.js';
import { declareInterface, requireDeclarations } from '../../src/http/interfaces.js';

const HTTP = fileURLToPath(new URL('../../src/http', import.meta.url));

/** The source without its comments, which may name URLs as examples. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** What an interface's URL looks like written in code: a string naming one of the interfaces' paths, or a regular expression anchored on a path. */
const NAMES_AN_INTERFACE_URL = /['"`]\/(?:api|v3|bo|rest|graphql|media|sessions|health|metrics)\b|\/\^\\\//;

describe('interface declarations', () => {
  it('leave no module of src/http matching an interface’s URL (a scope’s own `prefix` is its declaration)', () => {
    const matches = readdirSync(HTTP)
      .filter((name) => name.endsWith('.ts'))
      .flatMap((name) =>
        code(readFileSync(join(HTTP, name), 'utf8'))
          .split('\n')
          .filter((line) => NAMES_AN_INTERFACE_URL.test(line) && !/\bprefix: ['"]/.test(line))
          .map((line) => `${name}: ${line.trim()}`),
      );
    expect(matches).toEqual([]);
  });

  it('recognise a URL written in code, so that the scan above can fail', () => {
    expect(NAMES_AN_INTERFACE_URL.test("if (url.startsWith('/api/v3')) return 'v3';")).toBe(true);
    expect(NAMES_AN_INTERFACE_URL.test('const LEGACY = /^\\/rest(\\/|$)/;')).toBe(true);
    expect(NAMES_AN_INTERFACE_URL.test("const path = request.routeOptions.url ?? '';")).toBe(false);
  });

  it('refuse to start an app with a route of no declared interface, naming it', async () => {
    const app = Fastify();
    registerErrorHandling(app, new InterfaceTable(MAIN_INTERFACE));
    requireDeclarations(app);
    await app.register(
      async (api) => {
        declareInterface(api, MAIN_INTERFACE);
        api.get('/declared', async () => ({}));
      },
      { prefix: '/api' },
    );
    await app.register(async (stray) => {
      stray.get('/stray', async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow('Routes of no declared interface (declare one on their scope, src/http/interfaces.ts): GET /stray');
  });
});
