import { describe, expect, it } from 'vitest';
import { type GameHistoryData, reshapeGameHistory } from '../../../src/facades/rest/game-history.js';
import { away, home } from '../../support/game-fixtures.js';
import { renderContextFor } from '../../support/render.js';

type Entry = NonNullable<GameHistoryData['game']>['history']['nodes'][number];

const entry = (fields: Partial<Entry> & Pick<Entry, 'kind' | 'write' | 'at' | 'role'>): Entry => ({
  version: 1,
  reason: null,
  eventId: null,
  event: null,
  score: null,
  status: null,
  resultState: null,
  transition: null,
  spectators: null,
  ...fields,
});

const data: GameHistoryData = {
  game: {
    homeTeam: home,
    awayTeam: away,
    homePlaceholder: null,
    awayPlaceholder: null,
    history: {
      totalCount: 5,
      nodes: [
        entry({
          kind: 'STATUS_CHANGED',
          write: 'startGame',
          at: '2026-11-22T15:00:05.000Z',
          role: 'HOME_DESK',
          status: { before: 'SCHEDULED', after: 'LIVE' },
        }),
        entry({
          kind: 'EVENT_ADDED',
          write: 'recordGoal',
          at: '2026-11-22T15:02:10.000Z',
          role: 'EVENT_DESK',
          eventId: 9,
          event: { before: null, after: { type: 'GOAL', second: 125 } },
          score: { before: { home: 0, away: 0 }, after: { home: 1, away: 0 } },
        }),
        entry({
          kind: 'EVENT_CORRECTED',
          write: 'correctEvent',
          at: '2026-11-22T15:03:00.000Z',
          role: 'FEDERATION',
          eventId: 9,
          event: { before: { type: 'GOAL', second: 125 }, after: { type: 'GOAL', second: 95 } },
        }),
        entry({
          kind: 'STATUS_CHANGED',
          write: 'forfeitGame',
          at: '2026-11-22T16:00:00.000Z',
          role: 'FEDERATION',
          reason: 'Kein Schiedsrichter',
          status: { before: 'LIVE', after: 'FORFEIT' },
        }),
        entry({
          kind: 'RESULT_CONFIRMED',
          write: 'confirmResult',
          at: '2026-11-23T09:00:00.000Z',
          role: 'FEDERATION',
          resultState: { before: 'PROVISIONAL', after: 'CONFIRMED' },
        }),
      ],
    },
  },
};

const rowsOf = (table: ReturnType<typeof reshapeGameHistory>) => table.data.regions[0].rows.map((r) => r.cells.map((c) => c.text));

describe('reshapeGameHistory', () => {
  it('lists the writes oldest first: when on the league’s calendar, what changed, the role, the reason', () => {
    const table = reshapeGameHistory(data, { game_id: 5 }, renderContextFor('de'));
    expect(table.data.headers.map((h) => h.key)).toEqual(['when', 'change', 'by', 'reason']);
    expect(table.data.title).toBe('Verlauf UHC Birkenfeld - Floorball Grünau');
    expect(table.data.context).toEqual({ game_id: 5, locale: 'de_CH' });
    expect(rowsOf(table)).toEqual(
      [
        ['22.11.2026 16:00', ['Spielstatus geändert', 'SCHEDULED → LIVE'], ['Heimverein'], ['']],
        ['22.11.2026 16:02', ['Ereignis erfasst', 'GOAL 02:05', 'Resultat 0:0 → 1:0'], ['Turnierleitung'], ['']],
        ['22.11.2026 16:03', ['Ereignis korrigiert', 'GOAL 02:05 → 01:35'], ['Verband'], ['']],
        ['22.11.2026 17:00', ['Spielstatus geändert', 'LIVE → FORFEIT'], ['Verband'], ['Kein Schiedsrichter']],
        ['23.11.2026 10:00', ['Resultat bestätigt', 'PROVISIONAL → CONFIRMED'], ['Verband'], ['']],
      ].map(([when, change, by, reason]) => [[when], change, by, reason].map((cell) => (Array.isArray(cell) ? cell : [cell]))),
    );
  });

  it('speaks the locale asked for', () => {
    const table = reshapeGameHistory(data, { game_id: 5 }, renderContextFor('fr'));
    expect(table.data.title).toBe('Historique UHC Birkenfeld - Floorball Grünau');
    expect(rowsOf(table)[1].slice(1, 3)).toEqual([['Événement saisi', 'GOAL 02:05', 'Score 0:0 → 1:0'], ['Direction du tournoi']]);
  });

  it('answers an unknown game with its 404 text', () => {
    expect(() => reshapeGameHistory({ game: null }, { game_id: 77 }, renderContextFor('en'))).toThrow('No game 77');
  });
});
