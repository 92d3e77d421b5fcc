CREATE TRIGGER lessons_total_mentor_stats_delete AFTER DELETE ON public.lessons REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.app_mentor_stats_after_lessons();
