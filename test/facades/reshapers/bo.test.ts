import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, type CategoryWrite, categoryOf, type RecordedKind } from '../../../src/facades/bo/categories.js';
import { boFields, gameTime, gameTimeText, worldTime, yesNo } from '../../../src/facades/bo/fields.js';
import { derivedKey } from '../../../src/facades/shared/idempotency.js';
import { type BoGameData, boGameReports } from '../../../src/facades/bo/report.js';
import { HttpError } from '../../../src/facades/shared/errors.js';

const request = (query: Record<string, unknown>, body?: unknown, contentType = 'application/x-www-form-urlencoded') =>
  ({ query, body, headers: { 'content-type': contentType } }) as unknown as FastifyRequest;

describe('the back office’s parameters', () => {
  it('reads the query, then a form body over it, with nested form fields as lists of objects', () => {
    const fields = boFields(
      request(
        { auth_token: 'T', set: 'game_report' },
        { 'positions[0][player_id]': '5', 'positions[0][captain]': 'yes', 'positions[1][player_id]': '6', 'player_ids[]': '7' },
      ),
    );
    expect(fields).toEqual({ auth_token: 'T', set: 'game_report', positions: [{ player_id: '5', captain: 'yes' }, { player_id: '6' }], player_ids: ['7'] });
  });

  it('takes a JSON body as it is', () => {
    const body = { positions: [{ player_id: 423520, captain: 'yes', number: '13' }], auth_token: 'T' };
    expect(boFields(request({}, body, 'application/json'))).toEqual(body);
  });

  it('refuses fields nested deeper than positions[0][field]', () => {
    expect(() => boFields(request({}, { 'a[0][b][c]': '1' }))).toThrow(HttpError);
  });

  it('reads game time as h:mm:ss (or m:ss) and writes it back', () => {
    expect(gameTime({ time: '0:23:00' }, 'time')).toBe(1380);
    expect(gameTime({ time: '1:02:03' }, 'time')).toBe(3723);
    expect(gameTime({ time: '65:00' }, 'time')).toBe(3900);
    expect(gameTimeText(1380)).toBe('0:23:00');
    expect(gameTimeText(3723)).toBe('1:02:03');
    for (const bad of ['23 minutes', '0:60:00', '0:23:7', '']) expect(() => gameTime({ time: bad }, 'time')).toThrow(HttpError);
  });

  it('reads world_time with its offset, also when a form turned its + into a space', () => {
    expect(worldTime({ world_time: '2015-10-28T12:34:45+01:00' })).toBe('2015-10-28T11:34:45.000Z');
    expect(worldTime({ world_time: '2015-10-28T12:34:45 01:00' })).toBe('2015-10-28T11:34:45.000Z');
    expect(worldTime({})).toBeUndefined();
    expect(() => worldTime({ world_time: '28.10.2015 12:34' })).toThrow(HttpError);
  });

  it('reads yes and no, and booleans', () => {
    expect([yesNo('yes', 'x'), yesNo('no', 'x'), yesNo(true, 'x'), yesNo('1', 'x'), yesNo(undefined, 'x')]).toEqual([true, false, true, true, undefined]);
    expect(() => yesNo('maybe', 'captain')).toThrow('captain must be yes or no');
  });
});

/** The event a category's write records, as the schema stores it. */
function recorded(category: CategoryWrite): RecordedKind {
  const none = { side: null, penaltyKind: null, penaltyRole: null, penaltyShot: false, code: null, inspectionDone: null };
  switch (category.write) {
    case 'goal':
      return { ...none, type: 'GOAL', penaltyShot: category.penaltyShot, code: category.code ?? null };
    case 'ownGoal':
      return { ...none, type: 'OWN_GOAL' };
    case 'penalty':
      return { ...none, type: 'PENALTY', side: category.side ?? 'HOME', penaltyKind: category.penaltyKind, penaltyRole: category.role };
    case 'penaltyEnd':
      return { ...none, type: 'PENALTY_END' };
    case 'timeout':
      return { ...none, type: 'TIMEOUT', side: category.side };
    case 'teamEvent':
    case 'playerEvent':
      return { ...none, type: category.type };
    case 'misc':
      return { ...none, type: 'MISC' };
    case 'inspection':
      return { ...none, type: 'PLAYER_INSPECTION', inspectionDone: category.done };
  }
}

