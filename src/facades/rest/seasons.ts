import type { FastifyInstance } from 'fastify';
import { facadeDocument, requestInfo, type FacadeDependencies } from '../shared/facade.js';
import { translate, type Locale } from '../shared/locale.js';
import { TEXTS } from '../shared/texts.js';
import { optionalEnum } from '../shared/params.js';
import { dropdown, dropdownEntry } from '../shared/table.js';

/** `/seasons?format=dropdown`: one entry per season, newest first, the current one highlighted. */
export const SEASONS_DOCUMENT = /* GraphQL */ `query Seasons { seasons { id label isCurrent } }`;

export interface SeasonsData {
  seasons: { id: number; label: string; isCurrent: boolean }[];
}

/** Pure: clients read `set_in_context.season`, the spec names it `saison_id`: both are sent (WIRE.md §1). */
export function reshapeSeasons(data: SeasonsData, locale: Locale) {
  const entries = data.seasons.map((season) => dropdownEntry(season.label, { saison_id: season.id, season: season.id }, season.isCurrent));
  return dropdown(translate(TEXTS.season, locale), '/seasons', 'Saison', entries);
}

/** The only format there is; `format` may be left out. */
const FORMATS = ['dropdown'] as const;

export function seasonRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument<SeasonsData>(deps, SEASONS_DOCUMENT);
  app.get('/seasons', async (request) => {
    const info = requestInfo(deps, request);
    optionalEnum(info.query, 'format', FORMATS);
    return reshapeSeasons(await run({}), info.locale);
  });
}
