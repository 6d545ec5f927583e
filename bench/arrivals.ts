// What the open-loop benches (open-loop.ts, game-day.ts) share: when requests arrive, and how their
// latencies are summarised.
import { seededRandom } from './zipf.js';

/** Poisson arrivals (exponential gaps) or evenly spaced ones. */
export type Arrivals = 'poisson' | 'even';

/** Start times in ms from the beginning, `rate` a second for `seconds`, the same for the same seed. */
export function arrivalSchedule(rate: number, seconds: number, arrivals: Arrivals, seed: number): Float64Array {
  const random = seededRandom(seed);
  const starts: number[] = [];
  const gap = 1000 / rate;
  const nextGap = () => (arrivals === 'even' ? gap : -Math.log(1 - random()) * gap);
  for (let at = arrivals === 'even' ? 0 : nextGap(); at < seconds * 1000; at += nextGap()) starts.push(at);
  return Float64Array.from(starts);
}

/** The nearest-rank percentile of ascending values; NaN for none. */
export function percentileOf(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const round1 = (ms: number): number => Math.round(ms * 10) / 10;
