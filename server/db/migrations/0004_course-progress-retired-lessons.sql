-- A lesson that left the course content is marked retired (content->'retired'), not deleted; it no
-- longer counts toward completion. Passed lessons are therefore counted over live lessons only,
-- and a lesson retiring (or returning) recounts the people who had passed it.
CREATE OR REPLACE FUNCTION public.app_recount_course_progress() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO public.course_progress AS cp (user_id, course_id, passed_lessons, updated_at)
    SELECT a.user_id, l.course_id, count(DISTINCT a.lesson_id) FILTER (WHERE l.content -> 'retired' IS NULL), now()
    FROM public.assessment_attempts a
    JOIN public.lessons l ON l.id = a.lesson_id
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.app_recount_after_lesson_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.course_progress cp
  SET passed_lessons = (
        SELECT count(DISTINCT a.lesson_id)
        FROM public.assessment_attempts a
        JOIN public.lessons l ON l.id = a.lesson_id
        WHERE a.user_id = cp.user_id AND a.passed AND l.course_id = cp.course_id AND l.content -> 'retired' IS NULL),
      updated_at = now()
  WHERE cp.user_id IN (
    SELECT a.user_id
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN public.assessment_attempts a ON a.lesson_id = n.id AND a.passed
    WHERE (n.content -> 'retired' IS NULL) IS DISTINCT FROM (o.content -> 'retired' IS NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lessons_retired_progress_update
  AFTER UPDATE ON public.lessons
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.app_recount_after_lesson_change();
--> statement-breakpoint
UPDATE public.course_progress cp
SET passed_lessons = (
      SELECT count(DISTINCT a.lesson_id)
      FROM public.assessment_attempts a
      JOIN public.lessons l ON l.id = a.lesson_id
      WHERE a.user_id = cp.user_id AND a.passed AND l.course_id = cp.course_id AND l.content -> 'retired' IS NULL);
