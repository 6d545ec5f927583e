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

/** What an interface answers errors with. */
export interface InterfaceErrors {
  format: ErrorFormat;
  notFoundMessage: NotFoundMessage;
}

/** Whether `path` is at `prefix` or below it; a prefix ending in `/` claims only what is below it. */
function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

/**
 * Which interface's errors a URL gets when no route of it was reached: errors before routing (a bad
 * URL, headers too large, a refusal by an app-wide hook on an unknown path) and 404s outside every
 * interface's scope. The interfaces claim their prefixes; the longest claim wins, the fallback
 * answers the rest.
 */
export class ErrorFormats {
  private readonly claims: { prefix: string; errors: InterfaceErrors }[] = [];

  private readonly fallback: InterfaceErrors;

  /** `fallback`: the format of the interface served at the root, with the usual 404 text. */
  constructor(fallback: ErrorFormat) {
    this.fallback = { format: fallback, notFoundMessage: noRouteMessage };
  }

  claim(prefix: string, errors: InterfaceErrors): void {
    this.claims.push({ prefix, errors });
    this.claims.sort((a, b) => b.prefix.length - a.prefix.length);
  }

  forUrl(url: string): InterfaceErrors {
    const path = url.split('?')[0];
    return this.claims.find((claim) => isUnder(path, claim.prefix))?.errors ?? this.fallback;
  }
}
