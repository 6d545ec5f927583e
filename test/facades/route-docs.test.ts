import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedExamples } from '../../src/facades/openapi/examples.js';
import { documentableRoutesOf, collectRoutes, documentedRoutesOf, snapshotSourcesOf } from '../../src/facades/openapi/registry.js';
import { example, type ExampleIds, probe, type OperationDoc } from '../../src/facades/shared/route-doc.js';
import { outdatedRecordings, plannedExchanges } from '../../scripts/examples/recording.js';
import { BACK_OFFICE } from '../../src/facades/bo/interface.js';
import { MAIN_INTERFACE } from '../../src/facades/rest/interface.js';
import { registerErrorHandling } from '../../src/http/error-handling.js';
import { InterfaceTable } from '../../src/http/interface-policy.js';
import { declareInterface } from '../../src/http/interfaces.js';

/** How a route's declaration reaches the document, the recordings and the snapshot (no database). */

const IDS = {
  season: 2026,
  finished: 17,
  games: [17],
  team: 4,
  club: 2,
  otherClub: 3,
  player: 5,
  currentPlayer: 6,
  nationalPlayer: 7,
  cup: { tournament: 8, round: 9 },
  group: { id: 1, leagueId: 1, gameClassId: 11, name: 'Gruppe 1' },
  licenses: [1, 2],
} satisfies ExampleIds;

const TEAM_DOC: OperationDoc = {
  id: 'teamDetail',
  tag: 'Teams and clubs',
  summary: 'One team',
  response: 'attribute_list',
  examples: [example('a team', (ids) => `/api/teams/${ids.team}`), example('unknown team', '/api/teams/999999', 404)],
  snapshot: (ids) => [probe(1, `/api/teams/${ids.team}`)],
};

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An app whose routes the registry collects, with the interfaces declared that say which are documented. */
function appCollecting(): FastifyInstance {
  const collecting = Fastify();
  registerErrorHandling(collecting, new InterfaceTable(MAIN_INTERFACE));
  collectRoutes(collecting);
  return collecting;
}

