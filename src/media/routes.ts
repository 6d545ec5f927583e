// Image routes for the relative /media/... urls stored on clubs, teams and players. An image is a
// pure function of the id in the path, so no database is read and responses cache for a day.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stateDiagram } from '../domain/state-diagram.js';
import { entityTagOf, notModified } from '../http/entity-tags.js';
import { declareServiceEndpoints } from '../http/interfaces.js';
import { clubLogoSvg, playerPortraitSvg, teamLogoSvg, teamPortraitSvg } from './images.js';
import { stateDiagramPng, stateDiagramSvg } from './state-diagram.js';

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

/** Where the back office's documentation shows the game state diagram (its `.png`), and the same as SVG beside it. */
export const STATE_DIAGRAM_PNG_PATH = '/images/doc/business/game/state_diagram.png';
export const STATE_DIAGRAM_SVG_PATH = '/images/doc/business/game/state_diagram.svg';

/** Drawn once, at start-up, from the domain's moves: it changes only with the service. */
function documentationImages(): Record<string, { type: string; body: Buffer | string; etag: string }> {
  const diagram = stateDiagram();
  const image = (type: string, body: Buffer | string) => ({ type, body, etag: entityTagOf(type, body) });
  return {
    [STATE_DIAGRAM_PNG_PATH]: image('image/png', stateDiagramPng(diagram)),
    [STATE_DIAGRAM_SVG_PATH]: image('image/svg+xml', stateDiagramSvg(diagram)),
  };
}

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (images) => {
    declareServiceEndpoints(images, { name: 'media', claims: '/images', openToPages: true });
    for (const [path, { type, body, etag }] of Object.entries(documentationImages())) {
      images.get(path, (request, reply) => {
        reply.header('Cache-Control', 'public, max-age=3600').header('ETag', etag);
        if (notModified(request.headers['if-none-match'], etag)) return reply.code(304).send();
        return reply.header('Content-Type', type).send(body);
      });
    }
  });
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
