import { and, desc, eq, isNull, sql } from 'drizzle-orm';

import { FAILED_TWICE, STALLED_DAYS } from '#common/domain/mentor-week.ts';

import type { Db, Tx } from '../../db/client.ts';
import { lastActivitySql } from '../../db/learner-activity.ts';
import { primaryCourseCte, trackDaysDone } from '../../db/progress-sql.ts';
import { encouragements, users } from '../../db/schema/index.ts';

export interface DiscipleWeekRow {
  mentorId: string;
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  lastActivityAt: Date | null;
  currentWeek: number | null;
  isCourseCompleted: boolean;
  isStalled: boolean;
  failedTwiceWeek: number | null;
  finishedWeek: number | null;
  lastEncouragedAt: Date | null;
  acceptsEncouragement: boolean;
  /** Days of the 7-day track done, 0-7 (docs/decisions/074). */
  trackDays: number;
  /** A day of the track done in the last 7 days. */
  isTrackActiveThisWeek: boolean;
}

export const mentorWeekRepositoryFactory = (db: Db) => ({
  /**
   * "Who needs attention": the direct disciples of each of `mentorIds` with their last activity,
   * current week and flags, in one query. The mentor's "This week" panel asks it for one mentor, the
   * weekly digest for a batch of mentors. Weeks are the primary course's live lessons.
   */
  async findDisciplesWeek(mentorIds: string[], tx: Tx = db): Promise<DiscipleWeekRow[]> {
    if (mentorIds.length === 0) return [];
    const res = await tx.execute<{
      mentor_id: string;
      id: string;
      first_name: string | null;
      last_name: string | null;
      email: string;
      last_activity_at: Date | string | null;
      current_week: number | null;
      live_lessons: number;
      is_stalled: boolean;
      failed_twice_week: number | null;
      finished_week: number | null;
      last_encouraged_at: Date | string | null;
      accepts_encouragement: boolean;
      track_days: number;
      track_this_week: boolean;
    }>(sql`
      with ${primaryCourseCte},
      live as materialized (
        select l.id, l.week_number from lessons l join course_pc on l.course_id = course_pc.course_id where l.is_live
      ),
      d as (
        select u.id, u.mentor_id, u.first_name, u.last_name, u.email, u.created_at, (u.notify_encouragement and u.deactivated_at is null) as notify_encouragement, ${lastActivitySql('u')} as last_activity_at,
          ${trackDaysDone('u')} as track_days,
          exists (select 1 from track_days td where td.user_id = u.id and td.done_at > now() - make_interval(days => ${STALLED_DAYS})) as track_this_week
        from users u where u.mentor_id in (${sql.join(
          mentorIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
          -- A paused link (issue 25) shows the mentor nothing of the person's week, in the panel or the digest.
          and u.mentor_paused_at is null
      ),
      per_lesson as (
        select a.user_id, a.lesson_id,
               bool_or(a.passed) as passed,
               min(a.created_at) filter (where a.passed) as first_passed_at,
               count(*) filter (where not a.passed) as fails
        from assessment_attempts a join d on d.id = a.user_id
        group by a.user_id, a.lesson_id
      ),
      w as (
        select d.*,
          (select min(live.week_number) from live
            where not exists (select 1 from per_lesson p where p.user_id = d.id and p.lesson_id = live.id and p.passed)) as current_week,
          (select count(*) from live)::int as live_lessons,
          (select min(live.week_number) from live join per_lesson p on p.lesson_id = live.id and p.user_id = d.id
            where not p.passed and p.fails >= ${FAILED_TWICE}) as failed_twice_week,
          (select max(live.week_number) from live join per_lesson p on p.lesson_id = live.id and p.user_id = d.id
            where p.first_passed_at > now() - make_interval(days => ${STALLED_DAYS})) as finished_week,
          (select max(e.created_at) from encouragements e where e.user_id = d.id and e.source = 'mentor') as last_encouraged_at
        from d
      )
      select w.mentor_id, w.id, w.first_name, w.last_name, w.email, w.last_activity_at, w.current_week, w.live_lessons,
             w.failed_twice_week, w.finished_week, w.last_encouraged_at, w.notify_encouragement as accepts_encouragement, w.track_days, w.track_this_week,
             (w.current_week is not null and coalesce(w.last_activity_at, w.created_at) <= now() - make_interval(days => ${STALLED_DAYS})) as is_stalled
      from w`);
    const date = (v: Date | string | null) => (v === null ? null : new Date(v));
    return res.rows.map((r) => ({
      mentorId: r.mentor_id,
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      lastActivityAt: date(r.last_activity_at),
      currentWeek: r.current_week,
      isCourseCompleted: r.live_lessons > 0 && r.current_week === null,
      isStalled: r.is_stalled,
      failedTwiceWeek: r.failed_twice_week,
      finishedWeek: r.finished_week,
      lastEncouragedAt: date(r.last_encouraged_at),
      acceptsEncouragement: r.accepts_encouragement,
      trackDays: r.track_days,
      isTrackActiveThisWeek: r.track_this_week,
    }));
  },

  /** The disciple's row, locked for the rest of the transaction; null unless `mentorId` is their mentor. */
  async lockDiscipleOf(mentorId: string, discipleId: string, tx: Tx = db) {
    // A paused link (issue 25) is not the mentor's to use: the same "not your disciple" as any other.
    const rows = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, discipleId), eq(users.mentorId, mentorId), isNull(users.mentorPausedAt)))
      .for('update');
    return rows[0] ?? null;
  },

  /** When a mentor last encouraged this person (any mentor: a person has one at a time). */
  async findLastMentorEncouragement(userId: string, tx: Tx = db): Promise<Date | null> {
    const rows = await tx
      .select({ createdAt: encouragements.createdAt })
      .from(encouragements)
      .where(and(eq(encouragements.userId, userId), eq(encouragements.source, 'mentor')))
      .orderBy(desc(encouragements.createdAt))
      .limit(1);
    return rows[0]?.createdAt ?? null;
  },

  async insertEncouragement(row: typeof encouragements.$inferInsert, tx: Tx = db) {
    const [inserted] = await tx.insert(encouragements).values(row).returning();
    return inserted!;
  },

  /**
   * Mentors who get the weekly digest: mail not turned off, at least one direct disciple, and no
   * digest written to them in the last 6 days (a retried run does not mail anyone twice).
   */
  async findDigestMentors(limit: number, afterId: string | null, tx: Tx = db) {
    const res = await tx.execute<{ id: string; email: string; first_name: string | null; locale: string }>(sql`
      select m.id, m.email, m.first_name, m.locale from users m
      where m.notify_mentor_digest and m.deactivated_at is null
        and exists (select 1 from users d where d.mentor_id = m.id and d.mentor_paused_at is null)
        and not exists (select 1 from mail_outbox o where o.kind = 'mentor-digest' and lower(o.to_address) = lower(m.email) and o.created_at > now() - interval '6 days')
        ${afterId ? sql`and m.id > ${afterId}` : sql``}
      order by m.id
      limit ${limit}`);
    return res.rows.map((r) => ({ id: r.id, email: r.email, firstName: r.first_name, locale: r.locale }));
  },
});
export type MentorWeekRepository = ReturnType<typeof mentorWeekRepositoryFactory>;
