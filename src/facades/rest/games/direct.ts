import type { ResultOf } from '@graphql-typed-document-node/core';
import { DECIDED_STATUSES } from '../../../domain/game-status.js';
import { graphql } from '../../generated/gql.js';
import { facadeDocument, type FacadeDependencies } from '../../shared/facade.js';
import { orNotFound } from '../../shared/found.js';
import { localeContext } from '../../shared/locale.js';
import { integer, paramsSchema, required, withDefault, type ParamsOf } from '../../shared/param-schema.js';
import { textIn, type RenderContext } from '../../shared/render-context.js';
import { parseParams } from '../../shared/route.js';
import { TEXTS } from '../../shared/texts.js';
import { headers, region, tableEnvelope } from '../../shared/table.js';
import { compactGameColumns, compactGameRow, nodes } from '../shared/game-row.js';

export const DIRECT_TEAMS_DOCUMENT = graphql(`
  query DirectTeams($id: Int!) { game(id: $id) { homeTeam { id } awayTeam { id } } }
`);

/** Decided games between the two teams, newest first (the last `amount` of them). */
export const DIRECT_GAMES_DOCUMENT = graphql(`
  query DirectGames($filter: GameFilter!, $amount: Int!) {
    games(filter: $filter, last: $amount) { edges { node { ...GameRow } } }
  }
`);

export type DirectTeamsData = ResultOf<typeof DIRECT_TEAMS_DOCUMENT>;
export type DirectGamesData = ResultOf<typeof DIRECT_GAMES_DOCUMENT>;

export const DEFAULT_DIRECT_AMOUNT = 10;

/** `mode=direct`: the head-to-head record of the two teams of a game. */
export const DIRECT_GAMES_QUERY = paramsSchema({
  game_id: required(integer({ min: 1 })),
  amount: withDefault(integer({ min: 1, max: 100 }), DEFAULT_DIRECT_AMOUNT),
});
export type DirectGamesParams = ParamsOf<typeof DIRECT_GAMES_QUERY>;

export function directGamesVariables(teams: DirectTeamsData, params: DirectGamesParams) {
  const game = orNotFound(teams.game, `No game ${params.game_id}`);
  return {
    // A game whose pairing is undecided has no head-to-head record: no team has the id -1.
    filter: { betweenTeams: [game.homeTeam?.id ?? -1, game.awayTeam?.id ?? -1], status: [...DECIDED_STATUSES] },
    amount: params.amount,
  };
}

export function reshapeDirectGames(data: DirectGamesData, params: DirectGamesParams, ctx: RenderContext) {
  const t = textIn(ctx);
  const games = nodes(data.games).sort((a, b) => b.startsAt.localeCompare(a.startsAt) || b.id - a.id);
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: { mode: 'direct', game_id: params.game_id, amount: params.amount, locale: localeContext(ctx.locale) },
    headers: headers(compactGameColumns('score'), ctx.locale),
    title: t(TEXTS.directGamesTitle),
    regions: [
      region(
        null,
        games.map((game) => compactGameRow(game, ctx)),
      ),
    ],
  });
}

export function directGamesMode(deps: FacadeDependencies) {
  const runTeams = facadeDocument(deps, DIRECT_TEAMS_DOCUMENT);
  const runGames = facadeDocument(deps, DIRECT_GAMES_DOCUMENT);
  return async (rawQuery: unknown, ctx: RenderContext) => {
    const params = parseParams(DIRECT_GAMES_QUERY, rawQuery);
    const teams = await runTeams({ id: params.game_id });
    return reshapeDirectGames(await runGames(directGamesVariables(teams, params)), params, ctx);
  };
}