async function appWith(register: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  app = appCollecting();
  await app.register(
    async (api) => {
      declareInterface(api, MAIN_INTERFACE);
      register(api);
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

const recordingOf = (doc: OperationDoc, ids: ExampleIds): RecordedExamples => {
  const planned = plannedExchanges({ method: 'GET', examples: doc.examples }, ids);
  const answered = (list: typeof planned.examples) => list.map((exchange) => ({ ...exchange, contentType: 'application/json', body: {} }));
  return { league: { seed: 7, scale: 0.1, now: '' }, routes: { [doc.id]: { examples: answered(planned.examples), errors: answered(planned.errors) } } };
};

describe('route docs', () => {
  it('are collected from the registered routes, with the error statuses their examples show', async () => {
    const served = await appWith((api) => {
      api.get('/teams/:team_id', { config: { doc: TEAM_DOC } }, async () => ({}));
      api.get('/teams/visitors', async () => ({}));
    });
    expect(documentedRoutesOf(served).map((route) => [route.method, route.url, route.id, route.errors])).toEqual([
      ['GET', '/api/teams/:team_id', 'teamDetail', [404]],
    ]);
    // A route under /api without a doc is listed bare, so that the OpenAPI test names it.
    expect(
      documentableRoutesOf(served)
        .filter((route) => route.doc === undefined)
        .map((route) => `${route.method} ${route.url}`),
    ).toEqual(['GET /api/teams/visitors']);
    expect(snapshotSourcesOf(served).map((source) => source.url)).toEqual(['/api/teams/:team_id']);
  });

  it("resolve their examples against the demo league's ids", () => {
    const planned = plannedExchanges({ method: 'GET', examples: TEAM_DOC.examples }, IDS);
    expect(planned.examples.map((exchange) => exchange.url)).toEqual(['/api/teams/4']);
    expect(planned.errors).toEqual([{ name: 'unknown team', method: 'GET', url: '/api/teams/999999', status: 404 }]);
  });

  it('name the route whose recorded examples are missing or outdated', () => {
    const route = { ...TEAM_DOC, method: 'GET' as const, url: '/api/teams/:team_id', errors: [404], interfaceName: 'api' };
    expect(outdatedRecordings([route], IDS, recordingOf(TEAM_DOC, IDS))).toEqual([]);
    // Another team sampled, a changed URL: the recording no longer matches the declaration.
    expect(outdatedRecordings([route], IDS, recordingOf(TEAM_DOC, { ...IDS, team: 5 }))).toEqual([
      'GET /api/teams/:team_id (teamDetail): not recorded: ["a team": 200 GET /api/teams/4], recorded but not declared: ["a team": 200 GET /api/teams/5]',
    ]);
    expect(outdatedRecordings([route], IDS, { league: { seed: 7, scale: 0.1, now: '' }, routes: {} })).toEqual([
      'GET /api/teams/:team_id (teamDetail): no examples recorded',
    ]);
    expect(outdatedRecordings([], IDS, recordingOf(TEAM_DOC, IDS))).toEqual(['teamDetail: recorded, but no route declares it']);
  });

  it('name the route whose recorded answers are no longer what it answers', () => {
    const route = { ...TEAM_DOC, method: 'GET' as const, url: '/api/teams/:team_id', errors: [404], interfaceName: 'api' };
    const recorded = recordingOf(TEAM_DOC, IDS);
    // Recorded again, the same answers: up to date.
    const answered = structuredClone(recorded.routes);
    expect(outdatedRecordings([route], IDS, recorded, answered)).toEqual([]);
    // The same requests, other answers: stale, and said where.
    answered.teamDetail.examples[0].body = { data: { title: 'Team 4', rows: [1, 2] } };
    answered.teamDetail.errors[0].status = 400;
    expect(outdatedRecordings([route], IDS, recorded, answered)).toEqual([
      'GET /api/teams/:team_id (teamDetail): the answer to "a team" changed: data is {"title":"Team 4","rows":[1,2]}, recorded absent; the answer to "unknown team" changed: status 400, recorded 404',
    ]);
    recorded.routes.teamDetail.examples[0].body = { data: { title: 'Team 4', rows: [1] } };
    expect(outdatedRecordings([route], IDS, recorded, answered)[0]).toContain('the answer to "a team" changed: data.rows has 2 items, recorded 1');
  });

  it('are collected under /bo for GET, POST, PUT and DELETE, and nowhere else for PUT and DELETE', async () => {
    const WRITE_DOC: OperationDoc = {
      id: 'boWrite',
      tag: 'Back office (/bo)',
      summary: 'A write',
      response: 'bo_event',
      writes: true,
      examples: [example('no token', '/bo/games/1/events', 401)],
    };
    app = appCollecting();
    await app.register(
      async (bo) => {
        declareInterface(bo, BACK_OFFICE);
        bo.put('/games/:game_id/events', { config: { doc: WRITE_DOC } }, async () => ({}));
        bo.delete('/games/:game_id/events/:event_id', async () => ({}));
      },
      { prefix: '/bo' },
    );
    await app.register(
      async (api) => {
        declareInterface(api, MAIN_INTERFACE);
        api.put('/teams/:team_id', async () => ({}));
      },
      { prefix: '/api' },
    );
    await app.ready();
    expect(documentedRoutesOf(app).map((route) => [route.method, route.url, route.id, route.errors])).toEqual([
      ['PUT', '/bo/games/:game_id/events', 'boWrite', [401]],
    ]);
    // The undocumented DELETE is listed bare, for the OpenAPI test to name; a PUT under /api is no route of the document.
    expect(documentableRoutesOf(app).map((route) => `${route.method} ${route.url}`)).toEqual([
      'PUT /bo/games/:game_id/events',
      'DELETE /bo/games/:game_id/events/:event_id',
    ]);
  });

  it('count a route served under several methods once for the snapshot', async () => {
    const served = await appWith((api) => {
      api.route({ method: ['GET', 'POST'], url: '/legacy', config: { doc: { snapshot: () => [probe(1, '/api/legacy')] } }, handler: async () => ({}) });
    });
    expect(snapshotSourcesOf(served).map((source) => source.url)).toEqual(['/api/legacy']);
  });
});
