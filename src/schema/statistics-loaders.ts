import DataLoader from 'dataloader';
import type { PrismaClient } from '../db/database.js';
import type { Prisma } from '../generated/prisma/client.js';
import { isPlayed, PLAYED_STATUSES } from '../domain/game-status.js';
import { KNOCKOUT_PHASES } from '../domain/groups.js';
import { emptyTally, playerGameLines, tallyBy, type PlayerGameLine, type Tally } from '../domain/player-statistics.js';
import { seasonOfGame } from '../domain/season.js';
import type { StandingRow } from '../domain/standings.js';
import { teamSeasonRecords, type KnockoutGame, type TeamSeasonRecord } from '../domain/team-records.js';
import { pairedGames } from '../domain/pairing.js';
import { gamesInSeasons } from './game-queries.js';
import { memberKey, splitKey } from './loader-keys.js';

/**
 * Batches for the statistics computed from lineups and events: each loader costs a fixed number of
 * statements per request, however many players, teams or seasons a document asks for.
 */
export interface StatisticsLoaders {
  /** Per player: totals per season, competition and team. */
  competitionStatisticsByPlayer: DataLoader<number, CompetitionStatistics[]>;
  /** Per `team:season:player` key: the member's totals for that team in that season. */
  memberTotals: DataLoader<string, Tally>;
  /** Per `player:season` key: the games of the player's teams and the other games the player played. */
  seasonGamesByPlayer: DataLoader<string, PlayerSeasonGame[]>;
  /** Per team: its achievements, newest season first. */
  seasonRecordsByTeam: DataLoader<number, TeamSeasonRecord[]>;
}

export interface CompetitionStatistics extends Tally {
  playerId: number;
  seasonId: number;
  teamId: number;
  gameClassId: number;
  /** Null for cup games. */
  leagueId: number | null;
  /** Set for cup games. */
  tournamentId: number | null;
}

export interface PlayerSeasonGame extends Tally {
  playerId: number;
  gameId: number;
  teamId: number | null;
  played: boolean;
}

const GAME_CONTEXT = {
  select: {
    id: true,
    group: { select: { seasonId: true, leagueId: true, gameClassId: true } },
    cupRound: { select: { tournament: { select: { id: true, seasonId: true, gameClassId: true } } } },
  },
} satisfies Prisma.GameDefaultArgs;

type GameContext = Prisma.GameGetPayload<typeof GAME_CONTEXT>;

const STATISTICS_EVENT = {
  gameId: true,
  type: true,
  teamId: true,
  playerId: true,
  assistId: true,
  penaltyKind: true,
  penaltyRole: true,
  game: GAME_CONTEXT,
} as const;
const COUNTED_EVENTS: Prisma.GameEventWhereInput['type'] = { in: ['GOAL', 'PENALTY'] };

const played: Prisma.GameWhereInput = { status: { in: [...PLAYED_STATUSES] } };
const distinct = <T>(values: Iterable<T>): T[] => [...new Set(values)];

async function competitionStatistics(prisma: PrismaClient, playerIds: readonly number[]): Promise<CompetitionStatistics[][]> {
  const ids = [...playerIds];
  const [appearances, events] = await Promise.all([
    prisma.lineupEntry.findMany({ where: { playerId: { in: ids }, game: played }, select: { playerId: true, teamId: true, gameId: true, game: GAME_CONTEXT } }),
    prisma.gameEvent.findMany({
      where: { type: COUNTED_EVENTS, OR: [{ playerId: { in: ids } }, { assistId: { in: ids } }], game: played },
      select: STATISTICS_EVENT,
    }),
  ]);
  const games = new Map<number, GameContext>([...appearances, ...events].map((row) => [row.gameId, row.game]));
  const wanted = new Set(ids);
  const lines = playerGameLines(appearances, events, (id) => wanted.has(id));
  const competition = (line: PlayerGameLine) => {
    const game = games.get(line.gameId);
    const seasonId = game && seasonOfGame(game);
    if (!game || seasonId == null || line.teamId === null) return null;
    const tournament = game.cupRound?.tournament;
    return {
      playerId: line.playerId,
      seasonId,
      teamId: line.teamId,
      gameClassId: game.group?.gameClassId ?? tournament?.gameClassId ?? 0,
      leagueId: game.group?.leagueId ?? null,
      tournamentId: game.group ? null : (tournament?.id ?? null),
    };
  };
  const totals = tallyBy(lines, (line) => {
    const c = competition(line);
    return c && [c.playerId, c.seasonId, c.leagueId ?? `cup${c.tournamentId}`, c.gameClassId, c.teamId].join(':');
  });
  const rows = [...totals.values()].flatMap(({ first, tally }) => {
    const where = competition(first);
    return where ? [{ ...where, ...tally }] : [];
  });
  // Newest season first; league rows (by league id, i.e. level) before cup rows.
  rows.sort(
    (a, b) =>
      b.seasonId - a.seasonId ||
      (a.leagueId ?? Number.MAX_SAFE_INTEGER) - (b.leagueId ?? Number.MAX_SAFE_INTEGER) ||
      a.gameClassId - b.gameClassId ||
      a.teamId - b.teamId,
  );
  return playerIds.map((id) => rows.filter((row) => row.playerId === id));
}

