CREATE TABLE "mentor_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"direct_disciples" integer DEFAULT 0 NOT NULL,
	"completed_disciples" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mentor_stats" ADD CONSTRAINT "mentor_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mentor_stats_direct_idx" ON "mentor_stats" USING btree ("direct_disciples");--> statement-breakpoint
CREATE INDEX "mentor_stats_completed_idx" ON "mentor_stats" USING btree ("completed_disciples");--> statement-breakpoint
-- The course the product uses (the first one) and its number of live lessons.
CREATE OR REPLACE FUNCTION public.app_primary_course() RETURNS uuid
  LANGUAGE sql STABLE AS $$ SELECT id FROM public.courses ORDER BY created_at, id LIMIT 1 $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.app_course_total(course uuid) RETURNS integer
  LANGUAGE sql STABLE AS $$ SELECT count(*)::int FROM public.lessons WHERE course_id = course AND content -> 'retired' IS NULL $$;
--> statement-breakpoint
-- Recounts the given mentors from their disciples (not by increments, so it can never drift).
-- Mentors that no longer exist are skipped: their row goes with them (ON DELETE CASCADE).
CREATE OR REPLACE FUNCTION public.app_recount_mentor_stats(mentor_ids uuid[]) RETURNS void
  LANGUAGE sql AS $$
  WITH course AS (SELECT c.id, public.app_course_total(c.id) AS total FROM (SELECT public.app_primary_course() AS id) c),
  counts AS (
    SELECT m.id AS user_id,
           count(d.id)::int AS direct,
           (count(d.id) FILTER (WHERE course.total > 0 AND cp.passed_lessons >= course.total))::int AS completed
    FROM public.users m
    CROSS JOIN course
    LEFT JOIN public.users d ON d.mentor_id = m.id
    LEFT JOIN public.course_progress cp ON cp.user_id = d.id AND cp.course_id = course.id
    WHERE m.id = ANY (mentor_ids)
    GROUP BY m.id
  )
  INSERT INTO public.mentor_stats AS ms (user_id, direct_disciples, completed_disciples)
  SELECT user_id, direct, completed FROM counts
  ON CONFLICT (user_id) DO UPDATE
    SET direct_disciples = excluded.direct_disciples, completed_disciples = excluded.completed_disciples
    WHERE ms.direct_disciples <> excluded.direct_disciples OR ms.completed_disciples <> excluded.completed_disciples;
$$;
--> statement-breakpoint
-- A person joins, leaves or changes mentor.
CREATE OR REPLACE FUNCTION public.app_mentor_stats_after_users() RETURNS trigger
  LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER users_mentor_stats_insert AFTER INSERT ON public.users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.app_mentor_stats_after_users();
--> statement-breakpoint
CREATE TRIGGER users_mentor_stats_update AFTER UPDATE ON public.users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.app_mentor_stats_after_users();
--> statement-breakpoint
CREATE TRIGGER users_mentor_stats_delete AFTER DELETE ON public.users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.app_mentor_stats_after_users();
--> statement-breakpoint
-- A disciple's passed lessons change: their mentor's completed count may change.
CREATE OR REPLACE FUNCTION public.app_mentor_stats_after_progress() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.app_recount_mentor_stats(ARRAY(
      SELECT DISTINCT u.mentor_id FROM public.users u WHERE u.id IN (SELECT user_id FROM new_rows) AND u.mentor_id IS NOT NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM public.app_recount_mentor_stats(ARRAY(
      SELECT DISTINCT u.mentor_id FROM public.users u
      WHERE u.id IN (SELECT n.user_id FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id AND o.course_id = n.course_id WHERE o.passed_lessons <> n.passed_lessons)
        AND u.mentor_id IS NOT NULL));
  ELSE
    PERFORM public.app_recount_mentor_stats(ARRAY(
      SELECT DISTINCT u.mentor_id FROM public.users u WHERE u.id IN (SELECT user_id FROM old_rows) AND u.mentor_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER course_progress_mentor_stats_insert AFTER INSERT ON public.course_progress
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.app_mentor_stats_after_progress();
--> statement-breakpoint
CREATE TRIGGER course_progress_mentor_stats_update AFTER UPDATE ON public.course_progress
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.app_mentor_stats_after_progress();
--> statement-breakpoint
CREATE TRIGGER course_progress_mentor_stats_delete AFTER DELETE ON public.course_progress
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.app_mentor_stats_after_progress();
--> statement-breakpoint
-- The number of live lessons changed (a lesson added, removed, retired or back): "completed" means
-- something else for everyone, so every mentor is recounted. This only happens when course content changes.
CREATE OR REPLACE FUNCTION public.app_mentor_stats_after_lessons() RETURNS trigger
  LANGUAGE plpgsql AS $$
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
      WHERE (n.content -> 'retired' IS NULL) IS DISTINCT FROM (o.content -> 'retired' IS NULL) OR n.course_id <> o.course_id);
  END IF;
  IF changed THEN
    PERFORM public.app_recount_mentor_stats(ARRAY(SELECT DISTINCT mentor_id FROM public.users WHERE mentor_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Named to fire after lessons_retired_progress_update (triggers fire in name order), which updates course_progress first.
CREATE TRIGGER lessons_total_mentor_stats_update AFTER UPDATE ON public.lessons
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.app_mentor_stats_after_lessons();
--> statement-breakpoint
CREATE TRIGGER lessons_total_mentor_stats_insert AFTER INSERT ON public.lessons
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.app_mentor_stats_after_lessons();
--> statement-breakpoint
CREATE TRIGGER lessons_total_mentor_stats_delete AFTER DELETE ON public.lessons
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.app_mentor_stats_after_lessons();
--> statement-breakpoint
SELECT public.app_recount_mentor_stats(ARRAY(SELECT DISTINCT mentor_id FROM public.users WHERE mentor_id IS NOT NULL));
