import { localDay, localTime } from '../domain/league-time.js';
import { refereesAppearAt, refereesVisible } from '../domain/referees.js';
import { nowUntil } from '../cache/answer-horizon.js';
import { shownDecision } from '../domain/game-status.js';
import { penaltyRoleOf } from '../domain/player-statistics.js';
import { builder, connectionComplexity, pageSize } from './builder.js';
import { NODE_BY_ID } from './node.js';
import { COUNTED } from './connections.js';
import { LENGTH, listCost } from './costs.js';
import { GameFilter, gamesWhere } from './game-filter.js';
import { GAME_ORDER_ARGS } from './game-order.js';
import { gamesOrderBy } from './game-queries.js';
import { GameDecisionEnum, GameEventTypeEnum, GameStatusEnum, PenaltyKindEnum, PenaltyRoleEnum, PlayerPositionEnum, TeamSideEnum } from './scalars.js';

builder.prismaNode('Venue', {
  ...NODE_BY_ID,
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

const LineupEntry = builder.prismaNode('LineupEntry', {
  ...NODE_BY_ID,
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

builder.prismaNode('Game', {
  ...NODE_BY_ID,
  fields: (t) => ({
    id: t.exposeInt('id'),
    startsAt: t.expose('startsAt', { type: 'DateTime' }),
    status: t.expose('status', { type: GameStatusEnum }),
    homeScore: t.exposeInt('homeScore', { nullable: true }),
    awayScore: t.exposeInt('awayScore', { nullable: true }),
    homePeriodScores: t.exposeIntList('homePeriodScores'),
    awayPeriodScores: t.exposeIntList('awayPeriodScores'),
    decidedBy: t.field({
      type: GameDecisionEnum,
      nullable: true,
      description: 'How a game played to the end (FINISHED) was decided; null for every other status: scheduled, live, cancelled, forfeited, aborted.',
      resolve: (game) => shownDecision(game.status, game.decidedBy),
    }),
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
      resolve: (game, _args, ctx) =>
        refereesVisible(
          game.startsAt,
          nowUntil(ctx.clock, (now) => refereesAppearAt(game.startsAt, now)),
        )
          ? game.firstReferee
          : null,
    }),
    secondReferee: t.string({
      nullable: true,
      description: 'Published no earlier than 48 hours before the start.',
      resolve: (game, _args, ctx) =>
        refereesVisible(
          game.startsAt,
          nowUntil(ctx.clock, (now) => refereesAppearAt(game.startsAt, now)),
        )
          ? game.secondReferee
          : null,
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
      complexity: listCost(LENGTH.events),
      description: 'In game order (clock, then sequence).',
      query: { orderBy: [{ second: 'asc' }, { sequence: 'asc' }, { id: 'asc' }] },
    }),
    lineup: t.field({
      type: [LineupEntry],
      description: 'Players in the lineup, optionally of one side only.',
      complexity: listCost(LENGTH.lineup),
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

builder.prismaNode('GameEvent', {
  ...NODE_BY_ID,
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
    code: t.exposeInt('code', {
      nullable: true,
      description:
        "The federation's code, 0–999: a penalty's offence code, a MISC event's meaning, a penalty-shot goal's category as recorded (164 GamePenalty, 29 Penalty hit).",
    }),
    inspectionDone: t.exposeBoolean('inspectionDone', { nullable: true, description: 'A PLAYER_INSPECTION: done (true) or skipped (false).' }),
    worldTime: t.expose('worldTime', { type: 'DateTime', nullable: true, description: 'When the desk recorded the event, by the wall clock (as it gave it).' }),
    team: t.relation('team', { nullable: true }),
    player: t.relation('player', {
      nullable: true,
      description: "The player it names: the scorer (an own goal's plays for the other side than `side`), the penalized player, the player it happened to.",
    }),
    assist: t.relation('assist', { nullable: true }),
  }),
});

builder.queryFields((t) => ({
  games: t.prismaConnection(
    {
      type: 'Game',
      cursor: 'id',
      maxSize: pageSize,
      complexity: connectionComplexity,
      description: 'Games in order of occurrence (start time, then id), or the other way round with `direction: DESC`.',
      args: {
        filter: t.arg({ type: GameFilter }),
        ...GAME_ORDER_ARGS,
      },
      totalCount: async (_root, args, ctx) => ctx.prisma.game.count({ where: await gamesWhere(args.filter, ctx) }),
      resolve: async (query, _root, args, ctx) =>
        ctx.prisma.game.findMany({ ...query, where: await gamesWhere(args.filter, ctx), orderBy: gamesOrderBy(args.direction) }),
    },
    COUNTED,
  ),
  game: t.prismaField({
    type: 'Game',
    nullable: true,
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.game.findUnique({ ...query, where: { id: args.id } }),
  }),
}));

// The league's calendar (src/domain/league-time.ts): what a schedule shows, without each client converting time zones.
builder.prismaObjectFields('Game', (t) => ({
  localDate: t.field({
    type: 'Date',
    description: 'The calendar day the game starts on in Europe/Zurich.',
    select: { startsAt: true },
    resolve: (game) => localDay(game.startsAt),
  }),
  localStartTime: t.string({
    description: 'The start time in Europe/Zurich, HH:MM (24-hour clock). Every game has a start time.',
    select: { startsAt: true },
    resolve: (game) => localTime(game.startsAt),
  }),
}));
