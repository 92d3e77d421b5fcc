CREATE TRIGGER users_notify_changes_update AFTER UPDATE ON public.users FOR EACH STATEMENT EXECUTE FUNCTION public.app_notify_session_changes();
