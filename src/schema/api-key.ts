// Administering API keys and reading games' audits on a running service: every field needs the
// `admin` scope (an admin key, or the embedded database's operator token). What a request may do
// is decided by src/domain/key-admin.ts and written by src/auth/key-store.ts, as the keys CLI does
// when it works directly on the database.
import { createApiKey, revokeApiKey, rotateApiKey, type IssuedKey } from '../auth/key-store.js';
import { ADMIN_SCOPE, KEY_SCOPES } from '../domain/access.js';
import { MAX_EVENT_GAMES } from '../domain/key-admin.js';
import { assertGameExists, gameAuditOrder } from '../live/game-audit.js';
import { builder, connectionComplexity, pageSize } from './builder.js';
import { connectionOf } from './connections.js';
import { guardNode, NODE_BY_ID } from './node.js';
import { API_KEY_ORDER_ARGS, apiKeysOrderBy, GAME_AUDIT_ORDER_ARGS, gameAuditOrderBy } from './orders.js';

builder.prismaNode('ApiKey', {
  ...NODE_BY_ID,
  description: 'An API key as administrators see it: never its secret, nor the hash stored of it.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: "The key's id (an event desk's key: the event's anlass_id)." }),
    name: t.exposeString('name', { description: 'Who or what uses the key (a desk, an app).' }),
    prefix: t.exposeString('prefix', { description: 'The first characters of the secret, to tell keys apart.' }),
    clubId: t.exposeInt('clubId', { nullable: true, description: 'The club the key belongs to; null for a federation key.' }),
    club: t.relation('club', { nullable: true, description: 'The club the key belongs to; null for a federation key.' }),
    scopes: t.exposeStringList('scopes', { description: `What the key may do beyond reading (${KEY_SCOPES.join(', ')}); empty: it reads only.` }),
    gameIds: t.exposeIntList('gameIds', {
      description: "An event desk's key (the back office's anlass, whose id is the key's id): the only games it reports. Empty for every other key.",
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the key was made.' }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true, description: 'When it stopped working; null while it works.' }),
  }),
});

builder.prismaNode('GameAuditEntry', {
  ...NODE_BY_ID,
  description: 'One live write of a game, committed with it: when, which version it made, which mutation, with which key, what changed.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The id of the entry, this service’s own, rising with each write.' }),
    gameId: t.exposeInt('gameId', { description: 'The game written to, by its id.' }),
    at: t.expose('at', { type: 'DateTime', description: 'When the write was committed.' }),
    version: t.exposeInt('version', { description: "The game's version after the write." }),
    mutation: t.exposeString('mutation', { description: 'The write made, by its mutation name (recordGoal, finishGame, writeGameSheet, …).' }),
    eventId: t.exposeInt('eventId', { nullable: true, description: 'The event written, corrected or deleted; null for a transition.' }),
    change: t.string({
      description: 'What changed, as JSON text: `event` before and after, `score` and `status` before and after.',
      resolve: (entry) => JSON.stringify(entry.change),
    }),
    apiKey: t.relation('apiKey', { description: 'The key the write was made with.' }),
  }),
});

const CreatedApiKey = builder.objectRef<IssuedKey>('CreatedApiKey').implement({
  description: 'A key just made and its secret, which is shown this once: only its hash is stored.',
  fields: (t) => ({
    key: t.prismaField({
      type: 'ApiKey',
      description: 'The key as administrators see it from now on.',
      resolve: (query, issued, _args, ctx) => ctx.prisma.apiKey.findUniqueOrThrow({ ...query, where: { id: issued.key.id } }),
    }),
    secret: t.exposeString('secret', { description: 'Send it as `Authorization: Bearer <secret>`. Store it now: it cannot be shown again.' }),
  }),
});

const CreateApiKeyInput = builder.inputType('CreateApiKeyInput', {
  description: 'A key to make (createApiKey): who uses it, whose it is, and what it may do.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'Who or what uses the key; trimmed, 1–100 characters.' }),
    clubId: t.int({
      description: "The club the key belongs to (it reads that club's internal data, writes its home games); absent or null: a federation key.",
    }),
    scopes: t.stringList({ description: `What the key may do beyond reading: ${KEY_SCOPES.join(', ')}. Absent or empty: it reads only.` }),
    gameIds: t.intList({
      description: `An event desk's key: the games (1–${MAX_EVENT_GAMES}) it reports, and nothing else (no club, the games:write scope only). Its id is the event's anlass_id, its secret the password.`,
    }),
  }),
});

const ADMINISTERING = 'Administering API keys';
const READING_AUDITS = 'Reading game audits';

// A key or an audit entry refetched by its nodeId needs what `apiKeys` and `gameAudit` need.
guardNode('ApiKey', (ctx) => ctx.access.requireScope(ADMIN_SCOPE, ADMINISTERING));
guardNode('GameAuditEntry', (ctx) => ctx.access.requireScope(ADMIN_SCOPE, READING_AUDITS));

