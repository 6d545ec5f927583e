// A game's report as officials see it (the back office's `set=game_report`): the facts of
// src/domain/game-report.ts on each game, and the games a key may report. Who may report which
// game is src/domain/access.ts.
import { assertMayWriteGame, reportableGames } from '../domain/access.js';
import { NotFoundError } from '../domain/errors.js';
import { assertPaired } from '../domain/pairing.js';
import { gameFormat, phasesOf } from '../domain/game-format.js';
import { type ReportFacts, reportFacts, sheetTopScorers } from '../domain/game-report.js';
import type { Prisma } from '../generated/prisma/client.js';
import { builder } from './builder.js';
import { groupPlayerKey } from './loader-keys.js';
import { badUserInput } from './errors.js';

const FORMAT_SELECT = {
  group: { select: { periods: true, periodMinutes: true, overtimeMinutes: true, penaltyShootout: true, drawAllowed: true, forfeitGoals: true } },
} as const;

type GameReportFacts = ReportFacts & { phases: string[] };

const GameReport = builder.objectRef<GameReportFacts>('GameReport').implement({
  description: "A game report's facts beside its events and sheets, as the back office shows them.",
  fields: (t) => ({
    phases: t.exposeStringList('phases', { description: 'The phases the game may go through: third1 … thirdN, prolongation, penalty_shootout.' }),
    totalSecondsPlayed: t.exposeInt('totalSecondsPlayed', {
      description: "Seconds of play: a reported result's, else the latest second the clock or an event reached.",
    }),
    playerInspectionOrdered: t.exposeBoolean('playerInspectionOrdered', {
      description: 'Whether a player inspection is on record (done or skipped): the service keeps no orders of inspections.',
    }),
    startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true, description: 'When the desk last started the game, by the wall clock.' }),
    finishedAt: t.expose('finishedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the desk ended play (final whistle, result, forfeit, abort), by the wall clock; null while play goes on.',
    }),
    overtimePlayed: t.exposeBoolean('overtimePlayed', { description: 'Overtime was played: the game went past its regular periods.' }),
    penaltyShootoutPlayed: t.exposeBoolean('penaltyShootoutPlayed', { description: 'Penalty shots decided the game, or play ended tied before them.' }),
  }),
});

builder.prismaObjectFields('Game', (t) => ({
  report: t.field({
    type: GameReport,
    description: "The report's facts: phases, seconds played, start and finish by the wall clock, overtime and shootout played.",
    select: {
      status: true,
      decidedBy: true,
      secondsPlayed: true,
      clockSecond: true,
      clockPeriod: true,
      ...FORMAT_SELECT,
      events: { select: { type: true, second: true, period: true } },
      transitions: { select: { kind: true, at: true }, orderBy: { number: 'asc' } },
    },
    resolve: (game) => {
      const format = gameFormat(game.group);
      return {
        ...reportFacts({
          status: game.status,
          decidedBy: game.decidedBy,
          format,
          secondsPlayed: game.secondsPlayed,
          clockSecond: game.clockSecond,
          clockPeriod: game.clockPeriod,
          events: game.events,
          transitions: game.transitions,
        }),
        phases: phasesOf(format),
      };
    },
  }),
  topScorerPlayerIds: t.intList({
    description:
      "Each sheet's top scorer: the players of a team's sheet with the most points in the game's league this season (ties all; none without points).",
    select: { groupId: true, lineup: { select: { playerId: true, teamId: true } } },
    resolve: async (game, _args, ctx) => {
      const { groupId } = game;
      if (groupId === null || game.lineup.length === 0) return [];
      const loader = ctx.loaders.competitionPointsByGroupPlayer;
      const points = await Promise.all(game.lineup.map((line) => loader.load(groupPlayerKey(groupId, line.playerId))));
      const byPlayer = new Map(game.lineup.map((line, index) => [line.playerId, points[index]]));
      return [...sheetTopScorers(game.lineup, byPlayer)];
    },
  }),
}));

/** How far ahead a key's list of games to report reaches by default, and how far back. */
const REPORTABLE_AHEAD_MS = 14 * 24 * 3600_000;
const REPORTABLE_BEHIND_MS = 24 * 3600_000;
const MAX_REPORTABLE_GAMES = 200;

builder.queryFields((t) => ({
  reportableGame: t.prismaField({
    type: 'Game',
    description: "One game the caller's key may report: NOT_FOUND when there is none, FORBIDDEN when the key may not report it. Needs a games:write key.",
    args: { id: t.arg.int({ required: true, description: 'The game, by its id.' }) },
    resolve: async (query, _root, args, ctx) => {
      const credential = ctx.access.credential('Reporting a game');
      const home = await ctx.prisma.game.findUnique({
        where: { id: args.id },
        select: { homeTeamId: true, awayTeamId: true, homeTeam: { select: { clubId: true } } },
      });
      if (!home) throw new NotFoundError(`No game ${args.id}`);
      assertPaired({ id: args.id, ...home }, 'reported');
      assertMayWriteGame(credential, { id: args.id, homeClubId: home.homeTeam?.clubId ?? -1 });
      return ctx.prisma.game.findUniqueOrThrow({ ...query, where: { id: args.id } });
    },
  }),
  reportableGames: t.prismaField({
    type: ['Game'],
    description: `The games the caller's key may report (an event's games, a club's home games, or every game for a federation key) that are live or start between \`from\` (default: a day ago) and \`to\` (default: 14 days ahead); by start, at most ${MAX_REPORTABLE_GAMES}. Needs a games:write key.`,
    args: {
      from: t.arg({ type: 'DateTime', description: 'Games starting at or after this instant; a day before now when not given.' }),
      to: t.arg({ type: 'DateTime', description: 'Games starting at or before this instant; 14 days after now when not given. Not before `from`.' }),
    },
    resolve: (query, _root, args, ctx) => {
      const reportable = reportableGames(ctx.access.credential('Listing the games to report'));
      const now = ctx.clock.now().getTime();
      const from = args.from ?? new Date(now - REPORTABLE_BEHIND_MS);
      const to = args.to ?? new Date(now + REPORTABLE_AHEAD_MS);
      if (from.getTime() > to.getTime()) throw badUserInput('`from` must not be after `to`');
      const whose: Prisma.GameWhereInput =
        reportable.kind === 'games'
          ? { id: { in: [...reportable.gameIds] } }
          : reportable.kind === 'homeClub'
            ? { homeTeam: { clubId: reportable.clubId } }
            : {};
      return ctx.prisma.game.findMany({
        ...query,
        where: { AND: [whose, { OR: [{ status: 'LIVE' }, { startsAt: { gte: from, lte: to } }] }] },
        orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
        take: MAX_REPORTABLE_GAMES,
      });
    },
  }),
}));
