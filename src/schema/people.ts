// People as the federation's back office knows them (/bo/people, /bo/players): a person is a
// player's record (the same id), their licence number the player's id. Looking people and players up
// and checking a person's password are the federation's (src/domain/access.ts, assertMayUsePeople);
// a wrong password counts toward the caller's failed-check brake, as a wrong key does.
import { GraphQLError } from 'graphql';
import { verifyPassword } from '../auth/password-hash.js';
import { assertMayUsePeople, PASSWORDS_VALIDATE_SCOPE, PEOPLE_READ_SCOPE } from '../domain/access.js';
import { InvalidInputError } from '../domain/errors.js';
import { licenseNumberRanges, MAX_PEOPLE_PER_ANSWER, MAX_PLAYERS_PER_LOOKUP, peopleSelection } from '../domain/people.js';
import type { Prisma } from '../generated/prisma/client.js';
import { builder } from './builder.js';
import { listCost } from './costs.js';
import { LicenseObject, TeamMemberObject } from './player.js';
import type { GraphQLContext } from './context.js';

const LOOKING_UP_PLAYERS = 'Looking players up by licence number';
const READING_PEOPLE = 'Reading people';
const VALIDATING_PASSWORDS = "Checking a person's password";

/** The current season's licence or roster place, the newest if several. */
const CURRENT = { where: { season: { isCurrent: true } }, orderBy: { id: 'desc' }, take: 1 } as const;

builder.prismaObjectFields('Player', (t) => ({
  licenseNumber: t.exposeInt('id', {
    description: "The number on the player's licence, which the back office looks players up by (`playersByLicenseNumber`): the player's id.",
  }),
  currentLicense: t.field({
    type: LicenseObject,
    nullable: true,
    description: "The player's licence of the current season (the newest, if several); null when they hold none this season.",
    select: (_args, _ctx, nestedSelection) => ({ licenses: nestedSelection(CURRENT) }),
    resolve: (player) => player.licenses[0] ?? null,
  }),
  currentMembership: t.field({
    type: TeamMemberObject,
    nullable: true,
    description: "The player's place on a team's roster this season (number, position, captain; the newest, if several); null when none.",
    select: (_args, _ctx, nestedSelection) => ({ memberships: nestedSelection(CURRENT) }),
    resolve: (player) => player.memberships[0] ?? null,
  }),
}));

const Person = builder.prismaObject('Player', {
  variant: 'Person',
  description:
    "A person the federation knows, by the same id as their player record (their role as a player). Readable with a federation key's people:read scope.",
  fields: (t) => ({
    id: t.exposeInt('id', { description: "The person's id: their player id (and licence number)." }),
    firstName: t.exposeString('firstName', { description: 'The first name.' }),
    lastName: t.exposeString('lastName', { description: 'The last name.' }),
    yearOfBirth: t.exposeInt('yearOfBirth', { nullable: true, description: 'The year of birth (e.g. 2001); null when unknown.' }),
    hasPassword: t.boolean({
      description: 'Whether the person has a password that `validatePersonPassword` can check. The password itself is never answered, nor its hash.',
      select: { password: { select: { personId: true } } },
      resolve: (person) => person.password !== null,
    }),
    changedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: "When the person's record last changed as far as the service keeps it (their password set): what `people(changedSince:)` selects by.",
      select: { password: { select: { changedAt: true } } },
      resolve: (person) => person.password?.changedAt ?? null,
    }),
    player: t.variant('Player', { description: 'The person as a player: their licence, club and team.' }),
  }),
});

const ValidatedPassword = builder.objectRef<{ personId: number; valid: boolean }>('ValidatedPassword').implement({
  description: "The verdict on a person's password: `valid` or not. An unknown person, or one without a password, is `valid: false` too.",
  fields: (t) => ({
    personId: t.exposeInt('personId', { description: 'The person whose password was checked, by id.' }),
    valid: t.exposeBoolean('valid', { description: "The password is the person's." }),
  }),
});

/** The brake is closed for the caller's address: the check is not made (a right password would be refused too, so a guesser learns nothing). */
async function assertBrakeOpen(ctx: GraphQLContext): Promise<void> {
  const closed = await ctx.secretChecks?.closedFor(ctx.caller.clientId);
  if (!closed) return;
  throw new GraphQLError(closed.message, {
    extensions: {
      code: 'RATE_LIMITED',
      retryAfter: closed.retryAfterSeconds,
      http: { status: 429, headers: { 'Retry-After': String(closed.retryAfterSeconds) } },
    },
  });
}

