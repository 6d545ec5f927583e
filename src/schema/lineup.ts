import type { CandidateRecord } from '../domain/lineup-candidates.js';
import { eligibility, judgeLineup, type LineupMessage } from '../domain/lineup.js';
import { loadCandidateFacts } from './lineup-facts.js';
import { existing } from './batched.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { PlayerPositionEnum } from './scalars.js';

const LineupCandidate = builder.objectRef<CandidateRecord>('LineupCandidate').implement({
  description: 'A licensed player of the team’s club and how the lineup rules see them for one game.',
  fields: (t) => ({
    licenseId: t.exposeInt('licenseId'),
    playerId: t.exposeInt('playerId'),
    player: t.prismaField({
      type: 'Player',
      description: 'The licensed player (one statement for a whole list of candidates).',
      resolve: (query, c, _args, ctx) => ctx.prisma.player.findUnique({ ...query, where: { id: c.playerId } }).then(existing('Player', c.playerId)),
    }),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    licenseType: t.exposeString('licenseType'),
    licenseDisabled: t.boolean({ resolve: (c) => c.locked }),
    number: t.exposeInt('number', { nullable: true }),
    position: t.expose('position', { type: PlayerPositionEnum, nullable: true }),
    captain: t.exposeBoolean('captain'),
    eligible: t.boolean({ resolve: (c) => eligibility(c).eligible }),
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
      resolve: (c) => {
        const verdict = eligibility(c);
        return verdict.eligible ? null : verdict.reason;
      },
    }),
  }),
});

const LineupMessageRef = builder.objectRef<LineupMessage>('LineupMessage').implement({
  fields: (t) => ({
    rule: t.exposeString('rule'),
    licenseId: t.exposeInt('licenseId', { nullable: true }),
    message: t.exposeString('message'),
  }),
});

interface LineupValidationShape {
  valid: boolean;
  quotaExceeded: boolean;
  messages: LineupMessage[];
  members: CandidateRecord[];
}

const LineupValidation = builder.objectRef<LineupValidationShape>('LineupValidation').implement({
  fields: (t) => ({
    valid: t.exposeBoolean('valid'),
    quotaExceeded: t.exposeBoolean('quotaExceeded'),
    messages: t.field({ type: [LineupMessageRef], resolve: (v) => v.messages }),
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
    description: 'Players eligible to play for the team in the game, optionally narrowed to some licenses. Needs a key of the team’s club or a federation key.',
    args: {
      gameId: t.arg.int({ required: true }),
      teamId: t.arg.int({ required: true }),
      licenseIds: t.arg.intList(),
      includeIneligible: t.arg.boolean({ defaultValue: false }),
    },
    resolve: async (_root, args, ctx) => {
      const candidates = await loadCandidateFacts(ctx.prisma, args.gameId, args.teamId, clubReader(ctx, 'Reading lineup candidates'));
      const wanted = args.licenseIds ? new Set(args.licenseIds) : null;
      return candidates.filter((c) => (!wanted || wanted.has(c.licenseId)) && (args.includeIneligible || eligibility(c).eligible));
    },
  }),
  lineupValidation: t.field({
    type: LineupValidation,
    description: 'Whether the lineup made of these licenses is valid, and what is wrong with it if not. Needs a key of the team’s club or a federation key.',
    args: {
      gameId: t.arg.int({ required: true }),
      teamId: t.arg.int({ required: true }),
      licenseIds: t.arg.intList({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const candidates = await loadCandidateFacts(ctx.prisma, args.gameId, args.teamId, clubReader(ctx, 'Checking a lineup'));
      const byLicense = new Map(candidates.map((c) => [c.licenseId, c]));
      const verdict = judgeLineup(args.licenseIds, byLicense);
      return { ...verdict, members: verdict.licenseIds.flatMap((id) => byLicense.get(id) ?? []) };
    },
  }),
}));
