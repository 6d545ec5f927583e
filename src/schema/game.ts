import type { Prisma } from '../generated/prisma/client.js';
import { currentGamesFilter } from '../domain/current-games.js';
import { refereesVisible } from '../domain/referees.js';
import { penaltyRoleOf } from '../domain/player-statistics.js';
import { builder, connectionComplexity, pageSize } from './builder.js';
import { badUserInput } from './errors.js';
import { gamesInSeasons } from './game-queries.js';
import { GameDecisionEnum, GameEventTypeEnum, GameStatusEnum, PenaltyKindEnum, PenaltyRoleEnum, PlayerPositionEnum, TeamSideEnum } from './scalars.js';

builder.prismaObject('Venue', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    street: t.exposeString('street', { nullable: true }),
    zip: t.exposeString('zip', { nullable: true }),
    city: t.exposeString('city'),
    latitude: t.exposeFloat('latitude'),
    longitude: t.exposeFloat('longitude'),
  }),
});

const LineupEntry = builder.prismaObject('LineupEntry', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    number: t.exposeInt('number', { nullable: true }),
    position: t.expose('position', { type: PlayerPositionEnum, nullable: true }),
    captain: t.exposeBoolean('captain'),
    team: t.relation('team'),
    player: t.relation('player'),
    license: t.relation('license', { nullable: true }),
  }),
});

builder.prismaObject('Game', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    startsAt: t.expose('startsAt', { type: 'DateTime' }),
    status: t.expose('status', { type: GameStatusEnum }),
    homeScore: t.exposeInt('homeScore', { nullable: true }),
    awayScore: t.exposeInt('awayScore', { nullable: true }),
    homePeriodScores: t.exposeIntList('homePeriodScores'),
    awayPeriodScores: t.exposeIntList('awayPeriodScores'),
    decidedBy: t.expose('decidedBy', { type: GameDecisionEnum }),
    spectators: t.exposeInt('spectators', { nullable: true }),
    forfeitedBy: t.expose('forfeitedBy', {
      type: TeamSideEnum,
      nullable: true,
      description: "The side that forfeited a FORFEIT game recorded live; the other won by its league's forfeit score.",
    }),
    secondsPlayed: t.exposeInt('secondsPlayed', { nullable: true, description: 'Seconds of play of a result reported without its events.' }),
    hasVideoStream: t.exposeBoolean('hasVideoStream'),
    bracketPosition: t.exposeInt('bracketPosition', { nullable: true }),
    version: t.exposeInt('version', { description: 'Raised by every live write; send it as expectedVersion to be told of writes in between.' }),
    firstReferee: t.string({
      nullable: true,
      description: 'Published no earlier than 48 hours before the start.',
      resolve: (game, _args, ctx) => (refereesVisible(game.startsAt, ctx.clock.now()) ? game.firstReferee : null),
    }),
    secondReferee: t.string({
      nullable: true,
      description: 'Published no earlier than 48 hours before the start.',
      resolve: (game, _args, ctx) => (refereesVisible(game.startsAt, ctx.clock.now()) ? game.secondReferee : null),
    }),
    homeTeam: t.relation('homeTeam', {
      nullable: true,
      description: 'Null while the pairing is undecided (a later cup round, a playoff series); see homePlaceholder.',
    }),
    awayTeam: t.relation('awayTeam', { nullable: true, description: 'Null while the pairing is undecided; see awayPlaceholder.' }),
    homePlaceholder: t.exposeString('homePlaceholder', {
      nullable: true,
      description: 'The federation\'s text in place of a home team not known yet ("Sieger Halbfinal 1"), as it gives it; null once the team is known.',
    }),
    awayPlaceholder: t.exposeString('awayPlaceholder', {
      nullable: true,
      description: "The federation's text in place of an away team not known yet, as it gives it; null once the team is known.",
    }),
    venue: t.relation('venue', { nullable: true }),
    group: t.relation('group', { nullable: true }),
    round: t.relation('round', { nullable: true }),
    cupRound: t.relation('cupRound', { nullable: true }),
    events: t.relation('events', {
      complexity: { field: 1, multiplier: 40 }, // 18 on average, up to 37 (demo league)
      description: 'In game order (clock, then sequence).',
      query: { orderBy: [{ second: 'asc' }, { sequence: 'asc' }, { id: 'asc' }] },
    }),
    lineup: t.field({
      type: [LineupEntry],
      description: 'Players in the lineup, optionally of one side only.',
      complexity: { field: 1, multiplier: 40 }, // 33 on average, up to 40
      args: { side: t.arg({ type: TeamSideEnum }) },
      select: (_args, _ctx, nestedSelection) => ({
        homeTeamId: true,
        awayTeamId: true,
        lineup: nestedSelection({ orderBy: [{ number: 'asc' }, { id: 'asc' }] }),
      }),
      resolve: (game, args) => {
        if (!args.side) return game.lineup;
        const teamId = args.side === 'HOME' ? game.homeTeamId : game.awayTeamId;
        return game.lineup.filter((entry) => entry.teamId === teamId);
      },
    }),
  }),
});

