// Webhooks for integrators (docs/webhooks.md): a key with the `webhooks` scope manages its own, a
// key with the `admin` scope every one. What a webhook wants and which URLs are safe is decided by
// src/domain/webhooks.ts; deliveries are made by src/live/webhooks/ from the change log.
import { assertMayManageWebhooks, type ApiCredential, webhookOwnerFilter } from '../domain/access.js';
import { InvalidInputError, NotFoundError } from '../domain/errors.js';
import {
  assertInterest,
  assertTargetUrl,
  type DELIVERY_STATUSES,
  maySecretBeReplayed,
  newWebhookSecret,
  SECRET_REPLAY_WINDOW_MS,
  testBody,
  WEBHOOK_EVENT_TYPE_NAMES,
  WEBHOOK_EVENT_TYPES,
  type WEBHOOK_STATUSES,
  type WebhookEventType,
} from '../domain/webhooks.js';
import type { Prisma } from '../generated/prisma/client.js';
import { onceForKey } from '../live/webhooks/write-keys.js';
import { inputHashOf } from '../live/write-idempotency.js';
import { builder, pageSize, relatedConnectionComplexity } from './builder.js';
import { connectionOf } from './connections.js';
import type { GraphQLContext } from './context.js';
import { writeKeyField } from './idempotency.js';
import { SortDirectionEnum } from './national-statistics.js';
import { GameEventTypeEnum } from './scalars.js';

const MANAGING = 'Managing webhooks';
/** A key's webhooks at most: enough for an integrator's filters, few enough to list whole. */
export const MAX_WEBHOOKS_PER_KEY = 20;
const MAX_DESCRIPTION_LENGTH = 200;
/** The attempts a delivery lists, newest first: a day of retries is fewer. */
const MAX_LISTED_ATTEMPTS = 50;

/** GraphQL enum values cannot hold dots: `game.event_recorded` is GAME_EVENT_RECORDED. */
const enumName = (type: WebhookEventType) => type.toUpperCase().replace(/\./g, '_');
const EVENT_TYPE_BY_ENUM = new Map(WEBHOOK_EVENT_TYPE_NAMES.map((type) => [enumName(type), type]));
const typeOfEnum = (value: string): WebhookEventType => EVENT_TYPE_BY_ENUM.get(value) ?? (value as WebhookEventType);

const WebhookEventTypeEnum = builder.enumType('WebhookEventType', {
  description: 'What a webhook delivery tells; its body says it in `type` as the dotted name (GAME_EVENT_RECORDED is `game.event_recorded`).',
  values: Object.fromEntries(WEBHOOK_EVENT_TYPE_NAMES.map((type) => [enumName(type), { description: `\`${type}\`: ${WEBHOOK_EVENT_TYPES[type]}.` }])),
});

const WebhookStatusEnum = builder.enumType('WebhookStatus', {
  description: 'Whether a webhook is delivered to.',
  values: {
    ACTIVE: { description: 'Its events are delivered as they happen.' },
    PAUSED: { description: 'Its events are kept and delivered, in order, once it is resumed; `pausedReason` says why it was paused.' },
  } satisfies Record<(typeof WEBHOOK_STATUSES)[number], { description: string }>,
});

const WebhookDeliveryStatusEnum = builder.enumType('WebhookDeliveryStatus', {
  description: 'Where a delivery stands.',
  values: {
    PENDING: { description: 'Not delivered yet: waiting for its turn or for its next retry (`nextAttemptAt`).' },
    DELIVERED: { description: 'The receiver answered with a 2xx status.' },
    FAILED: { description: 'Given up after a day of retries; its webhook was paused. It can be redelivered.' },
  } satisfies Record<(typeof DELIVERY_STATUSES)[number], { description: string }>,
});

const WebhookDeliveryOrderEnum = builder.enumType('WebhookDeliveryOrder', {
  description: 'What the deliveries are ordered by.',
  values: { CREATED: { description: 'When the delivery was made (then its id): the order of the change log.' } },
});

const WebhookAttempt = builder.prismaObject('WebhookAttempt', {
  description: 'One try at a delivery.',
  fields: (t) => ({
    at: t.expose('at', { type: 'DateTime', description: 'When it was sent.' }),
    statusCode: t.exposeInt('statusCode', {
      nullable: true,
      description: "The receiver's HTTP status; null when none came (a timeout, a refused address, a connection error).",
    }),
    error: t.exposeString('error', {
      nullable: true,
      description: 'Why it failed, in a few words (the start of the answer for an error status); null when it succeeded.',
    }),
    latencyMs: t.exposeInt('latencyMs', { description: 'How long the exchange took, in milliseconds.' }),
  }),
});

