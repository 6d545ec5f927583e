import DataLoader from 'dataloader';
import type { PrismaClient } from '../db/database.js';
import { Prisma } from '../generated/prisma/client.js';
import { isPlayed, PLAYED_STATUSES } from '../domain/game-status.js';
import { KNOCKOUT_PHASES } from '../domain/groups.js';
import {
  emptyTally,
  playerGameLines,
  tallyBy,
  type PenaltyKind,
  type PenaltyRole,
  type PlayerGameLine,
  type StatisticsEvent,
  type Tally,
} from '../domain/player-statistics.js';
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
  /** Per `team:season` key: the team's achievements in that season (none or one), read from that season's groups and games only. */
  seasonRecordByTeamSeason: DataLoader<string, TeamSeasonRecord | null>;
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
const COUNTED_EVENT_TYPES = ['GOAL', 'PENALTY'] as const;
const COUNTED_EVENTS: Prisma.GameEventWhereInput['type'] = { in: [...COUNTED_EVENT_TYPES] };

const played: Prisma.GameWhereInput = { status: { in: [...PLAYED_STATUSES] } };
const distinct = <T>(values: Iterable<T>): T[] => [...new Set(values)];

/** Where a game's season and competition are recorded (GAME_CONTEXT), as flat columns of a statement's row. */
interface GameContextColumns {
  groupSeasonId: number | null;
  leagueId: number | null;
  groupGameClassId: number | null;
  tournamentId: number | null;
  tournamentSeasonId: number | null;
  tournamentGameClassId: number | null;
}

/** The columns of GameContextColumns, from a statement's `"Game" g` (joins named lg, cr, ct). */
const GAME_CONTEXT_COLUMNS = Prisma.sql`lg."seasonId" AS "groupSeasonId", lg."leagueId", lg."gameClassId" AS "groupGameClassId",
  ct.id AS "tournamentId", ct."seasonId" AS "tournamentSeasonId", ct."gameClassId" AS "tournamentGameClassId"`;
const GAME_CONTEXT_JOINS = Prisma.sql`LEFT JOIN "LeagueGroup" lg ON lg.id = g."groupId"
  LEFT JOIN "CupRound" cr ON cr.id = g."cupRoundId"
  LEFT JOIN "CupTournament" ct ON ct.id = cr."tournamentId"`;

function gameContextOf(row: GameContextColumns): Omit<GameContext, 'id'> {
  return {
    group:
      row.groupSeasonId === null || row.leagueId === null || row.groupGameClassId === null
        ? null
        : { seasonId: row.groupSeasonId, leagueId: row.leagueId, gameClassId: row.groupGameClassId },
    cupRound:
      row.tournamentId === null || row.tournamentSeasonId === null || row.tournamentGameClassId === null
        ? null
        : { tournament: { id: row.tournamentId, seasonId: row.tournamentSeasonId, gameClassId: row.tournamentGameClassId } },
  };
}

/** A lineup entry (`type` null) or a counted event naming one of the players, of a played game, with the game's competition. */
interface StatisticsFactRow extends GameContextColumns {
  gameId: number;
  playerId: number | null;
  teamId: number | null;
  type: string | null;
  assistId: number | null;
  penaltyKind: PenaltyKind | null;
  penaltyRole: PenaltyRole | null;
}

