import { sql } from 'drizzle-orm';

/* A learner's activity, read by the mentor's week and the encouragement mails, written by the course. */

/**
 * Records that the user opened a lesson now, as SQL text for a statement that holds it (the course's
 * lesson read: course.repository.ts), `userParam` being the user id's parameter and `when` whether
 * the lesson was open to them. A row younger than five minutes is left alone, so reading a lesson
 * section by section does not write on every request: the `not exists` finds it by the primary
 * key first, so the insert has no row to try (an `on conflict do update` whose `where` fails still
 * locks the row, which is a write: a transaction id, WAL and a flush at commit on every read).
 */
export const recordLessonOpenedSql = (userParam: string, when: string) => `
  insert into learner_activity (user_id, last_lesson_opened_at) select ${userParam}, now() where ${when}
    and not exists (select 1 from learner_activity recent where recent.user_id = ${userParam} and recent.last_lesson_opened_at >= now() - interval '5 minutes')
  on conflict (user_id) do update set last_lesson_opened_at = excluded.last_lesson_opened_at
  where learner_activity.last_lesson_opened_at < now() - interval '5 minutes'`;

/**
 * The user's last activity as SQL, for a users alias: a lesson opened, a quiz taken, a challenge
 * day ticked or a lesson section marked read (those two synced from the browser, decision 043).
 * Each lookup starts from an index led by user_id.
 */
export const lastActivitySql = (alias: string) =>
  sql.raw(`greatest(
    (select la.last_lesson_opened_at from learner_activity la where la.user_id = ${alias}.id),
    (select max(a.created_at) from assessment_attempts a where a.user_id = ${alias}.id),
    (select max(c.changed_at) from challenge_days c where c.user_id = ${alias}.id and c.is_done),
    (select max(r.changed_at) from section_reads r where r.user_id = ${alias}.id and r.is_read))`);