builder.prismaObject('WebhookDelivery', {
  description: 'One event for one webhook, with where its delivery stands: the delivery log.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: "The delivery's id, this service's own." }),
    messageId: t.exposeString('messageId', {
      description: 'The `webhook-id` header: the same on every attempt and redelivery, so that a receiver drops duplicates.',
    }),
    eventType: t.field({ type: WebhookEventTypeEnum, description: 'What it tells.', resolve: (d) => enumName(d.eventType as WebhookEventType) as never }),
    seq: t.exposeInt('seq', { nullable: true, description: 'The change log position it came from; null for a test event.' }),
    gameId: t.int({ nullable: true, description: 'The game it is about; null for a test event.', resolve: (d) => (d.gameId === 0 ? null : d.gameId) }),
    status: t.field({ type: WebhookDeliveryStatusEnum, description: 'Where it stands.', resolve: (d) => d.status as never }),
    attempts: t.exposeInt('attempts', { description: 'How many times it was sent.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was made from the change log (or asked for, a test event).' }),
    deliveredAt: t.expose('deliveredAt', { type: 'DateTime', nullable: true, description: 'When the receiver took it; null until then.' }),
    nextAttemptAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it is sent next (a retry after a failure); null once delivered or failed.',
      resolve: (d) => (d.status === 'PENDING' ? d.nextAttemptAt : null),
    }),
    lastStatusCode: t.exposeInt('lastStatusCode', { nullable: true, description: "The last attempt's HTTP status; null before any, or when none came." }),
    lastLatencyMs: t.exposeInt('lastLatencyMs', { nullable: true, description: "The last attempt's time in milliseconds; null before any." }),
    lastError: t.exposeString('lastError', { nullable: true, description: 'Why the last attempt failed; null when it succeeded or none was made.' }),
    body: t.string({ description: 'The JSON body delivered, as text (docs/webhooks.md describes each type).', resolve: (d) => JSON.stringify(d.body) }),
    attemptLog: t.relation('attemptLog', {
      description: `Its attempts, newest first (the last ${MAX_LISTED_ATTEMPTS}).`,
      query: { orderBy: { id: 'desc' }, take: MAX_LISTED_ATTEMPTS },
    }),
  }),
});
void WebhookAttempt;

builder.prismaObject('Webhook', {
  description:
    "An integrator's webhook: where the service posts which league changes, signed as the Standard Webhooks specification describes (docs/webhooks.md).",
  fields: (t) => ({
    id: t.exposeInt('id', { description: "The webhook's id." }),
    url: t.exposeString('url', { description: 'Where deliveries are posted (https).' }),
    description: t.exposeString('description', { description: 'What the owner says it is for.' }),
    eventTypes: t.field({
      type: [WebhookEventTypeEnum],
      description: 'The event types it wants; empty: every type.',
      resolve: (w) => w.eventTypes.map((type) => enumName(type as WebhookEventType)) as never,
    }),
    eventKinds: t.field({
      type: [GameEventTypeEnum],
      description: 'Of the game events, only these kinds (GOAL, say); empty: every kind.',
      resolve: (w) => w.eventKinds as never,
    }),
    leagueId: t.exposeInt('leagueId', { nullable: true, description: "Only this league's games; null: any league." }),
    teamId: t.exposeInt('teamId', { nullable: true, description: "Only this team's games; null: any team." }),
    clubId: t.exposeInt('clubId', { nullable: true, description: "Only the games of this club's teams; null: any club." }),
    gameId: t.exposeInt('gameId', { nullable: true, description: 'Only this game; null: any game.' }),
    status: t.field({ type: WebhookStatusEnum, description: 'Whether it is delivered to.', resolve: (w) => w.status as never }),
    pausedReason: t.exposeString('pausedReason', {
      nullable: true,
      description:
        'Why it is paused: by its owner, or by the service after a delivery failed for a whole day (which one, and its last error). Null while active.',
    }),
    pausedAt: t.expose('pausedAt', { type: 'DateTime', nullable: true, description: 'When it was paused; null while active.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was made.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it was last changed.' }),
    ownerKeyId: t.exposeInt('ownerKeyId', { nullable: true, description: 'The key that made it and manages it; null: the local operator.' }),
    deliveries: t.relatedConnection(
      'deliveries',
      {
        description: 'Its delivery log, newest first unless `direction: ASC`: each event, its attempts, status codes, latency and next retry.',
        cursor: 'id',
        maxSize: pageSize,
        complexity: relatedConnectionComplexity(20),
        totalCount: true,
        args: {
          status: t.arg({ type: WebhookDeliveryStatusEnum, description: 'Only deliveries that stand so; absent: all.' }),
          orderBy: t.arg({
            type: WebhookDeliveryOrderEnum,
            defaultValue: 'CREATED',
            description: 'What the deliveries are ordered by; CREATED when not given.',
          }),
          direction: t.arg({ type: SortDirectionEnum, defaultValue: 'DESC', description: 'DESC (newest first) when not given.' }),
        },
        query: (args) => ({
          where: args.status ? { status: args.status } : {},
          orderBy: { id: args.direction === 'ASC' ? ('asc' as const) : ('desc' as const) },
        }),
      },
      ...connectionOf('WebhookDelivery'),
    ),
  }),
});

