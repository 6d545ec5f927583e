import { describe, expect, it } from 'vitest';
import { rankScorers, ScorerTotals, type ScoringEvent } from '../../src/domain/top-scorers.js';

/** A seeded generator, so that a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Games of goals among a few players of three teams, own goals and goals without a scorer among them. */
function games(seed: number, count: number): ScoringEvent[][] {
  const next = random(seed);
  const pick = (n: number) => Math.floor(next() * n);
  return Array.from({ length: count }, () =>
    Array.from({ length: 2 + pick(10) }, () => ({
      type: next() < 0.1 ? 'OWN_GOAL' : 'GOAL',
      playerId: next() < 0.05 ? null : 1 + pick(12),
      assistId: next() < 0.3 ? null : 1 + pick(12),
      teamId: next() < 0.05 ? null : 1 + pick(3),
    })),
  );
}

/** The teams each player is still credited with, by the events left. */
function creditedTeams(events: readonly ScoringEvent[]): Map<number, Set<number>> {
  const teams = new Map<number, Set<number>>();
  for (const event of events) {
    if (event.type !== 'GOAL' || event.teamId === null) continue;
    for (const player of [event.playerId, event.assistId]) {
      if (player !== null) teams.set(player, (teams.get(player) ?? new Set()).add(event.teamId));
    }
  }
  return teams;
}

describe('scorer totals kept as games are counted in and out', () => {
  it('ranks as counting the goals afresh would, after games are counted out and in again', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const played = games(seed, 8);
      const totals = new ScorerTotals();
      for (const game of played) for (const event of game) totals.count(event);
      // Game 3 is corrected (its goals counted out, then the new ones in) and game 5 aborted (out).
      const [corrected] = games(seed + 100, 1);
      for (const event of played[3]) totals.count(event, -1);
      for (const event of corrected) totals.count(event);
      for (const event of played[5]) totals.count(event, -1);
      const left = [...played.slice(0, 3), corrected, played[4], ...played.slice(6)].flat();

      const ranked = totals.ranked();
      const afresh = rankScorers(left);
      const withoutTeam = ({ teamId: _teamId, ...row }: { teamId: number | null }) => row;
      expect(ranked.map(withoutTeam)).toEqual(afresh.map(withoutTeam));
      // The team shown is one the player is still credited with (after a change of team, one of them).
      const teams = creditedTeams(left);
      for (const row of ranked) {
        if (row.teamId === null) expect(teams.get(row.playerId)).toBeUndefined();
        else expect(teams.get(row.playerId)?.has(row.teamId)).toBe(true);
      }
    }
  });

  it('gives the head of the ranking alone as the first rows of the whole, shared ranks and all', () => {
    for (const seed of [11, 12, 13]) {
      const totals = new ScorerTotals();
      for (const event of games(seed, 12).flat()) totals.count(event);
      const whole = totals.ranked();
      for (const first of [0, 1, 3, 5, 8, whole.length, whole.length + 5]) expect(totals.ranked(first)).toEqual(whole.slice(0, first));
    }
  });

  it('lists nobody once every goal is counted out again', () => {
    const [game] = games(7, 1);
    const totals = new ScorerTotals();
    for (const event of game) totals.count(event);
    expect(totals.ranked().length).toBeGreaterThan(0);
    for (const event of game) totals.count(event, -1);
    expect(totals.ranked()).toEqual([]);
  });
});
