import DataLoader from 'dataloader';
import type { Clock } from '../clock.js';
import type { PrismaClient } from '../db/database.js';
import type { GameClass, League, ResultProtest } from '../generated/prisma/client.js';
import { PLAYED_STATUSES, VISITORS_COUNTED_STATUSES } from '../domain/game-status.js';
import { rankScorers } from '../domain/top-scorers.js';
import { seasonOfGame } from '../domain/season.js';
import type { StandingRow } from '../domain/standings.js';
import { averageVisitors } from '../domain/visitors.js';
import { nextGameIds, type FavoriteRecord } from '../sessions/next-games.js';
import { GAME_SEASON_SELECT, gamesInSeasons } from './game-queries.js';
import { splitKey } from './loader-keys.js';
import { selectionKey, type StandingsSelection, standingsOfGroups, TODAYS_TABLE } from './standings-queries.js';
import { createRecordLoaders, type RecordLoaders } from './record-loaders.js';
import { createStatisticsLoaders, type StatisticsLoaders } from './statistics-loaders.js';

/** Batches computed data across one request, so nested selections cost one query per kind, not per row. */
export interface Loaders extends StatisticsLoaders {
  /** Today's table of each group. */
  standingsByGroup: DataLoader<number, StandingRow[]>;
  /** One loader per table asked for (as of a day, up to a round): groups asking the same table are batched. */
  standingsAt(selection: StandingsSelection): DataLoader<number, StandingRow[]>;
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

export interface Competition {
  league: League;
  gameClass: GameClass;
}

export function createLoaders(prisma: PrismaClient, clock: Clock): Loaders {
  const nextGameLoaders = new Map<number, DataLoader<FavoriteRecord, number | null, number>>();
  const standingsByGroup = new DataLoader((groupIds: readonly number[]) => standingsOfGroups(prisma, clock, groupIds, TODAYS_TABLE));
  const standingsLoaders = new Map<string, DataLoader<number, StandingRow[]>>();
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
    standingsByGroup,
    standingsAt: (selection) => {
      const key = selectionKey(selection);
      if (key === selectionKey(TODAYS_TABLE)) return standingsByGroup;
      let loader = standingsLoaders.get(key);
      if (!loader) {
        loader = new DataLoader((groupIds) => standingsOfGroups(prisma, clock, groupIds, selection));
        standingsLoaders.set(key, loader);
      }
      return loader;
    },
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
  return { ...loaders, ...createStatisticsLoaders(prisma, standingsByGroup) };
}
