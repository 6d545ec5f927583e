import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  canonicalPayload,
  type DigestedEvent,
  eventsDigest,
  isSignable,
  resultPayload,
  type SignableGame,
} from '../../src/domain/result-signature.js';

const GAME: SignableGame = {
  id: 42,
  startsAt: new Date('2026-11-22T15:00:00Z'),
  status: 'FINISHED',
  homeTeam: { id: 1, name: 'UHC Birkenfeld' },
  awayTeam: { id: 2, name: 'Floorball Grünau' },
  homeScore: 3,
  awayScore: 2,
  decidedBy: 'OVERTIME',
  forfeitedBy: null,
};

const event = (id: number, second: number, fields: Partial<DigestedEvent> = {}): DigestedEvent => ({
  id,
  type: 'GOAL',
  side: 'HOME',
  second,
  period: 1,
  playerId: null,
  assistId: null,
  penaltyKind: null,
  penaltyShot: false,
  ...fields,
});

describe('canonical JSON (RFC 8785)', () => {
  it('sorts members by their names’ UTF-16 code units, at every depth, without whitespace', () => {
    // RFC 8785 §3.2.3's example of the sort order: "\r" < "1" < "\u0080" < "ö" < "€" < "😀" < "ﬂ" by UTF-16 code units.
    const value = { '€': 1, '\r': 2, ﬂ: 3, '1': 4, '😀': 5, '\u0080': 6, ö: 7 };
    expect(canonicalJson(value)).toBe('{"\\r":2,"1":4,"\u0080":6,"ö":7,"€":1,"😀":5,"ﬂ":3}');
    expect(canonicalJson({ b: [true, null, { d: 'x', c: -0 }], a: 'é"\\' })).toBe('{"a":"é\\"\\\\","b":[true,null,{"c":0,"d":"x"}]}');
  });

  it('refuses a number other than a safe integer rather than write one verifiers could read otherwise', () => {
    expect(() => canonicalJson({ a: 1.5 })).toThrow(RangeError);
    expect(() => canonicalJson({ a: 2 ** 60 })).toThrow(RangeError);
  });
});

describe('the events’ digest', () => {
  it('is the base64url SHA-256 of the canonical list of the events’ public fields, in the order given', () => {
    const events = [event(1, 100), event(2, 200, { type: 'PENALTY', side: 'AWAY', penaltyKind: 'MINOR_2', playerId: 9 })];
    const expected = createHash('sha256')
      .update(
        '[{"assistId":null,"id":1,"penaltyKind":null,"penaltyShot":false,"period":1,"playerId":null,"second":100,"side":"HOME","type":"GOAL"},' +
          '{"assistId":null,"id":2,"penaltyKind":"MINOR_2","penaltyShot":false,"period":1,"playerId":9,"second":200,"side":"AWAY","type":"PENALTY"}]',
      )
      .digest('base64url');
    expect(eventsDigest(events)).toBe(`sha256:${expected}`);
    expect(eventsDigest([...events].reverse())).not.toBe(eventsDigest(events));
    expect(eventsDigest([event(1, 100, { playerId: 3 }), events[1]])).not.toBe(eventsDigest(events));
    expect(eventsDigest([])).toBe(`sha256:${createHash('sha256').update('[]').digest('base64url')}`);
  });

  it('reads only the fields it lists (a field of the row it does not name changes nothing)', () => {
    const withExtra = [{ ...event(1, 100), worldTime: new Date(), penaltyReason: 'x' } as DigestedEvent];
    expect(eventsDigest(withExtra)).toBe(eventsDigest([event(1, 100)]));
  });
});

describe('what is signed', () => {
  it('signs a confirmed result unasked, a provisional or protested one on request, and nothing without a result', () => {
    expect(isSignable(GAME, 'CONFIRMED', false)).toBe(true);
    expect(isSignable(GAME, 'PROVISIONAL', false)).toBe(false);
    expect(isSignable(GAME, 'PROVISIONAL', true)).toBe(true);
    expect(isSignable(GAME, 'PROTESTED', true)).toBe(true);
    expect(isSignable(GAME, null, true)).toBe(false);
    expect(isSignable({ ...GAME, status: 'LIVE' }, 'CONFIRMED', true)).toBe(false);
    expect(isSignable({ ...GAME, awayTeam: null }, 'CONFIRMED', true)).toBe(false);
    expect(isSignable({ ...GAME, status: 'FORFEIT', forfeitedBy: 'AWAY', homeScore: 5, awayScore: 0 }, 'CONFIRMED', false)).toBe(true);
  });

  it('is the game, its teams, score, decision, events’ digest, state and signing time, as canonical JSON', () => {
    const payload = resultPayload(GAME, [event(1, 100)], 'CONFIRMED', new Date('2026-11-25T08:00:00Z'));
    expect(canonicalPayload(payload)).toBe(
      `{"away":{"id":2,"name":"Floorball Grünau"},"decidedBy":"OVERTIME","eventsDigest":"${eventsDigest([event(1, 100)])}","forfeit":null,` +
        '"game":{"id":42,"startsAt":"2026-11-22T15:00:00.000Z"},"home":{"id":1,"name":"UHC Birkenfeld"},"resultState":"CONFIRMED",' +
        '"score":{"away":2,"home":3},"signedAt":"2026-11-25T08:00:00.000Z","status":"FINISHED","v":1}',
    );
  });

  it('says which side forfeited, and no decision, for a forfeit', () => {
    const forfeit = resultPayload({ ...GAME, status: 'FORFEIT', forfeitedBy: 'AWAY', homeScore: 5, awayScore: 0 }, [], 'PROVISIONAL', new Date(0));
    expect(forfeit).toMatchObject({ status: 'FORFEIT', decidedBy: null, forfeit: { by: 'AWAY' }, score: { home: 5, away: 0 }, resultState: 'PROVISIONAL' });
  });
});