async function memberTotals(prisma: PrismaClient, keys: readonly string[]): Promise<Tally[]> {
  const triples = keys.map(splitKey);
  const teamIds = distinct(triples.map(([teamId]) => teamId));
  const seasonIds = distinct(triples.map(([, seasonId]) => seasonId));
  const games: Prisma.GameWhereInput = { ...played, ...gamesInSeasons(seasonIds) };
  const [appearances, events] = await Promise.all([
    prisma.lineupEntry.findMany({
      where: { teamId: { in: teamIds }, game: games },
      select: { playerId: true, teamId: true, gameId: true, game: GAME_CONTEXT },
    }),
    prisma.gameEvent.findMany({ where: { type: COUNTED_EVENTS, teamId: { in: teamIds }, game: games }, select: STATISTICS_EVENT }),
  ]);
  const gameSeason = new Map([...appearances, ...events].map((row) => [row.gameId, seasonOfGame(row.game)]));
  const totals = tallyBy(playerGameLines(appearances, events), (line) =>
    line.teamId === null ? null : memberKey(line.teamId, gameSeason.get(line.gameId) ?? 0, line.playerId),
  );
  return keys.map((key) => totals.get(key)?.tally ?? emptyTally());
}

async function seasonGames(prisma: PrismaClient, keys: readonly string[]): Promise<PlayerSeasonGame[][]> {
  const pairs = keys.map(splitKey);
  const playerIds = distinct(pairs.map(([playerId]) => playerId));
  const seasonIds = distinct(pairs.map(([, seasonId]) => seasonId));
  // The games a player was on the sheet of come from the lineup's player index first: asked as an
  // EXISTS next to the team conditions, PostgreSQL checked it for every game of the season (300 ms
  // for one player at demo scale 10 instead of a few).
  const [members, sheets] = await Promise.all([
    prisma.teamMember.findMany({
      where: { playerId: { in: playerIds }, seasonId: { in: seasonIds } },
      select: { playerId: true, seasonId: true, teamId: true },
    }),
    // Every sheet of the players, not only the season's: the player index answers it, and the entries
    // of the season's played games among them are the appearances, without a statement of their own.
    prisma.lineupEntry.findMany({ where: { playerId: { in: playerIds } }, select: { playerId: true, teamId: true, gameId: true } }),
  ]);
  const memberTeamIds = distinct(members.map((m) => m.teamId));
  const games = await prisma.game.findMany({
    where: {
      AND: [
        gamesInSeasons(seasonIds),
        { OR: [{ homeTeamId: { in: memberTeamIds } }, { awayTeamId: { in: memberTeamIds } }, { id: { in: distinct(sheets.map((entry) => entry.gameId)) } }] },
      ],
    },
    select: {
      id: true,
      status: true,
      homeTeamId: true,
      awayTeamId: true,
      startsAt: true,
      group: GAME_CONTEXT.select.group,
      cupRound: GAME_CONTEXT.select.cupRound,
    },
    orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
  });
  const playedGameIds = new Set(games.filter((game) => isPlayed(game.status)).map((game) => game.id));
  const appearances = sheets.filter((entry) => playedGameIds.has(entry.gameId));
  const events = await prisma.gameEvent.findMany({
    where: { type: COUNTED_EVENTS, gameId: { in: [...playedGameIds] }, OR: [{ playerId: { in: playerIds } }, { assistId: { in: playerIds } }] },
    select: { gameId: true, type: true, teamId: true, playerId: true, assistId: true, penaltyKind: true, penaltyRole: true },
  });
  const wanted = new Set(playerIds);
  const lines = new Map(playerGameLines(appearances, events, (id) => wanted.has(id)).map((line) => [`${line.playerId}:${line.gameId}`, line]));
  return pairs.map(([playerId, seasonId]) => {
    const teams = new Set(members.filter((m) => m.playerId === playerId && m.seasonId === seasonId).map((m) => m.teamId));
    return games
      .filter((game) => seasonOfGame(game) === seasonId)
      .flatMap((game): PlayerSeasonGame[] => {
        const line = lines.get(`${playerId}:${game.id}`);
        if (line) return [{ ...line, played: true }];
        const team =
          game.homeTeamId !== null && teams.has(game.homeTeamId)
            ? game.homeTeamId
            : game.awayTeamId !== null && teams.has(game.awayTeamId)
              ? game.awayTeamId
              : null;
        if (team === null) return [];
        return [{ playerId, gameId: game.id, teamId: team, played: false, ...emptyTally() }];
      });
  });
}

