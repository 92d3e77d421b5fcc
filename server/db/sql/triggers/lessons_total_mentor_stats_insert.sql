CREATE TRIGGER lessons_total_mentor_stats_insert AFTER INSERT ON public.lessons REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.app_mentor_stats_after_lessons();
