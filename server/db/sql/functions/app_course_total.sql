-- The number of live lessons of a course (0 for a null or unknown course).
CREATE OR REPLACE FUNCTION public.app_course_total(course uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$ SELECT count(*)::int FROM public.lessons WHERE course_id = course AND is_live $function$;
