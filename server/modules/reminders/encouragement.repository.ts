import { sql } from 'drizzle-orm';

import { AUTO_ENCOURAGEMENT_DAYS, AUTO_ENCOURAGEMENT_MAX_IN_A_ROW } from '#common/domain/mentor-week.ts';

import type { Db, Tx } from '../../db/client.ts';
import { lastActivitySql } from '../../db/learner-activity.ts';
import { isCompleted, joinProgress, primaryCourseCte } from '../../db/progress-sql.ts';
import { encouragements } from '../../db/schema/index.ts';

export interface EncouragementCandidate {
  id: string;
  email: string;
  firstName: string | null;
  locale: string;
  /** Automatic encouragements since their last activity (this one will be number inRow + 1). */
  inRow: number;
  currentWeek: number | null;
}

export const encouragementRepositoryFactory = (db: Db) => ({
  /**
   * Learners due an encouraging mail today: onboarded, course not completed, mails not turned off,
   * no lesson opened for 7 days (counted from sign-up when none was ever opened), no encouragement
   * (automatic or from their mentor) in the last 7 days, and fewer than 3 automatic ones since
   * their last activity of any kind. Running it again the same day finds nobody already mailed.
   */
  async findEncouragementCandidates(limit: number, tx: Tx = db): Promise<EncouragementCandidate[]> {
    const res = await tx.execute<{
      id: string;
      email: string;
      first_name: string | null;
      locale: string;
      in_row: number;
      current_week: number | null;
    }>(sql`
      with ${primaryCourseCte},
      learners as (
        select u.id, u.email, u.first_name, u.locale,
               coalesce((select la.last_lesson_opened_at from learner_activity la where la.user_id = u.id), u.created_at) as last_opened,
               ${lastActivitySql('u')} as last_activity
        from users u cross join course_pc ${joinProgress('u')}
        where u.notify_encouragement and u.deactivated_at is null and u.onboarding_status <> 'pending' and course_pc.total > 0 and not ${isCompleted('u')}
      ),
      due as (
        select l.*,
               (select count(*) from encouragements e
                 where e.user_id = l.id and e.source = 'auto' and e.created_at > coalesce(l.last_activity, '-infinity'::timestamptz))::int as in_row
        from learners l
        where l.last_opened <= now() - make_interval(days => ${AUTO_ENCOURAGEMENT_DAYS})
          and not exists (select 1 from encouragements e where e.user_id = l.id and e.created_at > now() - make_interval(days => ${AUTO_ENCOURAGEMENT_DAYS}))
      )
      select d.id, d.email, d.first_name, d.locale, d.in_row,
             (select min(ls.week_number) from lessons ls cross join course_pc
               where ls.course_id = course_pc.course_id and ls.is_live
                 and not exists (select 1 from assessment_attempts a where a.user_id = d.id and a.lesson_id = ls.id and a.passed)) as current_week
      from due d
      where d.in_row < ${AUTO_ENCOURAGEMENT_MAX_IN_A_ROW}
      order by d.id
      limit ${limit}`);
    return res.rows.map((r) => ({
      id: r.id,
      email: r.email,
      firstName: r.first_name,
      locale: r.locale,
      inRow: r.in_row,
      currentWeek: r.current_week,
    }));
  },

  /** Locks the learner's row and says whether they are still due (nobody encouraged them in the meantime). */
  async lockIfStillDue(userId: string, tx: Tx): Promise<boolean> {
    const res = await tx.execute<{ id: string }>(sql`
      select u.id from users u where u.id = ${userId} and u.notify_encouragement
        and not exists (select 1 from encouragements e where e.user_id = u.id and e.created_at > now() - make_interval(days => ${AUTO_ENCOURAGEMENT_DAYS}))
      for update`);
    return res.rows.length > 0;
  },

  /** Records the automatic encouragement a learner is sent (`messageKey` auto-1 to auto-3: which mail in a row). */
  async insertAutoEncouragement(userId: string, messageKey: string, tx: Tx = db): Promise<void> {
    await tx.insert(encouragements).values({ userId, source: 'auto', messageKey });
  },
});
export type EncouragementRepository = ReturnType<typeof encouragementRepositoryFactory>;
