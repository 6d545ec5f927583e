// A game report as the back office shows it (`set=game_report`): `list` holds the games, and
// `references` the records they name by id (teams, lineup positions, events). The documents ask
// the schema for the games the caller may report; the reshapers are pure.
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { zurichDateTime } from '../shared/format.js';
import { playerSideOf } from '../../domain/event-kinds.js';
import { categoryOf } from './categories.js';
import { gameTimeText } from './fields.js';

export const BO_EVENT_FRAGMENT = graphql(`
  fragment BoEvent on GameEvent {
    id type second period side penaltyKind penaltyRole penaltyShot code inspectionDone worldTime
    team { id } player { id } assist { id }
  }
`);

export const BO_POSITION_FRAGMENT = graphql(`
  fragment BoPosition on LineupEntry {
    id number position captain
    player { id firstName lastName }
    license { id }
    team { id }
  }
`);

export const BO_GAME_FRAGMENT = graphql(`
  fragment BoGame on Game {
    id startsAt status version homeScore awayScore homePeriodScores awayPeriodScores decidedBy forfeitedBy spectators
    firstReferee secondReferee
    venue { name city }
    homeTeam { id name }
    awayTeam { id name }
    clock { phase period }
    statusMessages
    result { state provisionalSince confirmedAt protestWindowClosesAt }
    report { phases totalSecondsPlayed playerInspectionOrdered startedAt finishedAt overtimePlayed penaltyShootoutPlayed }
    topScorerPlayerIds
    lineup { ...BoPosition }
    events { ...BoEvent }
  }
`);

export const BO_GAMES_DOCUMENT = graphql(`
  query BoReportableGames { reportableGames { ...BoGame } }
`);

export const BO_GAME_DOCUMENT = graphql(`
  query BoGameReport($id: Int!) { reportableGame(id: $id) { ...BoGame } }
`);

export type BoGameData = ResultOf<typeof BO_GAME_FRAGMENT>;
export type BoEventData = ResultOf<typeof BO_EVENT_FRAGMENT>;
export type BoPositionData = ResultOf<typeof BO_POSITION_FRAGMENT>;

/** The game's two teams, which an event's `team_id` is read from. */
export interface BoTeams {
  home: number | null;
  away: number | null;
}

/**
 * An event as the back office shows it; null for the markers of status changes, which /bo shows as
 * the game's status instead. `team_id` is the team of the player it names (playerSideOf), as the
 * desk sends it: an own goal's is its scorer's team, though it counts for the other.
 */
export function boEvent(event: BoEventData, teams: BoTeams): Record<string, unknown> | null {
  const category = categoryOf(event);
  if (!category) return null;
  const playerSide = event.side ? playerSideOf(event.type, event.side) : null;
  const teamOfPlayerSide = playerSide === null ? null : playerSide === 'HOME' ? teams.home : teams.away;
  return {
    id: event.id,
    type: 'Event',
    subtype: category.category.subtype,
    category_id: category.id,
    time: gameTimeText(event.second),
    second: event.second,
    world_time: event.worldTime ? zurichDateTime(new Date(event.worldTime)) : null,
    team_id: teamOfPlayerSide ?? event.team?.id ?? null,
    player_id: event.player?.id ?? null,
    assister_id: event.assist?.id ?? null,
    // A goal's code is the penalty shot's category, shown as its category_id.
    code: category.category.write === 'goal' ? null : (event.code ?? null),
    attrs: event.type === 'PLAYER_INSPECTION' ? { done: event.inspectionDone === true } : {},
  };
}

export function boPosition(position: BoPositionData, gameId: number, topScorers: ReadonlySet<number>): Record<string, unknown> {
  return {
    id: position.id,
    type: 'Position',
    game_id: gameId,
    team_id: position.team.id,
    player_id: position.player.id,
    license_id: position.license?.id ?? null,
    first_name: position.player.firstName,
    last_name: position.player.lastName,
    number: position.number ?? null,
    position: position.position?.toLowerCase() ?? null,
    goalkeeper: position.position === 'GOALKEEPER',
    captain: position.captain,
    topscorer: topScorers.has(position.player.id),
  };
}

