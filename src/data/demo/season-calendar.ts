// When things happen in a season. Finished seasons follow a fixed pattern (qualification from
// mid-September, playoffs from March, cup rounds on Wednesdays, the cup final on a Saturday).
// The current season is anchored on "now": today is a match day and the rounds before and after
// it fall on the weekends around it, so the league is always visibly in progress.
import { SATURDAY, WEDNESDAY, dayOf, isHolidayBreak, weekdayInWeekOf, type Day } from './calendar.js';

const QUALIFICATION_START = { month: 9, day: 14 } as const;
const QUALIFICATION_END = { month: 2, day: 28 } as const;

/** How far through the qualification calendar a day lies, from 0 (start) to 1 (end). */
export function seasonProgress(seasonId: number, today: Day): number {
  const start = dayOf(seasonId, QUALIFICATION_START.month, QUALIFICATION_START.day);
  const end = dayOf(seasonId + 1, QUALIFICATION_END.month, QUALIFICATION_END.day);
  return Math.min(1, Math.max(0, (today - start) / (end - start)));
}

/** Weekly Saturdays from `first`, stepping over the holiday break, `direction` ±1. */
function weeklySaturdays(first: Day, count: number, direction: 1 | -1): Day[] {
  const days: Day[] = [];
  let day = weekdayInWeekOf(first, SATURDAY);
  while (days.length < count) {
    if (!isHolidayBreak(day)) days.push(day);
    day += 7 * direction;
  }
  return days;
}

/** Saturdays of the qualification rounds of a finished season. */
export function finishedSeasonRoundDays(seasonId: number, rounds: number): Day[] {
  return weeklySaturdays(dayOf(seasonId, QUALIFICATION_START.month, QUALIFICATION_START.day), rounds, 1);
}

/** The round played today: far enough in that rounds lie behind it, never the last one. */
export function todaysRoundIndex(rounds: number, progress: number): number {
  const lowest = Math.min(2, rounds - 1);
  const highest = Math.max(lowest, rounds - 2);
  return Math.min(highest, Math.max(lowest, Math.round(progress * (rounds - 1))));
}

/** Round days of the current season: today for round `todayIndex`, weekends around it for the others. */
export function currentSeasonRoundDays(today: Day, rounds: number, todayIndex: number): Day[] {
  const before = weeklySaturdays(today - 7, todayIndex, -1).reverse();
  const after = weeklySaturdays(today + 7, rounds - todayIndex - 1, 1);
  return [...before, today, ...after];
}

/** Saturday on which the playoff round `index` (0-based) of a finished season starts. */
export function playoffRoundStart(lastQualificationDay: Day, index: number): Day {
  return weekdayInWeekOf(lastQualificationDay + 7 + index * 21, SATURDAY);
}

/** Days of a finished season's cup rounds: Wednesdays from late August to December, the final on a February Saturday. */
export function finishedCupRoundDays(seasonId: number, rounds: number): Day[] {
  const spacing = Math.min(28, Math.floor(112 / Math.max(1, rounds - 2)));
  const days = Array.from({ length: rounds - 1 }, (_, index) => weekdayInWeekOf(dayOf(seasonId, 8, 27) + index * spacing, WEDNESDAY));
  return [...days, weekdayInWeekOf(dayOf(seasonId + 1, 2, 4), SATURDAY)];
}

/** Wednesdays three weeks apart, the last of them before today (the current season's played cup rounds). */
export function playedCupRoundDays(today: Day, played: number): Day[] {
  return Array.from({ length: played }, (_, index) => weekdayInWeekOf(today - 21 * (played - index), WEDNESDAY));
}

/** The next cup round, a week and a half ahead. */
export function nextCupRoundDay(today: Day, isFinal: boolean): Day {
  return weekdayInWeekOf(today + 10, isFinal ? SATURDAY : WEDNESDAY);
}
