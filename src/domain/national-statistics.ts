/** Orders the career records of national players (points are computed, so the order is too). */

import { pointsOf } from './scoring.js';

export const NATIONAL_RECORD_ORDERS = ['NAME', 'GAMES', 'GOALS', 'ASSISTS', 'POINTS', 'PENALTIES_2', 'PENALTIES_5', 'PENALTIES_10', 'MATCH_PENALTIES'] as const;
export type NationalRecordOrder = (typeof NATIONAL_RECORD_ORDERS)[number];
export type SortDirection = 'ASC' | 'DESC';

export interface OrderableRecord {
  id: number;
  games: number;
  goals: number;
  assists: number;
  penalties2: number;
  penalties5: number;
  penalties10: number;
  matchPenalties: number;
  lastName: string;
  firstName: string;
}

const NUMBER_OF: Record<Exclude<NationalRecordOrder, 'NAME'>, (r: OrderableRecord) => number> = {
  GAMES: (r) => r.games,
  GOALS: (r) => r.goals,
  ASSISTS: (r) => r.assists,
  POINTS: pointsOf,
  PENALTIES_2: (r) => r.penalties2,
  PENALTIES_5: (r) => r.penalties5,
  PENALTIES_10: (r) => r.penalties10,
  MATCH_PENALTIES: (r) => r.matchPenalties,
};

const byName = (a: OrderableRecord, b: OrderableRecord) =>
  a.lastName.localeCompare(b.lastName, 'de') || a.firstName.localeCompare(b.firstName, 'de') || a.id - b.id;

/** Sorted by the column in the direction asked; ties always by name (A–Z), so equal values read alphabetically. */
export function sortNationalRecords<R extends OrderableRecord>(records: readonly R[], order: NationalRecordOrder, direction: SortDirection): R[] {
  const sign = direction === 'ASC' ? 1 : -1;
  if (order === 'NAME') return [...records].sort((a, b) => sign * byName(a, b));
  const value = NUMBER_OF[order];
  return [...records].sort((a, b) => sign * (value(a) - value(b)) || byName(a, b));
}
