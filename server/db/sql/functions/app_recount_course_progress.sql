-- Keeps course_progress (passed live lessons per user and course) in step with assessment_attempts.
-- Statement-level triggers with transition tables: one set-based recount per statement, so a
-- single submitted attempt and a bulk import cost the same kind of query.
CREATE OR REPLACE FUNCTION public.app_recount_course_progress()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- Grouped rather than one app_count_passed_lessons() call per person: a bulk import stays one pass.
    INSERT INTO public.course_progress AS cp (user_id, course_id, passed_lessons, updated_at)
    SELECT a.user_id, l.course_id, count(DISTINCT a.lesson_id) FILTER (WHERE l.is_live), now()
    FROM public.assessment_attempts a
    JOIN public.lessons l ON l.id = a.lesson_id
    WHERE a.passed AND a.user_id IN (SELECT n.user_id FROM new_rows n WHERE n.passed)
    GROUP BY a.user_id, l.course_id
    ON CONFLICT (user_id, course_id) DO UPDATE
      SET passed_lessons = excluded.passed_lessons, updated_at = excluded.updated_at
      WHERE cp.passed_lessons IS DISTINCT FROM excluded.passed_lessons;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- Only existing rows are updated: during a cascading delete of a user or a lesson, inserting
    -- would point at a row that is going away.
    UPDATE public.course_progress cp
    SET passed_lessons = public.app_count_passed_lessons(cp.user_id, cp.course_id), updated_at = now()
    WHERE cp.user_id IN (SELECT o.user_id FROM old_rows o WHERE o.passed);
  END IF;
  RETURN NULL;
END $function$;
