// The GraphQL side of ordering lists of games (Pothos types); the Prisma side, `gamesOrderBy`, is in
// game-queries.ts, which the DataLoaders import and which therefore imports no Pothos type.
import { builder } from './builder.js';
import { SortDirectionEnum } from './national-statistics.js';

export const GameOrderEnum = builder.enumType('GameOrder', {
  description: 'What a list of games is ordered by; games starting at the same instant are ordered by id.',
  values: { START: { description: 'The start time: earliest first unless the direction is DESC.' } },
});

/** The ordering arguments of every list of games (`Query.games`, a group's, a team's home and away games). */
export const GAME_ORDER_ARGS = builder.args((t) => ({
  orderBy: t.field({ type: GameOrderEnum, defaultValue: 'START', description: 'What the games are ordered by; START when not given.' }),
  direction: t.field({ type: SortDirectionEnum, description: 'ASC (earliest first) unless given.' }),
}));
