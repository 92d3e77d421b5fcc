import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL pieces for course progress, shared by the mentoring and admin queries.
 *
 * `course_pc` is a one-row CTE: the course the product uses (the first one, spec section 3) and
 * its number of live lessons. It always has exactly one row, with a null course and 0 lessons
 * before any course is loaded, so joining it never drops users. Materialized so the lesson count
 * (which reads each lesson's content) is computed once per query, not once per reference.
 */
export const primaryCourseCte = sql`course_pc as materialized (
  select c.course_id,
         (select count(*) from lessons l where l.course_id = c.course_id and l.content -> 'retired' is null)::int as total
  from (select (select id from courses order by created_at, id limit 1) as course_id) c
)`;

/** Passed lessons of the user aliased `alias` (a `course_progress` row joined as `${alias}_cp`). */
const passed = (alias: string) => sql.raw(`coalesce(${alias}_cp.passed_lessons, 0)`);

/** Joins a user alias to its progress on the primary course (needs `course_pc` in scope). */
export const joinProgress = (alias: string): SQL =>
  sql.raw(`left join course_progress ${alias}_cp on ${alias}_cp.user_id = ${alias}.id and ${alias}_cp.course_id = course_pc.course_id`);

/** 0-100, rounded like overallProgress() in common/domain/scoring.ts. */
export const progressPercent = (alias: string): SQL =>
  sql`(case when course_pc.total > 0 then round(least(${passed(alias)}, course_pc.total) * 100.0 / course_pc.total)::int else 0 end)`;

/** Every live lesson passed (isCourseCompleted() in common/domain/eligibility.ts). */
export const isCompleted = (alias: string): SQL => sql`(course_pc.total > 0 and ${passed(alias)} >= course_pc.total)`;
