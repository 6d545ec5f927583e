import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { refusal } from './errors.js';

/**
 * Content types a mutation may arrive in. A form (`application/x-www-form-urlencoded`,
 * `multipart/form-data`) or `text/plain` body is what a page of any origin may POST without a CORS
 * preflight, so a mutation in one could be sent by someone else's page with the visitor's address
 * or a key in the URL; a JSON or GraphQL body needs the preflight that CORS_ORIGINS answers.
 */
const MUTATION_MEDIA_TYPES = ['application/json', 'application/graphql+json', 'application/graphql-response+json', 'application/graphql'];

/**
 * The media type each HTTP request's body came in, noted before yoga reads it: yoga's node adapter
 * turns a body fastify already parsed (a form included) into a JSON request, headers and all, so
 * the operation no longer shows what was sent.
 */
const sentMediaTypes = new WeakMap<object, string>();

/** Notes the request's body type; call before yoga handles it (the /graphql route's preValidation). */
export function noteBodyType(request: { method: string; headers: Record<string, string | string[] | undefined> }): void {
  if (request.method !== 'POST') return;
  const header = request.headers['content-type'];
  sentMediaTypes.set(request, (Array.isArray(header) ? header[0] : (header ?? '')).split(';')[0].trim().toLowerCase());
}

/** Refuses a mutation sent in a body a browser may send across origins without asking (415, naming the type it takes). */
export function useMutationBodies(): Plugin {
  return {
    onExecute({ args }) {
      // Over WebSocket there is no body; the upgrade's Origin is checked instead (src/graphql/websocket.ts).
      const request = (args.contextValue as { req?: object }).req;
      const type = request === undefined ? undefined : sentMediaTypes.get(request);
      if (type === undefined || MUTATION_MEDIA_TYPES.includes(type)) return;
      if (getOperationAST(args.document, args.operationName)?.operation !== 'mutation') return;
      throw refusal(`A mutation is sent as a JSON body (Content-Type: application/json), not as ${type || 'a body without a type'}`, 'UNSUPPORTED_MEDIA_TYPE', {
        status: 415,
      });
    },
  };
}
