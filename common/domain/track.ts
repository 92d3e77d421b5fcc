import { addDays, computeStreak, dayNumber, type Streak } from './streak.ts';

/**
 * The pace of a track (the 7-day new-believer track, docs/decisions/074), as pure rules: the server
 * refuses a day done too early with them, and the client shows what is open with them, offline too.
 * Dates are calendar days in the learner's own time zone (`YYYY-MM-DD`).
 */

/** Days of the new-believer track. */
export const TRACK_DAYS = 7;

export interface DoneDay {
  day: number;
  /** The learner's calendar day it was done on. */
  doneOn: string;
}

export interface TrackPace {
  /** The first day not done yet; null once every day is done. */
  nextDay: number | null;
  /** Whether `nextDay` can be done today. */
  isNextOpen: boolean;
  /** The calendar day `nextDay` opens on when it is not open yet (the day after the previous one was done). */
  opensOn: string | null;
  isComplete: boolean;
  /** Days done, counted back from today with one missed day forgiven per 7 (common/domain/streak.ts). */
  streak: Streak;
}

/**
 * Day 1 is open at once; each later day opens on the calendar day after the previous day was done,
 * so a learner does at most one day per day ("no racing through"). Days are done in order.
 */
export function trackPace(done: DoneDay[], totalDays: number, today: string): TrackPace {
  const byDay = new Map(done.map((d) => [d.day, d.doneOn]));
  let nextDay: number | null = null;
  for (let day = 1; day <= totalDays; day++)
    if (!byDay.has(day)) {
      nextDay = day;
      break;
    }
  const previous = nextDay && nextDay > 1 ? byDay.get(nextDay - 1) : undefined;
  const opensOn = previous === undefined ? null : addDays(previous, 1);
  const isNextOpen = nextDay !== null && (opensOn === null || dayNumber(today) >= dayNumber(opensOn));
  return {
    nextDay,
    isNextOpen,
    opensOn: nextDay !== null && !isNextOpen ? opensOn : null,
    isComplete: nextDay === null,
    streak: computeStreak(
      done.map((d) => d.doneOn),
      today,
    ),
  };
}

/** Why `day` cannot be recorded as done on `date`, or null when it can. */
export function trackDayRefusal(
  done: DoneDay[],
  totalDays: number,
  day: number,
  date: string,
): 'done' | 'out-of-order' | 'too-early' | null {
  if (done.some((d) => d.day === day)) return 'done';
  const pace = trackPace(done, totalDays, date);
  if (pace.nextDay !== day) return 'out-of-order';
  return pace.isNextOpen ? null : 'too-early';
}
