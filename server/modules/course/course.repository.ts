import { and, asc, desc, eq } from 'drizzle-orm';
import type { Challenge, ContentLanguage } from '../../../common/contracts/course.ts';
import type { Pool } from 'pg';
import type { Db } from '../../db/client.ts';
import { recordLessonOpenedSql } from '../../db/learner-activity.ts';
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

/** The user's ($1) passed lessons as the CTE `passed` (the rows of `passedLessonsQuery`). */
const PASSED_CTE = `passed as (
    select lesson_id, max(score)::int as best_score, (extract(epoch from min(created_at)) * 1000)::float8 as first_passed_at
    from assessment_attempts where user_id = $1::uuid and passed group by lesson_id
  )`;
/** The lesson ($2) is open, over `passed` (common/domain/scoring.ts unlockState): passed, or every earlier lesson ($3) passed. */
const IS_OPEN = 'exists (select 1 from passed where lesson_id = $2::uuid) or (select count(*) from passed where lesson_id = any($3::uuid[])) = cardinality($3::uuid[])';
const PASSED_COLUMNS = 'lesson_id as "lessonId", best_score as "bestScore", first_passed_at as "firstPassedAt"';

/**
 * The user's passed lessons (any course, retired lessons included: callers keep the live ones).
 * The only per-request read of the course routes; a named prepared statement on the partial index
 * of passed attempts, sent to the pool as it is (the lesson read's and the submit's statements
 * below hold the same CTE).
 */
const PASSED_LESSONS_SQL = `with ${PASSED_CTE} select ${PASSED_COLUMNS} from passed`;
export function passedLessonsQuery(db: Db) {
  const pool = (db as Db & { $client: Pool }).$client;
  return async (userId: string): Promise<PassedLesson[]> => (await pool.query<PassedLesson>({ name: 'passed_lessons', text: PASSED_LESSONS_SQL, values: [userId] })).rows;
}

const PASSED_LESSONS_OPENING_SQL = `
  with ${PASSED_CTE}, opened as (${recordLessonOpenedSql('$1::uuid', IS_OPEN)})
  select ${PASSED_COLUMNS} from passed`;

/**
 * A submit's one statement: the passed lessons (before this attempt) and the attempt inserted when
 * its lesson is open (the rule the caller applies to the rows). The last row, with a null lesson,
 * says whether the attempt was stored (false: the lesson is locked, or its idempotency key was
 * already used).
 */
const PASSED_LESSONS_SUBMIT_SQL = `
  with ${PASSED_CTE}, stored as (
    insert into assessment_attempts (user_id, lesson_id, assessment_id, answers, score, passed, idempotency_key)
    select $1::uuid, $2::uuid, $4::uuid, $5::jsonb, $6::smallint, $7::boolean, $8::uuid where ${IS_OPEN}
    on conflict do nothing
    returning id
  )
  select ${PASSED_COLUMNS}, null::boolean as stored, 0 as k from passed
  union all
  select null, null, null, exists (select 1 from stored), 1
  order by k`;

/**
 * A lesson read's one statement (a named prepared statement): the user's passed lessons, as
 * `passedLessonsQuery`, and in the same statement the lesson opening recorded for the mentor's week
 * when the lesson is open to them (passed, or every lesson of `earlierLessonIds` passed: the rule
 * the caller applies to the rows it gets back).
 */
export function passedLessonsOpeningQuery(db: Db) {
  const pool = (db as Db & { $client: Pool }).$client;
  return async (userId: string, lessonId: string, earlierLessonIds: string[]): Promise<PassedLesson[]> =>
    (await pool.query<PassedLesson>({ name: 'passed_lessons_opening', text: PASSED_LESSONS_OPENING_SQL, values: [userId, lessonId, earlierLessonIds] })).rows;
}

export interface SubmitAttempt {
  lessonId: string;
  earlierLessonIds: string[];
  assessmentId: string;
  answers: number[];
  score: number;
  passed: boolean;
  idempotencyKey: string | null;
}

/** A submit's one statement (named, prepared): the passed lessons before it, and whether the attempt was stored. */
export function passedLessonsSubmitQuery(db: Db) {
  const pool = (db as Db & { $client: Pool }).$client;
  return async (userId: string, a: SubmitAttempt): Promise<{ passed: PassedLesson[]; stored: boolean }> => {
    const { rows } = await pool.query<PassedLesson & { stored: boolean | null }>({
      name: 'passed_lessons_submit',
      text: PASSED_LESSONS_SUBMIT_SQL,
      values: [userId, a.lessonId, a.earlierLessonIds, a.assessmentId, JSON.stringify(a.answers), a.score, a.passed, a.idempotencyKey],
    });
    const last = rows.pop()!;
    return { passed: rows.map(({ lessonId, bestScore, firstPassedAt }) => ({ lessonId, bestScore, firstPassedAt })), stored: last.stored === true };
  };
}

/** One user's attempts at one lesson, newest first. */
export async function listAttempts(db: Db, userId: string, lessonId: string) {
  return db
    .select({ id: assessmentAttempts.id, createdAt: assessmentAttempts.createdAt, score: assessmentAttempts.score, passed: assessmentAttempts.passed })
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.userId, userId), eq(assessmentAttempts.lessonId, lessonId)))
    .orderBy(desc(assessmentAttempts.createdAt), desc(assessmentAttempts.id));
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
