-- Two fixes for bulk changes (tens of thousands of mentors at once):
-- `m.id = ANY (mentor_ids)` compared every user with every array element; joining the unnested ids
-- is linear. And the one-row `course` CTE was inlined, which evaluated app_course_total() once per
-- disciple; MATERIALIZED evaluates it once.
CREATE OR REPLACE FUNCTION public.app_recount_mentor_stats(mentor_ids uuid[]) RETURNS void
  LANGUAGE sql AS $$
  WITH course AS MATERIALIZED (SELECT c.id, public.app_course_total(c.id) AS total FROM (SELECT public.app_primary_course() AS id) c),
  ids AS (SELECT DISTINCT x.id FROM unnest(mentor_ids) AS x(id)),
  counts AS (
    SELECT m.id AS user_id,
           count(d.id)::int AS direct,
           (count(d.id) FILTER (WHERE course.total > 0 AND cp.passed_lessons >= course.total))::int AS completed
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
$$;
--> statement-breakpoint
-- Same recount as migration 0004, but whether a lesson is live is read once per lesson (a
-- MATERIALIZED CTE) instead of once per attempt: each read unpacks the lesson's whole content,
-- which made a bulk insert of 400,000 attempts take a minute.
CREATE OR REPLACE FUNCTION public.app_recount_course_progress() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    WITH live AS MATERIALIZED (SELECT id, course_id, content -> 'retired' IS NULL AS is_live FROM public.lessons)
    INSERT INTO public.course_progress AS cp (user_id, course_id, passed_lessons, updated_at)
    SELECT a.user_id, l.course_id, count(DISTINCT a.lesson_id) FILTER (WHERE l.is_live), now()
    FROM public.assessment_attempts a
    JOIN live l ON l.id = a.lesson_id
    WHERE a.passed AND a.user_id IN (SELECT n.user_id FROM new_rows n WHERE n.passed)
    GROUP BY a.user_id, l.course_id
    ON CONFLICT (user_id, course_id) DO UPDATE
      SET passed_lessons = excluded.passed_lessons, updated_at = excluded.updated_at
      WHERE cp.passed_lessons IS DISTINCT FROM excluded.passed_lessons;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- Only existing rows are updated: during a cascading delete of a user or a lesson, inserting
    -- would point at a row that is going away.
    UPDATE public.course_progress cp
    SET passed_lessons = (
          SELECT count(DISTINCT a.lesson_id)
          FROM public.assessment_attempts a
          JOIN public.lessons l ON l.id = a.lesson_id
          WHERE a.user_id = cp.user_id AND a.passed AND l.course_id = cp.course_id AND l.content -> 'retired' IS NULL),
        updated_at = now()
    WHERE cp.user_id IN (SELECT o.user_id FROM old_rows o WHERE o.passed);
  END IF;
  RETURN NULL;
END $$;
