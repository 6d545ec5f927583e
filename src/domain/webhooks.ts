/**
 * Webhooks for integrators (docs/webhooks.md): which event type a change of the change log is, the
 * body each type carries, which webhook wants it, which target URLs are safe, and when to try a
 * failed delivery again. Pure rules; the delivery itself is src/live/webhooks/.
 */
import { randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { EVENT_KIND_NAMES, type EventKind } from './event-kinds.js';
import { InvalidInputError } from './errors.js';
import { GAME_STATUSES, type GameStatus } from './game-status.js';
import type { ChangeAffects, GameChange } from './game-change.js';
import type { GameChangeKind } from './game-write.js';

/**
 * The event types, each from the change kinds that announce it (GAME_CHANGE_KINDS of
 * src/domain/game-write.ts). A new change kind fails to compile until it is given a type here:
 * that is where result state changes (provisional, protested, confirmed) join the catalogue.
 */
export const EVENT_TYPE_OF_CHANGE = {
  STARTED: 'game.status_changed',
  PERIOD_ENDED: 'game.status_changed',
  FINISHED: 'game.status_changed',
  FORFEITED: 'game.status_changed',
  ABORTED: 'game.status_changed',
  STATUS_UNDONE: 'game.status_changed',
  TRANSITION_CORRECTED: 'game.status_changed',
  EVENT_ADDED: 'game.event_recorded',
  EVENT_CORRECTED: 'game.event_corrected',
  EVENT_DELETED: 'game.event_deleted',
  SPECTATORS_RECORDED: 'game.spectators_recorded',
  SHEET_WRITTEN: 'game.lineup_published',
  RESULT_PROTESTED: 'game.result_state_changed',
  PROTEST_UPHELD: 'game.result_state_changed',
  PROTEST_REJECTED: 'game.result_state_changed',
  RESULT_CONFIRMED: 'game.result_state_changed',
} as const satisfies Record<GameChangeKind, string>;

/** A webhook event type: one of the change log's, `game.result_changed` beside a status change that changed a result that counts, and the test event. */
export type WebhookEventType = (typeof EVENT_TYPE_OF_CHANGE)[GameChangeKind] | 'game.result_changed' | 'webhook.test';

/** Every event type with what it says, for the schema's enum and docs/webhooks.md. */
export const WEBHOOK_EVENT_TYPES: Readonly<Record<WebhookEventType, string>> = {
  'game.event_recorded': 'a game event was recorded live (a goal, a penalty, a timeout, …; `data.event.type` says which)',
  'game.event_corrected': 'a recorded game event was corrected (`data.event` as it is now)',
  'game.event_deleted': 'a recorded game event was deleted (`data.event.id` names it)',
  'game.status_changed': 'the game started, a period ended, the game was finished, forfeited, aborted, or such a change was undone or corrected',
  'game.result_changed': 'the result that counts for the standings changed (a final whistle, a forfeit, a reported result, an undo of one)',
  'game.result_state_changed':
    "the result's state changed by a write: a club protested it, the federation upheld the protest (with a corrected score), rejected it, or confirmed the result (`data.change` says which); a provisional result whose protest window closes is confirmed without a write and without an event",
  'game.spectators_recorded': 'the number of spectators was recorded',
  'game.lineup_published': "a team's game sheet (lineup) was written",
  'webhook.test': 'a test event sent on request (sendTestWebhookEvent); carries no league data',
};

export const WEBHOOK_EVENT_TYPE_NAMES = Object.keys(WEBHOOK_EVENT_TYPES) as WebhookEventType[];

export function isWebhookEventType(type: string): type is WebhookEventType {
  return Object.hasOwn(WEBHOOK_EVENT_TYPES, type);
}

/**
 * What a change of the log tells a webhook: the game change as the log keeps it (a change logged
 * by an older version lacks the fields it did not know).
 */
export type LoggedGameChange = Pick<
  GameChange,
  | 'gameId'
  | 'version'
  | 'kind'
  | 'eventId'
  | 'status'
  | 'homeScore'
  | 'awayScore'
  | 'resultChanged'
  | 'groupId'
  | 'homeTeamId'
  | 'awayTeamId'
  | 'homeClubId'
  | 'awayClubId'
> & { affects?: Pick<ChangeAffects, 'leagueIds'> };

/** A game event as the body carries it; only `id` once it is deleted. */
export interface WebhookGameEvent {
  id: number;
  type?: EventKind;
  second?: number;
  period?: number | null;
  side?: string | null;
  teamId?: number | null;
  playerId?: number | null;
  assistId?: number | null;
  homeScore?: number | null;
  awayScore?: number | null;
}

/** The one body shape every event type shares (the Standard Webhooks `type`, `timestamp`, `data`). */
export interface WebhookBody {
  type: WebhookEventType;
  /** When the change committed (the change log's time), ISO 8601 UTC. */
  timestamp: string;
  data: {
    /** The change log position: rises with every change, a receiver keeps the highest it saw. */
    seq: number | null;
    /** The change as the service names it (GAME_CHANGE_KINDS), e.g. EVENT_ADDED, FINISHED. */
    change: GameChangeKind | null;
    game: {
      id: number;
      /** The game's version after the change: a receiver that saw a higher one has this already. */
      version: number;
      status: string;
      homeScore: number | null;
      awayScore: number | null;
      homeTeamId: number;
      awayTeamId: number;
      groupId: number | null;
      /** The full resource: the game's page of the main interface. */
      url: string;
    } | null;
    event: WebhookGameEvent | null;
    /** Only on `webhook.test`. */
    message?: string;
  };
}

/** The event types a change is delivered as: its own, and `game.result_changed` when it changed a result that counts (a status change, an upheld protest's corrected score). */
export function eventTypesOf(change: LoggedGameChange): WebhookEventType[] {
  const own: WebhookEventType = EVENT_TYPE_OF_CHANGE[change.kind];
  return change.resultChanged && (own === 'game.status_changed' || own === 'game.result_state_changed') ? [own, 'game.result_changed'] : [own];
}

export function bodyOf(
  type: WebhookEventType,
  change: LoggedGameChange,
  seq: number,
  committedAt: Date,
  event: WebhookGameEvent | null,
  baseUrl: string,
): WebhookBody {
  return {
    type,
    timestamp: committedAt.toISOString(),
    data: {
      seq,
      change: change.kind,
      game: {
        id: change.gameId,
        version: change.version,
        status: change.status,
        homeScore: change.homeScore,
        awayScore: change.awayScore,
        homeTeamId: change.homeTeamId,
        awayTeamId: change.awayTeamId,
        groupId: change.groupId,
        url: `${baseUrl.replace(/\/$/, '')}/api/games/${change.gameId}`,
      },
      event: change.eventId === null ? null : (event ?? { id: change.eventId }),
    },
  };
}

export function testBody(now: Date): WebhookBody {
  return {
    type: 'webhook.test',
    timestamp: now.toISOString(),
    data: { seq: null, change: null, game: null, event: null, message: 'A test event: the webhook is reachable and its signature verifies.' },
  };
}

/** What a webhook asks for; an empty list or a null filter wants everything. */
export interface WebhookInterest {
  eventTypes: readonly string[];
  eventKinds: readonly string[];
  leagueId: number | null;
  teamId: number | null;
  clubId: number | null;
  gameId: number | null;
}

/** Whether a webhook wants a change delivered as `type` (`eventKind`: the game event's kind, when the change is about one). */
export function wants(interest: WebhookInterest, type: WebhookEventType, change: LoggedGameChange, eventKind: string | null): boolean {
  if (interest.eventTypes.length > 0 && !interest.eventTypes.includes(type)) return false;
  if (interest.eventKinds.length > 0 && type.startsWith('game.event_') && (eventKind === null || !interest.eventKinds.includes(eventKind))) return false;
  if (interest.gameId !== null && interest.gameId !== change.gameId) return false;
  if (interest.teamId !== null && interest.teamId !== change.homeTeamId && interest.teamId !== change.awayTeamId) return false;
  if (interest.clubId !== null && interest.clubId !== change.homeClubId && interest.clubId !== change.awayClubId) return false;
  // A change from before leagues were told may be any league's: delivered rather than lost.
  if (interest.leagueId !== null && change.affects?.leagueIds && !change.affects.leagueIds.includes(interest.leagueId)) return false;
  return true;
}

/** Checks what a webhook asks for, naming the input field of what is wrong. */
export function assertInterest(interest: Pick<WebhookInterest, 'eventTypes' | 'eventKinds'>): void {
  const type = interest.eventTypes.find((candidate) => !isWebhookEventType(candidate) || candidate === 'webhook.test');
  if (type !== undefined)
    throw new InvalidInputError(`Unknown event type ${type}: one of ${WEBHOOK_EVENT_TYPE_NAMES.filter((t) => t !== 'webhook.test').join(', ')}`, 'eventTypes');
  const kind = interest.eventKinds.find((candidate) => !(EVENT_KIND_NAMES as string[]).includes(candidate));
  if (kind !== undefined) throw new InvalidInputError(`Unknown game event kind ${kind}`, 'eventKinds');
}

/** The stable `webhook-id` of a change's delivery to a webhook: the same however often it is fanned out or redelivered. */
export function messageIdOf(seq: number, webhookId: number, type: WebhookEventType): string {
  return `msg_${seq}_${webhookId}_${type.replace(/^game\./, '')}`;
}

/** A new signing secret in the Standard Webhooks form: `whsec_` and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/**
 * How long a retried `createWebhook` (the same idempotency key and input) shows the secret again.
 * A retry of an answer lost on the way comes within seconds; the same key sent much later is no
 * retry but a key reused or leaked, and the secret is shown once. Outside it, or once the secret was
 * rotated, the replay is refused and says to rotate the secret.
 */
export const SECRET_REPLAY_WINDOW_MS = 10 * 60_000;

/** Whether a replay of the creation at `createdAt` may show the secret it showed then, which is still the webhook's (`unrotated`). */
export function maySecretBeReplayed(createdAt: Date, now: Date, unrotated: boolean): boolean {
  return unrotated && now.getTime() - createdAt.getTime() <= SECRET_REPLAY_WINDOW_MS;
}

export const MAX_URL_LENGTH = 2000;

/**
 * A target URL as a webhook may have it: https, or http to a host the operator allows
 * (WEBHOOK_ALLOWED_HOSTS); no credentials in it. Its addresses are checked at each delivery
 * (`isRefusedAddress`), where the name is resolved.
 */
export function assertTargetUrl(raw: string, allowedHosts: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidInputError(`Not a URL: ${raw.slice(0, 100)}`, 'url');
  }
  if (raw.length > MAX_URL_LENGTH) throw new InvalidInputError(`The URL is longer than ${MAX_URL_LENGTH} characters`, 'url');
  if (url.username || url.password) throw new InvalidInputError('The URL may not carry a user name or password', 'url');
  const allowed = isAllowedHost(url.hostname, allowedHosts);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed)) throw new InvalidInputError('The URL must be https', 'url');
  const literal = bareHost(url.hostname);
  if (isIP(literal) && !allowed && isRefusedAddress(literal)) throw new InvalidInputError(`The URL names a private address (${literal})`, 'url');
  return url;
}

