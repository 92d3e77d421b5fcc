-- Rate-limit counters are written on every limited request (sign-in, sign-up, the public forms, the
-- admin API) and are worth nothing after a crash of the database: an unlogged table writes no WAL,
-- so such a request's commit does not wait for a flush to disk (decision 058). PostgreSQL empties it
-- after a crash (every window starts again) and does not copy it to standbys.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
