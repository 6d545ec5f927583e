/** A pairing of two teams; `null` stands for the bye of a group with an odd number of teams. */
export type Pairing<T> = readonly [home: T, away: T];

/**
 * Double round robin by the circle method: every team meets every other team once at home and
 * once away; the second half mirrors the first with home and away swapped.
 */
export function doubleRoundRobin<T>(teams: readonly T[]): Pairing<T>[][] {
  const slots: (T | null)[] = teams.length % 2 === 0 ? [...teams] : [...teams, null];
  const count = slots.length;
  const firstHalf: Pairing<T>[][] = [];
  for (let round = 0; round < count - 1; round++) {
    const pairings: Pairing<T>[] = [];
    for (let index = 0; index < count / 2; index++) {
      const a = slots[index];
      const b = slots[count - 1 - index];
      if (a === null || b === null) continue;
      // Alternate home rights so that no team is at home every week.
      pairings.push((round + index) % 2 === 0 ? [a, b] : [b, a]);
    }
    firstHalf.push(pairings);
    slots.splice(1, 0, slots.pop() as T | null);
  }
  const secondHalf = firstHalf.map((round) => round.map(([home, away]): Pairing<T> => [away, home]));
  return [...firstHalf, ...secondHalf];
}