describe('event categories', () => {
  it('every documented category is known', () => {
    const documented = [
      1, 164, 3, 4, 5, 49, 6, 7, 8, 167, 9, 153, 154, 155, 156, 157, 158, 161, 162, 151, 10, 11, 15, 16, 12, 13, 14, 17, 18, 19, 20, 29, 39, 165, 166,
    ];
    expect([...CATEGORIES.keys()].sort((a, b) => a - b)).toEqual([...documented].sort((a, b) => a - b));
  });

  it('an event recorded for a category is shown with that category (a penalty hit, 29, as 29)', () => {
    for (const [id, category] of CATEGORIES) expect(categoryOf(recorded(category))?.id).toBe(id);
  });

  it('the markers of status changes have no category, an imported penalty without a role is the offender’s, a penalty-shot goal without its category 164', () => {
    const marker = { type: 'PERIOD_END', side: null, penaltyKind: null, penaltyRole: null, penaltyShot: false, code: null, inspectionDone: null };
    expect(categoryOf(marker)).toBeNull();
    expect(categoryOf({ ...marker, type: 'PENALTY', side: 'AWAY', penaltyKind: 'MAJOR_5' })?.id).toBe(4);
    expect(categoryOf({ ...marker, type: 'GOAL', side: 'HOME', penaltyShot: true })?.id).toBe(164);
  });
});

describe('the derived idempotency key', () => {
  const fields = { category_id: '1', time: '0:05:00', team_id: '430001' };

  it('is the same for the same request as a form or as JSON, whatever token it carries', () => {
    const form = derivedKey('POST', '/bo/games/1/events', { ...fields, auth_token: 'fbt_a' });
    const json = derivedKey('POST', '/bo/games/1/events', { team_id: 430001, time: '0:05:00', category_id: 1, auth_token: 'fbt_b' });
    expect(form).toBe(json);
    expect(form).toMatch(/^bo:[\w-]{43}$/);
  });

  it('differs by method, path and content', () => {
    const key = derivedKey('POST', '/bo/games/1/events', fields);
    expect(derivedKey('PUT', '/bo/games/1/events', fields)).not.toBe(key);
    expect(derivedKey('POST', '/bo/games/2/events', fields)).not.toBe(key);
    expect(derivedKey('POST', '/bo/games/1/events', { ...fields, time: '0:05:01' })).not.toBe(key);
  });
});

const GAME: BoGameData = {
  id: 1003928,
  startsAt: '2026-12-05T15:00:00.000Z',
  status: 'LIVE',
  version: 4,
  homeScore: 1,
  awayScore: 0,
  homePeriodScores: [1],
  awayPeriodScores: [0],
  decidedBy: null,
  forfeitedBy: null,
  spectators: 230,
  firstReferee: 'Reto Frei',
  secondReferee: null,
  venue: { name: 'Sporthalle', city: 'Wiler' },
  homeTeam: { id: 430001, name: 'Home' },
  awayTeam: { id: 430002, name: 'Away' },
  clock: { phase: 'PERIOD', period: 1 },
  statusMessages: ['END_THIRD', 'FORFAIT', 'ABORT', 'UNDO'],
  report: {
    phases: ['third1', 'third2', 'third3', 'prolongation', 'penalty_shootout'],
    totalSecondsPlayed: 300,
    playerInspectionOrdered: false,
    startedAt: '2026-12-05T15:01:00.000Z',
    finishedAt: null,
    overtimePlayed: false,
    penaltyShootoutPlayed: false,
  },
  topScorerPlayerIds: [600004],
  lineup: [
    {
      id: 11,
      number: 13,
      position: 'CENTER',
      captain: true,
      player: { id: 600004, firstName: 'Lia', lastName: 'Frei' },
      license: { id: 808550 },
      team: { id: 430001 },
    },
  ],
  events: [
    {
      id: 1500000002,
      type: 'GOAL',
      second: 300,
      period: 1,
      side: 'HOME',
      penaltyKind: null,
      penaltyRole: null,
      penaltyShot: false,
      code: null,
      inspectionDone: null,
      worldTime: '2026-12-05T15:06:00.000Z',
      team: { id: 430001 },
      player: { id: 600004 },
      assist: null,
    },
    {
      id: 1500000001,
      type: 'GAME_START',
      second: 0,
      period: 1,
      side: null,
      penaltyKind: null,
      penaltyRole: null,
      penaltyShot: false,
      code: null,
      inspectionDone: null,
      worldTime: null,
      team: null,
      player: null,
      assist: null,
    },
  ],
} as BoGameData;

