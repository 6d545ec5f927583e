import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FacadeDependencies } from './facade.js';
import { text, type ParamsSchema } from './param-schema.js';
import { paramValidatorCompiler, validateParams, type ParamPart } from './param-validation.js';
import { renderContext, type RenderContext } from './render-context.js';
import type { OperationDoc } from './route-doc.js';

type NoParams = Record<never, never>;

export interface RouteDeclaration<Q, P> {
  querystring?: ParamsSchema<Q>;
  params?: ParamsSchema<P>;
  config?: FastifyContextConfig;
  /**
   * The route's OpenAPI operation and example requests (route-doc.ts). Every route under /api has
   * one: test/http/openapi.test.ts names a route that lacks it, or lacks an example.
   */
  doc?: OperationDoc;
}

export type RouteHandler<Q, P> = (params: Q & P, ctx: RenderContext, request: FastifyRequest, reply: FastifyReply) => unknown;

/** Every query string takes `locale` (WIRE.md §5); declared here once so that each route documents it. */
function withLocale<Q>(schema: ParamsSchema<Q> | undefined): ParamsSchema<Q> {
  return { type: 'object', properties: { ...schema?.properties, locale: text() }, required: schema?.required ?? [] };
}

/**
 * A facade GET route: its parameters declared as schemas (validated before the handler, with the
 * interface's 400 envelope), the handler given them parsed and typed, with the render context; its
 * `doc` rides on the route's config, where the OpenAPI document and the example scripts find it.
 */
export function facadeGet<Q extends object = NoParams, P extends object = NoParams>(
  app: FastifyInstance,
  deps: FacadeDependencies,
  url: string,
  declaration: RouteDeclaration<Q, P>,
  handler: RouteHandler<Q, P>,
): void {
  app.get(
    url,
    {
      schema: { querystring: withLocale(declaration.querystring), ...(declaration.params ? { params: declaration.params } : {}) },
      validatorCompiler: paramValidatorCompiler,
      ...(declaration.config || declaration.doc ? { config: { ...declaration.config, ...(declaration.doc ? { doc: declaration.doc } : {}) } } : {}),
    },
    (request, reply) => handler({ ...(request.query as Q), ...(request.params as P) }, renderContext(request, deps), request, reply),
  );
}

/**
 * Parameters parsed inside a handler with the same rules and texts as declared ones: those that
 * depend on another parameter (the `mode` of /games), and those a keyed interface may only look at
 * after its key check (legacy, v3).
 */
export function parseParams<Q>(schema: ParamsSchema<Q>, given: unknown, part: ParamPart = 'querystring'): Q {
  const result = validateParams(schema, part, given);
  if ('error' in result) throw result.error;
  return result.value as Q;
}
