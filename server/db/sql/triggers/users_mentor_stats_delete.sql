CREATE TRIGGER users_mentor_stats_delete AFTER DELETE ON public.users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.app_mentor_stats_after_users();
