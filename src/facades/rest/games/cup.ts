import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../../generated/gql.js';
import { facadeDocument, type FacadeDependencies } from '../../shared/facade.js';
import { orNotFound } from '../../shared/found.js';
import { localeContext } from '../../shared/locale.js';
import { integer, oneOf, paramsSchema, required, type ParamsOf } from '../../shared/param-schema.js';
import type { RenderContext } from '../../shared/render-context.js';
import { parseParams } from '../../shared/route.js';
import { headers, region, tableEnvelope } from '../../shared/table.js';
import { compactGameColumns, compactGameRow } from '../shared/game-row.js';

export const CUP_DOCUMENT = graphql(`
  query CupRound($tournament: Int!) {
    cupTournament(id: $tournament) {
      name
      season { label }
      rounds { id number name games { bracketPosition ...GameRow } }
    }
  }
`);

export type CupData = ResultOf<typeof CUP_DOCUMENT>;
export type CupGame = NonNullable<CupData['cupTournament']>['rounds'][number]['games'][number];

/** `mode=cup`: one round of a cup tournament, as one side of the bracket (`round` is the round's id). */
export const CUP_QUERY = paramsSchema({
  tournament_id: required(integer({ min: 1 })),
  round: required(integer({ min: 1 })),
  side: required(oneOf(['left', 'right'])),
});
export type CupParams = ParamsOf<typeof CUP_QUERY>;

/**
 * Pure: games in bracket order. Left side: one region per pair of positions (2k-1, 2k) whose winners
 * meet in the next round; right side: one region with the same games in the same order.
 */
export function reshapeCup(data: CupData, params: CupParams, ctx: RenderContext) {
  const cup = orNotFound(data.cupTournament, `No cup tournament ${params.tournament_id}`);
  const round = orNotFound(
    cup.rounds.find((r) => r.id === params.round),
    `No round ${params.round} in cup tournament ${params.tournament_id}`,
  );
  const games = [...round.games].sort((a, b) => (a.bracketPosition ?? Number.MAX_SAFE_INTEGER) - (b.bracketPosition ?? Number.MAX_SAFE_INTEGER) || a.id - b.id);
  const toRow = (game: CupGame) => compactGameRow(game, ctx, { periods: true });
  const pairs: CupGame[][] = [];
  for (let i = 0; i < games.length; i += 2) pairs.push(games.slice(i, i + 2));
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: { mode: 'cup', tournament_id: params.tournament_id, round: params.round, side: params.side, locale: localeContext(ctx.locale) },
    headers: headers(compactGameColumns(), ctx.locale),
    title: cup.name,
    subtitle: `${round.name} ${cup.season.label}`,
    regions: params.side === 'left' ? pairs.map((pair) => region(null, pair.map(toRow))) : [region(null, games.map(toRow))],
  });
}

export function cupMode(deps: FacadeDependencies) {
  const run = facadeDocument(deps, CUP_DOCUMENT);
  return async (rawQuery: unknown, ctx: RenderContext) => {
    const params = parseParams(CUP_QUERY, rawQuery);
    return reshapeCup(await run({ tournament: params.tournament_id }), params, ctx);
  };
}