async function seasonRecords(
  prisma: PrismaClient,
  standingsByGroup: DataLoader<number, StandingRow[]>,
  teamIds: readonly number[],
): Promise<TeamSeasonRecord[][]> {
  const ids = [...teamIds];
  const lastRound = { select: { number: true }, orderBy: { number: 'desc' }, take: 1 } as const;
  const [registrations, knockoutGames] = await Promise.all([
    prisma.teamRegistration.findMany({
      where: { teamId: { in: ids } },
      select: { teamId: true, group: { select: { id: true, seasonId: true, phase: true, sortOrder: true, rounds: lastRound } } },
    }),
    prisma.game.findMany({
      where: {
        OR: [{ homeTeamId: { in: ids } }, { awayTeamId: { in: ids } }],
        AND: [{ OR: [{ group: { phase: { in: [...KNOCKOUT_PHASES] } } }, { cupRoundId: { not: null } }] }],
      },
      select: {
        homeTeamId: true,
        awayTeamId: true,
        status: true,
        homeScore: true,
        awayScore: true,
        groupId: true,
        round: { select: { number: true, name: true } },
        cupRound: { select: { number: true, name: true, tournament: { select: { id: true, seasonId: true, rounds: lastRound } } } },
      },
    }),
  ]);
  const qualificationGroups = distinct(registrations.filter((r) => r.group.phase === 'QUALIFICATION').map((r) => r.group.id));
  const standings = new Map<number, StandingRow[]>();
  const loaded = await standingsByGroup.loadMany(qualificationGroups);
  loaded.forEach((rows, index) => {
    if (rows instanceof Error) throw rows;
    standings.set(qualificationGroups[index], rows);
  });
  const phaseGames = new Map<number, KnockoutGame[]>();
  const cupGames: (KnockoutGame & { tournamentId: number; seasonId: number; lastRoundNumber: number })[] = [];
  // A game whose pairing is undecided says nothing of how far a team came (src/domain/pairing.ts).
  for (const game of pairedGames(knockoutGames)) {
    const base = { homeTeamId: game.homeTeamId, awayTeamId: game.awayTeamId, status: game.status, homeScore: game.homeScore, awayScore: game.awayScore };
    if (game.groupId !== null && game.round) {
      const list = phaseGames.get(game.groupId) ?? [];
      list.push({ ...base, roundNumber: game.round.number, roundName: game.round.name });
      phaseGames.set(game.groupId, list);
    } else if (game.cupRound) {
      const tournament = game.cupRound.tournament;
      cupGames.push({
        ...base,
        roundNumber: game.cupRound.number,
        roundName: game.cupRound.name,
        tournamentId: tournament.id,
        seasonId: tournament.seasonId,
        lastRoundNumber: tournament.rounds[0]?.number ?? game.cupRound.number,
      });
    }
  }
  const lastRoundOfGroup = new Map(registrations.map((r) => [r.group.id, r.group.rounds[0]?.number ?? 0]));
  return ids.map((teamId) =>
    teamSeasonRecords({
      teamId,
      groups: registrations.filter((r) => r.teamId === teamId).map((r) => r.group),
      rankIn: (groupId) => standings.get(groupId)?.find((row) => row.teamId === teamId)?.rank ?? null,
      phaseGames,
      lastRoundOfGroup,
      cupGames: cupGames.filter((g) => g.homeTeamId === teamId || g.awayTeamId === teamId),
    }),
  );
}

export function createStatisticsLoaders(prisma: PrismaClient, standingsByGroup: DataLoader<number, StandingRow[]>): StatisticsLoaders {
  return {
    competitionStatisticsByPlayer: new DataLoader((ids) => competitionStatistics(prisma, ids)),
    memberTotals: new DataLoader((keys) => memberTotals(prisma, keys)),
    seasonGamesByPlayer: new DataLoader((keys) => seasonGames(prisma, keys)),
    seasonRecordsByTeam: new DataLoader((ids) => seasonRecords(prisma, standingsByGroup, ids)),
  };
}
