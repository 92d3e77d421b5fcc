-- A disciple's passed lessons change: their mentor's completed count may change.
CREATE OR REPLACE FUNCTION public.app_mentor_stats_after_progress()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.app_recount_mentor_stats(ARRAY(
      SELECT DISTINCT u.mentor_id FROM public.users u WHERE u.id IN (SELECT user_id FROM new_rows) AND u.mentor_id IS NOT NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM public.app_recount_mentor_stats(ARRAY(
      SELECT DISTINCT u.mentor_id FROM public.users u
      WHERE u.id IN (SELECT n.user_id FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id AND o.course_id = n.course_id WHERE o.passed_lessons <> n.passed_lessons)
        AND u.mentor_id IS NOT NULL));
  ELSE
    PERFORM public.app_recount_mentor_stats(ARRAY(
      SELECT DISTINCT u.mentor_id FROM public.users u WHERE u.id IN (SELECT user_id FROM old_rows) AND u.mentor_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $function$;
