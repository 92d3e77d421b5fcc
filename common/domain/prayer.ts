import { TZDate } from '@date-fns/tz';

/*
 * The prayer rhythm's times (issue 27, docs/decisions/075): three daily sessions at times each
 * person picks in their own time zone, and the prayer nights on Monday and Thursday at 20:00 in the
 * ministry's time zone (MINISTRY_TIME_ZONE). Times of day are minutes after midnight.
 */

export const prayerSessions = ['morning', 'midday', 'evening'] as const;
export type PrayerSession = (typeof prayerSessions)[number];

/** Where a session's reminder and calendar event sit until the person picks another time. */
export const DEFAULT_SESSION_MINUTES: Record<PrayerSession, number> = { morning: 7 * 60 + 30, midday: 12 * 60 + 30, evening: 20 * 60 + 30 };
/** A daily session's calendar event lasts this long. */
export const SESSION_MINUTES_LONG = 10;

/** Monday and Thursday (date-fns / JavaScript day numbers: Sunday is 0). */
export const PRAYER_NIGHT_DAYS = [1, 4] as const;
export const PRAYER_NIGHT_MINUTE = 20 * 60;
export const PRAYER_NIGHT_MINUTES_LONG = 60;
/** The reminder of a prayer night goes this long before it starts. */
export const NIGHT_REMINDER_LEAD_MINUTES = 60;

/** No reminder is mailed in these hours of the person's day unless they choose others: 21:00 to 07:00. */
export const DEFAULT_QUIET_START = 21 * 60;
export const DEFAULT_QUIET_END = 7 * 60;

/** Reminder times are on a 5-minute grid: the reminder job looks every 5 minutes. */
export const MINUTE_STEP = 5;

/**
 * Whether a time of day falls in quiet hours [start, end), which may run past midnight (21:00-07:00).
 * Equal start and end mean no quiet hours.
 */
export function isInQuietHours(minute: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** The time of day (minutes after midnight) of an instant in a time zone. */
export function minuteOfDay(at: Date, timeZone: string): number {
  const local = new TZDate(at.getTime(), timeZone);
  return local.getHours() * 60 + local.getMinutes();
}

/** "07:30" for 450. */
export const formatMinute = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** 450 for "07:30"; undefined for anything else. */
export function parseMinute(text: string): number | undefined {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** The instant a wall-clock time of a given calendar day has in a time zone (the later one in a DST gap). */
export function wallClock(year: number, month: number, day: number, minute: number, timeZone: string): Date {
  return new Date(new TZDate(year, month, day, Math.floor(minute / 60), minute % 60, timeZone).getTime());
}

/** The next `count` prayer nights that have not ended at `now`, as instants. */
export function nextPrayerNights(now: Date, ministryTimeZone: string, count: number): Date[] {
  const out: Date[] = [];
  const today = new TZDate(now.getTime(), ministryTimeZone);
  for (let offset = 0; out.length < count && offset < 14 + count * 4; offset++) {
    const day = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + offset, 12, 0, ministryTimeZone);
    if (!(PRAYER_NIGHT_DAYS as readonly number[]).includes(day.getDay())) continue;
    const start = wallClock(day.getFullYear(), day.getMonth(), day.getDate(), PRAYER_NIGHT_MINUTE, ministryTimeZone);
    if (start.getTime() + PRAYER_NIGHT_MINUTES_LONG * 60_000 > now.getTime()) out.push(start);
  }
  return out;
}

/** Whether a string names a time zone this runtime knows (IANA, e.g. Europe/Paris). */
export function isTimeZone(tz: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(tz) && tz !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
