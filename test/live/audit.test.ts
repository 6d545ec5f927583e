import { describe, expect, it } from 'vitest';
import { formatAuditRow } from '../../src/live/audit.js';
import { resultBeforeOf } from '../../src/live/game-audit.js';

describe('the audit CLI’s lines', () => {
  it('say when, which version, which mutation, which key, what the event and the score were before and after', () => {
    const line = formatAuditRow({
      at: new Date('2026-11-22T15:31:02Z'),
      mutation: 'correctEvent',
      version: 4,
      eventId: 1500000002,
      apiKey: { id: 3, name: 'Desk Wiler', prefix: 'fbk_AbCdEf', clubId: 12 },
      change: {
        event: { before: { type: 'GOAL', side: 'HOME', second: 125, playerId: 7 }, after: { type: 'GOAL', side: 'HOME', second: 95, playerId: 8 } },
        score: { before: '1:0', after: '1:0' },
        status: { before: 'LIVE', after: 'LIVE' },
      },
    });
    expect(line).toBe(
      '2026-11-22T15:31:02.000Z  v4  correctEvent  key 3 "Desk Wiler" (fbk_AbCdEf…, club 12)  event 1500000002: GOAL HOME 02:05 player 7 → GOAL HOME 01:35 player 8  score 1:0 → 1:0',
    );
  });

  it('names a transition’s status change and a federation key', () => {
    const line = formatAuditRow({
      at: new Date(0),
      mutation: 'startGame',
      version: 1,
      eventId: null,
      apiKey: { id: 1, name: 'fed', prefix: 'fbk_x', clubId: null },
      change: { status: { before: 'SCHEDULED', after: 'LIVE' }, score: { before: '0:0', after: '0:0' } },
    });
    expect(line).toContain('key 1 "fed" (fbk_x…, federation)  status SCHEDULED → LIVE  score 0:0 → 0:0');
  });
});

describe('resultBeforeOf', () => {
  it('reads what a write found of the result: status, score, decision and state, each only when recorded', () => {
    expect(
      resultBeforeOf({
        input: { kind: 'deleteEvent' },
        score: { before: '3:2', after: '2:2' },
        status: { before: 'FINISHED', after: 'FINISHED' },
        decidedBy: { before: 'OVERTIME', after: 'OVERTIME' },
      }),
    ).toEqual({ status: 'FINISHED', score: { home: 3, away: 2 }, decidedBy: 'OVERTIME' });
    expect(resultBeforeOf({ resultState: { before: null, after: 'PROVISIONAL' }, reason: null })).toEqual({ resultState: null });
    expect(resultBeforeOf({ input: {}, sheet: { teamId: 1, before: [], after: [] } })).toEqual({});
    expect(resultBeforeOf({ score: { before: 'x', after: '1:0' }, status: { before: 'NOPE' } })).toEqual({});
    expect(resultBeforeOf(null)).toEqual({});
  });
});
