-- Trigram indexes make the admin directory's substring search fast at 100,000 users; unaccent
-- makes names match whatever the accents typed ("Zoe" finds "Zoë"). Both are trusted
-- extensions, so a database owner without superuser rights can create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
-- unaccent() is only STABLE because it looks its dictionary up through the search path; naming the
-- dictionary explicitly makes the result depend on the input alone, so it can be used in indexes.
-- Everything is schema-qualified so a restore (which runs with an empty search path) rebuilds the indexes.
CREATE OR REPLACE FUNCTION public.app_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, regexp_replace(btrim(input), '\s+', ' ', 'g'))) $$;--> statement-breakpoint
-- The comparable form of a person's full name: "  Zoë   DUPONT " and "zoe dupont" give the same key.
CREATE OR REPLACE FUNCTION public.app_full_name_key(first_name text, last_name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.app_fold(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) $$;
