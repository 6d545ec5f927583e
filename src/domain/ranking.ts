/**
 * How every ranking of the league (standings, top scorers, visitors) numbers tied rows: a row tied
 * with the one before it shares that row's rank, and the next untied row takes its position
 * ("1, 2, 2, 4").
 */
export function sharedRanks<T>(sorted: readonly T[], tied: (previous: T, row: T) => boolean): number[] {
  const ranks: number[] = [];
  sorted.forEach((row, index) => {
    ranks.push(index > 0 && tied(sorted[index - 1], row) ? ranks[index - 1] : index + 1);
  });
  return ranks;
}
