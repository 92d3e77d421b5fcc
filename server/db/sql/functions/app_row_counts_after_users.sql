-- People join or leave: the users counter moves by as many rows as the statement touched.
CREATE OR REPLACE FUNCTION public.app_row_counts_after_users()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  IF delta <> 0 THEN
    INSERT INTO public.row_counts AS rc (counter, slot, n) VALUES ('users', pg_backend_pid() % 8, delta)
    ON CONFLICT (counter, slot) DO UPDATE SET n = rc.n + excluded.n;
  END IF;
  RETURN NULL;
END $function$;
