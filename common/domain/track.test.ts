import { describe, expect, it } from 'vitest';

import { trackDayRefusal, trackPace } from './track.ts';

describe('trackPace', () => {
  it('opens day 1 at once and each next day on the calendar day after the previous one was done', () => {
    expect(trackPace([], 7, '2026-11-27')).toMatchObject({ nextDay: 1, isNextOpen: true, opensOn: null, isComplete: false });
    const one = [{ day: 1, doneOn: '2026-11-27' }];
    expect(trackPace(one, 7, '2026-11-27')).toMatchObject({ nextDay: 2, isNextOpen: false, opensOn: '2026-11-28' });
    expect(trackPace(one, 7, '2026-11-28')).toMatchObject({ nextDay: 2, isNextOpen: true, opensOn: null });
    // A pause of several days leaves the next day open, it does not restart the track.
    expect(trackPace(one, 7, '2026-12-05')).toMatchObject({ nextDay: 2, isNextOpen: true });
  });

  it('is complete once every day is done, and keeps a forgiving streak', () => {
    const days = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, doneOn: `2026-11-${String(19 + day + (day > 4 ? 1 : 0)).padStart(2, '0')}` }));
    // Done 20-23 Nov, missed the 24th, then 25-27: one missed day forgiven.
    const pace = trackPace(days, 7, '2026-11-27');
    expect(pace).toMatchObject({ nextDay: null, isComplete: true, opensOn: null });
    expect(pace.streak).toMatchObject({ days: 7, graceDays: ['2026-11-24'], isTodayDone: true });
  });
});

describe('trackDayRefusal', () => {
  const one = [{ day: 1, doneOn: '2026-11-27' }];
  it('refuses a day done twice, out of order or on the same calendar day as the previous one', () => {
    expect(trackDayRefusal(one, 7, 1, '2026-11-28')).toBe('done');
    expect(trackDayRefusal(one, 7, 3, '2026-11-29')).toBe('out-of-order');
    expect(trackDayRefusal(one, 7, 2, '2026-11-27')).toBe('too-early');
    expect(trackDayRefusal(one, 7, 2, '2026-11-28')).toBeNull();
    expect(trackDayRefusal([], 7, 1, '2026-11-27')).toBeNull();
  });
});
