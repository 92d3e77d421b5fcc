-- How many live lessons of a course a person passed (repeats and failed attempts not counted).
CREATE OR REPLACE FUNCTION public.app_count_passed_lessons(person uuid, course uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$
  SELECT count(DISTINCT a.lesson_id)::int
  FROM public.assessment_attempts a
  JOIN public.lessons l ON l.id = a.lesson_id
  WHERE a.user_id = person AND a.passed AND l.course_id = course AND l.is_live
$function$;
