// Rules that span records of the same file. Records the file does not contain (because they are
// already in the database) are not checked here.
import { entitySpec } from './entities.js';
import { formatProblems, STANDARD_STORED_FORMAT, type StoredGameFormat } from '../../domain/game-format.js';
import type { GameRow, LeagueGroupRow, LeagueImport, RoundRow } from './document.js';
import { rowLabel, type ProblemList } from './problems.js';

function checkSeasons(data: LeagueImport, problems: ProblemList): void {
  const spec = entitySpec('seasons');
  let currentLabel: string | undefined;
  (data.seasons ?? []).forEach((season, index) => {
    const label = rowLabel(spec, index, season);
    if (season.startsOn > season.endsOn) problems.add(`${label}: startsOn ${season.startsOn} is after endsOn ${season.endsOn}`);
    if (!season.isCurrent) return;
    if (currentLabel) problems.add(`${label}: isCurrent is also set on ${currentLabel}; at most one season is current`);
    else currentLabel = label;
  });
}

/** A group's format must decide every tie it does not let stand (src/domain/game-format.ts). */
function checkGroupFormats(data: LeagueImport, problems: ProblemList): void {
  const spec = entitySpec('leagueGroups');
  (data.leagueGroups ?? []).forEach((group, index) => {
    for (const problem of formatProblems({ ...STANDARD_STORED_FORMAT, ...definedOnly(group) })) problems.add(`${rowLabel(spec, index, group)}: ${problem}`);
  });
}

/** The format fields a row sets (an absent one keeps the default). */
function definedOnly(group: LeagueGroupRow): Partial<StoredGameFormat> {
  const { periods, periodMinutes, overtimeMinutes, penaltyShootout, drawAllowed, forfeitGoals } = group;
  return Object.fromEntries(
    Object.entries({ periods, periodMinutes, overtimeMinutes, penaltyShootout, drawAllowed, forfeitGoals }).filter(([, value]) => value !== undefined),
  );
}

function checkGames(data: LeagueImport, roundsById: Map<number, RoundRow>, problems: ProblemList): void {
  const spec = entitySpec('games');
  (data.games ?? []).forEach((game, index) => {
    const label = rowLabel(spec, index, game);
    if (game.homeTeamId != null && game.homeTeamId === game.awayTeamId) problems.add(`${label}: homeTeamId and awayTeamId are both ${game.homeTeamId}`);
    checkPairing(game, label, problems);
    if (game.cupRoundId != null && game.groupId != null) {
      problems.add(`${label}: a game belongs to a league group or a cup round, not both (groupId ${game.groupId}, cupRoundId ${game.cupRoundId})`);
    }
    const round = game.roundId == null ? undefined : roundsById.get(game.roundId);
    if (round && round.groupId !== game.groupId) {
      problems.add(`${label}: roundId ${round.id} belongs to group ${round.groupId}, but groupId is ${game.groupId ?? 'missing'}`);
    }
    if ((game.homeScore == null) !== (game.awayScore == null)) {
      problems.add(`${label}: homeScore and awayScore must both be set or both be empty`);
    }
  });
}

/**
 * A game whose pairing is undecided (a team missing, src/domain/pairing.ts) cannot have been played:
 * it is SCHEDULED or CANCELLED, without scores. A placeholder stands only where the team is missing.
 */
function checkPairing(game: GameRow, label: string, problems: ProblemList): void {
  for (const side of ['home', 'away'] as const) {
    if (game[`${side}TeamId`] != null && game[`${side}Placeholder`] != null) {
      problems.add(`${label}: ${side}Placeholder is only for a game whose ${side} team is not known yet, but ${side}TeamId is ${game[`${side}TeamId`]}`);
    }
  }
  if (game.homeTeamId != null && game.awayTeamId != null) return;
  const status = game.status ?? 'SCHEDULED';
  if (status !== 'SCHEDULED' && status !== 'CANCELLED') {
    problems.add(
      `${label}: a game without ${game.homeTeamId == null ? 'homeTeamId' : 'awayTeamId'} (pairing undecided) must be SCHEDULED or CANCELLED, not ${status}`,
    );
  }
  if (game.homeScore != null || game.awayScore != null) problems.add(`${label}: a game without both teams has no score`);
}

/** Events and lineup entries name a team, which must be one of the game's two teams. */
function checkGameParticipants(data: LeagueImport, gamesById: Map<number, GameRow>, problems: ProblemList): void {
  const eventSpec = entitySpec('gameEvents');
  (data.gameEvents ?? []).forEach((event, index) => {
    const game = gamesById.get(event.gameId);
    if (!game || event.teamId == null) return;
    const label = rowLabel(eventSpec, index, event);
    const side = event.teamId === game.homeTeamId ? 'HOME' : event.teamId === game.awayTeamId ? 'AWAY' : undefined;
    if (!side) problems.add(`${label}: teamId ${event.teamId} is neither team of game ${game.id}`);
    else if (event.side != null && event.side !== side)
      problems.add(`${label}: side ${event.side} disagrees with teamId ${event.teamId} (the ${side.toLowerCase()} team)`);
  });
  const lineupSpec = entitySpec('lineups');
  (data.lineups ?? []).forEach((entry, index) => {
    const game = gamesById.get(entry.gameId);
    if (game && entry.teamId !== game.homeTeamId && entry.teamId !== game.awayTeamId) {
      problems.add(`${rowLabel(lineupSpec, index, entry)}: teamId ${entry.teamId} is neither team of game ${game.id}`);
    }
  });
}

export function checkConsistency(data: LeagueImport, problems: ProblemList): void {
  const roundsById = new Map((data.rounds ?? []).map((round) => [round.id, round]));
  const gamesById = new Map((data.games ?? []).map((game) => [game.id, game]));
  checkSeasons(data, problems);
  checkGroupFormats(data, problems);
  checkGames(data, roundsById, problems);
  checkGameParticipants(data, gamesById, problems);
}
