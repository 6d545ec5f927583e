import type { CupRecord, PhaseRecord, RoundReached, TeamSeasonRecord } from '../domain/team-records.js';
import { existing } from './batched.js';
import { builder } from './builder.js';
import { GroupPhaseEnum } from './scalars.js';

/**
 * The records a season record names (its season, team, groups, cup) come from the request's record
 * loaders: one findMany per kind for all records of a page, not Prisma's pipeline once per field.
 *
 * The types of a team's achievements in a season, served by Team.seasonRecords (team.ts) and
 * Club.seasonRecords (club.ts) through the seasonRecordsByTeam and seasonRecordByTeamSeason loaders.
 */
const KnockoutRound = builder.objectRef<RoundReached>('KnockoutRound').implement({
  description: 'The last knock-out round a team played in a phase or cup, and whether it won it.',
  fields: (t) => ({
    number: t.exposeInt('roundNumber', { description: 'The round’s number in its phase or cup, from 1.' }),
    name: t.exposeString('roundName', { description: 'The round’s name, as the federation gives it (e.g. "Halbfinal").' }),
    final: t.exposeBoolean('final', { description: 'The competition’s last round.' }),
    won: t.exposeBoolean('won', { nullable: true, description: 'Won more games of the round than lost; null while games of the round are pending.' }),
  }),
});

const PhaseRecordRef = builder.objectRef<PhaseRecord>('PhaseRecord').implement({
  description: 'Playoff or playout participation.',
  fields: (t) => ({
    phase: t.expose('phase', { type: GroupPhaseEnum, description: 'PLAYOFF, PLAYOUT, or SUPERFINAL when the team played it (it is then the phase shown).' }),
    group: t.prismaField({
      type: 'LeagueGroup',
      description: 'The group the team played the phase in.',
      resolve: (query, record, _args, ctx) => ctx.loaders.records.leagueGroup(query, record.groupId).then(existing('LeagueGroup', record.groupId)),
    }),
    round: t.field({ type: KnockoutRound, nullable: true, description: 'Null until the team has a game in the phase.', resolve: (record) => record.round }),
  }),
});

const CupRecordRef = builder.objectRef<CupRecord>('CupRecord').implement({
  description: 'How far the team came in the cup.',
  fields: (t) => ({
    tournament: t.prismaField({
      type: 'CupTournament',
      description: 'The cup.',
      resolve: (query, record, _args, ctx) =>
        ctx.loaders.records.cupTournament(query, record.tournamentId).then(existing('CupTournament', record.tournamentId)),
    }),
    round: t.field({ type: KnockoutRound, description: 'The last round the team played in the cup, and whether it won it.', resolve: (record) => record }),
  }),
});

export const TeamSeasonRecordRef = builder.objectRef<TeamSeasonRecord>('TeamSeasonRecord').implement({
  description: 'A team’s achievements in one season, computed from its groups, the standings and its knock-out games.',
  fields: (t) => ({
    season: t.prismaField({
      type: 'Season',
      description: 'The season.',
      resolve: (query, record, _args, ctx) => ctx.loaders.records.season(query, record.seasonId).then(existing('Season', record.seasonId)),
    }),
    team: t.prismaField({
      type: 'Team',
      description: 'The team.',
      resolve: (query, record, _args, ctx) => ctx.loaders.records.team(query, record.teamId).then(existing('Team', record.teamId)),
    }),
    groups: t.prismaField({
      type: ['LeagueGroup'],
      description: 'Every group the team played in that season, qualification first.',
      resolve: (query, record, _args, ctx) =>
        Promise.all(record.groupIds.map((id) => ctx.loaders.records.leagueGroup(query, id).then(existing('LeagueGroup', id)))),
    }),
    qualificationGroup: t.prismaField({
      type: 'LeagueGroup',
      nullable: true,
      description: 'The group the team played the qualification (regular season) in; null when it played none.',
      resolve: (query, record, _args, ctx) => (record.qualification ? ctx.loaders.records.leagueGroup(query, record.qualification.groupId) : null),
    }),
    qualificationRank: t.int({
      nullable: true,
      description: 'Rank in the qualification group’s standings.',
      resolve: (record) => record.qualification?.rank ?? null,
    }),
    finalPhase: t.field({
      type: PhaseRecordRef,
      nullable: true,
      description: 'Playoff or playout, when the team reached one.',
      resolve: (record) => record.finalPhase,
    }),
    cup: t.field({ type: CupRecordRef, nullable: true, description: 'The cup, when the team played in one.', resolve: (record) => record.cup }),
  }),
});
