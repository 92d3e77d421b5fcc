-- 0-100, rounded to the nearest whole number. Same rule as overallProgress() in
-- common/domain/scoring.ts (sql-functions.test.ts feeds both the same cases).
CREATE OR REPLACE FUNCTION public.app_progress_percent(passed integer, total integer)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT CASE WHEN total > 0 THEN round(least(coalesce(passed, 0), total) * 100.0 / total)::int ELSE 0 END $function$;
