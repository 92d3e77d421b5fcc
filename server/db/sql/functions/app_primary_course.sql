-- The course the product uses (the first course loaded, spec section 3; never a track such as the
-- 7-day new-believer track, docs/decisions/074). The one definition: the progress queries
-- (server/db/progress-sql.ts) and the mentor_stats triggers call it.
CREATE OR REPLACE FUNCTION public.app_primary_course()
 RETURNS uuid
 LANGUAGE sql
 STABLE
AS $function$ SELECT id FROM public.courses WHERE kind = 'course' ORDER BY created_at, id LIMIT 1 $function$;
