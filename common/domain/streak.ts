/**
 * The learner's private streak and the catch-up window (issue 12). Pure rules: the server checks
 * catch-ups with them and the client shows the streak with them, from the same dates.
 *
 * Dates are calendar days in the learner's own time zone, as `YYYY-MM-DD` strings.
 */

/** A streak survives one day without activity in any 7 days. */
export const GRACE_EVERY_DAYS = 7;
/** A missed day may be ticked ("catch up") until 48 hours after it ended. */
export const CATCH_UP_HOURS = 48;

const DAY_MS = 86_400_000;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date; NaN when it is not a real calendar date. */
export function dayNumber(date: string): number {
  const m = datePattern.exec(date);
  if (!m) return NaN;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // Date.UTC rolls 2026-02-30 over to March: such a date is not a real one.
  return new Date(ms).toISOString().slice(0, 10) === date ? ms / DAY_MS : NaN;
}

export const isCalendarDate = (date: string) => !Number.isNaN(dayNumber(date));

export const dateOfDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** `date` moved by `days` (negative for earlier). */
export const addDays = (date: string, days: number) => dateOfDayNumber(dayNumber(date) + days);

/** The calendar day of an instant in the zone of the given Date's local clock. */
export const localDateOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export interface Streak {
  /** Days with activity in the current run (a grace day keeps the run going but does not count). */
  days: number;
  /** Whether today already has activity (if not, the run is still alive: today is not over). */
  isTodayDone: boolean;
  /** Missed days the run forgave, newest first. */
  graceDays: string[];
  /** Whether missing today (once it is over) would still be forgiven. */
  isGraceAvailable: boolean;
}

/**
 * The current streak on `today`: consecutive days with activity counted back from today (or from
 * yesterday while today has none yet), where a day without activity is forgiven when no other
 * forgiven day lies within the 7 days after it. Two missed days in a row always end the run.
 */
export function computeStreak(activeDates: Iterable<string>, today: string): Streak {
  const active = new Set<number>();
  for (const d of activeDates) {
    const n = dayNumber(d);
    if (!Number.isNaN(n)) active.add(n);
  }
  const todayN = dayNumber(today);
  if (Number.isNaN(todayN)) throw new RangeError(`not a calendar date: ${today}`);
  const isTodayDone = active.has(todayN);
  let days = 0;
  const grace: number[] = [];
  // Today without activity yet neither counts nor breaks the run.
  for (let n = isTodayDone ? todayN : todayN - 1; ; n--) {
    if (active.has(n)) {
      days++;
      continue;
    }
    const lastGrace = grace.at(-1);
    // Walking back, the previous forgiven day is the later one: they must be 7 days apart.
    if (lastGrace !== undefined && lastGrace - n < GRACE_EVERY_DAYS) break;
    // A run cannot start with a forgiven day: what lies before it must be active.
    if (!active.has(n - 1)) break;
    grace.push(n);
  }
  if (days === 0) return { days: 0, isTodayDone, graceDays: [], isGraceAvailable: true };
  const newestGrace = grace[0];
  return {
    days,
    isTodayDone,
    graceDays: grace.map(dateOfDayNumber),
    // Forgiving today would need the last forgiven day to be 7 or more days before it.
    isGraceAvailable: newestGrace === undefined || todayN - newestGrace >= GRACE_EVERY_DAYS,
  };
}

/**
 * The missed days a learner may still catch up on at `now`, oldest first: days that ended less
 * than 48 hours ago (yesterday and the day before), in the learner's `today` calendar.
 */
export function catchUpDates(today: string): string[] {
  return [addDays(today, -2), addDays(today, -1)];
}

/** Time zones run from UTC-12 to UTC+14: the widest a calendar day can be placed around UTC. */
const EARLIEST_OFFSET_MS = 14 * 3_600_000;
const LATEST_OFFSET_MS = 12 * 3_600_000;

export type DateCheck = 'ok' | 'future' | 'too-late';

/**
 * Whether an activity dated `date` (the learner's calendar day) may be recorded by a change made at
 * `changedAt`, seen by a server whose clock says `now`. The server does not know the learner's time
 * zone, so it allows every zone: `future` when `date` has not begun anywhere on Earth at `now` (or
 * at `changedAt`); `too-late` when `date` ended more than 48 hours before `changedAt` in every zone.
 */
export function checkActivityDate(date: string, changedAt: Date, now: Date): DateCheck {
  const start = dayNumber(date) * DAY_MS;
  if (Number.isNaN(start)) return 'future';
  const begunAt = start - EARLIEST_OFFSET_MS;
  if (begunAt > now.getTime() || begunAt > changedAt.getTime()) return 'future';
  const endedAt = start + DAY_MS + LATEST_OFFSET_MS;
  if (changedAt.getTime() - endedAt > CATCH_UP_HOURS * 3_600_000) return 'too-late';
  return 'ok';
}
