-- The comparable form of a person's full name: "  Zoë   DUPONT " and "zoe dupont" give the same key
-- (common/domain/tree.ts folds names the same way). Stored in users.name_key and users.search_key.
CREATE OR REPLACE FUNCTION public.app_full_name_key(first_name text, last_name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT public.app_fold(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) $function$;
