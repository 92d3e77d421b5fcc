import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Pool } from 'pg';

import type { Challenge, ContentLanguage } from '#common/contracts/course.ts';

import type { Db, Tx } from '../../db/client.ts';
import { recordLessonOpenedSql } from '../../db/learner-activity.ts';
import {
  assessmentAttempts,
  assessmentDraws,
  assessments,
  certificates,
  courses,
  lessons,
  type DrawnQuestion,
} from '../../db/schema/index.ts';
import type { AssessmentQuestions, CourseDetails, LessonContent } from '../../db/seed/course.ts';

export interface PassedLesson {
  lessonId: string;
  /** Best passing score. */
  bestScore: number;
  /** When the lesson was first passed, ms since epoch. */
  firstPassedAt: number;
}

/** The user's ($1) passed lessons as the CTE `passed` (the rows of `passedLessons`). */
const PASSED_CTE = `passed as (
    select lesson_id, max(score)::int as best_score, (extract(epoch from min(created_at)) * 1000)::float8 as first_passed_at
    from assessment_attempts where user_id = $1::uuid and passed group by lesson_id
  )`;
/** The lesson ($2) is open, over `passed` (common/domain/scoring.ts unlockState): passed, or every earlier lesson ($3) passed. */
const IS_OPEN =
  'exists (select 1 from passed where lesson_id = $2::uuid) or (select count(*) from passed where lesson_id = any($3::uuid[])) = cardinality($3::uuid[])';
const PASSED_COLUMNS = 'lesson_id as "lessonId", best_score as "bestScore", first_passed_at as "firstPassedAt"';

/**
 * The user's passed lessons (any course, retired lessons included: callers keep the live ones).
 * The only per-request read of the course routes; a named prepared statement on the partial index
 * of passed attempts, sent to the pool as it is (the lesson read's and the submit's statements
 * below hold the same CTE).
 */
const PASSED_LESSONS_SQL = `with ${PASSED_CTE} select ${PASSED_COLUMNS} from passed`;
const PASSED_LESSONS_OPENING_SQL = `
  with ${PASSED_CTE}, opened as (${recordLessonOpenedSql('$1::uuid', IS_OPEN)})
  select ${PASSED_COLUMNS} from passed`;

/**
 * A submit's one statement: the passed lessons (before this attempt) and the attempt inserted when
 * its lesson is open (the rule the caller applies to the rows) and its draw ($9) was still open:
 * the draw is deleted in the same statement, so two sends of one draw store one attempt. The last
 * row, with a null lesson, says whether the attempt was stored (false: the lesson is locked, the
 * draw already answered, or the idempotency key already used).
 */
const PASSED_LESSONS_SUBMIT_SQL = `
  with ${PASSED_CTE}, consumed as (
    delete from assessment_draws where id = $9::uuid and user_id = $1::uuid returning id
  ), stored as (
    insert into assessment_attempts (user_id, lesson_id, assessment_id, answers, score, passed, idempotency_key, draw_id, draw)
    select $1::uuid, $2::uuid, $4::uuid, $5::jsonb, $6::smallint, $7::boolean, $8::uuid, d.id, $10::jsonb
    from (select id from consumed union all select $9::uuid where $11::boolean) d where ${IS_OPEN}
    on conflict do nothing
    returning id
  )
  select ${PASSED_COLUMNS}, null::boolean as stored, 0 as k from passed
  union all
  select null, null, null, exists (select 1 from stored), 1
  order by k`;

export interface SubmitAttempt {
  lessonId: string;
  earlierLessonIds: string[];
  assessmentId: string;
  answers: number[];
  score: number;
  passed: boolean;
  idempotencyKey: string | null;
  drawId: string;
  draw: DrawnQuestion[];
  /** A draw made without a row (an account that was waiting for a parent): answered once through the attempts' unique draw id. */
  isUnstored: boolean;
}

