// Today's match day as seen at "now": early games are over, a few are running (started within the
// last hour and a half) and the rest start later in the day. Start times are whole quarter hours.
import { addMinutes, floorToQuarterHour, zurichMinutes } from './calendar.js';
import type { Random } from './random.js';

export type TodayState = 'FINISHED' | 'LIVE' | 'SCHEDULED';

/** Top leagues always show every state, live games first among equals. */
const SHOWCASE_PATTERN: readonly TodayState[] = ['FINISHED', 'LIVE', 'LIVE', 'SCHEDULED', 'FINISHED', 'SCHEDULED', 'LIVE'];

export function todayStates(random: Random, games: number, showcase: boolean): TodayState[] {
  if (showcase) return random.shuffle(Array.from({ length: games }, (_, index) => SHOWCASE_PATTERN[index % SHOWCASE_PATTERN.length]));
  return Array.from({ length: games }, () => {
    const draw = random.next();
    return draw < 0.4 ? 'FINISHED' : draw < 0.6 ? 'LIVE' : 'SCHEDULED';
  });
}

const EARLIEST_LOCAL_START = 8 * 60;
const LATEST_LOCAL_START = 23 * 60;

/** A start time that puts a game of today into the given state at `now`. */
export function todayKickOff(random: Random, now: Date, state: TodayState): Date {
  const localMinutes = zurichMinutes(now);
  if (state === 'FINISHED') {
    // A game lasts about 105 minutes; 130 leaves it safely over.
    const minutesAgo = random.int(130, Math.max(130, Math.min(330, localMinutes - EARLIEST_LOCAL_START)));
    return floorToQuarterHour(addMinutes(now, -minutesAgo));
  }
  if (state === 'LIVE') {
    // Rounding down to the quarter hour adds up to 14 minutes; the result stays under 90.
    return floorToQuarterHour(addMinutes(now, -random.int(5, 75)));
  }
  const minutesAhead = random.int(20, Math.max(20, Math.min(300, LATEST_LOCAL_START - localMinutes)));
  return floorToQuarterHour(addMinutes(now, minutesAhead + 14));
}
