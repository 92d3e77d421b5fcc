-- Every live lesson passed; a course without lessons is never completed. Same rule as
-- isCourseCompleted() in common/domain/eligibility.ts (sql-functions.test.ts feeds both the same cases).
-- `passed` is smallint like course_progress.passed_lessons, so a condition on that column stays
-- uncast once this is inlined and can use course_progress_course_passed_idx.
CREATE OR REPLACE FUNCTION public.app_is_course_completed(passed smallint, total integer)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT total > 0 AND passed >= total $function$;
