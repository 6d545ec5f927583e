import type { FastifyRequest } from 'fastify';
import { badRequest } from '../shared/errors.js';
import { wholeNumber } from './fields.js';

function pathId(request: FastifyRequest, name: string, what: string): number {
  const value = (request.params as Record<string, string | undefined>)[name] ?? '';
  const id = wholeNumber(value);
  if (id === null) throw badRequest(`${what} must be a whole number, got "${value}"`);
  return id;
}

/** `:game_id` of a /bo path. */
export const gameIdOf = (request: FastifyRequest) => pathId(request, 'game_id', 'The game id');
export const teamIdOf = (request: FastifyRequest) => pathId(request, 'team_id', 'The team id');
export const eventIdOf = (request: FastifyRequest) => pathId(request, 'event_id', 'The event id');
export const personIdOf = (request: FastifyRequest) => pathId(request, 'id', 'The person id');
