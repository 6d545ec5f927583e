/** A team's achievements per season, computed from its groups, the standings and its games (never stored). */

import { isPending } from './game-status.js';
import { comparePhases, isKnockoutPhase, type Phase } from './groups.js';

export type { Phase } from './groups.js';

export interface RecordGroup {
  id: number;
  seasonId: number;
  phase: Phase;
  sortOrder: number;
}

/** A game of a knock-out round (playoff, playout or cup): series of one or more games between two teams. */
export interface KnockoutGame {
  homeTeamId: number;
  awayTeamId: number;
  status: string;
  homeScore: number | null;
  awayScore: number | null;
  roundNumber: number;
  roundName: string;
}

export interface RoundReached {
  roundNumber: number;
  roundName: string;
  /** The round is the competition's last (the final). */
  final: boolean;
  /** Won or lost the round; null while games of the round are still to be played. */
  won: boolean | null;
}

export interface PhaseRecord {
  groupId: number;
  phase: Exclude<Phase, 'QUALIFICATION'>;
  /** Null until the team has a game in the phase. */
  round: RoundReached | null;
}

export interface CupRecord extends RoundReached {
  tournamentId: number;
}

export interface TeamSeasonRecord {
  teamId: number;
  seasonId: number;
  /** Every group the team played in that season, qualification first. */
  groupIds: number[];
  qualification: { groupId: number; rank: number | null } | null;
  finalPhase: PhaseRecord | null;
  cup: CupRecord | null;
}

/**
 * The last round the team played in a knock-out competition and whether it won it: more games won
 * than lost against the opponent of that round once none of the round's games is pending.
 */
export function roundReached(teamId: number, games: readonly KnockoutGame[], lastRoundNumber: number): RoundReached | null {
  const own = games.filter((g) => g.homeTeamId === teamId || g.awayTeamId === teamId);
  if (own.length === 0) return null;
  const roundNumber = Math.max(...own.map((g) => g.roundNumber));
  const round = own.filter((g) => g.roundNumber === roundNumber);
  let wins = 0;
  let losses = 0;
  for (const game of round) {
    if (game.homeScore === null || game.awayScore === null || isPending(game.status) || game.homeScore === game.awayScore) continue;
    const homeWon = game.homeScore > game.awayScore;
    if (homeWon === (game.homeTeamId === teamId)) wins += 1;
    else losses += 1;
  }
  const pending = round.some((g) => isPending(g.status));
  return {
    roundNumber,
    roundName: round[0].roundName,
    final: roundNumber >= lastRoundNumber,
    won: pending || wins === losses ? null : wins > losses,
  };
}

export interface TeamRecordInput {
  teamId: number;
  /** The team's groups, any season. */
  groups: readonly RecordGroup[];
  /** The rank of the team in a qualification group (from the standings), null when not ranked. */
  rankIn: (groupId: number) => number | null;
  /** Games of the team's playoff and playout groups, by group. */
  phaseGames: ReadonlyMap<number, readonly KnockoutGame[]>;
  /** Number of the last round of each playoff and playout group. */
  lastRoundOfGroup: ReadonlyMap<number, number>;
  /** The team's cup games with their tournament, season and the tournament's last round number. */
  cupGames: readonly (KnockoutGame & { tournamentId: number; seasonId: number; lastRoundNumber: number })[];
}

/** One record per season the team played in, newest season first. */
export function teamSeasonRecords(input: TeamRecordInput): TeamSeasonRecord[] {
  const seasons = new Set([...input.groups.map((g) => g.seasonId), ...input.cupGames.map((g) => g.seasonId)]);
  return [...seasons]
    .sort((a, b) => b - a)
    .map((seasonId) => {
      const groups = input.groups.filter((g) => g.seasonId === seasonId).sort((a, b) => comparePhases(a, b) || a.sortOrder - b.sortOrder || a.id - b.id);
      const qualification = groups.find((g) => g.phase === 'QUALIFICATION');
      // A team that reached the superfinal is recorded by it rather than by the playoff before it.
      const final = groups.find((g) => g.phase === 'SUPERFINAL') ?? groups.find((g) => isKnockoutPhase(g.phase));
      const cupGames = input.cupGames.filter((g) => g.seasonId === seasonId);
      // A class has at most one cup a season; should there be more, the one reached furthest counts.
      const tournaments = [...new Set(cupGames.map((g) => g.tournamentId))];
      const cup = tournaments
        .map((tournamentId) => {
          const games = cupGames.filter((g) => g.tournamentId === tournamentId);
          const reached = roundReached(input.teamId, games, games[0].lastRoundNumber);
          return reached ? { tournamentId, ...reached } : null;
        })
        .filter((record): record is CupRecord => record !== null)
        .sort((a, b) => b.roundNumber - a.roundNumber)[0];
      return {
        teamId: input.teamId,
        seasonId,
        groupIds: groups.map((g) => g.id),
        qualification: qualification ? { groupId: qualification.id, rank: input.rankIn(qualification.id) } : null,
        finalPhase: final
          ? {
              groupId: final.id,
              phase: final.phase as PhaseRecord['phase'],
              round: roundReached(input.teamId, input.phaseGames.get(final.id) ?? [], input.lastRoundOfGroup.get(final.id) ?? 0),
            }
          : null,
        cup: cup ?? null,
      };
    });
}
