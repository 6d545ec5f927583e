// The back office's answers: `{status: {code, msg}, payload}`, as the federation's /bo documents
// them. Success is code 0 ("ok"); an error carries its HTTP status as its code and no payload.
import type { ErrorFormat } from '../../http/error-format.js';
import type { FastifyReply } from 'fastify';

export interface BoAnswer<T> {
  status: { code: number; msg: string };
  payload: T;
}

export function boAnswer<T>(payload: T, msg = 'ok'): BoAnswer<T> {
  return { status: { code: 0, msg }, payload };
}

/**
 * The `msg` of an answer that is a replay: the same request arrived again while its first write was
 * still the game's last (a resend whose answer was lost), so nothing was written a second time. The
 * desk is told so in words, not only in a header its software may not read, and how to send the
 * same again on purpose (src/live/write-idempotency.ts decides where the line is).
 */
function replayMessage(what: string): string {
  return (
    `ok (resent: this ${what} was already applied and nothing has been written since, so nothing was written again; ` +
    'to send the same again on purpose, give it an idempotency_key of its own)'
  );
}

/** The error's text in `status.msg`, its HTTP status as `status.code`; `request_id` as the response's X-Request-Id. */
export const boErrorFormat: ErrorFormat = (status, message, requestId) => ({
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify({ status: { code: status, msg: message }, payload: null, ...(requestId ? { request_id: requestId } : {}) }),
});

/** A write's answer: a replay says so in `msg` and in the Idempotent-Replayed header (which browsers may read, see CORS). */
export function boWritten<T>(reply: FastifyReply, replayed: boolean, payload: T, what: string): BoAnswer<T> {
  if (!replayed) return boAnswer(payload);
  reply.header('idempotent-replayed', 'true');
  return boAnswer(payload, replayMessage(what));
}
