-- A lesson retiring (or coming back) recounts the people who had passed it.
CREATE OR REPLACE FUNCTION public.app_recount_after_lesson_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE public.course_progress cp
  SET passed_lessons = public.app_count_passed_lessons(cp.user_id, cp.course_id), updated_at = now()
  WHERE cp.user_id IN (
    SELECT a.user_id
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN public.assessment_attempts a ON a.lesson_id = n.id AND a.passed
    WHERE n.is_live IS DISTINCT FROM o.is_live);
  RETURN NULL;
END $function$;
