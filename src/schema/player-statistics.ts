import type { Tally } from '../domain/player-statistics.js';
import { existing } from './batched.js';
import { builder } from './builder.js';
import type { CompetitionStatistics, PlayerSeasonGame } from './statistics-loaders.js';

/**
 * The types of player statistics computed from lineups and goal and penalty events of finished and
 * live games: per season and competition, per game and per team membership. The fields that serve
 * them (Player.statistics, Player.games, TeamMember.statistics) live in player.ts; the loaders in
 * statistics-loaders.ts.
 */
const PlayerTotals = builder.interfaceRef<Tally>('PlayerTotals').implement({
  description: 'Counts from lineups and events of finished and live games. Goals and assists from goal events (own goals count for nobody); penalties by kind.',
  fields: (t) => ({
    games: t.exposeInt('games', { description: 'Games played: in the lineup, or named in an event of the game.' }),
    goals: t.exposeInt('goals', { description: 'Goals scored, from goal events (own goals count for nobody).' }),
    assists: t.exposeInt('assists', { description: 'Assists, from goal events.' }),
    points: t.exposeInt('points', { description: 'Goals + assists.' }),
    penalties2: t.exposeInt('penalties2', { description: "2' penalties; a 2+2' penalty counts as two." }),
    penalties5: t.exposeInt('penalties5', { description: "5' penalties." }),
    penalties10: t.exposeInt('penalties10', { description: "10' misconduct penalties." }),
    matchPenalties: t.exposeInt('matchPenalties', { description: 'Match penalties of every grade.' }),
    penaltyMinutes: t.exposeInt('penaltyMinutes', {
      description:
        "2, 4 (2+2'), 5 and 10 per penalty of that kind, 25 per match penalty of any grade, none for a penalty shot; the player's own penalties only (not those served as an assist or a deputy).",
    }),
  }),
});

export const PlayerSeasonTotals = builder.objectRef<Tally>('PlayerSeasonTotals').implement({
  description: 'A team member’s totals for the team in the season.',
  interfaces: [PlayerTotals],
  isTypeOf: () => true,
});

export const PlayerCompetitionStatistics = builder.objectRef<CompetitionStatistics>('PlayerCompetitionStatistics').implement({
  description: 'A player’s totals in one season, competition (league and game class, or cup tournament) and team.',
  interfaces: [PlayerTotals],
  isTypeOf: (value) => typeof value === 'object' && value !== null && 'tournamentId' in value,
  fields: (t) => ({
    season: t.prismaField({
      type: 'Season',
      description: 'The season.',
      resolve: (query, row, _args, ctx) => ctx.loaders.records.season(query, row.seasonId).then(existing('Season', row.seasonId)),
    }),
    team: t.prismaField({
      type: 'Team',
      description: 'The team the player played for.',
      resolve: (query, row, _args, ctx) => ctx.loaders.records.team(query, row.teamId).then(existing('Team', row.teamId)),
    }),
    gameClass: t.prismaField({
      type: 'GameClass',
      description: 'The game class of the competition.',
      resolve: (query, row, _args, ctx) => ctx.loaders.records.gameClass(query, row.gameClassId).then(existing('GameClass', row.gameClassId)),
    }),
    league: t.prismaField({
      type: 'League',
      nullable: true,
      description: 'The league of league games; null for cup games.',
      resolve: (query, row, _args, ctx) => (row.leagueId === null ? null : ctx.loaders.records.league(query, row.leagueId)),
    }),
    cupTournament: t.prismaField({
      type: 'CupTournament',
      nullable: true,
      description: 'The cup of cup games; null for league games.',
      resolve: (query, row, _args, ctx) => (row.tournamentId === null ? null : ctx.loaders.records.cupTournament(query, row.tournamentId)),
    }),
  }),
});

export const PlayerGame = builder.objectRef<PlayerSeasonGame>('PlayerGame').implement({
  description: 'A game of one of the player’s teams, or another game the player played, with what the player did in it.',
  interfaces: [PlayerTotals],
  isTypeOf: (value) => typeof value === 'object' && value !== null && 'played' in value,
  fields: (t) => ({
    played: t.exposeBoolean('played', { description: 'False when the player was not in the lineup (or the game is not played yet).' }),
    game: t.prismaField({
      type: 'Game',
      description: 'The game.',
      resolve: (query, row, _args, ctx) => ctx.loaders.records.game(query, row.gameId).then(existing('Game', row.gameId)),
    }),
    teamId: t.exposeInt('teamId', {
      nullable: true,
      description: 'The id of `team`, known without reading the team: enough to tell which of the player’s teams a game is of.',
    }),
    team: t.prismaField({
      type: 'Team',
      nullable: true,
      description: 'The team the player played (or was a member of) in this game.',
      resolve: (query, row, _args, ctx) => (row.teamId === null ? null : ctx.loaders.records.team(query, row.teamId)),
    }),
  }),
});
