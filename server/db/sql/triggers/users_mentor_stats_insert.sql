CREATE TRIGGER users_mentor_stats_insert AFTER INSERT ON public.users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.app_mentor_stats_after_users();
