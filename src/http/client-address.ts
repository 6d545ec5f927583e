import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/** Client address as the budgets see it: IPv4-mapped addresses as IPv4, IPv6 by /64 (one subscriber). */
export function clientOf(request: FastifyRequest): string {
  // No address once the socket is gone; those requests share one bucket rather than fail.
  return request.ip ? normalizeIP(request.ip) : 'unknown';
}
