import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Challenge, ContentLanguage } from '../../../common/contracts/course.ts';
import type { Db } from '../../db/client.ts';
import { assessmentAttempts, assessments, certificates, courses, lessons } from '../../db/schema/index.ts';
import type { AssessmentQuestions, CourseDetails, LessonContent } from '../../db/seed/course.ts';

/** A jsonb value picked with `->` arrives parsed or as text depending on the driver's type parsers. */
const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

export async function listCourses(db: Db) {
  const rows = await db
    .select({
      id: courses.id,
      slug: courses.slug,
      details: courses.details,
      challenge: courses.challenge,
      totalLessons: sql<number>`public.app_course_total(${courses.id})`,
    })
    .from(courses)
    .orderBy(asc(courses.createdAt), asc(courses.slug));
  return rows.map((r) => ({ ...r, details: r.details as CourseDetails, challenge: r.challenge as Record<ContentLanguage, Challenge> }));
}

export async function findCourse(db: Db, courseId: string) {
  const [row] = await db.select({ id: courses.id, details: courses.details }).from(courses).where(eq(courses.id, courseId));
  return row ? { id: row.id, details: row.details as CourseDetails } : null;
}

/** Week, title and subtitle of the course's lessons in one language, in week order. */
export async function listLessonHeadings(db: Db, courseId: string, lang: ContentLanguage) {
  return db
    .select({
      id: lessons.id,
      weekNumber: lessons.weekNumber,
      title: sql<string>`${lessons.content} -> ${lang}::text ->> 'title'`,
      subtitle: sql<string>`${lessons.content} -> ${lang}::text ->> 'subtitle'`,
    })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), lessons.isLive))
    .orderBy(asc(lessons.weekNumber));
}

export interface LessonState {
  id: string;
  weekNumber: number;
  /** Best passing score, or null while the lesson is not passed. */
  bestScore: number | null;
  /** When the lesson was first passed (ms since epoch), or null. */
  firstPassedAt: number | null;
}

/**
 * Every live lesson of a course with the user's best passing score and first pass time, as a
 * JSON array in week order. Embedded in the queries below so that a lesson, an assessment or the
 * progress comes back with the user's state in one round trip.
 */
const statesOf = (userId: string, courseId: SQL) => sql`(
  select coalesce(json_agg(json_build_object('id', x.id, 'weekNumber', x.week_number, 'bestScore', p.best_score, 'firstPassedAt', p.first_passed_at) order by x.week_number), '[]'::json)
  from ${lessons} as x
  left join (
    select a.lesson_id, max(a.score)::int as best_score, (extract(epoch from min(a.created_at)) * 1000)::float8 as first_passed_at
    from ${assessmentAttempts} as a
    where a.user_id = ${userId} and a.passed
    group by a.lesson_id
  ) as p on p.lesson_id = x.id
  where x.course_id = ${courseId} and x.is_live
)`;

/** The course's lesson states for the user; null when the course does not exist. */
export async function courseStates(db: Db, userId: string, courseId: string) {
  const { rows } = await db.execute<{ id: string; states: unknown }>(sql`select c.id, ${statesOf(userId, sql`c.id`)} as states from ${courses} as c where c.id = ${courseId}`);
  const row = rows[0];
  return row ? json<LessonState[]>(row.states) : null;
}

/** One live lesson's texts in one language, with the user's state of every lesson of its course. */
export async function findLesson(db: Db, userId: string, id: string, lang: ContentLanguage) {
  const { rows } = await db.execute<{ id: string; courseId: string; weekNumber: number; texts: unknown; states: unknown }>(sql`
    select l.id, l.course_id as "courseId", l.week_number as "weekNumber", l.content -> ${lang}::text as texts, ${statesOf(userId, sql`l.course_id`)} as states
    from ${lessons} as l
    where l.id = ${id} and l.is_live`);
  const row = rows[0];
  return row ? { ...row, texts: json<LessonContent['en']>(row.texts), states: json<LessonState[]>(row.states) } : null;
}

/** The assessment of a live lesson, with its questions in one language (never the key), and the user's lesson states. */
export async function findAssessmentByLesson(db: Db, userId: string, lessonId: string, lang: ContentLanguage) {
  const { rows } = await db.execute<{ id: string; lessonId: string; courseId: string; weekNumber: number; lessonTitle: string; questions: unknown; states: unknown }>(sql`
    select a.id, l.id as "lessonId", l.course_id as "courseId", l.week_number as "weekNumber", l.content -> ${lang}::text ->> 'title' as "lessonTitle",
      a.questions -> ${lang}::text as questions, ${statesOf(userId, sql`l.course_id`)} as states
    from ${assessments} as a
    join ${lessons} as l on l.id = a.lesson_id
    where l.id = ${lessonId} and l.is_live`);
  const row = rows[0];
  return row ? { ...row, questions: json<AssessmentQuestions['en']>(row.questions), states: json<LessonState[]>(row.states) } : null;
}

/** What scoring needs: the key, each question's option count, the lesson, and the user's lesson states. */
export async function findAssessmentForScoring(db: Db, userId: string, assessmentId: string) {
  const { rows } = await db.execute<{ id: string; answerKey: unknown; optionCounts: unknown; lessonId: string; courseId: string; weekNumber: number; states: unknown }>(sql`
    select a.id, a.answer_key as "answerKey",
      (select coalesce(json_agg(jsonb_array_length(q -> 'options')), '[]'::json) from jsonb_array_elements(a.questions -> 'en') as q) as "optionCounts",
      l.id as "lessonId", l.course_id as "courseId", l.week_number as "weekNumber", ${statesOf(userId, sql`l.course_id`)} as states
    from ${assessments} as a
    join ${lessons} as l on l.id = a.lesson_id
    where a.id = ${assessmentId} and l.is_live`);
  const row = rows[0];
  return row
    ? { ...row, answerKey: json<number[]>(row.answerKey), optionCounts: json<number[]>(row.optionCounts), states: json<LessonState[]>(row.states) }
    : null;
}

export async function insertAttempt(db: Db, values: typeof assessmentAttempts.$inferInsert) {
  const [row] = await db.insert(assessmentAttempts).values(values).returning({ id: assessmentAttempts.id });
  return row!;
}

const certificateColumns = {
  id: certificates.id,
  courseId: certificates.courseId,
  verificationCode: certificates.verificationCode,
  holderName: certificates.holderName,
  completedAt: certificates.completedAt,
};

export async function findCertificate(db: Db, userId: string, courseId: string) {
  const [row] = await db
    .select(certificateColumns)
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)));
  return row ?? null;
}

/** Inserts the certificate; null when the user already has one for the course or the code is taken. */
export async function insertCertificate(db: Db, values: typeof certificates.$inferInsert) {
  const [row] = await db.insert(certificates).values(values).onConflictDoNothing().returning(certificateColumns);
  return row ?? null;
}

export async function findCertificateByCode(db: Db, code: string) {
  const [row] = await db
    .select({ ...certificateColumns, details: courses.details })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .where(eq(certificates.verificationCode, code));
  return row ? { ...row, details: row.details as CourseDetails } : null;
}
