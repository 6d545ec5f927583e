import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { oneOf, paramsSchema, type ParamsOf } from '../shared/param-schema.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { readsNoGameData } from '../shared/change-scope.js';
import { example, localized } from '../shared/route-doc.js';
import { dropdown, dropdownEntry } from '../shared/table.js';
import { TEXTS } from '../shared/texts.js';

/** `/seasons?format=dropdown`: one entry per season, newest first, the current one highlighted. */
export const SEASONS_DOCUMENT = graphql(`query Seasons { seasons { id label isCurrent } }`);

/** `dropdown` is the only format there is; `format` may be left out. */
export const SEASONS_QUERY = paramsSchema({ format: oneOf(['dropdown']) });
export type SeasonsParams = ParamsOf<typeof SEASONS_QUERY>;

export type SeasonsData = ResultOf<typeof SEASONS_DOCUMENT>;

/** Pure: clients read `set_in_context.season`, the spec names it `saison_id`: both are sent (WIRE.md §1). */
export function reshapeSeasons(data: SeasonsData, _params: SeasonsParams, ctx: RenderContext) {
  const entries = data.seasons.map((season) => dropdownEntry(season.label, { saison_id: season.id, season: season.id }, season.isCurrent));
  return dropdown(textIn(ctx)(TEXTS.season), '/seasons', 'Saison', entries);
}

export function seasonRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument(deps, SEASONS_DOCUMENT);
  facadeGet(
    app,
    deps,
    '/seasons',
    {
      querystring: SEASONS_QUERY,
      config: readsNoGameData,
      doc: {
        id: 'seasons',
        tag: 'Leagues',
        summary: 'Seasons',
        response: 'dropdown',
        examples: [example('dropdown', '/api/seasons?format=dropdown'), example('unknown format', '/api/seasons?format=xml', 400)],
        snapshot: () => [localized(1, '/api/seasons?format=dropdown')],
      },
    },
    async (params, ctx) => reshapeSeasons(await run({}), params, ctx),
  );
}
