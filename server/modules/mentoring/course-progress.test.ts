import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, createUser } from '../../../test/app.ts';
import { passLessons, primaryCourseLessons } from '../../../test/course-progress.ts';
import { assessmentAttempts, courseProgress, lessons, users } from '../../db/schema/index.ts';

// course_progress is kept by database triggers (migrations 0003 and 0004); these tests drive them with plain SQL writes.
const app = await createTestApp();
const passedOf = async (userId: string) => (await app.db.select({ n: courseProgress.passedLessons }).from(courseProgress).where(eq(courseProgress.userId, userId)))[0]?.n ?? 0;

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
    await app.db.update(lessons).set({ content: sql`${lessons.content} || '{"retired": true}'::jsonb` }).where(eq(lessons.id, first!.lessonId));
    expect(await passedOf(u.id)).toBe(7);
    await app.db.update(lessons).set({ content: sql`${lessons.content} - 'retired'` }).where(eq(lessons.id, first!.lessonId));
    expect(await passedOf(u.id)).toBe(8);
  });

  it('lets a user with attempts be deleted', async () => {
    const u = await createUser(app.db);
    await passLessons(app.db, u.id, 2);
    await app.db.delete(users).where(eq(users.id, u.id));
    expect(await app.db.select().from(courseProgress).where(eq(courseProgress.userId, u.id))).toEqual([]);
  });
});