builder.queryFields((t) => ({
  apiKeys: t.prismaField({
    type: ['ApiKey'],
    description: 'Every API key, revoked ones included, by id: all of them (a service has some dozens; `apiKeysConnection` pages them). Needs the admin scope.',
    resolve: (query, _root, _args, ctx) => {
      ctx.access.requireScope(ADMIN_SCOPE, ADMINISTERING);
      return ctx.primary.apiKey.findMany({ ...query, orderBy: { id: 'asc' } });
    },
  }),
  apiKeysConnection: t.prismaConnection(
    {
      type: 'ApiKey',
      description: 'Every API key, revoked ones included, a page at a time, by id. Needs the admin scope.',
      cursor: 'id',
      maxSize: pageSize,
      complexity: connectionComplexity,
      args: API_KEY_ORDER_ARGS,
      // A selection of only totalCount runs this and not resolve: both check the scope.
      totalCount: (_root, _args, ctx) => {
        ctx.access.requireScope(ADMIN_SCOPE, ADMINISTERING);
        return ctx.primary.apiKey.count();
      },
      resolve: (query, _root, args, ctx) => {
        ctx.access.requireScope(ADMIN_SCOPE, ADMINISTERING);
        return ctx.primary.apiKey.findMany({ ...query, orderBy: apiKeysOrderBy(args.direction) });
      },
    },
    ...connectionOf('ApiKey'),
  ),
  gameAudit: t.prismaField({
    type: ['GameAuditEntry'],
    description:
      "The game's live writes, oldest first (what `npm run audit` prints): all of them (a game has some dozens; `gameAuditConnection` pages them). Needs the admin scope.",
    args: { gameId: t.arg.int({ required: true, description: 'The game, by its id.' }) },
    resolve: async (query, _root, args, ctx) => {
      ctx.access.requireScope(ADMIN_SCOPE, READING_AUDITS);
      await assertGameExists(ctx.primary, args.gameId);
      return ctx.primary.gameAuditEntry.findMany({ ...query, where: { gameId: args.gameId }, orderBy: gameAuditOrder() });
    },
  }),
  gameAuditConnection: t.prismaConnection(
    {
      type: 'GameAuditEntry',
      description: "The game's live writes, a page at a time, oldest first (`gameAudit` answers them all). Needs the admin scope.",
      cursor: 'id',
      maxSize: pageSize,
      complexity: connectionComplexity,
      args: { gameId: t.arg.int({ required: true, description: 'The game, by its id; NOT_FOUND when there is none.' }), ...GAME_AUDIT_ORDER_ARGS },
      // A selection of only totalCount runs this and not resolve: both check the scope and the game.
      totalCount: async (_root, args, ctx) => {
        ctx.access.requireScope(ADMIN_SCOPE, READING_AUDITS);
        await assertGameExists(ctx.primary, args.gameId);
        return ctx.primary.gameAuditEntry.count({ where: { gameId: args.gameId } });
      },
      resolve: async (query, _root, args, ctx) => {
        ctx.access.requireScope(ADMIN_SCOPE, READING_AUDITS);
        await assertGameExists(ctx.primary, args.gameId);
        return ctx.primary.gameAuditEntry.findMany({ ...query, where: { gameId: args.gameId }, orderBy: gameAuditOrderBy(args.direction) });
      },
    },
    ...connectionOf('GameAuditEntry'),
  ),
}));

builder.mutationFields((t) => ({
  createApiKey: t.field({
    type: CreatedApiKey,
    description: 'Makes a key and returns its secret, once. Needs the admin scope.',
    args: { input: t.arg({ type: CreateApiKeyInput, required: true, description: 'The key to make.' }) },
    resolve: (_root, { input }, ctx) => {
      ctx.access.requireScope(ADMIN_SCOPE, ADMINISTERING);
      return createApiKey(
        ctx.prisma,
        { name: input.name, clubId: input.clubId ?? null, scopes: input.scopes ?? [], gameIds: input.gameIds ?? [] },
        ctx.clock.now(),
      );
    },
  }),
  revokeApiKey: t.prismaField({
    type: 'ApiKey',
    description: 'Stops the key working from the next request on, on every instance. Revoking a revoked key is an error. Needs the admin scope.',
    args: { id: t.arg.int({ required: true, description: 'The key to revoke, by its id.' }) },
    resolve: async (query, _root, args, ctx) => {
      ctx.access.requireScope(ADMIN_SCOPE, ADMINISTERING);
      const revoked = await revokeApiKey(ctx.prisma, args.id, ctx.clock.now());
      return ctx.prisma.apiKey.findUniqueOrThrow({ ...query, where: { id: revoked.id } });
    },
  }),
  rotateApiKey: t.field({
    type: CreatedApiKey,
    description: 'A new secret for the same name, club and scopes; the old key is revoked in the same transaction. Needs the admin scope.',
    args: { id: t.arg.int({ required: true, description: 'The key to replace, by its id.' }) },
    resolve: (_root, args, ctx) => {
      ctx.access.requireScope(ADMIN_SCOPE, ADMINISTERING);
      return rotateApiKey(ctx.prisma, args.id, ctx.clock.now());
    },
  }),
}));
