// Image routes for the relative /media/... urls stored on clubs, teams and players. An image is a
// pure function of the id in the path, so no database is read and responses cache for a day.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { declareServiceEndpoints } from '../http/interfaces.js';
import { clubLogoSvg, playerPortraitSvg, teamLogoSvg, teamPortraitSvg } from './images.js';

const CACHE_CONTROL = 'public, max-age=86400';
const INT4_MAX = 2_147_483_647;

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

function parseId(raw: string): number | undefined {
  if (!/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= INT4_MAX ? id : undefined;
}

/** The error envelope every client of this service understands. */
function badRequest(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(400).send({ type: 'Error', message, object: 'error', data: { message, code: 400 } });
}

function imageRoute(render: (id: number) => string) {
  return async (request: IdRequest, reply: FastifyReply) => {
    const id = parseId(request.params.id);
    if (id === undefined) return badRequest(reply, `Invalid id "${request.params.id}": expected a positive integer`);
    return reply.header('Content-Type', 'image/svg+xml').header('Cache-Control', CACHE_CONTROL).send(render(id));
  };
}

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  declareServiceEndpoints(app, { name: 'media', claims: '/media', openToPages: true });
  app.get(
    '/media/clubs/:id/logo.svg',
    imageRoute((id) => clubLogoSvg(id)),
  );
  app.get(
    '/media/teams/:id/logo.svg',
    imageRoute((id) => teamLogoSvg(id)),
  );
  app.get('/media/teams/:id/portrait.svg', imageRoute(teamPortraitSvg));
  app.get('/media/players/:id/portrait.svg', imageRoute(playerPortraitSvg));
}
