import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { createTestApp, createUser, signedInUser } from '#test/app.ts';

import { createDb } from '../client.ts';
import { assessmentAttempts, assessments, certificates, courses, lessons } from '../schema/index.ts';
import { loadCourseContent, seedCourse, type CourseContent, type LessonContent } from './course.ts';

const app = await createTestApp();
const db = app.db;

const counts = async () => {
  const [row] = await db
    .execute<{ c: number; l: number; a: number }>(
      // The 8-week course's rows: the 7-day track is seeded beside it (server/db/seed/track.ts).
      sql`select (select count(*)::int from courses where kind = 'course') as c,
      (select count(*)::int from lessons join courses on courses.id = lessons.course_id where courses.kind = 'course') as l,
      (select count(*)::int from assessments) as a`,
    )
    .then((r) => r.rows);
  return row;
};
const lessonRows = () =>
  db
    .select({ id: lessons.id, slug: lessons.slug, week: lessons.weekNumber, content: lessons.content, isLive: lessons.isLive })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(courses.kind, 'course'))
    .orderBy(lessons.weekNumber);
const clone = (c: CourseContent): CourseContent => structuredClone(c);

describe('course seeding', () => {
  const original = loadCourseContent();

  it('loads one course with 8 lessons and 8 assessments (the template was seeded at start)', async () => {
    expect(await counts()).toEqual({ c: 1, l: 8, a: 8 });
    const rows = await lessonRows();
    expect(rows.map((r) => r.week)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((rows[0]!.content as LessonContent).fr.title).toBe(original.lessons[0]!.fr.title);
  });

  it('does nothing when the content has not changed', async () => {
    const before = await lessonRows();
    const outcome = await seedCourse(db, original);
    expect(outcome.status).toBe('unchanged');
    expect(await counts()).toEqual({ c: 1, l: 8, a: 8 });
    expect((await lessonRows()).map((r) => r.id)).toEqual(before.map((r) => r.id));
  });

  it('updates changed content in place, keeping ids, attempts and certificates', async () => {
    const before = await lessonRows();
    const [course] = await db.select().from(courses).where(eq(courses.kind, 'course'));
    const user = await createUser(db);
    const lesson1 = before[0]!;
    const [assessment1] = await db.select().from(assessments).where(eq(assessments.lessonId, lesson1.id));
    await db
      .insert(assessmentAttempts)
      .values({ userId: user.id, assessmentId: assessment1!.id, lessonId: lesson1.id, answers: [0], score: 90, passed: true });
    await db.insert(certificates).values({
      userId: user.id,
      courseId: course!.id,
      verificationCode: 'SEED-TEST-CODE',
      holderName: 'Seed Test',
      completedAt: new Date(),
    });

    const changed = clone(original);
    changed.course.version += 1;
    changed.lessons[0]!.en.title = 'New Life in Christ (revised)';
    changed.lessons[0]!.answers[0] = (changed.lessons[0]!.answers[0]! + 1) % 4;
    const outcome = await seedCourse(db, changed);
    expect(outcome).toEqual({ courseId: course!.id, status: 'updated' });

    const after = await lessonRows();
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect((after[0]!.content as LessonContent).en.title).toBe('New Life in Christ (revised)');
    const [a1] = await db.select().from(assessments).where(eq(assessments.lessonId, lesson1.id));
    expect(a1!.id).toBe(assessment1!.id);
    expect(a1!.answerKey[0]).toBe(changed.lessons[0]!.answers[0]);
    expect(await db.select().from(assessmentAttempts).where(eq(assessmentAttempts.userId, user.id))).toHaveLength(1);
    expect(await db.select().from(certificates).where(eq(certificates.userId, user.id))).toHaveLength(1);
    expect(await counts()).toEqual({ c: 1, l: 8, a: 8 });
  });

  it('notices edited text even when the version number was not bumped', async () => {
    const current = clone(original);
    current.course.version += 1;
    current.lessons[1]!.fr.subtitle = 'Un sous-titre retouché';
    await seedCourse(db, current);
    const rows = await lessonRows();
    expect((rows[1]!.content as LessonContent).fr.subtitle).toBe('Un sous-titre retouché');
    expect((rows[0]!.content as LessonContent).en.title).toBe(original.lessons[0]!.en.title);
  });

  it('retires a lesson removed from the files without deleting it, and brings it back with the same id', async () => {
    const rows = await lessonRows();
    const removed = clone(original);
    removed.course.version += 5;
    const gone = removed.lessons.splice(7, 1)[0]!;
    await seedCourse(db, removed);
    const retired = (await lessonRows()).find((r) => r.slug === gone.slug)!;
    expect(retired.id).toBe(rows[7]!.id);
    expect(retired.isLive).toBe(false);
    // The API no longer offers it (once the app reads the content again, as it does at each start); the rest of the course carries on.
    await app.courseContent.reload();
    const { cookie } = await signedInUser(app);
    const [course] = await db.select().from(courses).where(eq(courses.kind, 'course'));
    const list = await app.inject({ method: 'GET', url: `/api/courses/${course!.id}/lessons`, headers: { cookie } });
    expect(list.json()).toHaveLength(7);
    expect((await app.inject({ method: 'GET', url: `/api/lessons/${retired.id}`, headers: { cookie } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/progress/${course!.id}`, headers: { cookie } })).json().totalLessons).toBe(7);

    const restored = clone(original);
    restored.course.version += 6;
    await seedCourse(db, restored);
    const back = (await lessonRows()).find((r) => r.slug === gone.slug)!;
    expect(back.id).toBe(rows[7]!.id);
    expect(back.isLive).toBe(true);
  });

  it('never duplicates rows when several processes seed at once', async () => {
    const racing = clone(original);
    racing.course.version += 10;
    const { db: other, pool } = createDb(app.pool.options.connectionString!, 2);
    try {
      const outcomes = await Promise.all([seedCourse(db, racing), seedCourse(other, racing), seedCourse(db, racing)]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['unchanged', 'unchanged', 'updated']);
    } finally {
      await pool.end();
    }
    expect(await counts()).toEqual({ c: 1, l: 8, a: 8 });
  });
});
