-- The course the product uses (the first one loaded, spec section 3). The one definition: the
-- progress queries (server/db/progress-sql.ts) and the mentor_stats triggers call it.
CREATE OR REPLACE FUNCTION public.app_primary_course()
 RETURNS uuid
 LANGUAGE sql
 STABLE
AS $function$ SELECT id FROM public.courses ORDER BY created_at, id LIMIT 1 $function$;