/** Keeps the newest $3 attempts of user $1 at lesson $2, and always the first and the best passed ones (`trimAttempts`). */
const TRIM_ATTEMPTS_SQL = `
      with mine as (
        select id, passed, score, created_at,
          row_number() over (order by created_at desc, id desc) as newest,
          row_number() over (partition by passed order by created_at, id) as first_of_kind,
          row_number() over (partition by passed order by score desc, created_at, id) as best_of_kind
        from assessment_attempts where user_id = $1::uuid and lesson_id = $2::uuid
      )
      delete from assessment_attempts a using mine
      where a.id = mine.id and mine.newest > $3::int and not (mine.passed and (mine.first_of_kind = 1 or mine.best_of_kind = 1))`;

export interface OpenDraw {
  id: string;
  assessmentId: string;
  questions: DrawnQuestion[];
  bankHash: string;
}

const drawColumns = {
  id: assessmentDraws.id,
  assessmentId: assessmentDraws.assessmentId,
  questions: assessmentDraws.questions,
  bankHash: assessmentDraws.bankHash,
};

export interface StoredAttempt {
  assessmentId: string;
  answers: number[];
  drawId: string | null;
  draw: DrawnQuestion[] | null;
}

const certificateColumns = {
  id: certificates.id,
  courseId: certificates.courseId,
  verificationCode: certificates.verificationCode,
  holderName: certificates.holderName,
  holderRenamedAt: certificates.holderRenamedAt,
  completedAt: certificates.completedAt,
};

/**
 * The course module's statements (decision 080). The learner's passed lessons, a lesson read and a
 * submit are named prepared statements sent to the pool as they are; the rest are Drizzle queries
 * whose last argument is the transaction (the app's `db` when left out).
 */
