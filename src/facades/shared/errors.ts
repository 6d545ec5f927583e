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
