import DataLoader from 'dataloader';
import { type Clock, nowUntil } from '../clock.js';
import type { PrismaClient } from '../db/database.js';
import type { GameClass, League, ResultProtest } from '../generated/prisma/client.js';
import { DECIDED_STATUSES, PLAYED_STATUSES, VISITORS_COUNTED_STATUSES } from '../domain/game-status.js';
import { resultsCountBefore } from '../domain/result-authority.js';
import {
  DEFAULT_PROTEST_WINDOW_HOURS,
  DEFAULT_RESULT_COUNTING,
  type ResultCounting,
  resultChangesAt,
  resultCounts,
  type ResultState,
  resultStateAt,
} from '../domain/result-life.js';
import { rankScorers } from '../domain/top-scorers.js';
import { seasonOfGame } from '../domain/season.js';
import { computeStandings, type StandingRow } from '../domain/standings.js';
import { averageVisitors } from '../domain/visitors.js';
import { pairedGames } from '../domain/pairing.js';
import { nextGameIds, type FavoriteRecord } from '../sessions/next-games.js';
import { GAME_SEASON_SELECT, gamesInSeasons } from './game-queries.js';
import { splitKey } from './loader-keys.js';
import { createRecordLoaders, type RecordLoaders } from './record-loaders.js';
import { createStatisticsLoaders, type StatisticsLoaders } from './statistics-loaders.js';

/** Batches computed data across one request, so nested selections cost one query per kind, not per row. */
export interface Loaders extends StatisticsLoaders {
  standingsByGroup: DataLoader<number, StandingRow[]>;
  /** Start of a round's first game; null for a round without games. */
  roundStartById: DataLoader<number, Date | null>;
  /** Per teamSeasonKey: the team's visitors average in the season (src/domain/visitors.ts). */
  averageVisitorsByTeamSeason: DataLoader<string, number | null>;
  /** Each league and game class with a group in the season, once, by league then class id. */
  competitionsBySeason: DataLoader<number, Competition[]>;
  /** Per groupPlayerKey: the player's points (goals and assists) in the group's league, game class and season. */
  competitionPointsByGroupPlayer: DataLoader<string, number>;
  /** One loader per `from` instant: favorites' next games are batched per starting point. */
  nextGameByFavorite(from: Date): DataLoader<FavoriteRecord, number | null, number>;
  /** Records by id for the rows the loaders compute, one statement per kind and selection. */
  records: RecordLoaders;
  /** A game's protests against its result, in the order filed (src/domain/result-life.ts). */
  protestsByGame: DataLoader<number, ResultProtest[]>;
}

interface LivedResult {
  resultState: ResultState | null;
  resultProvisionalSince: Date | null;
  resultConfirmedAt: Date | null;
  group: { resultCounting: ResultCounting; protestWindowHours: number } | null;
}

const storedResultOf = (game: LivedResult) => ({ state: game.resultState, provisionalSince: game.resultProvisionalSince, confirmedAt: game.resultConfirmedAt });

/** The results a group's rule counts at `now` (resultCounts). */
function countedResults<G extends LivedResult>(games: G[], now: Date): G[] {
  return games.filter((game) => {
    const windowHours = game.group?.protestWindowHours ?? DEFAULT_PROTEST_WINDOW_HOURS;
    const state = resultStateAt(storedResultOf(game), now, windowHours)?.state ?? null;
    return resultCounts(state, game.group?.resultCounting ?? DEFAULT_RESULT_COUNTING);
  });
}

/** The first moment after `now` a result of a group that counts confirmed ones only changes by itself. */
function firstResultChange(games: LivedResult[], now: Date): number | undefined {
  const moments = games
    .filter((game) => game.group?.resultCounting === 'CONFIRMED_ONLY')
    .map((game) => resultChangesAt(storedResultOf(game), now, game.group?.protestWindowHours ?? DEFAULT_PROTEST_WINDOW_HOURS)?.getTime())
    .filter((moment): moment is number => moment !== undefined);
  return moments.length === 0 ? undefined : Math.min(...moments);
}

export interface Competition {
  league: League;
  gameClass: GameClass;
}