const byId = <T extends { id: number }>(records: readonly T[]) => Object.fromEntries(records.map((record) => [String(record.id), record]));

/** The phase being played, in the names of `phases` (period 1 is third1, the one after the thirds prolongation); null before and after play. */
function currentPhase(game: BoGameData): string | null {
  if (game.clock.phase === 'PENALTY_SHOOTOUT') return 'penalty_shootout';
  const period = game.clock.period;
  return period === null || period === undefined ? null : (game.report.phases[period - 1] ?? null);
}

/**
 * The result's life as the desk reads it with `result_state=yes`: its state, until when a club may
 * still protest it and when it was confirmed (the protests themselves are GraphQL's `Game.result`, which
 * costs a statement more); null without a result.
 */
function boResult(result: BoGameData['result']): Record<string, unknown> | null {
  if (!result) return null;
  return {
    state: result.state.toLowerCase(),
    provisional_since: zurichDateTime(new Date(result.provisionalSince)),
    protest_until: zurichDateTime(new Date(result.protestWindowClosesAt)),
    open_to_protest: result.state === 'PROVISIONAL',
    confirmed_at: result.confirmedAt ? zurichDateTime(new Date(result.confirmedAt)) : null,
  };
}

function gameEntry(game: BoGameData, events: readonly { id: unknown }[], withResult: boolean): Record<string, unknown> {
  const report = game.report;
  return {
    id: game.id,
    type: 'Game',
    starts_at: zurichDateTime(new Date(game.startsAt)),
    status: game.status.toLowerCase(),
    phase: currentPhase(game),
    home_team_id: game.homeTeam?.id ?? null,
    away_team_id: game.awayTeam?.id ?? null,
    home_score: game.homeScore ?? null,
    away_score: game.awayScore ?? null,
    home_period_scores: game.homePeriodScores,
    away_period_scores: game.awayPeriodScores,
    decided_by: game.decidedBy?.toLowerCase() ?? null,
    forfeited_by: game.forfeitedBy?.toLowerCase() ?? null,
    referees: [game.firstReferee, game.secondReferee].filter((name): name is string => Boolean(name)),
    venue: game.venue ? `${game.venue.name}, ${game.venue.city}` : null,
    phases: report.phases,
    spectators: game.spectators ?? null,
    total_seconds_played: report.totalSecondsPlayed,
    player_inspection_ordered: report.playerInspectionOrdered,
    started_at_worldtime: report.startedAt ? zurichDateTime(new Date(report.startedAt)) : null,
    finished_at_worldtime: report.finishedAt ? zurichDateTime(new Date(report.finishedAt)) : null,
    penalty_shootout_played: report.penaltyShootoutPlayed,
    prolongation_played: report.overtimePlayed,
    messages: game.statusMessages.map((message) => message.toLowerCase()),
    version: game.version,
    positions: game.lineup.map((position) => position.id),
    events: events.map((event) => event.id),
    // Opt-in: the default entry stays as deployed desks read it.
    ...(withResult ? { result: boResult(game.result) } : {}),
  };
}

/** Pure: games as the back office's `list` and the records they name as its `references`. */
export function boGameReports(games: readonly BoGameData[], options: { withResult?: boolean } = {}) {
  const teams: { id: number; name: string }[] = [];
  const positions: Record<string, unknown>[] = [];
  const events: Record<string, unknown>[] = [];
  const list = games.map((game) => {
    const topScorers = new Set(game.topScorerPlayerIds);
    const sides = { home: game.homeTeam?.id ?? null, away: game.awayTeam?.id ?? null };
    const shown = game.events.map((event) => boEvent(event, sides)).filter((event): event is Record<string, unknown> & { id: number } => event !== null);
    teams.push(...[game.homeTeam, game.awayTeam].filter((team) => team !== null));
    positions.push(...game.lineup.map((position) => boPosition(position, game.id, topScorers)));
    events.push(...shown);
    return gameEntry(game, shown, options.withResult === true);
  });
  return {
    list,
    references: {
      teams: byId(teams.map((team) => ({ id: team.id, type: 'Team', name: team.name }))),
      positions: byId(positions as { id: number }[]),
      events: byId(events as { id: number }[]),
    },
  };
}
