import { type NATIONAL_RECORD_ORDERS, sortNationalRecords } from '../domain/national-statistics.js';
import { builder } from './builder.js';
import { COMPUTED, LENGTH, listCost } from './costs.js';

/** National players' career records of one selection in a chosen order (Query.nationalPlayerRecords). */
const NationalRecordOrderEnum = builder.enumType('NationalRecordOrder', {
  description: 'Column a national-player record list is ordered by; ties are ordered by name.',
  values: {
    NAME: { description: 'Last name, then first name, A to Z (ASC) or Z to A (DESC).' },
    GAMES: { description: 'International games played.' },
    GOALS: { description: 'Goals.' },
    ASSISTS: { description: 'Assists.' },
    POINTS: { description: 'Points: goals + assists.' },
    PENALTIES_2: { description: "2' penalties." },
    PENALTIES_5: { description: "5' penalties." },
    PENALTIES_10: { description: "10' misconduct penalties." },
    MATCH_PENALTIES: { description: 'Match penalties.' },
  } satisfies Record<(typeof NATIONAL_RECORD_ORDERS)[number], { description: string }>,
});

export const SortDirectionEnum = builder.enumType('SortDirection', {
  description: 'Which way a list runs; each list says which direction it takes when none is given.',
  values: {
    ASC: { description: 'Ascending: smallest first, A to Z, earliest first, the top of a ranking first.' },
    DESC: { description: 'Descending: largest first, Z to A, latest first, the bottom of a ranking first.' },
  },
});

/**
 * The most records `nationalPlayerRecords` answers: everyone who ever played for a selection is
 * some hundreds (the demo's have about 50), and the order is computed over all of them, so it is a
 * bound rather than pages; records past it in the order asked are left out.
 */
export const MAX_NATIONAL_RECORDS = 2_000;

builder.queryField('nationalPlayerRecords', (t) =>
  t.prismaField({
    type: ['NationalPlayerRecord'],
    description: `Career records in the selection of every player with at least \`minGames\` games, ordered by the column asked: at most ${MAX_NATIONAL_RECORDS.toLocaleString('en')}, the first in that order (a selection's whole history holds some hundreds).`,
    complexity: listCost(LENGTH.nationalRecords, COMPUTED.nationalRecords), // one row per player who played for the selection
    args: {
      selectionId: t.arg.int({ required: true, description: 'The selection, by its id.' }),
      orderBy: t.arg({ type: NationalRecordOrderEnum, defaultValue: 'POINTS', description: 'The column to order by; POINTS when not given.' }),
      direction: t.arg({ type: SortDirectionEnum, defaultValue: 'DESC', description: 'DESC (largest first) when not given.' }),
      minGames: t.arg.int({ defaultValue: 1, description: 'Only players with at least this many games in the selection; 1 when not given.' }),
    },
    resolve: async (query, _root, args, ctx) => {
      const where = { selectionId: args.selectionId, games: { gte: args.minGames ?? 1 } };
      // Points are computed and names live on the player, so the order is found first, then the selection loaded.
      const keys = await ctx.prisma.nationalPlayerRecord.findMany({
        where,
        select: {
          id: true,
          games: true,
          goals: true,
          assists: true,
          penalties2: true,
          penalties5: true,
          penalties10: true,
          matchPenalties: true,
          nationalPlayer: { select: { player: { select: { firstName: true, lastName: true } } } },
        },
      });
      const order = sortNationalRecords(
        keys.map((k) => ({ ...k, ...k.nationalPlayer.player })),
        args.orderBy ?? 'POINTS',
        args.direction ?? 'DESC',
      )
        .slice(0, MAX_NATIONAL_RECORDS)
        .map((k) => k.id);
      const records = await ctx.prisma.nationalPlayerRecord.findMany({ ...query, where: { id: { in: order } } });
      const byId = new Map(records.map((record) => [record.id, record]));
      return order.flatMap((id) => byId.get(id) ?? []);
    },
  }),
);
