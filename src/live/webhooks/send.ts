/**
 * One HTTP POST of a signed delivery, safe by default: the name is resolved here and every address
 * it resolves to is checked (a private, loopback or link-local one is refused unless the operator
 * allows the host), and the connection goes to the address checked, so a name that changes its
 * answer between the check and the connection (DNS rebinding) gains nothing. No redirect is
 * followed (a 3xx is a failed attempt), the whole exchange has a short timeout, and at most a few
 * KiB of the answer are read.
 */
import { lookup as resolve, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { bareHost, isAllowedHost, isRefusedAddress } from '../../domain/webhooks.js';

export interface SendPolicy {
  /** Hosts that may be reached over http and at private addresses (WEBHOOK_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
  /** The whole exchange: connection, request, answer (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
}

/** What is read of an answer at most: enough for an error message in the delivery log. */
export const MAX_ANSWER_BYTES = 4096;

export interface SendOutcome {
  ok: boolean;
  statusCode: number | null;
  /** Why it failed: the transport's error, the refusal, or the status line's meaning. */
  error: string | null;
  latencyMs: number;
}

export type Sender = (url: string, headers: Record<string, string>, body: string) => Promise<SendOutcome>;

class RefusedAddress extends Error {
  override readonly name = 'RefusedAddress';
}

/** A lookup that fails for a refused address instead of handing it to the connection. */
function checkedLookup(allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      const refused = allowed ? undefined : list.find((address) => isRefusedAddress(address.address));
      if (refused) return callback(new RefusedAddress(`${hostname} resolves to a private address (${refused.address})`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`${hostname} resolves to no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/** The sender the service uses; `now` measures latency (milliseconds, monotonic). */
export function httpSender(policy: SendPolicy, now: () => number = () => performance.now()): Sender {
  return (target, headers, body) =>
    new Promise<SendOutcome>((done) => {
      const started = now();
      const finish = (outcome: Omit<SendOutcome, 'latencyMs'>) => done({ ...outcome, latencyMs: Math.round(now() - started) });
      const url = new URL(target);
      const allowed = isAllowedHost(url.hostname, policy.allowedHosts);
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed))
        return finish({ ok: false, statusCode: null, error: 'refused: the URL must be https' });
      // An address literal is never looked up: it is checked here.
      const literal = bareHost(url.hostname);
      if (!allowed && isIP(literal) && isRefusedAddress(literal))
        return finish({ ok: false, statusCode: null, error: `refused: ${literal} is a private address` });
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'floorball-webhooks/1' },
        lookup: checkedLookup(allowed),
        agent: false,
        timeout: policy.timeoutMs,
      });
      const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${policy.timeoutMs} ms`)), policy.timeoutMs);
      request.on('timeout', () => request.destroy(new Error(`no answer within ${policy.timeoutMs} ms`)));
      request.on('error', (error) => {
        clearTimeout(deadline);
        finish({ ok: false, statusCode: null, error: error instanceof RefusedAddress ? `refused: ${error.message}` : error.message });
      });
      request.on('response', (response) => {
        const statusCode = response.statusCode ?? 0;
        let read = 0;
        let text = '';
        response.on('data', (chunk: Buffer) => {
          if (read >= MAX_ANSWER_BYTES) return;
          text += chunk.subarray(0, MAX_ANSWER_BYTES - read).toString('utf8');
          read += chunk.length;
          // Enough of it: the rest is not read (the connection is not reused).
          if (read >= MAX_ANSWER_BYTES) response.destroy();
        });
        const settle = () => {
          clearTimeout(deadline);
          finish({ ok: statusCode >= 200 && statusCode < 300, statusCode, error: failureOf(statusCode, response.headers.location, text) });
        };
        response.on('end', settle);
        response.on('close', settle);
        response.on('error', () => undefined);
      });
      request.end(body);
    });
}

function failureOf(statusCode: number, location: string | undefined, text: string): string | null {
  if (statusCode >= 200 && statusCode < 300) return null;
  if (statusCode >= 300 && statusCode < 400) return `redirect to ${location ?? '(no Location)'} not followed`;
  const snippet = text.trim().slice(0, 200);
  return `answered ${statusCode}${snippet ? `: ${snippet}` : ''}`;
}
