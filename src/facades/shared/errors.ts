/** An error the client caused or should see, with the HTTP status it maps to. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);

/**
 * The main interface's error envelope (WIRE.md §5): clients loop "until type contains Error", others
 * read `data.message`/`data.code`, so both forms are always present.
 */
export function errorEnvelope(status: number, message: string) {
  return { type: 'Error', message, object: 'error', data: { message, code: status } };
}

/** The status an error maps to: ours carry it, fastify's client errors (413, 415, …) too, anything else is 500. */
export function httpStatusOf(error: Error & { statusCode?: number }): number {
  if (error instanceof HttpError) return error.status;
  return error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
}

/** What a client may read about an error: the message of a 4xx, never the inside of a 500. */
export function publicMessage(error: Error, status: number): string {
  return status >= 500 ? 'Internal server error' : error.message;
}
