import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL pieces for course progress, shared by the mentoring and admin queries. The rules themselves
 * are database functions (server/db/sql/functions), which the triggers use too, checked against
 * common/domain by sql-functions.test.ts.
 *
 * `course_pc` is a one-row CTE: the course the product uses and its number of live lessons. It
 * always has exactly one row, with a null course and 0 lessons before any course is loaded, so
 * joining it never drops users. Materialized so the lessons are counted once per query.
 */
export const primaryCourseCte = sql`course_pc as materialized (
  select c.course_id, public.app_course_total(c.course_id) as total
  from (select public.app_primary_course() as course_id) c
)`;

/** Passed lessons of the user aliased `alias` (a `course_progress` row joined as `${alias}_cp`), 0 without a row. */
const passed = (alias: string) => sql.raw(`coalesce(${alias}_cp.passed_lessons, 0::smallint)`);

/** Joins a user alias to its progress on the primary course (needs `course_pc` in scope). */
export const joinProgress = (alias: string): SQL =>
  sql.raw(`left join course_progress ${alias}_cp on ${alias}_cp.user_id = ${alias}.id and ${alias}_cp.course_id = course_pc.course_id`);

/** 0-100 (overallProgress() in common/domain/scoring.ts). */
export const progressPercent = (alias: string): SQL => sql`public.app_progress_percent(${passed(alias)}, course_pc.total)`;

/**
 * Every live lesson passed (isCourseCompleted() in common/domain/eligibility.ts), for a number of
 * passed lessons. Given a bare `course_progress.passed_lessons` column (no coalesce), the planner can
 * start from course_progress's index; a user without a row is then neither completed nor in progress.
 */
export const completedWhen = (passedLessons: SQL): SQL => sql`public.app_is_course_completed(${passedLessons}, course_pc.total)`;

/** Started (a live lesson passed) but not completed. */
export const inProgressWhen = (passedLessons: SQL): SQL => sql`(${passedLessons} > 0 and not ${completedWhen(passedLessons)})`;

/**
 * Days of the 7-day track (the first course of kind `track`, docs/decisions/074) the user aliased
 * `alias` did, 0-7; the track's id is looked up once per query (an InitPlan), each count on the
 * primary key of track_days.
 */
export const trackDaysDone = (alias: string): SQL =>
  sql.raw(`(select count(*)::int from track_days td where td.user_id = ${alias}.id
    and td.course_id = (select c.id from courses c where c.kind = 'track' order by c.created_at, c.id limit 1))`);

/** The user aliased `alias` completed the primary course. */
export const isCompleted = (alias: string): SQL => completedWhen(passed(alias));
