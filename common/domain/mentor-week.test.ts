import { describe, expect, it } from 'vitest';

import { attentionRank, daysBetween, sortByAttention, type WeekFlags } from './mentor-week.ts';

const person = (id: string, over: Partial<WeekFlags> = {}): WeekFlags => ({
  id,
  firstName: id,
  lastName: null,
  lastActivityAt: '2026-11-20T10:00:00Z',
  isStalled: false,
  failedTwiceWeek: null,
  finishedWeek: null,
  isCourseCompleted: false,
  ...over,
});

describe('who needs attention', () => {
  it('puts stalled-and-stuck first, then stuck on a quiz, stalled, a finished week, the rest, and completed last', () => {
    const list = [
      person('done', { isCourseCompleted: true, lastActivityAt: '2026-10-01T00:00:00Z' }),
      person('quiet'),
      person('finished', { finishedWeek: 3 }),
      person('stalled', { isStalled: true, lastActivityAt: '2026-11-01T00:00:00Z' }),
      person('stuck', { failedTwiceWeek: 2 }),
      person('both', { isStalled: true, failedTwiceWeek: 4, lastActivityAt: '2026-11-02T00:00:00Z' }),
    ];
    expect(sortByAttention(list).map((d) => d.id)).toEqual(['both', 'stuck', 'stalled', 'finished', 'quiet', 'done']);
    expect(list.map(attentionRank)).toEqual([5, 4, 3, 2, 1, 0]);
  });

  it('within a rank, puts the longest silent first, and someone never active before them', () => {
    const list = [
      person('b', { isStalled: true, lastActivityAt: '2026-11-10T00:00:00Z' }),
      person('a', { isStalled: true, lastActivityAt: '2026-11-01T00:00:00Z' }),
      person('never', { isStalled: true, lastActivityAt: null }),
    ];
    expect(sortByAttention(list).map((d) => d.id)).toEqual(['never', 'a', 'b']);
  });

  it('counts whole days', () => {
    expect(daysBetween('2026-11-01T10:00:00Z', '2026-11-08T09:59:59Z')).toBe(6);
    expect(daysBetween('2026-11-01T10:00:00Z', '2026-11-08T10:00:00Z')).toBe(7);
    expect(daysBetween('2026-11-08T10:00:00Z', '2026-11-01T10:00:00Z')).toBe(0);
  });
});
