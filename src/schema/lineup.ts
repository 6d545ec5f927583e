import type { CandidateRecord } from '../domain/lineup-candidates.js';
import { eligibility, judgeLineup, LINEUP_LIMITS, type LineupMessage } from '../domain/lineup.js';
import { loadCandidateFacts } from './lineup-facts.js';
import { existing } from './batched.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { badUserInput } from './errors.js';
import { PlayerPositionEnum } from './scalars.js';

/**
 * The most candidates `lineupCandidates` answers: a club's licenses in one game class, a few dozen
 * even for a large club; past it the client narrows the list with `licenseIds`.
 */
export const MAX_LINEUP_CANDIDATES = 500;

/** The candidates, or BAD_USER_INPUT when they are more than `max`. */
export function boundedCandidates<T>(found: T[], max = MAX_LINEUP_CANDIDATES): T[] {
  if (found.length > max) throw badUserInput(`${found.length} lineup candidates are more than ${max}: narrow them with licenseIds`, 'licenseIds');
  return found;
}

const LineupCandidate = builder.objectRef<CandidateRecord>('LineupCandidate').implement({
  description: 'A licensed player of the team’s club and how the lineup rules see them for one game.',
  fields: (t) => ({
    licenseId: t.exposeInt('licenseId', { description: "The id of the player's license the candidate plays on; what a game sheet names." }),
    playerId: t.exposeInt('playerId', { description: 'The id of the licensed player.' }),
    player: t.prismaField({
      type: 'Player',
      description: 'The licensed player (one statement for a whole list of candidates).',
      resolve: (query, c, _args, ctx) => ctx.prisma.player.findUnique({ ...query, where: { id: c.playerId } }).then(existing('Player', c.playerId)),
    }),
    firstName: t.exposeString('firstName', { description: "The player's first name." }),
    lastName: t.exposeString('lastName', { description: "The player's last name." }),
    licenseType: t.exposeString('licenseType', { description: "The federation's license type, as it names it." }),
    licenseDisabled: t.boolean({ description: 'The license is locked: the player may not play on it.', resolve: (c) => c.locked }),
    number: t.exposeInt('number', {
      nullable: true,
      description: "The shirt number from the player's roster entry in the team (else in another team of the club) this season; null when none is known.",
    }),
    position: t.expose('position', {
      type: PlayerPositionEnum,
      nullable: true,
      description: "The position from the player's roster entry (else the player's own); null when unknown.",
    }),
    captain: t.exposeBoolean('captain', { description: "The team's captain this season." }),
    eligible: t.boolean({
      description:
        'May play for the team in the game: a license that is not locked, not suspended, and a member of the team, of a lower team of the club, or on a multi-team license.',
      resolve: (c) => eligibility(c).eligible,
    }),
    licensing: t.string({
      nullable: true,
      description: 'regular, other (plays up from a lower team of the club) or multi; null when not eligible.',
      resolve: (c) => {
        const verdict = eligibility(c);
        return verdict.eligible ? verdict.licensing : null;
      },
    }),
    reason: t.string({
      nullable: true,
      description: 'Why the player may not play, in words (e.g. "license is locked"); null when eligible.',
      resolve: (c) => {
        const verdict = eligibility(c);
        return verdict.eligible ? null : verdict.reason;
      },
    }),
  }),
});

const LineupMessageRef = builder.objectRef<LineupMessage>('LineupMessage').implement({
  description: 'One thing wrong with a lineup: the rule it breaks and, where it is one license’s, which.',
  fields: (t) => ({
    rule: t.exposeString('rule', {
      description: `The rule broken: unknown_license, not_eligible, duplicate, too_many_players, too_few_players (${LINEUP_LIMITS.minPlayers}–${LINEUP_LIMITS.maxPlayers} players), too_many_goalkeepers, too_few_goalkeepers (${LINEUP_LIMITS.minGoalkeepers}–${LINEUP_LIMITS.maxGoalkeepers}), quota (at most ${LINEUP_LIMITS.maxNonRegular} players of other or multi licensing).`,
    }),
    licenseId: t.exposeInt('licenseId', { nullable: true, description: 'The license the message is about; null for a rule of the whole lineup.' }),
    message: t.exposeString('message', { description: 'The problem in words (English), e.g. "at most 20 players, got 21".' }),
  }),
});

