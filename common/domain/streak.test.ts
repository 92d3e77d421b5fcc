import { describe, expect, it } from 'vitest';

import { addDays, catchUpDates, checkActivityDate, computeStreak, dayNumber, isCalendarDate } from './streak.ts';

const today = '2026-11-23';
/** Dates `offsets` days before today (0 = today). */
const ago = (...offsets: number[]) => offsets.map((o) => addDays(today, -o));

describe('calendar dates', () => {
  it('accepts real dates only', () => {
    expect(isCalendarDate('2026-11-23')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('23/11/2026')).toBe(false);
  });
  it('counts across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(dayNumber('1970-01-02')).toBe(1);
  });
});

describe('computeStreak', () => {
  it('is zero with no activity', () => {
    expect(computeStreak([], today)).toEqual({ days: 0, isTodayDone: false, graceDays: [], isGraceAvailable: true });
  });

  it('counts consecutive active days up to today', () => {
    expect(computeStreak(ago(0, 1, 2, 3), today)).toMatchObject({ days: 4, isTodayDone: true, graceDays: [] });
  });

  it('keeps the run alive while today has no activity yet', () => {
    expect(computeStreak(ago(1, 2, 3), today)).toMatchObject({ days: 3, isTodayDone: false });
  });

  it('forgives one missed day and does not count it', () => {
    const s = computeStreak(ago(0, 1, 3, 4), today);
    expect(s.days).toBe(4);
    expect(s.graceDays).toEqual(ago(2));
    expect(s.isGraceAvailable).toBe(false);
  });

  it('forgives yesterday when the day before was active', () => {
    expect(computeStreak(ago(2, 3), today)).toMatchObject({ days: 2, graceDays: ago(1) });
  });

  it('ends on two missed days in a row', () => {
    expect(computeStreak(ago(0, 3, 4, 5), today).days).toBe(1);
    expect(computeStreak(ago(3, 4), today).days).toBe(0);
  });

  it('forgives a second missed day only 7 or more days after the first', () => {
    // Missed 2 and 9 days ago: 7 days apart, both forgiven.
    const apart = ago(0, 1, 3, 4, 5, 6, 7, 8, 10, 11);
    expect(computeStreak(apart, today)).toMatchObject({ days: 10, graceDays: ago(2, 9) });
    // Missed 2 and 8 days ago: 6 days apart, the run stops at the older miss.
    const close = ago(0, 1, 3, 4, 5, 6, 7, 9, 10);
    expect(computeStreak(close, today)).toMatchObject({ days: 7, graceDays: ago(2) });
  });

  it('offers grace for today again once the last forgiven day is 7 days back', () => {
    expect(computeStreak(ago(0, 1, 2, 3, 4, 5, 6, 8), today).isGraceAvailable).toBe(true);
    expect(computeStreak(ago(0, 1, 2, 3, 4, 5, 7), today).isGraceAvailable).toBe(false);
  });

  it('counts each day once however many ticks it had, and ignores junk', () => {
    expect(computeStreak([...ago(0, 0, 1), 'nonsense'], today).days).toBe(2);
  });
});

describe('catch up', () => {
  it('offers the two days that ended less than 48 hours ago', () => {
    expect(catchUpDates(today)).toEqual(['2026-11-21', '2026-11-22']);
  });

  const at = (iso: string) => new Date(iso);
  it('accepts today and days within the window, in any time zone', () => {
    const now = at('2026-11-23T10:00:00Z');
    expect(checkActivityDate('2026-11-23', now, now)).toBe('ok');
    expect(checkActivityDate('2026-11-21', now, now)).toBe('ok');
    // Kiribati (UTC+14) is already on the 24th at 10:00 UTC.
    expect(checkActivityDate('2026-11-24', now, now)).toBe('ok');
  });

  it('refuses a day that has begun nowhere yet', () => {
    const now = at('2026-11-23T09:00:00Z');
    expect(checkActivityDate('2026-11-24', now, now)).toBe('future');
    expect(checkActivityDate('2026-11-30', now, now)).toBe('future');
    // Nor a change dated before the day it ticks.
    expect(checkActivityDate('2026-11-23', at('2026-11-21T00:00:00Z'), now)).toBe('future');
  });

  it('refuses a day that ended more than 48 hours before the change everywhere', () => {
    const now = at('2026-11-23T10:00:00Z');
    expect(checkActivityDate('2026-11-19', now, now)).toBe('too-late');
    // A tick made offline three days ago for that same day is fine when it arrives.
    expect(checkActivityDate('2026-11-19', at('2026-11-19T18:00:00Z'), now)).toBe('ok');
  });
});
