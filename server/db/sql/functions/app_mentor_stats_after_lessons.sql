-- The number of live lessons changed (a lesson added, removed, retired or back): "completed" means
-- something else for everyone, so every mentor is recounted. This only happens when course content changes.
CREATE OR REPLACE FUNCTION public.app_mentor_stats_after_lessons()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  changed boolean;
BEGIN
  -- Each branch only names the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    changed := EXISTS (SELECT 1 FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    changed := EXISTS (SELECT 1 FROM old_rows);
  ELSE
    changed := EXISTS (
      SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.is_live IS DISTINCT FROM o.is_live OR n.course_id <> o.course_id);
  END IF;
  IF changed THEN
    PERFORM public.app_recount_mentor_stats(ARRAY(SELECT DISTINCT mentor_id FROM public.users WHERE mentor_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $function$;
