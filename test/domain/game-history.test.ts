import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORY_CATALOGUE, historyEntryOf, historyKindOf, historyRoleOf, isAuditedMutation, RESULT_LIFE_MUTATIONS } from '../../src/domain/game-history.js';

const GAME = { homeClubId: 10, awayClubId: 20 };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('the catalogue of history kinds', () => {
  it('has an entry for every mutation name a write of src/ audits (a new name fails here until it has one)', () => {
    const written: string[] = [];
    for (const file of sourceFiles('src')) {
      const text = readFileSync(file, 'utf8');
      for (const create of text.matchAll(/gameAuditEntry\.create\(/g)) {
        const block = text.slice(create.index, create.index + 1500);
        const mutation = /\bmutation:\s*([^,\n]+)/.exec(block)?.[1].trim();
        if (!mutation) throw new Error(`${file}: an audit entry without a readable \`mutation:\``);
        const literal = /^'([A-Za-z]+)'$/.exec(mutation);
        if (literal) written.push(literal[1]);
        // The live writes' names are their kinds: HISTORY_CATALOGUE's type asks the compiler for each GameWriteKind.
        else expect(mutation, `${file}: audits under ${mutation}; name it here or in the catalogue`).toBe('request.write.kind');
      }
    }
    expect(written.length).toBeGreaterThan(0);
    for (const name of written) expect(isAuditedMutation(name), `${name} has no entry in HISTORY_CATALOGUE`).toBe(true);
  });

  it('names the result life’s writes', () => {
    expect(RESULT_LIFE_MUTATIONS.map(historyKindOf)).toEqual(['RESULT_PROTESTED', 'PROTEST_UPHELD', 'PROTEST_REJECTED', 'RESULT_CONFIRMED']);
  });

  it('reads a name it does not know (a newer instance’s write) as OTHER, never as a catalogued kind', () => {
    expect(historyKindOf('somethingNew')).toBe('OTHER');
    expect(historyKindOf('toString')).toBe('OTHER');
    expect(Object.values(HISTORY_CATALOGUE).some((entry) => entry.kind === 'OTHER')).toBe(false);
  });
});

describe('the writer’s role', () => {
  it('is the event desk for an event’s key, the federation for a key of no club, the side of the key’s club otherwise', () => {
    expect(historyRoleOf({ clubId: null, gameIds: [5] }, GAME)).toBe('EVENT_DESK');
    expect(historyRoleOf({ clubId: null, gameIds: [] }, GAME)).toBe('FEDERATION');
    expect(historyRoleOf({ clubId: 10, gameIds: [] }, GAME)).toBe('HOME_DESK');
    expect(historyRoleOf({ clubId: 20, gameIds: [] }, GAME)).toBe('AWAY_DESK');
    expect(historyRoleOf({ clubId: 30, gameIds: [] }, GAME)).toBe('CLUB');
    // One club with both teams: its writes are the home desk's.
    expect(historyRoleOf({ clubId: 10, gameIds: [] }, { homeClubId: 10, awayClubId: 10 })).toBe('HOME_DESK');
  });
});

describe('an entry as the history tells it', () => {
  const stored = (mutation: string, change: unknown) => ({
    at: new Date('2026-11-22T15:00:00Z'),
    mutation,
    version: 3,
    eventId: 7,
    change,
    writer: { clubId: 10, gameIds: [] },
  });

  it('keeps the public fields of the event and drops everything else of the input and the row', () => {
    const entry = historyEntryOf(
      stored('recordPenalty', {
        input: { kind: 'recordPenalty', reason: 'Stockschlag', secretish: 'x' },
        event: {
          before: null,
          after: {
            id: 7,
            type: 'PENALTY',
            side: 'AWAY',
            second: 300,
            period: 1,
            playerId: 4,
            penaltyKind: 'MINOR_2',
            penaltyReason: 'Stockschlag',
            gameId: 1,
            sequence: 2,
          },
        },
        score: { before: '1:0', after: '1:0' },
        status: { before: 'LIVE', after: 'LIVE' },
      }),
      GAME,
    );
    expect(entry).toEqual({
      kind: 'EVENT_ADDED',
      write: 'recordPenalty',
      at: new Date('2026-11-22T15:00:00Z'),
      version: 3,
      role: 'HOME_DESK',
      // The penalty's reason is its offence, shown on the event, not a reason for the write.
      reason: null,
      eventId: 7,
      event: {
        before: null,
        after: { type: 'PENALTY', side: 'AWAY', second: 300, period: 1, playerId: 4, assistId: null, penaltyKind: 'MINOR_2', penaltyReason: 'Stockschlag' },
      },
      score: null,
      status: null,
      resultState: null,
      transition: null,
      spectators: null,
      sheetTeamId: null,
    });
  });

  it('takes the reason of a write that asks for one from its input, and the result life’s from the change', () => {
    expect(historyEntryOf(stored('forfeitGame', { input: { reason: 'no show' }, status: { before: 'SCHEDULED', after: 'FORFEIT' } }), GAME)).toMatchObject({
      kind: 'STATUS_CHANGED',
      reason: 'no show',
      status: { before: 'SCHEDULED', after: 'FORFEIT' },
    });
    expect(
      historyEntryOf(
        stored('upholdProtest', {
          reason: 'ineligible player',
          resultState: { before: 'PROTESTED', after: 'CONFIRMED' },
          score: { before: '3:2', after: '0:5' },
        }),
        GAME,
      ),
    ).toMatchObject({
      kind: 'PROTEST_UPHELD',
      reason: 'ineligible player',
      resultState: { before: 'PROTESTED', after: 'CONFIRMED' },
      score: { before: { home: 3, away: 2 }, after: { home: 0, away: 5 } },
    });
  });

  it('tells a moved transition, the spectators and a sheet’s team', () => {
    expect(historyEntryOf(stored('correctTransition', { input: { to: 'PERIOD_END', second: 1200, reason: 'clock' } }), GAME)).toMatchObject({
      kind: 'TRANSITION_MOVED',
      transition: { to: 'PERIOD_END', second: 1200 },
      reason: 'clock',
    });
    expect(historyEntryOf(stored('recordSpectators', { input: { spectators: 250 } }), GAME).spectators).toBe(250);
    expect(historyEntryOf(stored('writeGameSheet', { input: {}, sheet: { teamId: 44, before: [], after: [] } }), GAME)).toMatchObject({
      kind: 'SHEET_CHANGED',
      sheetTeamId: 44,
    });
  });

  it('reads a malformed change as nothing changed rather than failing', () => {
    expect(historyEntryOf(stored('recordGoal', null), GAME)).toMatchObject({ event: null, score: null, status: null, reason: null });
    expect(historyEntryOf(stored('recordGoal', { score: { before: 'x', after: 'y' } }), GAME).score).toBeNull();
  });
});