const CreatedWebhook = builder.objectRef<{ webhookId: number; secret: string; replayed: boolean }>('CreatedWebhook').implement({
  description: `A webhook and its signing secret, which is shown this once (at creation and at each rotation; again to a retry of the creation with its idempotency key within ${SECRET_REPLAY_WINDOW_MS / 60_000} minutes).`,
  fields: (t) => ({
    webhook: t.prismaField({
      type: 'Webhook',
      description: 'The webhook as its owner sees it from now on.',
      resolve: (query, created, _args, ctx) => ctx.primary.webhook.findUniqueOrThrow({ ...query, where: { id: created.webhookId } }),
    }),
    secret: t.exposeString('secret', {
      description: 'The signing secret (`whsec_…`), for the Standard Webhooks libraries to verify deliveries with. Store it now: it is never shown again.',
    }),
    replayed: t.exposeBoolean('replayed', {
      description: 'True when this idempotency key made the webhook before: the first answer, and nothing was made again. False for a rotation.',
    }),
  }),
});

const filterFields = (t: PothosSchemaTypes.InputFieldBuilder<typeof builder.$inferSchemaTypes, 'InputObject'>) => ({
  description: t.string({ description: `What it is for, up to ${MAX_DESCRIPTION_LENGTH} characters.` }),
  eventTypes: t.field({
    type: [WebhookEventTypeEnum],
    description: 'The event types wanted; absent or empty: every type (WEBHOOK_TEST is sent only on request).',
  }),
  eventKinds: t.field({ type: [GameEventTypeEnum], description: 'Of the game events, only these kinds (GOAL, say); absent or empty: every kind.' }),
  leagueId: t.int({ description: "Only this league's games." }),
  teamId: t.int({ description: "Only this team's games." }),
  clubId: t.int({ description: "Only the games of this club's teams." }),
  gameId: t.int({ description: 'Only this game.' }),
});

const CreateWebhookInput = builder.inputType('CreateWebhookInput', {
  description: 'A webhook to make: where to post, and which changes.',
  fields: (t) => ({
    url: t.string({ required: true, description: 'Where to post: an https URL (http only to a host the operator allows), never a private address.' }),
    ...filterFields(t),
    idempotencyKey: writeKeyField(t),
  }),
});

const UpdateWebhookInput = builder.inputType('UpdateWebhookInput', {
  description: 'What to change of a webhook: a field left out stays as it is; a filter given as null is removed.',
  fields: (t) => ({
    id: t.int({ required: true, description: 'The webhook, by its id.' }),
    url: t.string({ description: 'A new target URL, under the same rules as at creation.' }),
    ...filterFields(t),
  }),
});

const RedeliverWebhookEventsInput = builder.inputType('RedeliverWebhookEventsInput', {
  description: 'Which deliveries to send again, with their own `webhook-id`: one by its message id, or every one made in a time range.',
  fields: (t) => ({
    webhookId: t.int({ required: true, description: 'The webhook, by its id.' }),
    messageId: t.string({ description: 'One delivery, by its `webhook-id`.' }),
    from: t.field({ type: 'DateTime', description: 'Every delivery made at or after this moment (with `to`, before it).' }),
    to: t.field({ type: 'DateTime', description: 'Every delivery made before this moment (with `from`, from it).' }),
    idempotencyKey: writeKeyField(t),
  }),
});

