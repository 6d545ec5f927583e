import { describe, expect, it } from 'vitest';
import { gameWinnerTeamId, roundSeries, winsToDecide, type SeriesGame } from '../../src/domain/series.js';

const A = 1;
const B = 2;
const C = 3;
const D = 4;

let nextId = 100;
/** A finished game; `day` is the day of November 2026 it starts on. */
function game(home: number, away: number, day: number, score: [number, number] | null, overrides: Partial<SeriesGame> = {}): SeriesGame {
  return {
    id: nextId++,
    homeTeamId: home,
    awayTeamId: away,
    startsAt: `2026-11-${String(day).padStart(2, '0')}T18:00:00.000Z`,
    status: score ? 'FINISHED' : 'SCHEDULED',
    homeScore: score?.[0] ?? null,
    awayScore: score?.[1] ?? null,
    ...overrides,
  };
}

describe('winsToDecide', () => {
  it('is the majority of the best-of-N', () => {
    expect([1, 3, 5, 7].map(winsToDecide)).toEqual([1, 2, 3, 4]);
    expect(winsToDecide(4)).toBe(3);
  });
});

describe('gameWinnerTeamId', () => {
  it('is the higher score of a finished or forfeited game, else nobody', () => {
    expect(gameWinnerTeamId(game(A, B, 1, [5, 4]))).toBe(A);
    expect(gameWinnerTeamId(game(A, B, 1, [0, 5], { status: 'FORFEIT' }))).toBe(B);
    expect(gameWinnerTeamId(game(A, B, 1, [2, 1], { status: 'LIVE' }))).toBeNull();
    expect(gameWinnerTeamId(game(A, B, 1, [3, 3]))).toBeNull();
    expect(gameWinnerTeamId(game(A, B, 1, null))).toBeNull();
  });
});

describe('roundSeries', () => {
  it('a group without best-of-N plays single games: not a series round', () => {
    expect(roundSeries(null, [game(A, B, 1, [1, 0])])).toBeNull();
    expect(roundSeries(undefined, [])).toBeNull();
  });

  it('groups a pairing whatever the home side, orders by start, names the first game’s home team home', () => {
    // Given out of order: the series is read in start order.
    const g3 = game(A, B, 8, [4, 2]);
    const g2 = game(B, A, 4, [3, 1]);
    const g1 = game(A, B, 1, [5, 3]);
    const [series, ...rest] = roundSeries(5, [g3, g2, g1]) ?? [];
    expect(rest).toEqual([]);
    expect(series).toMatchObject({ homeTeamId: A, awayTeamId: B, homeWins: 2, awayWins: 1, decided: false, winnerTeamId: null });
    expect(series.games).toEqual([g1, g2, g3]);
    expect(series.shown).toEqual([g1, g2, g3]);
  });

  it('is decided at a majority; unplayed games after the deciding one are dropped', () => {
    const games = [game(A, B, 1, [5, 3]), game(B, A, 4, [3, 1]), game(A, B, 8, [4, 2]), game(B, A, 11, [2, 3]), game(A, B, 15, null)];
    const [series] = roundSeries(5, games) ?? [];
    expect(series).toMatchObject({ homeWins: 3, awayWins: 1, decided: true, winnerTeamId: A });
    expect(series.games).toHaveLength(5);
    expect(series.shown).toEqual(games.slice(0, 4));
  });

  it('keeps every game while the series is open, and a game under way after the decision', () => {
    const open = [game(C, D, 2, [4, 1]), game(D, C, 5, [2, 6]), game(C, D, 9, [0, 1]), game(D, C, 12, null), game(C, D, 16, null)];
    const [series] = roundSeries(5, open) ?? [];
    expect(series).toMatchObject({ homeTeamId: C, homeWins: 2, awayWins: 1, decided: false });
    expect(series.shown).toEqual(open);

    const afterDecision = [
      game(A, B, 1, [2, 0]),
      game(B, A, 3, [1, 2]),
      game(A, B, 5, [1, 0], { status: 'LIVE' }),
      game(B, A, 7, null, { status: 'CANCELLED' }),
    ];
    const [best3] = roundSeries(3, afterDecision) ?? [];
    expect(best3).toMatchObject({ homeWins: 2, awayWins: 0, decided: true, winnerTeamId: A });
    expect(best3.shown).toEqual(afterDecision.slice(0, 3));
  });

  it('counts a forfeit for the side awarded it; a live game counts for nobody yet', () => {
    const [series] = roundSeries(3, [game(A, B, 1, [0, 5], { status: 'FORFEIT' }), game(B, A, 3, [2, 1], { status: 'LIVE' })]) ?? [];
    expect(series).toMatchObject({ homeWins: 0, awayWins: 1, decided: false });
  });

  it('orders the series of a round by their first game’s start, then its id', () => {
    const late = game(C, D, 2, [1, 0]);
    const early = game(B, A, 1, [1, 0], { startsAt: '2026-11-01T15:00:00Z' });
    const sameStart = game(5, 6, 1, null, { id: 1, startsAt: '2026-11-01T15:00:00.000Z' });
    const series = roundSeries(5, [late, early, sameStart]) ?? [];
    expect(series.map((s) => [s.homeTeamId, s.awayTeamId])).toEqual([
      [5, 6],
      [B, A],
      [C, D],
    ]);
  });
});
