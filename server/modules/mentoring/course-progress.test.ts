import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { createTestApp, createUser } from '#test/app.ts';
import { passLessons, primaryCourseLessons } from '#test/course-progress.ts';

import { assessmentAttempts, courseProgress, lessons, mentorStats, users } from '../../db/schema/index.ts';

// course_progress and mentor_stats are kept by database triggers (server/db/sql); these tests drive them with plain SQL writes.
const app = await createTestApp();
const passedOf = async (userId: string) =>
  (await app.db.select({ n: courseProgress.passedLessons }).from(courseProgress).where(eq(courseProgress.userId, userId)))[0]?.n ?? 0;

describe('course_progress trigger', () => {
  it('counts distinct passed lessons, ignoring failed attempts and repeats', async () => {
    const u = await createUser(app.db);
    const ls = await primaryCourseLessons(app.db);
    expect(ls).toHaveLength(8);
    await app.db.insert(assessmentAttempts).values([
      { userId: u.id, lessonId: ls[0]!.lessonId, assessmentId: ls[0]!.assessmentId, answers: [], score: 40, passed: false },
      { userId: u.id, lessonId: ls[0]!.lessonId, assessmentId: ls[0]!.assessmentId, answers: [], score: 80, passed: true },
      { userId: u.id, lessonId: ls[0]!.lessonId, assessmentId: ls[0]!.assessmentId, answers: [], score: 90, passed: true },
      { userId: u.id, lessonId: ls[1]!.lessonId, assessmentId: ls[1]!.assessmentId, answers: [], score: 20, passed: false },
    ]);
    expect(await passedOf(u.id)).toBe(1);
    await passLessons(app.db, u.id, 3);
    expect(await passedOf(u.id)).toBe(3);
  });

  it('recounts when attempts are changed or deleted', async () => {
    const u = await createUser(app.db);
    await passLessons(app.db, u.id, 4);
    const [one] = await app.db.select().from(assessmentAttempts).where(eq(assessmentAttempts.userId, u.id)).limit(1);
    await app.db.update(assessmentAttempts).set({ passed: false }).where(eq(assessmentAttempts.id, one!.id));
    expect(await passedOf(u.id)).toBe(3);
    await app.db.delete(assessmentAttempts).where(and(eq(assessmentAttempts.userId, u.id), eq(assessmentAttempts.passed, true)));
    expect(await passedOf(u.id)).toBe(0);
  });

  it('stops counting a retired lesson, and counts it again if it returns', async () => {
    const u = await createUser(app.db);
    await passLessons(app.db, u.id);
    expect(await passedOf(u.id)).toBe(8);
    const [first] = await primaryCourseLessons(app.db);
    await app.db.update(lessons).set({ isLive: false }).where(eq(lessons.id, first!.lessonId));
    expect(await passedOf(u.id)).toBe(7);
    await app.db.update(lessons).set({ isLive: true }).where(eq(lessons.id, first!.lessonId));
    expect(await passedOf(u.id)).toBe(8);
  });

  it('lets a user with attempts be deleted', async () => {
    const u = await createUser(app.db);
    await passLessons(app.db, u.id, 2);
    await app.db.delete(users).where(eq(users.id, u.id));
    expect(await app.db.select().from(courseProgress).where(eq(courseProgress.userId, u.id))).toEqual([]);
  });
});

describe('mentor_stats trigger', () => {
  const statsOf = async (id: string) => {
    const [row] = await app.db.select().from(mentorStats).where(eq(mentorStats.userId, id));
    return row ? [row.directDisciples, row.completedDisciples] : [0, 0];
  };

  it('follows disciples joining, moving, completing and leaving', async () => {
    const a = await createUser(app.db);
    const b = await createUser(app.db);
    const d1 = await createUser(app.db, { mentorId: a.id });
    const d2 = await createUser(app.db, { mentorId: a.id });
    const d3 = await createUser(app.db);
    expect(await statsOf(a.id)).toEqual([2, 0]);
    await app.db.update(users).set({ mentorId: a.id }).where(eq(users.id, d3.id));
    expect(await statsOf(a.id)).toEqual([3, 0]);
    await passLessons(app.db, d1.id);
    await passLessons(app.db, d2.id, 7);
    expect(await statsOf(a.id)).toEqual([3, 1]);
    await app.db.update(users).set({ mentorId: b.id }).where(eq(users.id, d1.id));
    expect(await statsOf(a.id)).toEqual([2, 0]);
    expect(await statsOf(b.id)).toEqual([1, 1]);
    await app.db.delete(users).where(eq(users.id, d1.id));
    expect(await statsOf(b.id)).toEqual([0, 0]);
    await app.db.delete(assessmentAttempts).where(eq(assessmentAttempts.userId, d2.id));
    expect(await statsOf(a.id)).toEqual([2, 0]);
    // A deleted mentor's disciples are left without a mentor, and the mentor's row goes.
    await app.db.delete(users).where(eq(users.id, a.id));
    expect(await app.db.select().from(mentorStats).where(eq(mentorStats.userId, a.id))).toEqual([]);
    expect((await app.db.select().from(users).where(eq(users.id, d2.id)))[0]!.mentorId).toBeNull();
  });

  it('recounts completions when the number of live lessons changes', async () => {
    const m = await createUser(app.db);
    const d = await createUser(app.db, { mentorId: m.id });
    await passLessons(app.db, d.id, 7);
    expect(await statsOf(m.id)).toEqual([1, 0]);
    const all = await primaryCourseLessons(app.db);
    const last = all[all.length - 1]!;
    // Retiring the one lesson they had not passed completes the course for them.
    await app.db.update(lessons).set({ isLive: false }).where(eq(lessons.id, last.lessonId));
    expect(await statsOf(m.id)).toEqual([1, 1]);
    await app.db.update(lessons).set({ isLive: true }).where(eq(lessons.id, last.lessonId));
    expect(await statsOf(m.id)).toEqual([1, 0]);
  });
});
