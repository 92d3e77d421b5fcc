-- A person joins, leaves or changes mentor: their mentors are recounted.
CREATE OR REPLACE FUNCTION public.app_mentor_stats_after_users()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.app_recount_mentor_stats(ARRAY(SELECT DISTINCT mentor_id FROM new_rows WHERE mentor_id IS NOT NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM public.app_recount_mentor_stats(ARRAY(
      SELECT o.mentor_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.mentor_id IS DISTINCT FROM n.mentor_id AND o.mentor_id IS NOT NULL
      UNION
      SELECT n.mentor_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.mentor_id IS DISTINCT FROM n.mentor_id AND n.mentor_id IS NOT NULL));
  ELSE
    PERFORM public.app_recount_mentor_stats(ARRAY(SELECT DISTINCT mentor_id FROM old_rows WHERE mentor_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $function$;
