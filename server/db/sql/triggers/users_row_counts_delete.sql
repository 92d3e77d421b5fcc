CREATE TRIGGER users_row_counts_delete AFTER DELETE ON public.users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.app_row_counts_after_users();
