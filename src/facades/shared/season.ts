import { graphql } from '../generated/gql.js';
import { notFound } from './errors.js';
import { facadeDocument, type FacadeDependencies } from './facade.js';

/** Parameters once an optional `season` is resolved to a season. */
export type WithSeason<P> = Omit<P, 'season'> & { season: number };

const CURRENT_SEASON_DOCUMENT = graphql(`query CurrentSeason { currentSeason { id } }`);

/** Resolves an optional `season` parameter to the current season (one query, only when absent). */
export function seasonResolver(deps: FacadeDependencies) {
  const run = facadeDocument(deps, CURRENT_SEASON_DOCUMENT);
  return async (season: number | undefined): Promise<number> => {
    if (season !== undefined) return season;
    const data = await run({});
    if (!data.currentSeason) throw notFound('No current season');
    return data.currentSeason.id;
  };
}
