import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/** TRUST_PROXY as fastify takes it: all proxies, the number of proxies in front, or their addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

/**
 * TRUST_PROXY for fastify. fastify ignores a bare hop count (it cannot tell a proxy from a client
 * that sends X-Forwarded-For itself), so a count n becomes the equivalent function: the socket's
 * peer and the last n-1 forwarded addresses are proxies, the one before them is the client. Safe
 * only when clients cannot reach the service around those proxies.
 */
export function trustProxyOption(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** The client's address as fastify's `request.ip` reads it from the raw request: the same trust in proxies. */
export function requestIpReader(trustProxy: TrustProxy): (request: IncomingMessage) => string | undefined {
  const option = trustProxyOption(trustProxy);
  const trust = option === false ? null : option === true ? () => true : typeof option === 'function' ? option : proxyAddr.compile(option);
  return (request) => (trust ? proxyAddr(request, trust) : request.socket.remoteAddress);
}

/** Client address as the budgets see it: IPv4-mapped addresses as IPv4, IPv6 by /64 (one subscriber). */
export function clientOf(request: FastifyRequest): string {
  return clientKey(request.ip);
}

/** A client address as the budgets count it. No address once the socket is gone: those requests share one bucket rather than fail. */
export function clientKey(ip: string | undefined): string {
  return ip ? normalizeIP(ip) : 'unknown';
}
