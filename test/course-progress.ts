import { and, asc, eq, sql } from 'drizzle-orm';

import type { Db } from '#server/db/client.ts';
import { assessmentAttempts, assessments, lessons } from '#server/db/schema/index.ts';

/** The live lessons of the course the product uses (the first one), in week order, with their assessment. */
export async function primaryCourseLessons(db: Db) {
  const course = (await db.execute<{ id: string | null }>(sql`select public.app_primary_course() as id`)).rows[0]!;
  if (!course.id) throw new Error('No course in the database: the test template should be seeded with the course content.');
  return db
    .select({ lessonId: lessons.id, week: lessons.weekNumber, assessmentId: assessments.id })
    .from(lessons)
    .innerJoin(assessments, eq(assessments.lessonId, lessons.id))
    .where(and(eq(lessons.courseId, course.id), lessons.isLive))
    .orderBy(asc(lessons.weekNumber));
}

/**
 * Records passing attempts for the first `count` lessons (all of them by default), as if the user
 * had taken the assessments. The course UI itself is tested by the course's own tests.
 */
export async function passLessons(db: Db, userId: string, count?: number) {
  const all = await primaryCourseLessons(db);
  const chosen = all.slice(0, count ?? all.length);
  if (chosen.length === 0) return;
  await db
    .insert(assessmentAttempts)
    .values(chosen.map((l) => ({ userId, lessonId: l.lessonId, assessmentId: l.assessmentId, answers: [], score: 100, passed: true })));
}

/** A failed attempt: it must not count toward progress. */
export async function failLesson(db: Db, userId: string, index = 0) {
  const l = (await primaryCourseLessons(db))[index]!;
  await db
    .insert(assessmentAttempts)
    .values({ userId, lessonId: l.lessonId, assessmentId: l.assessmentId, answers: [], score: 10, passed: false });
}
