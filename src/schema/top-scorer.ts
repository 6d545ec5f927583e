import { rankingHeadNeeded, type ScorerRow, sortScorers, type TOP_SCORER_ORDERS } from '../domain/top-scorers.js';
import { builder, MAX_PAGE_SIZE } from './builder.js';
import { COMPUTED, listCost } from './costs.js';
import { rankedScorersOf } from './game-goals.js';
import { badUserInput } from './errors.js';
import { SortDirectionEnum } from './national-statistics.js';
import { GroupPhaseEnum } from './scalars.js';
import { renamedTo, requiredRenamedArg } from './arg-names.js';

const TopScorerOrderEnum = builder.enumType('TopScorerOrder', {
  description: "What a top-scorer list is ordered by; players equal in it keep the league's ranking (then player id).",
  values: {
    RANK: { description: "The league's ranking: points, then goals. From the top unless DESC." },
    POINTS: { description: 'Points (goals + assists); most first unless ASC.' },
    GOALS: { description: 'Goals; most first unless ASC.' },
    ASSISTS: { description: 'Assists; most first unless ASC.' },
  } satisfies Record<(typeof TOP_SCORER_ORDERS)[number], { description: string }>,
});

const TopScorer = builder.objectRef<ScorerRow>('TopScorer').implement({
  description: 'A player ranked by points (goals + assists) from goal events.',
  fields: (t) => ({
    rank: t.exposeInt('rank', { description: "The place in the league's ranking, from 1; players equal in it share a rank." }),
    goals: t.exposeInt('goals', { description: 'Goals scored (own goals count for nobody).' }),
    assists: t.exposeInt('assists', { description: 'Assists.' }),
    points: t.exposeInt('points', { description: 'Goals + assists.' }),
    player: t.prismaField({
      type: 'Player',
      description: 'The player.',
      resolve: (query, row, _args, ctx) => ctx.prisma.player.findUniqueOrThrow({ ...query, where: { id: row.playerId } }),
    }),
    team: t.prismaField({
      type: 'Team',
      nullable: true,
      description: "A team the player's points were scored for (after a change of team, one of them); null when the events name none.",
      resolve: (query, row, _args, ctx) => (row.teamId === null ? null : ctx.prisma.team.findUnique({ ...query, where: { id: row.teamId } })),
    }),
  }),
});

builder.queryFields((t) => ({
  topScorers: t.field({
    type: [TopScorer],
    description: 'Top scorers of a league and game class in a season; `first` ranks at most (≤ 100), all ranks when omitted with `all: true`.',
    // ~11 ms for a whole table at demo scale 10, then the rows asked for.
    complexity: (args) => listCost(args.all ? MAX_PAGE_SIZE : Math.min(Math.max(args.first ?? 20, 0), MAX_PAGE_SIZE), COMPUTED.topScorers),
    args: {
      season: t.arg.int({ required: true, description: 'The season, by its id (its first year: 2025 = 2025/26).' }),
      leagueId: t.arg.int({ description: 'The league, by its id. Required (or its deprecated name `league`).' }),
      league: t.arg.int({ description: 'The league, as `leagueId`.', deprecationReason: renamedTo('leagueId') }),
      gameClassId: t.arg.int({ description: 'The game class, by its id. Required (or its deprecated name `gameClass`).' }),
      gameClass: t.arg.int({ description: 'The game class, as `gameClassId`.', deprecationReason: renamedTo('gameClassId') }),
      phase: t.arg({ type: GroupPhaseEnum, description: 'Only games of groups in this phase.' }),
      phases: t.arg({
        type: [GroupPhaseEnum],
        description: 'Only games of groups in these phases (e.g. PLAYOFF, SUPERFINAL and PLAYOUT for the final round); adds to `phase`.',
      }),
      clubId: t.arg.int({ description: 'Only players whose goals and assists were for a team of this club.' }),
      first: t.arg.int({ defaultValue: 20, description: `How many rows, 0–${MAX_PAGE_SIZE}; 20 when not given.` }),
      all: t.arg.boolean({ defaultValue: false, description: 'Every ranked player (ignores first).' }),
      orderBy: t.arg({
        type: TopScorerOrderEnum,
        defaultValue: 'RANK',
        description: 'The order of the list; `first` takes the first rows of it. `rank` stays the league ranking.',
      }),
      direction: t.arg({ type: SortDirectionEnum, description: 'Unless given: the ranking from the top, numbers largest first.' }),
    },
    resolve: async (_root, args, ctx) => {
      const first = args.first ?? 20;
      if (first < 0 || first > MAX_PAGE_SIZE) {
        throw badUserInput(`Argument "first" must be from 0 to ${MAX_PAGE_SIZE}, got ${first}`);
      }
      const leagueId = requiredRenamedArg<number>(args, 'leagueId', 'league');
      const gameClassId = requiredRenamedArg<number>(args, 'gameClassId', 'gameClass');
      const phases = [...(args.phases ?? []), ...(args.phase ? [args.phase] : [])];
      const ranked = await rankedScorersOf(
        ctx,
        { group: { seasonId: args.season, leagueId, gameClassId, phase: phases.length ? { in: phases } : undefined } },
        args.clubId,
        rankingHeadNeeded(args.orderBy ?? 'RANK', args.direction, first, args.all ?? false),
      );
      const ordered = sortScorers(ranked, args.orderBy ?? 'RANK', args.direction);
      return args.all ? ordered : ordered.slice(0, first);
    },
  }),
}));
