/** An error as one interface puts it on the wire. */
export interface ErrorBody {
  contentType: string;
  body: string;
}

/**
 * An interface's error format: JSON envelope, JSON:API, XML, GraphQL errors. Only the rendering;
 * status, message, Retry-After and logging are the same for every interface (error-handling.ts).
 */
export type ErrorFormat = (status: number, message: string, requestId: string | undefined, accept: string | undefined) => ErrorBody;

/** The text of a 404 for a path an interface does not know. */
export type NotFoundMessage = (method: string, path: string) => string;

export const noRouteMessage: NotFoundMessage = (method, path) => `No route for ${method} ${path}`;