async function competitionStatistics(prisma: PrismaClient, playerIds: readonly number[]): Promise<CompetitionStatistics[][]> {
  const ids = [...playerIds];
  // One statement of flat rows (two of nested ones before): the players' sheets and events, each with
  // its game's competition. The players as an IN list, so that the statement stays unnamed and is
  // planned for the players asked (src/db/adapter.ts): a generic plan of it gathers parallel workers.
  const players = Prisma.join(ids);
  const facts = await prisma.$queryRaw<StatisticsFactRow[]>`
    WITH facts AS (
      SELECT l."gameId", l."playerId", l."teamId", NULL::text AS type, NULL::int AS "assistId", NULL::text AS "penaltyKind", NULL::text AS "penaltyRole"
      FROM "LineupEntry" l WHERE l."playerId" IN (${players})
      UNION ALL
      SELECT e."gameId", e."playerId", e."teamId", e.type::text, e."assistId", e."penaltyKind"::text, e."penaltyRole"::text
      FROM "GameEvent" e
      WHERE e.type::text = ANY(${COUNTED_EVENT_TYPES}::text[]) AND (e."playerId" IN (${players}) OR e."assistId" IN (${players}))
    )
    SELECT f.*, ${GAME_CONTEXT_COLUMNS}
    FROM facts f JOIN "Game" g ON g.id = f."gameId"
    ${GAME_CONTEXT_JOINS}
    WHERE g.status::text = ANY(${PLAYED_STATUSES}::text[])`;
  const games = new Map(facts.map((row) => [row.gameId, gameContextOf(row)]));
  const appearances = facts.flatMap((row) =>
    row.type === null && row.playerId !== null && row.teamId !== null ? [{ gameId: row.gameId, playerId: row.playerId, teamId: row.teamId }] : [],
  );
  const events = facts.filter((row): row is StatisticsFactRow & { type: string } => row.type !== null);
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

/** A game of a player's season as the statement of `seasonGames` reads it: the game, and the player's sheet and events in it. */
interface SeasonGameRow extends GameContextColumns {
  playerId: number;
  seasonId: number;
  id: number;
  status: string;
  homeTeamId: number | null;
  awayTeamId: number | null;
  /** The team of the player's sheet of the game; null without one. */
  sheetTeamId: number | null;
  /** The player's teams of the season. */
  memberTeamIds: number[];
  /** The counted events of the game naming the player (as scorer, assist or penalized); null for none. */
  events: Omit<StatisticsEvent, 'gameId'>[] | null;
}

async function seasonGames(prisma: PrismaClient, keys: readonly string[]): Promise<PlayerSeasonGame[][]> {
  const pairs = keys.map(splitKey);
  // One statement for any number of players and seasons (four before: memberships, sheets, games,
  // events), each game with the player's sheet and events in it. Each branch of `candidates` starts
  // from an index (the player's memberships, then their teams' games; the player's sheets): the
  // sheets asked as an EXISTS next to the team conditions made PostgreSQL check it for every game of
  // the season (300 ms for one player at demo scale 10 instead of a few). The season condition is
  // gamesInSeasons' (the query form of seasonOfGame), which decides below.
  const rows = await prisma.$queryRaw<SeasonGameRow[]>`
    WITH keys AS (
      SELECT * FROM unnest(${pairs.map(([playerId]) => playerId)}::int[], ${pairs.map(([, seasonId]) => seasonId)}::int[]) AS k("playerId", "seasonId")
    ), members AS MATERIALIZED (
      SELECT DISTINCT k."playerId", k."seasonId", m."teamId" FROM keys k JOIN "TeamMember" m ON m."playerId" = k."playerId" AND m."seasonId" = k."seasonId"
    ), candidates AS (
      SELECT m."playerId", m."seasonId", g.id FROM members m JOIN "Game" g ON g."homeTeamId" = m."teamId"
      UNION SELECT m."playerId", m."seasonId", g.id FROM members m JOIN "Game" g ON g."awayTeamId" = m."teamId"
      UNION SELECT k."playerId", k."seasonId", l."gameId" FROM keys k JOIN "LineupEntry" l ON l."playerId" = k."playerId"
    )
    SELECT c."playerId", c."seasonId", g.id, g.status::text AS status, g."homeTeamId", g."awayTeamId",
      ${GAME_CONTEXT_COLUMNS}, l."teamId" AS "sheetTeamId",
      ARRAY(SELECT m."teamId" FROM members m WHERE m."playerId" = c."playerId" AND m."seasonId" = c."seasonId") AS "memberTeamIds",
      (SELECT json_agg(json_build_object('type', e.type, 'teamId', e."teamId", 'playerId', e."playerId", 'assistId', e."assistId",
          'penaltyKind', e."penaltyKind", 'penaltyRole', e."penaltyRole"))
        FROM "GameEvent" e
        WHERE e."gameId" = g.id AND e.type::text = ANY(${COUNTED_EVENT_TYPES}::text[]) AND (e."playerId" = c."playerId" OR e."assistId" = c."playerId")) AS events
    FROM candidates c
    JOIN "Game" g ON g.id = c.id
    ${GAME_CONTEXT_JOINS}
    LEFT JOIN "LineupEntry" l ON l."gameId" = g.id AND l."playerId" = c."playerId"
    WHERE lg."seasonId" = c."seasonId" OR ct."seasonId" = c."seasonId"
    ORDER BY g."startsAt", g.id`;
  return pairs.map(([playerId, seasonId]) =>
    rows
      .filter((row) => row.playerId === playerId && row.seasonId === seasonId)
      .filter((row) => seasonOfGame(gameContextOf(row)) === seasonId)
      .flatMap((row): PlayerSeasonGame[] => {
        // Only a played game's sheet and events count.
        const [line] = isPlayed(row.status)
          ? playerGameLines(
              row.sheetTeamId === null ? [] : [{ playerId, gameId: row.id, teamId: row.sheetTeamId }],
              (row.events ?? []).map((event) => ({ ...event, gameId: row.id })),
              (id) => id === playerId,
            )
          : [];
        if (line) return [{ ...line, played: true }];
        const teams = new Set(row.memberTeamIds);
        const team =
          row.homeTeamId !== null && teams.has(row.homeTeamId) ? row.homeTeamId : row.awayTeamId !== null && teams.has(row.awayTeamId) ? row.awayTeamId : null;
        if (team === null) return [];
        return [{ playerId, gameId: row.id, teamId: team, played: false, ...emptyTally() }];
      }),
  );
}

/**
 * The teams' achievements, newest season first: of every season, or only of `seasonIds`. A
 * season's record follows from that season's groups, standings and knock-out games alone
 * (`teamSeasonRecords`), so a club's page of one season reads one season's standings, not those of
 * every season its teams played.
 */
async function seasonRecords(
  prisma: PrismaClient,
  standingsByGroup: DataLoader<number, StandingRow[]>,
  teamIds: readonly number[],
  seasonIds?: readonly number[],
): Promise<TeamSeasonRecord[][]> {
  const ids = [...teamIds];
  const inSeasons = seasonIds && { in: [...seasonIds] };
  const lastRound = { select: { number: true }, orderBy: { number: 'desc' }, take: 1 } as const;
  const [registrations, knockoutGames] = await Promise.all([
    prisma.teamRegistration.findMany({
      where: { teamId: { in: ids }, ...(inSeasons && { group: { seasonId: inSeasons } }) },
      select: { teamId: true, group: { select: { id: true, seasonId: true, phase: true, sortOrder: true, rounds: lastRound } } },
    }),
    prisma.game.findMany({
      where: {
        OR: [{ homeTeamId: { in: ids } }, { awayTeamId: { in: ids } }],
        AND: [
          inSeasons
            ? { OR: [{ group: { phase: { in: [...KNOCKOUT_PHASES] }, seasonId: inSeasons } }, { cupRound: { tournament: { seasonId: inSeasons } } }] }
            : { OR: [{ group: { phase: { in: [...KNOCKOUT_PHASES] } } }, { cupRoundId: { not: null } }] },
        ],
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
    seasonRecordByTeamSeason: new DataLoader(async (keys) => {
      const pairs = keys.map(splitKey);
      const teamIds = distinct(pairs.map(([teamId]) => teamId));
      const records = await seasonRecords(prisma, standingsByGroup, teamIds, distinct(pairs.map(([, seasonId]) => seasonId)));
      const byTeam = new Map(teamIds.map((teamId, index) => [teamId, records[index]]));
      return pairs.map(([teamId, seasonId]) => byTeam.get(teamId)?.find((record) => record.seasonId === seasonId) ?? null);
    }),
  };
}