describe('a game report', () => {
  it('lists the game and references its teams, positions and events (markers left out)', () => {
    const { list, references } = boGameReports([GAME]);
    expect(list).toEqual([
      expect.objectContaining({
        id: 1003928,
        type: 'Game',
        starts_at: '2026-12-05T16:00:00+01:00',
        status: 'live',
        phase: 'third1',
        decided_by: null,
        referees: ['Reto Frei'],
        spectators: 230,
        total_seconds_played: 300,
        started_at_worldtime: '2026-12-05T16:01:00+01:00',
        finished_at_worldtime: null,
        messages: ['end_third', 'forfait', 'abort', 'undo'],
        positions: [11],
        events: [1500000002],
      }),
    ]);
    expect(references.positions['11']).toEqual(
      expect.objectContaining({ player_id: 600004, license_id: 808550, number: 13, position: 'center', captain: true, topscorer: true }),
    );
    expect(references.events['1500000002']).toEqual({
      id: 1500000002,
      type: 'Event',
      subtype: 'Goal',
      category_id: 1,
      time: '0:05:00',
      second: 300,
      world_time: '2026-12-05T16:06:00+01:00',
      team_id: 430001,
      player_id: 600004,
      assister_id: null,
      code: null,
      attrs: {},
    });
    expect(Object.keys(references.teams)).toEqual(['430001', '430002']);
  });

  it('shows the decision of a finished game in lower case, and none where GraphQL has none', () => {
    const finished = { ...GAME, status: 'FINISHED', decidedBy: 'PENALTY_SHOTS' } as BoGameData;
    expect(boGameReports([finished]).list[0]).toMatchObject({ status: 'finished', decided_by: 'penalty_shots' });
    expect(boGameReports([{ ...GAME, status: 'FORFEIT' }]).list[0]).toMatchObject({ status: 'forfeit', decided_by: null });
  });

  it('shows each event as the desk sent it: an own goal for its scorer’s team, a penalty hit as 29 without a code', () => {
    const goal = GAME.events[0];
    const events = [
      // A home player's own goal: it counts for away.
      { ...goal, id: 1500000003, type: 'OWN_GOAL', side: 'AWAY', team: { id: 430002 }, player: { id: 600004 } },
      { ...goal, id: 1500000004, penaltyShot: true, code: 29 },
      { ...goal, id: 1500000005, penaltyShot: true, code: 164 },
    ] as BoGameData['events'];
    const { references } = boGameReports([{ ...GAME, events }]);
    expect(references.events['1500000003']).toMatchObject({ subtype: 'Player', category_id: 20, team_id: 430001, player_id: 600004, code: null });
    expect(references.events['1500000004']).toMatchObject({ subtype: 'Player', category_id: 29, team_id: 430001, player_id: 600004, code: null });
    expect(references.events['1500000005']).toMatchObject({ subtype: 'GamePenalty', category_id: 164, team_id: 430001, player_id: 600004, code: null });
  });
});
