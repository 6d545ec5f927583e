import type { FastifyRequest } from 'fastify';
import { badRequest } from '../shared/errors.js';

const ID = /^\d{1,9}$/;

function pathId(request: FastifyRequest, name: string, what: string): number {
  const value = (request.params as Record<string, string | undefined>)[name];
  if (value === undefined || !ID.test(value)) throw badRequest(`${what} must be a whole number, got "${value ?? ''}"`);
  return Number(value);
}

/** `:game_id` of a /bo path. */
export const gameIdOf = (request: FastifyRequest) => pathId(request, 'game_id', 'The game id');
export const teamIdOf = (request: FastifyRequest) => pathId(request, 'team_id', 'The team id');
export const eventIdOf = (request: FastifyRequest) => pathId(request, 'event_id', 'The event id');