interface LineupValidationShape {
  valid: boolean;
  quotaExceeded: boolean;
  messages: LineupMessage[];
  members: CandidateRecord[];
}

const LineupValidation = builder.objectRef<LineupValidationShape>('LineupValidation').implement({
  description: "The lineup rules' verdict on a lineup of one team for one game.",
  fields: (t) => ({
    valid: t.exposeBoolean('valid', { description: 'The lineup breaks no rule: `messages` is empty.' }),
    quotaExceeded: t.exposeBoolean('quotaExceeded', {
      description: `More than ${LINEUP_LIMITS.maxNonRegular} players of other or multi licensing (the rule quota).`,
    }),
    messages: t.field({ type: [LineupMessageRef], description: 'What is wrong with the lineup; empty when it is valid.', resolve: (v) => v.messages }),
    members: t.field({ type: [LineupCandidate], description: 'The eligible players of the lineup.', resolve: (v) => v.members }),
  }),
});

/**
 * Lineups are team-internal: who may play, who is suspended, which licenses are locked. Both fields
 * need a key of the team's club or a federation key, on /graphql as on /api/v3. The key is asked for
 * before the game is looked up, so an anonymous caller learns nothing of which games exist.
 */
function clubReader(ctx: GraphQLContext, doing: string): (clubId: number) => void {
  ctx.access.credential(doing);
  return (clubId) => ctx.access.requireClubReader(clubId, doing);
}

builder.queryFields((t) => ({
  lineupCandidates: t.field({
    type: [LineupCandidate],
    description: `Players eligible to play for the team in the game, optionally narrowed to some licenses: at most ${MAX_LINEUP_CANDIDATES}, more is BAD_USER_INPUT (narrow with \`licenseIds\`). Needs a key of the team’s club or a federation key.`,
    args: {
      gameId: t.arg.int({ required: true, description: 'The game, by its id.' }),
      teamId: t.arg.int({ required: true, description: 'The team, by its id: one of the two teams of the game.' }),
      licenseIds: t.arg.intList({ description: 'Only these licenses; every license of the club in the game class when absent.' }),
      includeIneligible: t.arg.boolean({ defaultValue: false, description: 'Also the players who may not play, with their `reason`; false when not given.' }),
    },
    resolve: async (_root, args, ctx) => {
      const candidates = await loadCandidateFacts(ctx.prisma, args.gameId, args.teamId, clubReader(ctx, 'Reading lineup candidates'));
      const wanted = args.licenseIds ? new Set(args.licenseIds) : null;
      const found = candidates.filter((c) => (!wanted || wanted.has(c.licenseId)) && (args.includeIneligible || eligibility(c).eligible));
      return boundedCandidates(found);
    },
  }),
  lineupValidation: t.field({
    type: LineupValidation,
    description: 'Whether the lineup made of these licenses is valid, and what is wrong with it if not. Needs a key of the team’s club or a federation key.',
    args: {
      gameId: t.arg.int({ required: true, description: 'The game, by its id.' }),
      teamId: t.arg.int({ required: true, description: 'The team, by its id: one of the two teams of the game.' }),
      licenseIds: t.arg.intList({ required: true, description: 'The lineup: the licenses of the players who are to play.' }),
    },
    resolve: async (_root, args, ctx) => {
      const candidates = await loadCandidateFacts(ctx.prisma, args.gameId, args.teamId, clubReader(ctx, 'Checking a lineup'));
      const byLicense = new Map(candidates.map((c) => [c.licenseId, c]));
      const verdict = judgeLineup(args.licenseIds, byLicense);
      return { ...verdict, members: verdict.licenseIds.flatMap((id) => byLicense.get(id) ?? []) };
    },
  }),
}));