builder.queryFields((t) => ({
  playersByLicenseNumber: t.prismaField({
    type: ['Player'],
    description: `The players whose licence number begins with \`prefix\` (1–10 digits), by licence number: \`45472\` finds 45472 and 454720–454729 (and longer numbers beginning so), \`454729\` that one player. More than ${MAX_PLAYERS_PER_LOOKUP} matches is BAD_USER_INPUT: send more digits. Needs a federation key with the people:read scope.`,
    complexity: listCost(MAX_PLAYERS_PER_LOOKUP),
    args: { prefix: t.arg.string({ required: true, description: 'The first 1–10 digits of the licence number.' }) },
    resolve: async (query, _root, args, ctx) => {
      assertMayUsePeople(ctx.access.credential(LOOKING_UP_PLAYERS), PEOPLE_READ_SCOPE, LOOKING_UP_PLAYERS);
      // No ranges (a prefix beginning with 0): OR of nothing selects nobody.
      const ranges = licenseNumberRanges(args.prefix);
      const players = await ctx.prisma.player.findMany({
        ...query,
        where: { OR: ranges.map(({ from, to }) => ({ id: { gte: from, lte: to } })) },
        orderBy: { id: 'asc' },
        take: MAX_PLAYERS_PER_LOOKUP + 1,
      });
      if (players.length > MAX_PLAYERS_PER_LOOKUP) {
        throw new InvalidInputError(`Licence numbers beginning with ${args.prefix.trim()} are more than ${MAX_PLAYERS_PER_LOOKUP} players: send more digits`);
      }
      return players;
    },
  }),
  people: t.prismaField({
    type: [Person],
    description: `People by \`ids\` (1–100), or changed since the start of the day \`changedSince\` (required without ids) until the end of the day \`changedUntil\`, days in the league's time zone; by id. A window of more than ${MAX_PEOPLE_PER_ANSWER} people is BAD_USER_INPUT: narrow it. Needs a federation key with the people:read scope.`,
    complexity: listCost(MAX_PEOPLE_PER_ANSWER),
    args: {
      ids: t.arg.intList({ description: 'These people only, by id (1–100).' }),
      changedSince: t.arg({ type: 'Date', description: 'People changed on this day (Europe/Zurich) or later; required without `ids`.' }),
      changedUntil: t.arg({ type: 'Date', description: 'People changed on this day (Europe/Zurich) or earlier; no end when not given.' }),
    },
    resolve: async (query, _root, args, ctx) => {
      assertMayUsePeople(ctx.access.credential(READING_PEOPLE), PEOPLE_READ_SCOPE, READING_PEOPLE);
      const selection = peopleSelection(args);
      const where: Prisma.PlayerWhereInput =
        selection.kind === 'ids'
          ? { id: { in: selection.ids } }
          : { password: { changedAt: { gte: selection.from, ...(selection.to ? { lt: selection.to } : {}) } } };
      const people = await ctx.prisma.player.findMany({ ...query, where, orderBy: { id: 'asc' }, take: MAX_PEOPLE_PER_ANSWER + 1 });
      if (people.length > MAX_PEOPLE_PER_ANSWER) {
        throw new InvalidInputError(`More than ${MAX_PEOPLE_PER_ANSWER} people changed in this window: narrow changed_since and changed_until`);
      }
      return people;
    },
  }),
}));

builder.mutationFields((t) => ({
  validatePersonPassword: t.field({
    type: ValidatedPassword,
    description:
      "Whether `password` is the person's (the back office's validate_password). Needs a federation key with the passwords:validate scope. A wrong password counts toward the caller's failed-check brake as a wrong key does; while it is closed the check is refused (RATE_LIMITED).",
    args: {
      personId: t.arg.int({ required: true, description: 'The person, by id (their player id).' }),
      password: t.arg.string({ required: true, description: 'The password to check, as the person typed it.' }),
    },
    resolve: async (_root, args, ctx) => {
      assertMayUsePeople(ctx.access.credential(VALIDATING_PASSWORDS), PASSWORDS_VALIDATE_SCOPE, VALIDATING_PASSWORDS);
      await assertBrakeOpen(ctx);
      const stored = await ctx.primary.personPassword.findUnique({ where: { personId: args.personId }, select: { hash: true } });
      const valid = await verifyPassword(args.password, stored?.hash);
      if (!valid) await ctx.secretChecks?.failed(ctx.caller.clientId);
      return { personId: args.personId, valid };
    },
  }),
}));
