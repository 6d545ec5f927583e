import { localDay, localTime } from '../domain/league-time.js';
import { refereesAppearAt, refereesVisible } from '../domain/referees.js';
import { nowUntil } from '../clock.js';
import { shownDecision } from '../domain/game-status.js';
import { penaltyRoleOf } from '../domain/player-statistics.js';
import { builder, connectionComplexity, pageSize } from './builder.js';
import { NODE_BY_ID } from './node.js';
import { connectionOf } from './connections.js';
import { LENGTH, listCost } from './costs.js';
import { GameFilter, gamesWhere } from './game-filter.js';
import { GAME_ORDER_ARGS } from './game-order.js';
import { gamesOrderBy } from './game-queries.js';
import { GameDecisionEnum, GameEventTypeEnum, GameStatusEnum, PenaltyKindEnum, PenaltyRoleEnum, PlayerPositionEnum, TeamSideEnum } from './scalars.js';

builder.prismaNode('Venue', {
  ...NODE_BY_ID,
  description: 'A hall where games are played.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: "The venue's id: the federation's." }),
    name: t.exposeString('name', { description: 'The name of the hall.' }),
    street: t.exposeString('street', { nullable: true, description: 'Street and number; null when unknown.' }),
    zip: t.exposeString('zip', { nullable: true, description: 'Postal code; null when unknown.' }),
    city: t.exposeString('city', { description: 'The city (or village) the hall is in.' }),
    latitude: t.exposeFloat('latitude', { description: 'Latitude in decimal degrees (WGS 84), north positive.' }),
    longitude: t.exposeFloat('longitude', { description: 'Longitude in decimal degrees (WGS 84), east positive.' }),
  }),
});

const LineupEntry = builder.prismaNode('LineupEntry', {
  ...NODE_BY_ID,
  description: "One line of a team's game sheet: a player who plays in the game, with the shirt number and position of that game.",
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The id of the line, this service’s own.' }),
    number: t.exposeInt('number', { nullable: true, description: 'The shirt number worn in this game, 1–99; null when the sheet gives none.' }),
    position: t.expose('position', {
      type: PlayerPositionEnum,
      nullable: true,
      description: 'The position played in this game; null when the sheet gives none.',
    }),
    captain: t.exposeBoolean('captain', { description: "The team's captain in this game (at most one per team)." }),
    team: t.relation('team', { description: 'The team the player plays for in this game.' }),
    player: t.relation('player', { description: 'The player.' }),
    license: t.relation('license', { nullable: true, description: 'The license the player plays on; null for a line imported without one.' }),
  }),
});

