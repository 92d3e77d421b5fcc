-- A session ended or changed, or an account changed: every instance forgets the sessions it remembers (docs/decisions/065).
CREATE OR REPLACE FUNCTION public.app_notify_session_changes()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('app_session_changes', '');
  RETURN NULL;
END $function$;
