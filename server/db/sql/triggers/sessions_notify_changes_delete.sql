CREATE TRIGGER sessions_notify_changes_delete AFTER DELETE ON public.sessions FOR EACH STATEMENT EXECUTE FUNCTION public.app_notify_session_changes();