/** The host without the brackets of an IPv6 literal. */
export function bareHost(hostname: string): string {
  return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
}

export function isAllowedHost(hostname: string, allowedHosts: readonly string[]): boolean {
  return allowedHosts.includes(bareHost(hostname).toLowerCase());
}

const REFUSED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv6');

/** Loopback, private, link-local, shared, multicast and unspecified addresses (IPv4-mapped IPv6 as its IPv4): never a webhook's target unless allowed. */
export function isRefusedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return REFUSED.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return REFUSED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** When to try again and when to give up. */
export interface RetryPolicy {
  /** The first retry's delay; each next one doubles, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long after the first attempt a delivery is retried before it fails and its webhook is paused. */
  windowMs: number;
}

/** Retries for about a day: 5 s, 10 s, 20 s, … up to 2 h apart. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseDelayMs: 5_000, maxDelayMs: 2 * 60 * 60_000, windowMs: 24 * 60 * 60_000 };

/**
 * The delay before attempt `attempts + 1`, after `attempts` failed ones: exponential, with "equal
 * jitter" (half fixed, half random) so that the receivers a failure hit at once are not all retried
 * at once. `random` is in [0, 1).
 */
export function retryDelayMs(policy: RetryPolicy, attempts: number, random: number): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random);
}

/** Whether a delivery first tried at `firstAttemptAt` is given up at `now`. */
export function retriesExhausted(policy: RetryPolicy, firstAttemptAt: Date, now: Date): boolean {
  return now.getTime() - firstAttemptAt.getTime() >= policy.windowMs;
}

export const WEBHOOK_STATUSES = ['ACTIVE', 'PAUSED'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
export const DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The game statuses a `game.status_changed` body may carry (the catalogue docs/webhooks.md lists). */
export const WEBHOOK_GAME_STATUSES: readonly GameStatus[] = GAME_STATUSES;
