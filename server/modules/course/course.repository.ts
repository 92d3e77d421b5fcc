import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Challenge, ContentLanguage } from '../../../common/contracts/course.ts';
import type { Db } from '../../db/client.ts';
import { assessmentAttempts, assessments, certificates, courses, lessons } from '../../db/schema/index.ts';
import type { AssessmentQuestions, CourseDetails, LessonContent } from '../../db/seed/course.ts';

/** Every course with its live lessons and their assessments, all languages: read once at start (course.content.ts). */
export async function loadLiveContent(db: Db) {
  const courseRows = await db
    .select({ id: courses.id, slug: courses.slug, details: courses.details, challenge: courses.challenge })
    .from(courses)
    .orderBy(asc(courses.createdAt), asc(courses.slug));
  const lessonRows = await db
    .select({ id: lessons.id, courseId: lessons.courseId, weekNumber: lessons.weekNumber, content: lessons.content })
    .from(lessons)
    .where(eq(lessons.isLive, true))
    .orderBy(asc(lessons.weekNumber));
  const assessmentRows = await db
    .select({ id: assessments.id, lessonId: assessments.lessonId, questions: assessments.questions, answerKey: assessments.answerKey })
    .from(assessments);
  return {
    courses: courseRows.map((r) => ({ ...r, details: r.details as CourseDetails, challenge: r.challenge as Record<ContentLanguage, Challenge> })),
    lessons: lessonRows.map((r) => ({ ...r, content: r.content as LessonContent })),
    assessments: assessmentRows.map((r) => ({ ...r, questions: r.questions as AssessmentQuestions })),
  };
}

export interface PassedLesson {
  lessonId: string;
  /** Best passing score. */
  bestScore: number;
  /** When the lesson was first passed, ms since epoch. */
  firstPassedAt: number;
}

/**
 * The user's passed lessons (any course, retired lessons included: callers keep the live ones).
 * The only per-request read of the course routes; a named prepared statement on the partial index
 * of passed attempts.
 */
export function passedLessonsQuery(db: Db) {
  const query = db
    .select({
      lessonId: assessmentAttempts.lessonId,
      bestScore: sql<number>`max(${assessmentAttempts.score})::int`,
      firstPassedAt: sql<number>`(extract(epoch from min(${assessmentAttempts.createdAt})) * 1000)::float8`,
    })
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.userId, sql.placeholder('userId')), eq(assessmentAttempts.passed, true)))
    .groupBy(assessmentAttempts.lessonId)
    .prepare('passed_lessons');
  return (userId: string): Promise<PassedLesson[]> => query.execute({ userId });
}

/** One user's attempts at one lesson, newest first. */
export async function listAttempts(db: Db, userId: string, lessonId: string) {
  return db
    .select({ id: assessmentAttempts.id, createdAt: assessmentAttempts.createdAt, score: assessmentAttempts.score, passed: assessmentAttempts.passed })
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.userId, userId), eq(assessmentAttempts.lessonId, lessonId)))
    .orderBy(desc(assessmentAttempts.createdAt), desc(assessmentAttempts.id));
}

/** Inserts the attempt; null when the user already stored one with the same idempotency key. */
export async function insertAttempt(db: Db, values: typeof assessmentAttempts.$inferInsert) {
  const [row] = await db.insert(assessmentAttempts).values(values).onConflictDoNothing().returning({ id: assessmentAttempts.id });
  return row ?? null;
}

export interface StoredAttempt {
  assessmentId: string;
  answers: number[];
}

export async function findAttemptByKey(db: Db, userId: string, idempotencyKey: string): Promise<StoredAttempt | null> {
  const [row] = await db
    .select({ assessmentId: assessmentAttempts.assessmentId, answers: assessmentAttempts.answers })
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.userId, userId), eq(assessmentAttempts.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

const certificateColumns = {
  id: certificates.id,
  courseId: certificates.courseId,
  verificationCode: certificates.verificationCode,
  holderName: certificates.holderName,
  holderRenamedAt: certificates.holderRenamedAt,
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