builder.prismaNode('Game', {
  ...NODE_BY_ID,
  description: 'A game of a league group or a cup round: who plays whom, when and where, its status, its score and what happened in it.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: "The game's id: the federation's game id." }),
    startsAt: t.expose('startsAt', {
      type: 'DateTime',
      description: 'The scheduled start, a UTC instant; `localDate` and `localStartTime` give it on the league’s calendar (Europe/Zurich).',
    }),
    status: t.expose('status', { type: GameStatusEnum, description: 'Where the game is: scheduled, live, finished, cancelled, forfeited or aborted.' }),
    homeScore: t.exposeInt('homeScore', {
      nullable: true,
      description:
        "The home team's goals: the running score while LIVE, the result once over (penalty-shootout win and forfeit score included); null before the start.",
    }),
    awayScore: t.exposeInt('awayScore', { nullable: true, description: "The away team's goals, as `homeScore`; null before the start." }),
    homePeriodScores: t.exposeIntList('homePeriodScores', {
      description:
        "The home team's goals per period, first period first (an overtime played is one more entry; the shootout counts in none); empty when unknown.",
    }),
    awayPeriodScores: t.exposeIntList('awayPeriodScores', { description: "The away team's goals per period, as `homePeriodScores`." }),
    decidedBy: t.field({
      type: GameDecisionEnum,
      nullable: true,
      description: 'How a game played to the end (FINISHED) was decided; null for every other status: scheduled, live, cancelled, forfeited, aborted.',
      resolve: (game) => shownDecision(game.status, game.decidedBy),
    }),
    spectators: t.exposeInt('spectators', { nullable: true, description: 'Spectators as the desk counted them; null when not recorded.' }),
    forfeitedBy: t.expose('forfeitedBy', {
      type: TeamSideEnum,
      nullable: true,
      description: "The side that forfeited a FORFEIT game recorded live; the other won by its league's forfeit score.",
    }),
    secondsPlayed: t.exposeInt('secondsPlayed', { nullable: true, description: 'Seconds of play of a result reported without its events.' }),
    hasVideoStream: t.exposeBoolean('hasVideoStream', { description: 'The game is streamed on video.' }),
    bracketPosition: t.exposeInt('bracketPosition', {
      nullable: true,
      description: "A cup game's position in its round's bracket, from 1: the winners of positions 2k-1 and 2k meet in the next round; null for league games.",
    }),
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
    venue: t.relation('venue', { nullable: true, description: 'Where the game is played; null when not known yet.' }),
    group: t.relation('group', { nullable: true, description: 'The league group of a league game; null for a cup game.' }),
    round: t.relation('round', {
      nullable: true,
      description: 'The round of the league group the game belongs to; null for a cup game or a game without a round.',
    }),
    cupRound: t.relation('cupRound', { nullable: true, description: 'The cup round of a cup game; null for a league game.' }),
    events: t.relation('events', {
      complexity: listCost(LENGTH.events),
      description: 'In game order (clock, then sequence).',
      query: { orderBy: [{ second: 'asc' }, { sequence: 'asc' }, { id: 'asc' }] },
    }),
    lineup: t.field({
      type: [LineupEntry],
      description: 'Players in the lineup, optionally of one side only.',
      complexity: listCost(LENGTH.lineup),
      args: { side: t.arg({ type: TeamSideEnum, description: "Only this side's lines; both sides' when absent." }) },
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
  description: "One entry of a game's log: a goal, a penalty, a timeout, a period's start or end, or another event the desk records.",
  fields: (t) => ({
    id: t.exposeInt('id', {
      description: "The event's id: the federation's for an imported event; events recorded live take theirs from a range far above the federation's.",
    }),
    second: t.exposeInt('second', { description: 'Game clock in seconds.' }),
    type: t.expose('type', { type: GameEventTypeEnum, description: 'What happened.' }),
    side: t.expose('side', {
      type: TeamSideEnum,
      nullable: true,
      description: "The side the event is for (a goal's: the side it counts for); null for an event of neither side, such as a period's start.",
    }),
    period: t.exposeInt('period', {
      nullable: true,
      description: 'The period it happened in, from 1 (overtime is the one after the regular periods); null when unknown.',
    }),
    homeScore: t.exposeInt('homeScore', {
      nullable: true,
      description: "The home team's goals after the event, on goals and on the markers that close a period or the game; null on other events.",
    }),
    awayScore: t.exposeInt('awayScore', { nullable: true, description: "The away team's goals after the event, as `homeScore`." }),
    penaltyKind: t.expose('penaltyKind', { type: PenaltyKindEnum, nullable: true, description: "A penalty's kind; null on other events." }),
    penaltyReason: t.exposeString('penaltyReason', { nullable: true, description: "A penalty's offence in words, as recorded; null when none was." }),
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
    team: t.relation('team', { nullable: true, description: 'The team of `side`; null for an event of neither side.' }),
    player: t.relation('player', {
      nullable: true,
      description: "The player it names: the scorer (an own goal's plays for the other side than `side`), the penalized player, the player it happened to.",
    }),
    assist: t.relation('assist', { nullable: true, description: "A goal's assisting player; null when there was none or on other events." }),
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
        filter: t.arg({ type: GameFilter, description: 'Which games: the filter’s conditions all apply; every game when absent.' }),
        ...GAME_ORDER_ARGS,
      },
      totalCount: async (_root, args, ctx) => ctx.prisma.game.count({ where: await gamesWhere(args.filter, ctx) }),
      resolve: async (query, _root, args, ctx) =>
        ctx.prisma.game.findMany({ ...query, where: await gamesWhere(args.filter, ctx), orderBy: gamesOrderBy(args.direction) }),
    },
    ...connectionOf('Game'),
  ),
  game: t.prismaField({
    type: 'Game',
    nullable: true,
    description: 'The game with this id; null when there is none.',
    args: { id: t.arg.int({ required: true, description: "The game's id." }) },
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