export const courseRepositoryFactory = (db: Db) => {
  const pool = (db as Db & { $client: Pool }).$client;

  /** The user's open draw of an assessment, if any. */
  async function findOpenDraw(userId: string, assessmentId: string, tx: Tx = db): Promise<OpenDraw | null> {
    const [row] = await tx
      .select(drawColumns)
      .from(assessmentDraws)
      .where(and(eq(assessmentDraws.userId, userId), eq(assessmentDraws.assessmentId, assessmentId)));
    return row ?? null;
  }

  return {
    /** Every course with its live lessons and their assessments, all languages: read once at start (course.content.ts). */
    async loadLiveContent(tx: Tx = db) {
      const courseRows = await tx
        .select({ id: courses.id, slug: courses.slug, details: courses.details, challenge: courses.challenge })
        .from(courses)
        // Tracks (the 7-day new-believer track) have days, not lessons with assessments: track.service.ts serves them.
        .where(eq(courses.kind, 'course'))
        .orderBy(asc(courses.createdAt), asc(courses.slug));
      const lessonRows = await tx
        .select({ id: lessons.id, courseId: lessons.courseId, weekNumber: lessons.weekNumber, content: lessons.content })
        .from(lessons)
        .where(eq(lessons.isLive, true))
        .orderBy(asc(lessons.weekNumber));
      const assessmentRows = await tx
        .select({ id: assessments.id, lessonId: assessments.lessonId, questions: assessments.questions, answerKey: assessments.answerKey })
        .from(assessments);
      return {
        courses: courseRows.map((r) => ({
          ...r,
          details: r.details as CourseDetails,
          challenge: r.challenge as Record<ContentLanguage, Challenge>,
        })),
        lessons: lessonRows.map((r) => ({ ...r, content: r.content as LessonContent })),
        assessments: assessmentRows.map((r) => ({ ...r, questions: r.questions as AssessmentQuestions })),
      };
    },

    /**
     * The user's passed lessons (any course, retired lessons included: callers keep the live ones).
     * The only per-request read of the course routes; a named prepared statement on the partial index
     * of passed attempts, sent to the pool as it is (the lesson read's and the submit's statements
     * below hold the same CTE).
     */
    async passedLessons(userId: string): Promise<PassedLesson[]> {
      return (await pool.query<PassedLesson>({ name: 'passed_lessons', text: PASSED_LESSONS_SQL, values: [userId] })).rows;
    },

    /**
     * A lesson read's one statement (a named prepared statement): the user's passed lessons, as
     * `passedLessons`, and in the same statement the lesson opening recorded for the mentor's week
     * when the lesson is open to them (passed, or every lesson of `earlierLessonIds` passed: the rule
     * the caller applies to the rows it gets back).
     */
    async passedLessonsOpening(userId: string, lessonId: string, earlierLessonIds: string[]): Promise<PassedLesson[]> {
      return (
        await pool.query<PassedLesson>({
          name: 'passed_lessons_opening',
          text: PASSED_LESSONS_OPENING_SQL,
          values: [userId, lessonId, earlierLessonIds],
        })
      ).rows;
    },

    /** A submit's one statement (named, prepared): the passed lessons before it, and whether the attempt was stored. */
    async passedLessonsSubmit(userId: string, a: SubmitAttempt): Promise<{ passed: PassedLesson[]; stored: boolean }> {
      const { rows } = await pool.query<PassedLesson & { stored: boolean | null }>({
        name: 'passed_lessons_submit',
        text: PASSED_LESSONS_SUBMIT_SQL,
        values: [
          userId,
          a.lessonId,
          a.earlierLessonIds,
          a.assessmentId,
          JSON.stringify(a.answers),
          a.score,
          a.passed,
          a.idempotencyKey,
          a.drawId,
          JSON.stringify(a.draw),
          a.isUnstored,
        ],
      });
      const last = rows.pop()!;
      return {
        passed: rows.map(({ lessonId, bestScore, firstPassedAt }) => ({ lessonId, bestScore, firstPassedAt })),
        stored: last.stored === true,
      };
    },

    /** A page of one user's attempts at one lesson, newest first, and how many there are. */
    async listAttempts(userId: string, lessonId: string, page: { limit: number; offset: number }, tx: Tx = db) {
      const mine = and(eq(assessmentAttempts.userId, userId), eq(assessmentAttempts.lessonId, lessonId));
      const [rows, [count]] = await Promise.all([
        tx
          .select({
            id: assessmentAttempts.id,
            createdAt: assessmentAttempts.createdAt,
            score: assessmentAttempts.score,
            passed: assessmentAttempts.passed,
          })
          .from(assessmentAttempts)
          .where(mine)
          .orderBy(desc(assessmentAttempts.createdAt), desc(assessmentAttempts.id))
          .limit(page.limit)
          .offset(page.offset),
        tx
          .select({ n: sql<number>`count(*)::int` })
          .from(assessmentAttempts)
          .where(mine),
      ]);
      return { rows, total: count?.n ?? 0 };
    },

    /** The user's failed attempts at a lesson in the last `withinMs`, and when the latest was: the pause rule's input. */
    async recentFails(
      userId: string,
      lessonId: string,
      withinMs: number,
      tx: Tx = db,
    ): Promise<{ fails: number; lastFailAt: Date | null }> {
      const [row] = await tx
        .select({ fails: sql<number>`count(*)::int`, lastFailAt: sql<string | null>`max(${assessmentAttempts.createdAt})` })
        .from(assessmentAttempts)
        .where(
          and(
            eq(assessmentAttempts.userId, userId),
            eq(assessmentAttempts.lessonId, lessonId),
            eq(assessmentAttempts.passed, false),
            sql`${assessmentAttempts.createdAt} > now() - make_interval(secs => ${withinMs / 1000})`,
          ),
        );
      return { fails: row?.fails ?? 0, lastFailAt: row?.lastFailAt ? new Date(row.lastFailAt) : null };
    },

    /**
     * Keeps the newest `keep` attempts of a user at a lesson, and always the first and the best passed
     * ones (the week's completion date and best score): the stored history stays bounded.
     */
    async trimAttempts(userId: string, lessonId: string, keep: number): Promise<number> {
      const { rowCount } = await pool.query({
        name: 'trim_attempts',
        text: TRIM_ATTEMPTS_SQL,
        values: [userId, lessonId, keep],
      });
      return rowCount ?? 0;
    },

    findOpenDraw,

    /** A draw by id, only when it is the user's own and still open. */
    async findDraw(userId: string, drawId: string, tx: Tx = db): Promise<OpenDraw | null> {
      const [row] = await tx
        .select(drawColumns)
        .from(assessmentDraws)
        .where(and(eq(assessmentDraws.id, drawId), eq(assessmentDraws.userId, userId)));
      return row ?? null;
    },

    /** Whether the user already answered this draw. */
    async isDrawAnswered(userId: string, drawId: string, tx: Tx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: assessmentAttempts.id })
        .from(assessmentAttempts)
        .where(and(eq(assessmentAttempts.userId, userId), eq(assessmentAttempts.drawId, drawId)));
      return !!row;
    },

    /** What the user was asked last time at this lesson (the newest attempt's draw), to ask other questions now. */
    async lastDrawAt(userId: string, lessonId: string, tx: Tx = db): Promise<DrawnQuestion[]> {
      const [row] = await tx
        .select({ draw: assessmentAttempts.draw })
        .from(assessmentAttempts)
        .where(and(eq(assessmentAttempts.userId, userId), eq(assessmentAttempts.lessonId, lessonId)))
        .orderBy(desc(assessmentAttempts.createdAt), desc(assessmentAttempts.id))
        .limit(1);
      return row?.draw ?? [];
    },

    /**
     * Stores a new open draw, replacing one of a bank that changed since (`bankHash`); when a draw of
     * the same bank is already open (two reads at once), that one is answered instead.
     */
    async saveDraw(userId: string, assessmentId: string, questions: DrawnQuestion[], bankHash: string, tx: Tx = db): Promise<OpenDraw> {
      const [row] = await tx
        .insert(assessmentDraws)
        .values({ userId, assessmentId, questions, bankHash })
        .onConflictDoUpdate({
          target: [assessmentDraws.userId, assessmentDraws.assessmentId],
          set: { id: sql`excluded.id`, questions: sql`excluded.questions`, bankHash: sql`excluded.bank_hash`, createdAt: sql`now()` },
          setWhere: sql`${assessmentDraws.bankHash} <> excluded.bank_hash`,
        })
        .returning(drawColumns);
      return row ?? (await findOpenDraw(userId, assessmentId, tx))!;
    },

    async findAttemptByKey(userId: string, idempotencyKey: string, tx: Tx = db): Promise<StoredAttempt | null> {
      const [row] = await tx
        .select({
          assessmentId: assessmentAttempts.assessmentId,
          answers: assessmentAttempts.answers,
          drawId: assessmentAttempts.drawId,
          draw: assessmentAttempts.draw,
        })
        .from(assessmentAttempts)
        .where(and(eq(assessmentAttempts.userId, userId), eq(assessmentAttempts.idempotencyKey, idempotencyKey)));
      return row ?? null;
    },

    async findCertificate(userId: string, courseId: string, tx: Tx = db) {
      const [row] = await tx
        .select(certificateColumns)
        .from(certificates)
        .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)));
      return row ?? null;
    },

    /** Inserts the certificate; null when the user already has one for the course or the code is taken. */
    async insertCertificate(values: typeof certificates.$inferInsert, tx: Tx = db) {
      const [row] = await tx.insert(certificates).values(values).onConflictDoNothing().returning(certificateColumns);
      return row ?? null;
    },

    async findCertificateByCode(code: string, tx: Tx = db) {
      const [row] = await tx
        .select({ ...certificateColumns, details: courses.details })
        .from(certificates)
        .innerJoin(courses, eq(courses.id, certificates.courseId))
        .where(eq(certificates.verificationCode, code));
      return row ? { ...row, details: row.details as CourseDetails } : null;
    },
  };
};

export type CourseRepository = ReturnType<typeof courseRepositoryFactory>;
export type CertificateRow = NonNullable<Awaited<ReturnType<CourseRepository['findCertificate']>>>;
