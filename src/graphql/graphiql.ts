import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { GraphiQLOptions } from 'graphql-yoga';
import { compressBody, negotiateEncoding, varyOnAcceptEncoding, type ContentEncoding } from '../http/compression.js';

/**
 * GraphiQL from the service's own assets, so that the page works without internet. yoga's default
 * page loads its script, style and editor workers from unpkg.com; @graphql-yoga/render-graphiql
 * bundles them, but its page inlines all of it (7 MB of script, 0.8 MB of style and three workers)
 * into every page. Here the page is a few hundred bytes and names the bundle's parts by URL, served
 * below the endpoint, each compressed once and kept by browsers for a year (the path carries the
 * bundle's version, so a new one is a new URL).
 */
const BUNDLE_VERSION = (createRequire(import.meta.url)('@graphql-yoga/render-graphiql/package.json') as { version: string }).version;

type Bundle = typeof import('@graphql-yoga/render-graphiql/graphiql');

interface AssetKind {
  contentType: string;
  /** The asset's bytes from the bundle's strings. */
  bytesOf(bundle: Bundle): Buffer;
}

/** The favicon is a data URL in the bundle. */
function dataUrlBytes(url: string): Buffer {
  return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
}

const JAVASCRIPT = 'application/javascript; charset=utf-8';
const ASSETS: Record<string, AssetKind> = {
  'graphiql.js': { contentType: JAVASCRIPT, bytesOf: (bundle) => Buffer.from(bundle.js) },
  'graphiql.css': { contentType: 'text/css; charset=utf-8', bytesOf: (bundle) => Buffer.from(bundle.css) },
  'editor.worker.js': { contentType: JAVASCRIPT, bytesOf: (bundle) => Buffer.from(bundle.editorWorkerService) },
  'json.worker.js': { contentType: JAVASCRIPT, bytesOf: (bundle) => Buffer.from(bundle.jsonWorker) },
  'graphql.worker.js': { contentType: JAVASCRIPT, bytesOf: (bundle) => Buffer.from(bundle.graphqlWorker) },
  'favicon.ico': { contentType: 'image/x-icon', bytesOf: (bundle) => dataUrlBytes(bundle.favicon) },
};

/** A year: the URL changes with the bundle's version. */
export const GRAPHIQL_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function graphiqlAssetsPath(graphqlEndpoint: string): string {
  return `${graphqlEndpoint}/assets/${BUNDLE_VERSION}`;
}

/** JSON inside a <script>: no `</script>` or `<!--` can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** yoga's `renderGraphiQL`: the page, with the bundle's parts by URL under the endpoint. */
export function graphiqlPage(graphqlEndpoint: string): (options?: GraphiQLOptions) => string {
  const assets = graphiqlAssetsPath(graphqlEndpoint);
  return (options) => {
    const title = (options?.title ?? 'GraphiQL').replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'));
    const workers = { editorWorkerService: `${assets}/editor.worker.js`, json: `${assets}/json.worker.js`, graphql: `${assets}/graphql.worker.js` };
    return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<link rel="icon" href="${assets}/favicon.ico">
<link rel="stylesheet" href="${assets}/graphiql.css">
</head>
<body id="body" class="no-focus-outline">
<noscript>You need to enable JavaScript to run this app.</noscript>
<div id="root">Loading ${title}…</div>
<script>
const workerUrls = ${scriptJson(workers)};
self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: (_moduleId, label) => workerUrls[label] };
</script>
<script src="${assets}/graphiql.js"></script>
<script>YogaGraphiQL.renderYogaGraphiQL(document.querySelector('#root'), ${scriptJson(options ?? {})});</script>
</body>
</html>
`;
  };
}

/**
 * Serves the bundle's parts at graphiqlAssetsPath. The 9 MB bundle is loaded on the first asset
 * request, not at start-up, and each part is compressed once per encoding (brotli takes the 5 MB
 * script to about a fifth).
 */
export function registerGraphiQLAssets(app: FastifyInstance, graphqlEndpoint: string): void {
  let bundle: Promise<Bundle> | undefined;
  const bodies = new Map<string, Buffer>();
  const encoded = new Map<string, Promise<Buffer>>();
  const bodyOf = async (name: string, kind: AssetKind): Promise<Buffer> => {
    const known = bodies.get(name);
    if (known) return known;
    bundle ??= import('@graphql-yoga/render-graphiql/graphiql');
    const body = kind.bytesOf(await bundle);
    bodies.set(name, body);
    return body;
  };
  const encodedOf = (name: string, body: Buffer, encoding: ContentEncoding): Promise<Buffer> => {
    const key = `${name} ${encoding}`;
    let made = encoded.get(key);
    if (!made) {
      made = compressBody(body, encoding);
      encoded.set(key, made);
      made.catch(() => encoded.delete(key));
    }
    return made;
  };
  app.get<{ Params: { name: string } }>(`${graphiqlAssetsPath(graphqlEndpoint)}/:name`, async (request, reply) => {
    const kind = Object.hasOwn(ASSETS, request.params.name) ? ASSETS[request.params.name] : undefined;
    if (!kind) return reply.callNotFound();
    const body = await bodyOf(request.params.name, kind);
    reply.type(kind.contentType).header('cache-control', GRAPHIQL_ASSET_CACHE_CONTROL);
    if (kind.contentType === 'image/x-icon') return reply.send(body);
    varyOnAcceptEncoding(reply);
    const encoding = negotiateEncoding(request);
    if (!encoding) return reply.send(body);
    reply.header('content-encoding', encoding);
    return reply.send(await encodedOf(request.params.name, body, encoding));
  });
}