interface FilterInput {
  description?: string | null;
  eventTypes?: readonly string[] | null;
  eventKinds?: readonly string[] | null;
  leagueId?: number | null;
  teamId?: number | null;
  clubId?: number | null;
  gameId?: number | null;
}

function managing(ctx: GraphQLContext): ApiCredential {
  const credential = ctx.access.credential(MANAGING);
  assertMayManageWebhooks(credential, MANAGING);
  return credential;
}

/** The caller's webhook (any one for the admin scope); another key's is NOT_FOUND, as one that does not exist. */
async function ownWebhook(ctx: GraphQLContext, credential: ApiCredential, id: number) {
  const webhook = await ctx.primary.webhook.findFirst({ where: { id, ...webhookOwnerFilter(credential) }, select: { id: true } });
  if (!webhook) throw new NotFoundError(`No webhook ${id}`);
  return webhook;
}

/** What an input changes of the filter; `partial`: absent fields stay as they are. */
function filterData(input: FilterInput, partial: boolean): Prisma.WebhookUncheckedUpdateInput {
  const eventTypes = input.eventTypes?.map(typeOfEnum);
  const eventKinds = input.eventKinds ? [...input.eventKinds] : undefined;
  assertInterest({ eventTypes: eventTypes ?? [], eventKinds: eventKinds ?? [] });
  const description = input.description?.trim();
  if (description !== undefined && description.length > MAX_DESCRIPTION_LENGTH)
    throw new InvalidInputError(`The description is longer than ${MAX_DESCRIPTION_LENGTH} characters`, 'description');
  const keep = <T>(value: T | null | undefined): T | null | undefined => (value === undefined && partial ? undefined : (value ?? null));
  return {
    description: description ?? (partial ? undefined : ''),
    eventTypes: eventTypes ?? (partial ? undefined : []),
    eventKinds: eventKinds ?? (partial ? undefined : []),
    leagueId: keep(input.leagueId),
    teamId: keep(input.teamId),
    clubId: keep(input.clubId),
    gameId: keep(input.gameId),
  };
}

/** Sends every lane of the webhook that has deliveries waiting (after a resume or a redelivery). */
async function wakeLanes(ctx: GraphQLContext, webhookId: number): Promise<void> {
  const lanes = await ctx.primary.webhookDelivery.findMany({
    where: { webhookId, status: 'PENDING' },
    distinct: ['gameId'],
    select: { gameId: true },
  });
  for (const { gameId } of lanes) ctx.webhooks.wake({ webhookId, gameId });
}

builder.queryFields((t) => ({
  webhooks: t.prismaField({
    type: ['Webhook'],
    description: `The caller's webhooks by id (at most ${MAX_WEBHOOKS_PER_KEY} per key); every webhook for a key with the admin scope. Needs the webhooks or the admin scope.`,
    resolve: (query, _root, _args, ctx) => {
      const credential = managing(ctx);
      return ctx.primary.webhook.findMany({ ...query, where: webhookOwnerFilter(credential) ?? {}, orderBy: { id: 'asc' }, take: 1000 });
    },
  }),
  webhook: t.prismaField({
    type: 'Webhook',
    nullable: true,
    description: "One of the caller's webhooks (any one with the admin scope); null when there is no such webhook of the caller's.",
    args: { id: t.arg.int({ required: true, description: 'The webhook, by its id.' }) },
    resolve: (query, _root, args, ctx) => {
      const credential = managing(ctx);
      return ctx.primary.webhook.findFirst({ ...query, where: { id: args.id, ...webhookOwnerFilter(credential) } });
    },
  }),
}));

const WEBHOOK_ID_ARGS = builder.args((t) => ({ id: t.int({ required: true, description: 'The webhook, by its id.' }) }));

