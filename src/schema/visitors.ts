import { rankByVisitors, type VisitorsRank } from '../domain/visitors.js';
import { existing } from './batched.js';
import { builder } from './builder.js';
import { teamVisitorsCost } from './costs.js';
import { badUserInput } from './errors.js';
import { teamSeasonKey } from './loader-keys.js';
import { renamedTo, requiredRenamedArg } from './arg-names.js';

/** Teams of leagues ranked by the average spectators of their finished home games (Query.teamVisitors). */
const TeamVisitors = builder.objectRef<VisitorsRank>('TeamVisitors').implement({
  description: 'A team’s place in the visitors ranking of its leagues.',
  fields: (t) => ({
    rank: t.exposeInt('rank', { nullable: true, description: 'Null for teams without a finished home game with a spectator count (listed last).' }),
    team: t.prismaField({
      type: 'Team',
      description: 'The team.',
      resolve: (query, row, _args, ctx) => ctx.prisma.team.findUnique({ ...query, where: { id: row.teamId } }).then(existing('Team', row.teamId)),
    }),
    averageVisitors: t.exposeFloat('averageVisitors', {
      nullable: true,
      description: 'Mean spectators of the finished home games of the season (league and cup).',
    }),
    percentOfTop: t.exposeFloat('percentOfTop', { description: 'The average as a share of the best average, 0–100.' }),
  }),
});

builder.queryField('teamVisitors', (t) =>
  t.field({
    type: [TeamVisitors],
    description: 'Teams of a game class registered in the given leagues in the season, ranked by average visitors.',
    // Per league: ~16 ms at demo scale 10, then its teams' rows.
    complexity: (args) => teamVisitorsCost(Math.min(Math.max((args.leagueIds ?? []).length, (args.leagues ?? []).length), 20)),
    args: {
      season: t.arg.int({ required: true, description: 'The season, by its id (its first year: 2025 = 2025/26).' }),
      leagueIds: t.arg.intList({ description: 'One or more league ids (at most 20). Required (or its deprecated name `leagues`).' }),
      leagues: t.arg.intList({ description: 'The leagues, as `leagueIds`.', deprecationReason: renamedTo('leagueIds') }),
      gameClassId: t.arg.int({ description: 'The game class, by its id. Required (or its deprecated name `gameClass`).' }),
      gameClass: t.arg.int({ description: 'The game class, as `gameClassId`.', deprecationReason: renamedTo('gameClassId') }),
    },
    resolve: async (_root, args, ctx) => {
      const leagueIds = requiredRenamedArg<number[]>(args, 'leagueIds', 'leagues');
      const gameClassId = requiredRenamedArg<number>(args, 'gameClassId', 'gameClass');
      if (leagueIds.length === 0 || leagueIds.length > 20) {
        const name = args.leagueIds != null ? 'leagueIds' : 'leagues';
        throw badUserInput(`Argument "${name}" takes 1 to 20 league ids, got ${leagueIds.length}`);
      }
      const teams = await ctx.prisma.team.findMany({
        where: { gameClassId, registrations: { some: { group: { seasonId: args.season, leagueId: { in: leagueIds } } } } },
        select: { id: true },
      });
      const averages = await ctx.loaders.averageVisitorsByTeamSeason.loadMany(teams.map((team) => teamSeasonKey(team.id, args.season)));
      return rankByVisitors(
        teams.map((team, index) => {
          const average = averages[index];
          if (average instanceof Error) throw average;
          return { teamId: team.id, averageVisitors: average };
        }),
      );
    },
  }),
);
