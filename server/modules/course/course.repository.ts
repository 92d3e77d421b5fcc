import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Challenge, ContentLanguage } from '../../../common/contracts/course.ts';
import type { Db } from '../../db/client.ts';
import { assessmentAttempts, assessments, certificates, courses, lessons } from '../../db/schema/index.ts';
import type { AssessmentQuestions, CourseDetails, LessonContent } from '../../db/seed/course.ts';

/** Lessons still in the content files (a retired lesson keeps its row for the attempts that point at it). */
const isActive = isNull(sql`${lessons.content} -> 'retired'`);

/** A jsonb value picked with `->` arrives parsed or as text depending on the driver's type parsers. */
const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

export async function listCourses(db: Db) {
  const rows = await db
    .select({
      id: courses.id,
      slug: courses.slug,
      details: courses.details,
      challenge: courses.challenge,
      // Spelled out: inside a correlated subquery Drizzle would leave the column names unqualified.
      totalLessons: sql<number>`(select count(*)::int from "lessons" as l where l."course_id" = "courses"."id" and l."content" -> 'retired' is null)`,
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
    .where(and(eq(lessons.courseId, courseId), isActive))
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

/** Every lesson of the course with the user's best passing score and first pass time, in one query. */
export async function lessonStates(db: Db, userId: string, courseId: string): Promise<LessonState[]> {
  const passes = db
    .select({
      lessonId: assessmentAttempts.lessonId,
      bestScore: sql<number>`max(${assessmentAttempts.score})::int`.as('best_score'),
      firstPassedAt: sql<number>`(extract(epoch from min(${assessmentAttempts.createdAt})) * 1000)::float8`.as('first_passed_at'),
    })
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.userId, userId), eq(assessmentAttempts.passed, true)))
    .groupBy(assessmentAttempts.lessonId)
    .as('passes');
  return db
    .select({ id: lessons.id, weekNumber: lessons.weekNumber, bestScore: passes.bestScore, firstPassedAt: passes.firstPassedAt })
    .from(lessons)
    .leftJoin(passes, eq(passes.lessonId, lessons.id))
    .where(and(eq(lessons.courseId, courseId), isActive))
    .orderBy(asc(lessons.weekNumber));
}

/** One active lesson's texts in one language. */
export async function findLesson(db: Db, id: string, lang: ContentLanguage) {
  const [row] = await db
    .select({ id: lessons.id, courseId: lessons.courseId, weekNumber: lessons.weekNumber, texts: sql<unknown>`${lessons.content} -> ${lang}::text` })
    .from(lessons)
    .where(and(eq(lessons.id, id), isActive));
  return row ? { ...row, texts: json<LessonContent['en']>(row.texts) } : null;
}

/** The assessment of an active lesson, with its questions in one language and the answer key. */
export async function findAssessmentByLesson(db: Db, lessonId: string, lang: ContentLanguage) {
  const [row] = await db
    .select({
      id: assessments.id,
      lessonId: lessons.id,
      courseId: lessons.courseId,
      weekNumber: lessons.weekNumber,
      lessonTitle: sql<string>`${lessons.content} -> ${lang}::text ->> 'title'`,
      questions: sql<unknown>`${assessments.questions} -> ${lang}::text`,
    })
    .from(assessments)
    .innerJoin(lessons, eq(lessons.id, assessments.lessonId))
    .where(and(eq(lessons.id, lessonId), isActive));
  return row ? { ...row, questions: json<AssessmentQuestions['en']>(row.questions) } : null;
}

/** What scoring needs: the key, option counts and the lesson the assessment belongs to. */
export async function findAssessmentForScoring(db: Db, assessmentId: string) {
  const [row] = await db
    .select({
      id: assessments.id,
      answerKey: assessments.answerKey,
      optionCounts: sql<number[]>`(select coalesce(jsonb_agg(jsonb_array_length(q -> 'options')), '[]'::jsonb) from jsonb_array_elements(${assessments.questions} -> 'en') as q)`,
      lessonId: lessons.id,
      courseId: lessons.courseId,
      weekNumber: lessons.weekNumber,
    })
    .from(assessments)
    .innerJoin(lessons, eq(lessons.id, assessments.lessonId))
    .where(and(eq(assessments.id, assessmentId), isActive));
  return row ? { ...row, optionCounts: json<number[]>(row.optionCounts) } : null;
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
