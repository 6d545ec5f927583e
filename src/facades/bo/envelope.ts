// The back office's answers: `{status: {code, msg}, payload}`, as the federation's /bo documents
// them. Success is code 0 ("ok"); an error carries its HTTP status as its code and no payload.
import type { ErrorFormat } from '../../http/error-format.js';

export interface BoAnswer<T> {
  status: { code: number; msg: string };
  payload: T;
}

export function boAnswer<T>(payload: T): BoAnswer<T> {
  return { status: { code: 0, msg: 'ok' }, payload };
}

/** The error's text in `status.msg`, its HTTP status as `status.code`; `request_id` as the response's X-Request-Id. */
export const boErrorFormat: ErrorFormat = (status, message, requestId) => ({
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify({ status: { code: status, msg: message }, payload: null, ...(requestId ? { request_id: requestId } : {}) }),
});
