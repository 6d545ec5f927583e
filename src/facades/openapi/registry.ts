/**
 * The routes as registered, with what each declares about itself (`config.doc`, route-doc.ts):
 * collected by fastify's `onRoute` hook, so that the OpenAPI document, the example and snapshot
 * scripts and the OpenAPI test all read the one declaration on the route, and no list repeats it.
 */
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { BACK_OFFICE } from '../bo/interface.js';
import { LINEUP_INTERFACE } from '../v3/interface.js';
import { isOperationDoc, type OperationDoc, type RouteDoc, type RouteMethod, type Snapshot } from '../shared/route-doc.js';

export { TAGS, type DeclaredParams, type ParsedQuery, type ResponseKind, type RouteMethod, type Tag } from '../shared/route-doc.js';

/** The document's own URLs: served beside the interface, not part of it. */
export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';
/** The pages a `doc` field of an answer links to (`/api/doc/table`, doc-pages.ts): generated from the document, not part of it. */
export const DOC_PAGES_PATH = '/api/doc';

const COLLECTED_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE'] satisfies RouteMethod[];

/** Whether a route belongs in the document: its interface lists the method (`documented`), and it is no catch-all. */
export function isDocumentable(method: string, url: string, config: RouteOptions['config']): boolean {
  return !url.includes('*') && (config?.interface?.documented?.includes(method) ?? false);
}

/** `/api/` and `/api` are one route (ignoreTrailingSlash); the document names it without the slash. */
export function routeUrl(url: string): string {
  return url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
}

/** A GET, POST, PUT or DELETE route as fastify registered it, with the doc it declares. */
export interface DeclaredRoute {
  method: string;
  /** Its interface's name (`api`, `v3`, `bo`, …), from the interface's declaration. */
  interfaceName: string | undefined;
  /** With its prefix, as the document names it (`/api/games/:game_id`, `/api`, `/bo/games/:game_id`). */
  url: string;
  schema: FastifySchema | undefined;
  doc: RouteDoc | undefined;
  /** Whether the document lists it (isDocumentable). */
  documentable: boolean;
}

/** A route of the document: its declaration, where it is served, and the error statuses its examples show. */
export interface DocumentedRoute extends OperationDoc {
  readonly method: RouteMethod;
  readonly url: string;
  readonly interfaceName: string | undefined;
  /** Error statuses documented with an example; every route also has `default` (429, 500, 503, …). */
  readonly errors: readonly number[];
}

/** A route as registered, with its method: read when asked, once every scope's `onRoute` hooks (its interface's declaration) have run. */
interface CollectedRoute {
  method: string;
  route: RouteOptions;
}

const collectedRoutes = new WeakMap<FastifyInstance, CollectedRoute[]>();

/** Collects the GET, POST, PUT and DELETE routes registered on `app` (in any scope) from now on. */
export function collectRoutes(app: FastifyInstance): void {
  const seen: CollectedRoute[] = [];
  collectedRoutes.set(app, seen);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (COLLECTED_METHODS.includes(method)) seen.push({ method, route });
  });
}

function declaredRoutesOf(app: FastifyInstance): DeclaredRoute[] {
  return (collectedRoutes.get(app) ?? []).map(({ method, route }) => ({
    method,
    interfaceName: route.config?.interface?.name,
    url: routeUrl(route.url),
    schema: route.schema,
    doc: route.config?.doc,
    documentable: isDocumentable(method, route.url, route.config),
  }));
}

/** Every route the document covers (isDocumentable: what the interfaces declare documented), documented or not. */
export function documentableRoutesOf(app: FastifyInstance): readonly DeclaredRoute[] {
  return declaredRoutesOf(app).filter((route) => route.documentable);
}

/** The documented routes, in the order they were registered. */
export function documentedRoutesOf(app: FastifyInstance): readonly DocumentedRoute[] {
  return documentableRoutesOf(app).flatMap((route) => (isOperationDoc(route.doc) ? [documentedRoute(route, route.doc)] : []));
}

function documentedRoute(route: DeclaredRoute, doc: OperationDoc): DocumentedRoute {
  const errors = [...new Set(doc.examples.map((example) => example.status).filter((status) => status !== 200))].sort((a, b) => a - b);
  return { ...doc, method: route.method as RouteMethod, url: route.url, interfaceName: route.interfaceName, errors };
}

/** A route whose requests the wire snapshot sends: its probes, or else its examples. */
export interface SnapshotSource {
  method: string;
  url: string;
  snapshot?: Snapshot;
  examples?: OperationDoc['examples'];
}

/**
 * The snapshot's sources in registration order: the documented routes (/api, /bo) and the routes
 * elsewhere that declare probes only (legacy). A route the main interface also serves at the root
 * declares its probes once, on its /api twin.
 */
export function snapshotSourcesOf(app: FastifyInstance): readonly SnapshotSource[] {
  const seen = new Set<RouteDoc>();
  return declaredRoutesOf(app).flatMap((route): SnapshotSource[] => {
    const { doc } = route;
    // One route of several methods (legacy: GET and POST) is one source.
    if (!doc || seen.has(doc)) return [];
    seen.add(doc);
    if (isOperationDoc(doc)) return route.documentable ? [{ method: route.method, url: route.url, snapshot: doc.snapshot, examples: doc.examples }] : [];
    return [{ method: route.method, url: route.url, snapshot: doc.snapshot }];
  });
}

/** `/api/games/:game_id` as OpenAPI writes it: `/api/games/{game_id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

export function isLineupInterface(route: Pick<DocumentedRoute, 'interfaceName'>): boolean {
  return route.interfaceName === LINEUP_INTERFACE.name;
}

export function isBackOffice(route: Pick<DocumentedRoute, 'interfaceName'>): boolean {
  return route.interfaceName === BACK_OFFICE.name;
}
