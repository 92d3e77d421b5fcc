CREATE TRIGGER users_row_counts_insert AFTER INSERT ON public.users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.app_row_counts_after_users();
