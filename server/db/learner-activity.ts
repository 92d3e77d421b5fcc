import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

/* A learner's activity, read by the mentor's week and the encouragement mails, written by the course. */

/**
 * Records that the user opened a lesson now. A row younger than five minutes is left alone, so
 * reading a lesson section by section does not write on every request.
 */
export async function recordLessonOpened(db: Tx, userId: string): Promise<void> {
  await db.execute(sql`
    insert into learner_activity (user_id, last_lesson_opened_at) values (${userId}, now())
    on conflict (user_id) do update set last_lesson_opened_at = excluded.last_lesson_opened_at
    where learner_activity.last_lesson_opened_at < now() - interval '5 minutes'`);
}

/**
 * The user's last activity (a lesson opened or a quiz taken) as SQL, for a users alias. Uses
 * learner_activity's key and attempts_user_lesson_idx.
 */
export const lastActivitySql = (alias: string) =>
  sql.raw(`greatest(
    (select la.last_lesson_opened_at from learner_activity la where la.user_id = ${alias}.id),
    (select max(a.created_at) from assessment_attempts a where a.user_id = ${alias}.id))`);
