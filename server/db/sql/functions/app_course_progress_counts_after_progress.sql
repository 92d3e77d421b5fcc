-- Progress rows appear, change their passed lessons or go: the histogram moves by the difference,
-- one row per (course, passed lessons) in key order so two statements never lock in opposite orders.
CREATE OR REPLACE FUNCTION public.app_course_progress_counts_after_progress()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public.course_progress_counts AS c (course_id, passed_lessons, slot, n)
    SELECT course_id, passed_lessons, pg_backend_pid() % 8, count(*) FROM new_rows
    GROUP BY course_id, passed_lessons ORDER BY course_id, passed_lessons
    ON CONFLICT (course_id, passed_lessons, slot) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public.course_progress_counts AS c (course_id, passed_lessons, slot, n)
    SELECT d.course_id, d.passed_lessons, pg_backend_pid() % 8, sum(d.delta) FROM (
      -- No join of the two transition tables (they have no index): an unchanged row counts -1 and +1.
      SELECT o.course_id, o.passed_lessons, -1 AS delta FROM old_rows o
      UNION ALL
      SELECT n.course_id, n.passed_lessons, 1 AS delta FROM new_rows n
    ) d
    GROUP BY d.course_id, d.passed_lessons HAVING sum(d.delta) <> 0 ORDER BY d.course_id, d.passed_lessons
    ON CONFLICT (course_id, passed_lessons, slot) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO public.course_progress_counts AS c (course_id, passed_lessons, slot, n)
    SELECT o.course_id, o.passed_lessons, pg_backend_pid() % 8, -count(*) FROM old_rows o
    WHERE EXISTS (SELECT 1 FROM public.courses WHERE id = o.course_id)
    GROUP BY o.course_id, o.passed_lessons ORDER BY o.course_id, o.passed_lessons
    ON CONFLICT (course_id, passed_lessons, slot) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $function$;
