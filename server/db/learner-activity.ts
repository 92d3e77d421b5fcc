import { sql } from 'drizzle-orm';

/* A learner's activity, read by the mentor's week and the encouragement mails, written by the course. */

/** A lesson opening younger than this is not recorded again. */
export const LESSON_OPENING_INTERVAL_MS = 5 * 60_000;
const interval = `interval '${LESSON_OPENING_INTERVAL_MS / 1000} seconds'`;

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
    and not exists (select 1 from learner_activity recent where recent.user_id = ${userParam} and recent.last_lesson_opened_at >= now() - ${interval})
  on conflict (user_id) do update set last_lesson_opened_at = excluded.last_lesson_opened_at
  where learner_activity.last_lesson_opened_at < now() - ${interval}`;

/**
 * The learners whose lesson opening this process recorded less than `LESSON_OPENING_INTERVAL_MS`
 * ago. Their next lesson reads skip the recording statement for the passed lessons' query alone,
 * which costs PostgreSQL about half as much (an insert with nothing to insert still opens its table
 * and indexes). The database's own check stays, for the first read on each instance. Entries are
 * kept in the order they were recorded and dropped from the front as they age, so the map holds at
 * most the learners of the last five minutes.
 */
export function recentLessonOpenings(now: () => number = () => Date.now()) {
  const recordedAt = new Map<string, number>();
  return {
    isRecent(userId: string): boolean {
      const at = recordedAt.get(userId);
      return at !== undefined && now() - at < LESSON_OPENING_INTERVAL_MS;
    },
    /** The opening was recorded (or found recent) by the database just now. */
    recorded(userId: string): void {
      const t = now();
      recordedAt.delete(userId);
      recordedAt.set(userId, t);
      for (const [id, at] of recordedAt) {
        if (t - at < LESSON_OPENING_INTERVAL_MS) break;
        recordedAt.delete(id);
      }
    },
  };
}

/**
 * The user's last activity as SQL, for a users alias: a lesson opened, a quiz taken, a challenge
 * day ticked or a lesson section marked read (those two synced from the browser, decision 043), a
 * day of the 7-day track done (decision 074).
 * Each lookup starts from an index led by user_id.
 */
export const lastActivitySql = (alias: string) =>
  sql.raw(`greatest(
    (select la.last_lesson_opened_at from learner_activity la where la.user_id = ${alias}.id),
    (select max(a.created_at) from assessment_attempts a where a.user_id = ${alias}.id),
    (select max(c.changed_at) from challenge_days c where c.user_id = ${alias}.id and c.is_done),
    (select max(r.changed_at) from section_reads r where r.user_id = ${alias}.id and r.is_read),
    (select max(t.done_at) from track_days t where t.user_id = ${alias}.id))`);