builder.mutationFields((t) => ({
  createWebhook: t.field({
    type: CreatedWebhook,
    description:
      'Makes a webhook for the calling key and returns its signing secret, once. It hears of the changes committed from now on. Needs the webhooks or the admin scope.',
    args: { input: t.arg({ type: CreateWebhookInput, required: true, description: 'The webhook to make.' }) },
    resolve: async (_root, { input }, ctx) => {
      const credential = managing(ctx);
      const url = assertTargetUrl(input.url, ctx.webhooks.allowedHosts).toString();
      const filter = filterData(input, false);
      const { idempotencyKey, ...wanted } = input;
      const now = ctx.clock.now();
      const secret = newWebhookSecret();
      const { answer, replayed, at } = await onceForKey(
        ctx.primary,
        { keyId: credential.keyId, idempotencyKey, mutation: 'createWebhook', input: wanted, now },
        async (tx) => {
          const owned = await tx.webhook.count({ where: { ownerKeyId: credential.keyId } });
          if (owned >= MAX_WEBHOOKS_PER_KEY) throw new InvalidInputError(`A key has at most ${MAX_WEBHOOKS_PER_KEY} webhooks: delete one first`);
          const newest = await tx.changeLogEntry.aggregate({ _max: { seq: true } });
          const webhook = await tx.webhook.create({
            data: {
              ...(filter as Prisma.WebhookUncheckedCreateInput),
              url,
              secret,
              ownerKeyId: credential.keyId,
              startSeq: newest._max.seq ?? 0,
              createdAt: now,
              updatedAt: now,
            },
            select: { id: true },
          });
          // Only its hash is kept with the key: enough to tell whether the secret was rotated since.
          return { webhookId: webhook.id, secretHash: inputHashOf(secret) };
        },
      );
      if (!replayed) {
        ctx.webhooks.created();
        return { webhookId: answer.webhookId, secret, replayed };
      }
      const current = await ctx.primary.webhook.findUniqueOrThrow({ where: { id: answer.webhookId }, select: { secret: true } });
      if (!maySecretBeReplayed(at, now, inputHashOf(current.secret) === answer.secretHash))
        throw new InvalidInputError(
          `idempotencyKey "${idempotencyKey}" made webhook ${answer.webhookId}; its secret is shown again only within ${SECRET_REPLAY_WINDOW_MS / 60_000} minutes of that and until it is rotated: rotate it (rotateWebhookSecret) for a new one`,
          'idempotencyKey',
        );
      return { webhookId: answer.webhookId, secret: current.secret, replayed };
    },
  }),
  updateWebhook: t.prismaField({
    type: 'Webhook',
    description: 'Changes where a webhook posts or what it wants; from the next change on. Needs the webhooks or the admin scope.',
    args: { input: t.arg({ type: UpdateWebhookInput, required: true, description: 'What to change.' }) },
    resolve: async (query, _root, { input }, ctx) => {
      const credential = managing(ctx);
      const { id } = await ownWebhook(ctx, credential, input.id);
      const url = input.url == null ? undefined : assertTargetUrl(input.url, ctx.webhooks.allowedHosts).toString();
      return ctx.primary.webhook.update({ ...query, where: { id }, data: { ...filterData(input, true), url, updatedAt: ctx.clock.now() } });
    },
  }),
  pauseWebhook: t.prismaField({
    type: 'Webhook',
    description:
      'Stops deliveries; the events keep coming into its log and go out, in order, once it is resumed. A paused webhook stays as it was paused (when and why). Needs the webhooks or the admin scope.',
    args: WEBHOOK_ID_ARGS,
    resolve: async (query, _root, args, ctx) => {
      const { id } = await ownWebhook(ctx, managing(ctx), args.id);
      const now = ctx.clock.now();
      // A paused webhook stays as it was paused (when, and why: the service's reason is not
      // overwritten), so that a resent pause needs no idempotency key.
      await ctx.primary.webhook.updateMany({
        where: { id, status: 'ACTIVE' },
        data: { status: 'PAUSED', pausedAt: now, pausedReason: 'Paused by its owner', updatedAt: now },
      });
      return ctx.primary.webhook.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  resumeWebhook: t.prismaField({
    type: 'Webhook',
    description:
      'Delivers again, beginning with what waited while it was paused. A delivery that had failed stays failed: redeliver it. Needs the webhooks or the admin scope.',
    args: WEBHOOK_ID_ARGS,
    resolve: async (query, _root, args, ctx) => {
      const { id } = await ownWebhook(ctx, managing(ctx), args.id);
      const webhook = await ctx.primary.webhook.update({
        ...query,
        where: { id },
        data: { status: 'ACTIVE', pausedAt: null, pausedReason: null, updatedAt: ctx.clock.now() },
      });
      await wakeLanes(ctx, id);
      return webhook;
    },
  }),
  deleteWebhook: t.int({
    description: 'Deletes a webhook and its delivery log; returns its id. Needs the webhooks or the admin scope.',
    args: WEBHOOK_ID_ARGS,
    resolve: async (_root, args, ctx) => {
      const { id } = await ownWebhook(ctx, managing(ctx), args.id);
      await ctx.primary.webhook.delete({ where: { id } });
      return id;
    },
  }),
  rotateWebhookSecret: t.field({
    type: CreatedWebhook,
    description:
      'A new signing secret, shown this once; deliveries are signed with it from now on (attempts of old deliveries too). Needs the webhooks or the admin scope.',
    args: WEBHOOK_ID_ARGS,
    resolve: async (_root, args, ctx) => {
      const { id } = await ownWebhook(ctx, managing(ctx), args.id);
      const secret = newWebhookSecret();
      await ctx.primary.webhook.update({ where: { id }, data: { secret, updatedAt: ctx.clock.now() } });
      return { webhookId: id, secret, replayed: false };
    },
  }),
  sendTestWebhookEvent: t.prismaField({
    type: 'WebhookDelivery',
    description:
      'Queues a `webhook.test` delivery, signed like any other, and returns it; read its attempts in the delivery log. Needs the webhooks or the admin scope.',
    args: {
      id: t.arg.int({ required: true, description: 'The webhook, by its id.' }),
      idempotencyKey: t.arg.string({
        required: true,
        description:
          'Unique per test event, the same for every retry of it: a retry returns the first delivery and queues none; the same key with another webhook is refused.',
      }),
    },
    resolve: async (query, _root, args, ctx) => {
      const credential = managing(ctx);
      const { id } = await ownWebhook(ctx, credential, args.id);
      const now = ctx.clock.now();
      const { answer, replayed } = await onceForKey(
        ctx.primary,
        { keyId: credential.keyId, idempotencyKey: args.idempotencyKey, mutation: 'sendTestWebhookEvent', input: { id }, now },
        async (tx) => {
          const body = testBody(now);
          const delivery = await tx.webhookDelivery.create({
            data: {
              messageId: `msg_test_${crypto.randomUUID()}`,
              webhookId: id,
              gameId: 0,
              eventType: body.type,
              body: body as unknown as Prisma.InputJsonValue,
              createdAt: now,
              nextAttemptAt: now,
            },
            select: { id: true },
          });
          return { webhookId: id, deliveryId: delivery.id };
        },
      );
      if (!replayed) ctx.webhooks.wake({ webhookId: id, gameId: 0 });
      return ctx.primary.webhookDelivery.findUniqueOrThrow({ ...query, where: { id: answer.deliveryId } });
    },
  }),
  redeliverWebhookEvents: t.int({
    description:
      'Sends deliveries again with their own `webhook-id` (a receiver that has one drops it): one by `messageId`, or every one made in `from`–`to`. They go out in their lanes’ order, with a fresh day of retries. Returns how many. Needs the webhooks or the admin scope.',
    args: { input: t.arg({ type: RedeliverWebhookEventsInput, required: true, description: 'Which deliveries.' }) },
    resolve: async (_root, { input }, ctx) => {
      const credential = managing(ctx);
      const { id } = await ownWebhook(ctx, credential, input.webhookId);
      if ((input.messageId == null) === (input.from == null && input.to == null))
        throw new InvalidInputError('Name one delivery by messageId, or a time range by from and to', 'messageId');
      const { idempotencyKey, ...which } = input;
      const where: Prisma.WebhookDeliveryWhereInput = {
        webhookId: id,
        ...(input.messageId != null ? { messageId: input.messageId } : { createdAt: { gte: input.from ?? undefined, lt: input.to ?? undefined } }),
      };
      const now = ctx.clock.now();
      const { answer, replayed } = await onceForKey(
        ctx.primary,
        { keyId: credential.keyId, idempotencyKey, mutation: 'redeliverWebhookEvents', input: which, now },
        async (tx) => {
          const { count } = await tx.webhookDelivery.updateMany({
            where,
            data: { status: 'PENDING', nextAttemptAt: now, firstAttemptAt: null, deliveredAt: null, leaseUntil: null },
          });
          if (input.messageId != null && count === 0) throw new NotFoundError(`No delivery ${input.messageId} of webhook ${id}`);
          return { webhookId: id, count };
        },
      );
      if (!replayed) await wakeLanes(ctx, id);
      return answer.count;
    },
  }),
}));
