import type { Translated } from './locale.js';
import { TEXTS } from './texts.js';

/** What a live game's clock says, as a games document selects it (`clock { phase period }`). */
export interface LivePeriod {
  phase: string;
  period: number | null;
}

/**
 * The period a live game is in, as the federation's app shows it: `2. Drittel`, `Verlängerung`,
 * `Penaltyschiessen`; nothing for a game not under way. Not the minute: a cached table would show
 * it stale between two writes, while the period changes only with a write, which drops the cache.
 */
export function livePeriodText(clock: LivePeriod | null | undefined, t: (text: Translated) => string): string | null {
  if (!clock) return null;
  if (clock.phase === 'PERIOD' && clock.period !== null) return t(TEXTS.periodPlayed).replace('{n}', String(clock.period));
  if (clock.phase === 'OVERTIME') return t(TEXTS.overtimePlayed);
  if (clock.phase === 'PENALTY_SHOOTOUT') return t(TEXTS.penaltyShootout);
  return null;
}