builder.prismaObject('GameEvent', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    second: t.exposeInt('second', { description: 'Game clock in seconds.' }),
    type: t.expose('type', { type: GameEventTypeEnum }),
    side: t.expose('side', { type: TeamSideEnum, nullable: true }),
    period: t.exposeInt('period', { nullable: true }),
    homeScore: t.exposeInt('homeScore', { nullable: true }),
    awayScore: t.exposeInt('awayScore', { nullable: true }),
    penaltyKind: t.expose('penaltyKind', { type: PenaltyKindEnum, nullable: true }),
    penaltyReason: t.exposeString('penaltyReason', { nullable: true }),
    penaltyShot: t.exposeBoolean('penaltyShot', { description: 'A goal scored from a penalty shot during play.' }),
    penaltyRole: t.field({
      type: PenaltyRoleEnum,
      nullable: true,
      description: "A penalty's role: OFFENDER (also for a penalty stored without one), ASSIST or DEPUTY; null on other events.",
      select: { type: true, penaltyRole: true },
      resolve: (event) => (event.type === 'PENALTY' ? penaltyRoleOf(event.penaltyRole) : null),
    }),
    code: t.exposeInt('code', { nullable: true, description: "The federation's code, 0–999: a penalty's offence code, a MISC event's meaning." }),
    inspectionDone: t.exposeBoolean('inspectionDone', { nullable: true, description: 'A PLAYER_INSPECTION: done (true) or skipped (false).' }),
    worldTime: t.expose('worldTime', { type: 'DateTime', nullable: true, description: 'When the desk recorded the event, by the wall clock (as it gave it).' }),
    team: t.relation('team', { nullable: true }),
    player: t.relation('player', { nullable: true }),
    assist: t.relation('assist', { nullable: true }),
  }),
});

const GameFilter = builder.inputType('GameFilter', {
  fields: (t) => ({
    season: t.int({ description: 'Games of league groups or cups of this season.' }),
    groupId: t.int(),
    roundId: t.int(),
    cupRoundId: t.int(),
    teamId: t.int({ description: 'Games the team plays, home or away.' }),
    clubId: t.int({ description: 'Games any team of the club plays.' }),
    status: t.field({ type: [GameStatusEnum] }),
    leagueIds: t.intList({ description: 'League games of these leagues (cup games only with cup filters).' }),
    gameClassIds: t.intList({ description: 'League games of these game classes.' }),
    tournamentIds: t.intList({ description: 'Cup games of these tournaments.' }),
    onlyVideoStreamed: t.boolean(),
    betweenTeams: t.intList({ description: 'Exactly two team ids: games between them, either side at home.' }),
    from: t.field({ type: 'DateTime', description: 'Start at or after this instant.' }),
    to: t.field({ type: 'DateTime', description: 'Start before this instant.' }),
  }),
});

type GameFilterInput = typeof GameFilter.$inferInput;

function inList(ids: number[] | undefined): { in: number[] } | undefined {
  return ids ? { in: ids } : undefined;
}

/**
 * `clubTeamIds`: the club filter's teams, looked up beforehand. A filter on the joined teams' club
 * cannot use an index on Game and made PostgreSQL scan every game; team ids on Game's own columns
 * become an index lookup for each side.
 */
function gameWhere(filter: GameFilterInput | null | undefined, clubTeamIds?: number[]): Prisma.GameWhereInput {
  if (!filter) return {};
  if (filter.from && filter.to && filter.from > filter.to) {
    throw badUserInput('filter.from must not be after filter.to');
  }
  const and: Prisma.GameWhereInput[] = [];
  if (filter.season != null) {
    and.push(gamesInSeasons(filter.season));
  }
  if (filter.teamId != null) and.push({ OR: [{ homeTeamId: filter.teamId }, { awayTeamId: filter.teamId }] });
  const kinds = currentGamesFilter({
    leagueIds: filter.leagueIds ?? undefined,
    gameClassIds: filter.gameClassIds ?? undefined,
    tournamentIds: filter.tournamentIds ?? undefined,
  });
  if (kinds) {
    const either: Prisma.GameWhereInput[] = [];
    if (kinds.leagueGames) {
      either.push({ group: { leagueId: inList(kinds.leagueGames.leagueIds), gameClassId: inList(kinds.leagueGames.gameClassIds) } });
    }
    if (kinds.cupGames) either.push({ cupRound: { tournamentId: inList(kinds.cupGames.tournamentIds) } });
    and.push({ OR: either });
  }
  if (filter.onlyVideoStreamed) and.push({ hasVideoStream: true });
  if (filter.betweenTeams) {
    const [a, b] = filter.betweenTeams;
    if (filter.betweenTeams.length !== 2) throw badUserInput('filter.betweenTeams takes exactly two team ids');
    and.push({
      OR: [
        { homeTeamId: a, awayTeamId: b },
        { homeTeamId: b, awayTeamId: a },
      ],
    });
  }
  if (clubTeamIds) and.push({ OR: [{ homeTeamId: { in: clubTeamIds } }, { awayTeamId: { in: clubTeamIds } }] });
  return {
    AND: and,
    groupId: filter.groupId ?? undefined,
    roundId: filter.roundId ?? undefined,
    cupRoundId: filter.cupRoundId ?? undefined,
    status: filter.status?.length ? { in: filter.status } : undefined,
    startsAt: filter.from || filter.to ? { gte: filter.from ?? undefined, lt: filter.to ?? undefined } : undefined,
  };
}

builder.queryFields((t) => ({
  games: t.prismaConnection({
    type: 'Game',
    cursor: 'id',
    maxSize: pageSize,
    complexity: connectionComplexity,
    description: 'Games in order of occurrence (start time, then id).',
    args: { filter: t.arg({ type: GameFilter }) },
    resolve: async (query, _root, args, ctx) => {
      const clubId = args.filter?.clubId;
      const clubTeamIds = clubId == null ? undefined : (await ctx.prisma.team.findMany({ where: { clubId }, select: { id: true } })).map((team) => team.id);
      return ctx.prisma.game.findMany({ ...query, where: gameWhere(args.filter, clubTeamIds), orderBy: [{ startsAt: 'asc' }, { id: 'asc' }] });
    },
  }),
  game: t.prismaField({
    type: 'Game',
    nullable: true,
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.game.findUnique({ ...query, where: { id: args.id } }),
  }),
}));
