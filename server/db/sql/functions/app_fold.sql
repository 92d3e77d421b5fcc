-- unaccent() is only STABLE because it looks its dictionary up through the search path; naming the
-- dictionary explicitly makes the result depend on the input alone, so it can be used in indexes and
-- stored columns. Everything is schema-qualified so a restore (which runs with an empty search path)
-- rebuilds them. Changing the body does not recompute users.name_key and users.search_key: a
-- migration that rewrites those columns has to go with such a change.
CREATE OR REPLACE FUNCTION public.app_fold(input text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, regexp_replace(btrim(input), '\s+', ' ', 'g'))) $function$;
