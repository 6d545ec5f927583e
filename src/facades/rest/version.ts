import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import { example, probe } from '../shared/route-doc.js';

const { version } = createRequire(import.meta.url)('../../../package.json') as { version: string };

/**
 * `GET /api`: the version object deployed clients read (WIRE.md §1). The numbers are strings, as in
 * the federation's documented answer (`"version":{"major":"0","minor":"0","patch":"0"}`).
 */
export function versionRoute(app: FastifyInstance): void {
  const [major = '0', minor = '0', patch = '0'] = version.split('-')[0].split('.');
  const body = {
    type: 'version',
    data: {
      description: 'Floorball league data service: main interface',
      full_version: version,
      authentication: 'none',
      version: { major, minor, patch },
    },
  };
  app.get(
    '/',
    {
      config: {
        doc: {
          id: 'version',
          tag: 'Service',
          summary: 'Version of the main interface',
          response: 'version',
          examples: [example('version', '/api')],
          snapshot: () => [probe(78, '/api/')],
        },
      },
    },
    async () => body,
  );
}
