import { describe, expect, it } from 'vitest';
import { InvalidInputError, NotFoundError } from '../../src/domain/errors.js';
import { decideNewKey, decideRevocation, decideRotation, MAX_KEY_NAME_LENGTH, type KeyState } from '../../src/domain/key-admin.js';

const NOW = new Date('2026-11-22T15:30:00Z');
const club = { id: 12 };
const desk: KeyState = { id: 4, name: 'desk Wiler', clubId: 12, scopes: ['games:write'], gameIds: [], revokedAt: null };

describe('a new key', () => {
  it('is named trimmed, with known scopes once each in the order asked', () => {
    expect(decideNewKey({ name: '  desk Wiler ', clubId: 12, scopes: ['games:write', 'admin', 'games:write'] }, club)).toEqual({
      name: 'desk Wiler',
      clubId: 12,
      scopes: ['games:write', 'admin'],
      gameIds: [],
    });
  });

  it("for an event's games reports those games only: the games:write scope, no club", () => {
    const asked = { name: 'Turnier Burgdorf', clubId: null, scopes: [], gameIds: [7, 5, 7] };
    expect(decideNewKey(asked, null, [5, 7])).toEqual({ name: 'Turnier Burgdorf', clubId: null, scopes: ['games:write'], gameIds: [5, 7] });
    expect(() => decideNewKey({ ...asked, clubId: 12 }, club, [5, 7])).toThrow('names its games, not a club');
    expect(() => decideNewKey({ ...asked, scopes: ['admin'] }, null, [5, 7])).toThrow('takes no admin scope');
    expect(() => decideNewKey(asked, null, [5])).toThrow(NotFoundError);
    expect(() => decideNewKey({ ...asked, gameIds: [-1] }, null, [])).toThrow(InvalidInputError);
    expect(() => decideNewKey({ ...asked, gameIds: Array.from({ length: 41 }, (_, i) => i + 1) }, null, [])).toThrow('at most 40 games');
  });

  it('without a club is a federation key, and without scopes reads only', () => {
    expect(decideNewKey({ name: 'ops', clubId: null, scopes: [] }, null)).toEqual({ name: 'ops', clubId: null, scopes: [], gameIds: [] });
  });

  it('needs a name of 1 to MAX_KEY_NAME_LENGTH characters without control characters', () => {
    const attempt = (name: string) => () => decideNewKey({ name, clubId: null, scopes: [] }, null);
    expect(attempt('   ')).toThrow(InvalidInputError);
    expect(attempt('x'.repeat(MAX_KEY_NAME_LENGTH + 1))).toThrow(`at most ${MAX_KEY_NAME_LENGTH} characters`);
    expect(attempt(` ${'x'.repeat(MAX_KEY_NAME_LENGTH)} `)).not.toThrow();
    expect(attempt('desk\tWiler')).toThrow('control characters');
    expect(attempt('desk\nWiler')).toThrow('control characters');
  });

  it('refuses an unknown scope, naming it and the known ones', () => {
    const attempt = () => decideNewKey({ name: 'app', clubId: null, scopes: ['games:write', 'games:delete'] }, null);
    expect(attempt).toThrow(InvalidInputError);
    expect(attempt).toThrow('Unknown scope games:delete: the scopes are games:write, admin, people:read, passwords:validate, webhooks');
  });

  it('belongs to a club that exists: an unknown one is NOT_FOUND, a malformed id invalid', () => {
    expect(() => decideNewKey({ name: 'desk', clubId: 99, scopes: [] }, null)).toThrow(NotFoundError);
    expect(() => decideNewKey({ name: 'desk', clubId: 99, scopes: [] }, null)).toThrow('No club 99');
    expect(() => decideNewKey({ name: 'desk', clubId: 99, scopes: [] }, club)).toThrow(NotFoundError); // the looked-up club must be the one asked for
    expect(() => decideNewKey({ name: 'desk', clubId: 1.5, scopes: [] }, null)).toThrow(InvalidInputError);
    expect(() => decideNewKey({ name: 'desk', clubId: -3, scopes: [] }, null)).toThrow(InvalidInputError);
  });
});

describe('revoking a key', () => {
  it('stamps it revoked now', () => {
    expect(decideRevocation(4, desk, NOW)).toEqual({ id: 4, revokedAt: NOW });
  });

  it('of an unknown key is NOT_FOUND', () => {
    expect(() => decideRevocation(5, null, NOW)).toThrow(NotFoundError);
    expect(() => decideRevocation(5, null, NOW)).toThrow('No API key 5');
  });

  it('that is revoked already is an error that says so, and since when', () => {
    const revoked = { ...desk, revokedAt: new Date('2026-11-01T08:00:00Z') };
    expect(() => decideRevocation(4, revoked, NOW)).toThrow(InvalidInputError);
    expect(() => decideRevocation(4, revoked, NOW)).toThrow('API key 4 ("desk Wiler") is already revoked, since 2026-11-01T08:00:00.000Z');
  });
});

describe('rotating a key', () => {
  it('revokes it now and grants a new key of the same name, club and scopes', () => {
    expect(decideRotation(4, desk, NOW)).toEqual({
      revoke: { id: 4, revokedAt: NOW },
      grant: { name: 'desk Wiler', clubId: 12, scopes: ['games:write'], gameIds: [] },
    });
  });

  it('of an unknown key is NOT_FOUND; of a revoked key an error: a revoked key is not brought back', () => {
    expect(() => decideRotation(7, null, NOW)).toThrow(NotFoundError);
    const revoked = { ...desk, revokedAt: NOW };
    expect(() => decideRotation(4, revoked, NOW)).toThrow(InvalidInputError);
    expect(() => decideRotation(4, revoked, NOW)).toThrow('create a new one instead');
  });
});
