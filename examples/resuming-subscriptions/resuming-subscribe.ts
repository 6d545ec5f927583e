/**
 * A graphql-ws subscription that resumes where it stopped, for any client library: the recipe of
 * docs/live-games.md ("Streams that resync themselves"), used by the Apollo link and the urql
 * exchange beside it and tested against the service with both (test/clients/).
 *
 * graphql-ws reconnects by itself after a dropped socket and sends the subscription's payload
 * again, the same object. This keeps that object's `after` variable at the position of the last
 * update received, so the resent subscription replays exactly what was missed. When the server
 * says the stream cannot go on exactly (STREAM_POSITION_EXPIRED, CHANGES_MISSED,
 * SUBSCRIBER_TOO_SLOW), it subscribes again without `after`: the stream then begins with a
 * snapshot, the game as it stands (for `liveGames`, the set of games live now), and the app is
 * correct again without handling the error.
 *
 * The subscription must declare `$after: String` and pass it to the field, and select `position`.
 */
import type { FormattedExecutionResult, GraphQLFormattedError } from 'graphql';
import type { Client, Sink, SubscribePayload } from 'graphql-ws';

/** The errors after which the stream resyncs with a snapshot rather than ending. */
export const RESYNC_CODES: ReadonlySet<string> = new Set(['STREAM_POSITION_EXPIRED', 'CHANGES_MISSED', 'SUBSCRIBER_TOO_SLOW']);

/** The `position` of a result's update, whatever the field is called (`gameUpdated`, `liveGames`, an alias). */
function positionIn(data: unknown): string | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  for (const update of Object.values(data)) {
    const position = (update as { position?: unknown } | null)?.position;
    if (typeof position === 'string' && position !== '') return position;
  }
  return undefined;
}

const resyncCodeOf = (errors: readonly GraphQLFormattedError[] | undefined): string | undefined =>
  errors
    ?.map((error) => error.extensions?.code)
    .find((code): code is string => typeof code === 'string' && RESYNC_CODES.has(code));

/** Subscribes through `client` and keeps the subscription resumable; returns the unsubscribe. */
export function subscribeResuming<Data = Record<string, unknown>>(client: Client, request: SubscribePayload, sink: Sink<FormattedExecutionResult<Data, unknown>>): () => void {
  // One object for the whole life of the subscription: graphql-ws resends it after a reconnect.
  const payload: { -readonly [K in keyof SubscribePayload]: SubscribePayload[K] } = { ...request, variables: { ...request.variables } };
  let stopped = false;
  let resync = false;
  let unsubscribe = () => {};
  const start = () => {
    resync = false;
    unsubscribe = client.subscribe<Data>(payload, {
      next(result) {
        if (resyncCodeOf(result.errors)) {
          // The stream completes after this error: start again from a snapshot then.
          resync = true;
          return;
        }
        const position = positionIn(result.data);
        if (position) payload.variables = { ...payload.variables, after: position };
        sink.next(result);
      },
      error: (error) => sink.error(error),
      complete() {
        if (!resync || stopped) return sink.complete();
        const { after: _stale, ...rest } = payload.variables ?? {};
        payload.variables = rest;
        start();
      },
    });
  };
  start();
  return () => {
    stopped = true;
    unsubscribe();
  };
}