export function createLoaders(prisma: PrismaClient, clock: Clock): Loaders {
  const nextGameLoaders = new Map<number, DataLoader<FavoriteRecord, number | null, number>>();
  const loaders: Omit<Loaders, keyof StatisticsLoaders> = {
    records: createRecordLoaders(prisma),
    nextGameByFavorite: (from) => {
      let loader = nextGameLoaders.get(from.getTime());
      if (!loader) {
        loader = new DataLoader(
          async (favorites) => {
            const next = await nextGameIds(prisma, favorites, from);
            return favorites.map((f) => next.get(f.id) ?? null);
          },
          { cacheKeyFn: (favorite) => favorite.id },
        );
        nextGameLoaders.set(from.getTime(), loader);
      }
      return loader;
    },
    protestsByGame: new DataLoader(async (gameIds) => {
      const protests = await prisma.resultProtest.findMany({ where: { gameId: { in: [...gameIds] } }, orderBy: [{ at: 'asc' }, { id: 'asc' }] });
      return gameIds.map((gameId) => protests.filter((protest) => protest.gameId === gameId));
    }),
    roundStartById: new DataLoader(async (roundIds) => {
      const starts = await prisma.game.groupBy({ by: ['roundId'], where: { roundId: { in: [...roundIds] } }, _min: { startsAt: true } });
      const byRound = new Map(starts.map((s) => [s.roundId, s._min.startsAt]));
      return roundIds.map((id) => byRound.get(id) ?? null);
    }),
    standingsByGroup: new DataLoader(async (groupIds) => {
      const [registrations, games] = await Promise.all([
        prisma.teamRegistration.findMany({ where: { groupId: { in: [...groupIds] } }, select: { groupId: true, teamId: true } }),
        prisma.game.findMany({
          // A result counts from its game's day on: a forfeit declared ahead of time changes no table before then.
          where: {
            groupId: { in: [...groupIds] },
            status: { in: [...DECIDED_STATUSES] },
            startsAt: { lt: resultsCountBefore(nowUntil(clock, resultsCountBefore)) },
          },
          select: {
            groupId: true,
            homeTeamId: true,
            awayTeamId: true,
            status: true,
            homeScore: true,
            awayScore: true,
            decidedBy: true,
            resultState: true,
            resultProvisionalSince: true,
            resultConfirmedAt: true,
            group: { select: { resultCounting: true, protestWindowHours: true } },
          },
        }),
      ]);
      // Where a group counts confirmed results only, a provisional one joins the table when its
      // window closes: the answer is kept no longer than the first such moment.
      const counted = countedResults(
        games,
        nowUntil(clock, (now) => firstResultChange(games, now)),
      );
      return groupIds.map((groupId) =>
        computeStandings(
          registrations.filter((r) => r.groupId === groupId).map((r) => r.teamId),
          pairedGames(counted.filter((g) => g.groupId === groupId)),
        ),
      );
    }),
    // Grouped in the database: a season has many groups but few competitions.
    competitionsBySeason: new DataLoader(async (seasonIds) => {
      const triples = await prisma.leagueGroup.groupBy({
        by: ['seasonId', 'leagueId', 'gameClassId'],
        where: { seasonId: { in: [...seasonIds] } },
        orderBy: [{ leagueId: 'asc' }, { gameClassId: 'asc' }],
      });
      const [leagues, gameClasses] = await Promise.all([
        prisma.league.findMany({ where: { id: { in: [...new Set(triples.map((t) => t.leagueId))] } } }),
        prisma.gameClass.findMany({ where: { id: { in: [...new Set(triples.map((t) => t.gameClassId))] } } }),
      ]);
      const leagueById = new Map(leagues.map((league) => [league.id, league]));
      const gameClassById = new Map(gameClasses.map((gameClass) => [gameClass.id, gameClass]));
      return seasonIds.map((seasonId) =>
        triples
          .filter((t) => t.seasonId === seasonId)
          .flatMap((t) => {
            const league = leagueById.get(t.leagueId);
            const gameClass = gameClassById.get(t.gameClassId);
            return league && gameClass ? [{ league, gameClass }] : [];
          }),
      );
    }),
    // Two statements for any number of games and sheets: the groups' competitions, then the players' goals in them.
    competitionPointsByGroupPlayer: new DataLoader(async (keys) => {
      const pairs = keys.map(splitKey);
      const groups = await prisma.leagueGroup.findMany({
        where: { id: { in: [...new Set(pairs.map(([groupId]) => groupId))] } },
        select: { id: true, seasonId: true, leagueId: true, gameClassId: true },
      });
      const competitionOf = new Map(groups.map((group) => [group.id, `${group.seasonId}:${group.leagueId}:${group.gameClassId}`]));
      const playerIds = [...new Set(pairs.map(([, playerId]) => playerId))];
      const goals = await prisma.gameEvent.findMany({
        where: {
          type: 'GOAL',
          OR: [{ playerId: { in: playerIds } }, { assistId: { in: playerIds } }],
          game: { status: { in: [...PLAYED_STATUSES] }, group: { seasonId: { in: [...new Set(groups.map((group) => group.seasonId))] } } },
        },
        select: {
          type: true,
          playerId: true,
          assistId: true,
          teamId: true,
          game: { select: { group: { select: { seasonId: true, leagueId: true, gameClassId: true } } } },
        },
      });
      const competitionOfGoal = (group: { seasonId: number; leagueId: number; gameClassId: number } | null) =>
        group ? `${group.seasonId}:${group.leagueId}:${group.gameClassId}` : null;
      const pointsByCompetition = new Map<string, Map<number, number>>();
      for (const competition of new Set(competitionOf.values())) {
        const inCompetition = goals.filter((goal) => competitionOfGoal(goal.game.group) === competition);
        pointsByCompetition.set(competition, new Map(rankScorers(inCompetition).map((row) => [row.playerId, row.points])));
      }
      return pairs.map(([groupId, playerId]) => pointsByCompetition.get(competitionOf.get(groupId) ?? '')?.get(playerId) ?? 0);
    }),
    averageVisitorsByTeamSeason: new DataLoader(async (keys) => {
      const pairs = keys.map(splitKey);
      // Narrowed to the statuses that can count; which home games count is the domain's to decide.
      const homeGames = await prisma.game.findMany({
        where: {
          homeTeamId: { in: [...new Set(pairs.map(([teamId]) => teamId))] },
          status: { in: [...VISITORS_COUNTED_STATUSES] },
          ...gamesInSeasons([...new Set(pairs.map(([, seasonId]) => seasonId))]),
        },
        select: { homeTeamId: true, status: true, spectators: true, ...GAME_SEASON_SELECT },
      });
      return pairs.map(([teamId, seasonId]) => averageVisitors(homeGames.filter((game) => game.homeTeamId === teamId && seasonOfGame(game) === seasonId)));
    }),
  };
  return { ...loaders, ...createStatisticsLoaders(prisma, loaders.standingsByGroup) };
}
