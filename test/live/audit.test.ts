import { describe, expect, it } from 'vitest';
import { formatAuditRow } from '../../src/live/audit.js';

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
