import { describe, expect, it } from 'vitest';
import { GAME_CHANGE_KINDS } from '../../src/domain/game-write.js';
import {
  assertInterest,
  assertTargetUrl,
  EVENT_TYPE_OF_CHANGE,
  eventTypesOf,
  isRefusedAddress,
  type LoggedGameChange,
  maySecretBeReplayed,
  messageIdOf,
  retryDelayMs,
  SECRET_REPLAY_WINDOW_MS,
  wants,
  WEBHOOK_EVENT_TYPES,
} from '../../src/domain/webhooks.js';

const change: LoggedGameChange = {
  gameId: 10,
  version: 4,
  kind: 'EVENT_ADDED',
  eventId: 99,
  status: 'LIVE',
  homeScore: 1,
  awayScore: 0,
  groupId: 3,
  homeTeamId: 20,
  awayTeamId: 21,
  homeClubId: 30,
  awayClubId: 31,
  affects: { leagueIds: [5] },
};
const everything = { eventTypes: [], eventKinds: [], leagueId: null, teamId: null, clubId: null, gameId: null };

describe('the event catalogue', () => {
  it('gives every change kind a documented event type', () => {
    for (const kind of GAME_CHANGE_KINDS) expect(WEBHOOK_EVENT_TYPES[EVENT_TYPE_OF_CHANGE[kind]], kind).toBeTruthy();
  });

  it('adds game.result_changed to a status change that changed a result that counts', () => {
    expect(eventTypesOf({ ...change, kind: 'FINISHED', resultChanged: true })).toEqual(['game.status_changed', 'game.result_changed']);
    expect(eventTypesOf({ ...change, kind: 'PERIOD_ENDED', resultChanged: false })).toEqual(['game.status_changed']);
    expect(eventTypesOf(change)).toEqual(['game.event_recorded']);
  });

  it('names a delivery the same however often it is made', () => {
    expect(messageIdOf(12, 3, 'game.event_recorded')).toBe('msg_12_3_event_recorded');
  });
});

describe('what a webhook wants', () => {
  it('filters by type, game event kind, game, team, club and league', () => {
    expect(wants(everything, 'game.event_recorded', change, 'GOAL')).toBe(true);
    expect(wants({ ...everything, eventKinds: ['GOAL'] }, 'game.event_recorded', change, 'PENALTY')).toBe(false);
    expect(wants({ ...everything, eventKinds: ['GOAL'] }, 'game.status_changed', change, null)).toBe(true);
    expect(wants({ ...everything, eventTypes: ['game.status_changed'] }, 'game.event_recorded', change, 'GOAL')).toBe(false);
    expect(wants({ ...everything, gameId: 11 }, 'game.event_recorded', change, 'GOAL')).toBe(false);
    expect(wants({ ...everything, teamId: 21 }, 'game.event_recorded', change, 'GOAL')).toBe(true);
    expect(wants({ ...everything, clubId: 32 }, 'game.event_recorded', change, 'GOAL')).toBe(false);
    expect(wants({ ...everything, leagueId: 6 }, 'game.event_recorded', change, 'GOAL')).toBe(false);
    // A change from before leagues were told: delivered rather than lost.
    expect(wants({ ...everything, leagueId: 6 }, 'game.event_recorded', { ...change, affects: undefined }, 'GOAL')).toBe(true);
  });

  it('refuses unknown types and kinds, naming the field', () => {
    expect(() => assertInterest({ eventTypes: ['game.nope'], eventKinds: [] })).toThrow(expect.objectContaining({ field: 'eventTypes' }));
    expect(() => assertInterest({ eventTypes: [], eventKinds: ['NOPE'] })).toThrow(expect.objectContaining({ field: 'eventKinds' }));
  });
});

describe('target URLs', () => {
  it('takes https, and http only to an allowed host', () => {
    expect(assertTargetUrl('https://club.example/hook', []).hostname).toBe('club.example');
    expect(() => assertTargetUrl('http://club.example/hook', [])).toThrow('must be https');
    expect(assertTargetUrl('http://127.0.0.1:8080/hook', ['127.0.0.1']).port).toBe('8080');
    expect(() => assertTargetUrl('ftp://club.example/', [])).toThrow('must be https');
    expect(() => assertTargetUrl('not a url', [])).toThrow('Not a URL');
  });

  it('refuses private, loopback, link-local and mapped addresses, and takes public ones', () => {
    for (const address of [
      '10.0.0.1',
      '172.20.1.1',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isRefusedAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '193.5.216.1', '2001:4860:4860::8888', '::ffff:8.8.8.8']) expect(isRefusedAddress(address), address).toBe(false);
  });
});

describe('retries', () => {
  const policy = { baseDelayMs: 5000, maxDelayMs: 60_000, windowMs: 86_400_000 };
  it('doubles from the base up to the bound, half of it jitter', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(policy, n, 0))).toEqual([2500, 5000, 10_000, 20_000, 30_000, 30_000]);
    expect([1, 2, 6].map((n) => retryDelayMs(policy, n, 0.999999))).toEqual([5000, 10_000, 60_000]);
  });
});

describe('a retried creation', () => {
  it('shows the secret again only within the window, and never once it was rotated', () => {
    const created = new Date('2026-11-29T10:00:00Z');
    const at = (ms: number) => new Date(created.getTime() + ms);
    expect(maySecretBeReplayed(created, at(1000), true)).toBe(true);
    expect(maySecretBeReplayed(created, at(SECRET_REPLAY_WINDOW_MS), true)).toBe(true);
    expect(maySecretBeReplayed(created, at(SECRET_REPLAY_WINDOW_MS + 1), true)).toBe(false);
    expect(maySecretBeReplayed(created, at(1000), false)).toBe(false);
  });
});
