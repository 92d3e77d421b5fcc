-- Recounts the given mentors from their disciples (not by increments, so it can never drift).
-- Mentors that no longer exist are skipped: their row goes with them (ON DELETE CASCADE). The ids
-- are joined unnested (linear for tens of thousands of mentors), and the one-row `course` CTE is
-- MATERIALIZED so the live lessons are counted once, not once per disciple.
CREATE OR REPLACE FUNCTION public.app_recount_mentor_stats(mentor_ids uuid[])
 RETURNS void
 LANGUAGE sql
AS $function$
  WITH course AS MATERIALIZED (SELECT c.id, public.app_course_total(c.id) AS total FROM (SELECT public.app_primary_course() AS id) c),
  ids AS (SELECT DISTINCT x.id FROM unnest(mentor_ids) AS x(id)),
  counts AS (
    SELECT m.id AS user_id,
           count(d.id)::int AS direct,
           (count(d.id) FILTER (WHERE public.app_is_course_completed(cp.passed_lessons, course.total)))::int AS completed
    FROM ids
    JOIN public.users m ON m.id = ids.id
    CROSS JOIN course
    LEFT JOIN public.users d ON d.mentor_id = m.id
    LEFT JOIN public.course_progress cp ON cp.user_id = d.id AND cp.course_id = course.id
    GROUP BY m.id
  )
  INSERT INTO public.mentor_stats AS ms (user_id, direct_disciples, completed_disciples)
  SELECT user_id, direct, completed FROM counts
  ON CONFLICT (user_id) DO UPDATE
    SET direct_disciples = excluded.direct_disciples, completed_disciples = excluded.completed_disciples
    WHERE ms.direct_disciples <> excluded.direct_disciples OR ms.completed_disciples <> excluded.completed_disciples;
$function$;
