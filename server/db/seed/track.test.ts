import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { loadTrackContent } from '#content/track.ts';
import { createTestApp } from '#test/app.ts';

import { courses, lessons } from '../schema/index.ts';
import { seedTrack } from './track.ts';

const app = await createTestApp();
const db = app.db;

const trackRows = async () => {
  const [track] = await db.select().from(courses).where(eq(courses.kind, 'track'));
  const days = await db
    .select({ id: lessons.id, day: lessons.weekNumber, isLive: lessons.isLive })
    .from(lessons)
    .where(eq(lessons.courseId, track!.id))
    .orderBy(lessons.weekNumber);
  return { track: track!, days };
};

describe('track seeding (docs/decisions/074)', () => {
  const original = loadTrackContent();

  it('loads the track beside the course, after it, without a challenge', async () => {
    const { track, days } = await trackRows();
    expect(track).toMatchObject({ slug: 'new-believer', kind: 'track', challenge: null });
    expect(days.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const [course] = await db.select().from(courses).where(eq(courses.kind, 'course'));
    expect(course!.createdAt.getTime()).toBeLessThanOrEqual(track.createdAt.getTime());
    expect(await seedTrack(db, original)).toEqual({ courseId: track.id, status: 'unchanged' });
  });

  it('retires a day that left the file and brings it back with the same id', async () => {
    const before = await trackRows();
    const without = structuredClone(original);
    without.days = without.days.filter((d) => d.day !== 7);
    expect((await seedTrack(db, without)).status).toBe('updated');
    const [retired] = await db
      .select()
      .from(lessons)
      .where(and(eq(lessons.courseId, before.track.id), eq(lessons.weekNumber, 7)));
    expect(retired!.isLive).toBe(false);
    await seedTrack(db, original);
    const after = await trackRows();
    expect(after.days).toEqual(before.days);
  });
});
