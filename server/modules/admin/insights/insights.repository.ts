import { sql, type SQL } from 'drizzle-orm';

import { periodMonths, type InsightsFilters } from '#common/contracts/insights.ts';
import { STANDARD_DEADLINE_HOURS, URGENT_DEADLINE_HOURS } from '#common/domain/support.ts';
import { deadlineHoursSql } from '#server/db/callback-sql.ts';
import type { Db, Tx } from '#server/db/client.ts';

/*
 * The Insights tab's SQL (decision 076). What a live aggregate cannot answer in 100 ms at 100,000
 * users (who first opened or passed which week, generations of every tree) is rebuilt every night
 * into insight_daily by `refresh`; the rest (callback requests, role changes) is read live.
 */

/** The audit actions that make a mentoring link (an admin's mentor_set with a mentor, not its removal). */
const LINK_ACTIONS = ['mentoring.request_accepted', 'mentoring.invitation_accepted', 'mentoring.mentor_set'];
const UUID_TEXT = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/**
 * Every dated event the charts count, by the Monday of its UTC week, with the person's language and
 * country (a week rather than a day: seven times fewer rows to add up for a year, decision 076): the first opening and first pass of each week of a course or day of a track, the first
 * lesson opened at all, the sign-up, certificates and new mentoring links. A new source (another
 * track's table) is one more branch of `steps` or `events`.
 */
const REFRESH_EVENTS = sql`
  with touches as (
    select a.user_id, a.lesson_id, min(a.created_at) as opened_at, min(a.created_at) filter (where a.passed) as passed_at
    from assessment_attempts a group by a.user_id, a.lesson_id
    union all
    select s.user_id, s.lesson_id, min(s.changed_at), null from section_reads s where s.is_read group by s.user_id, s.lesson_id
  ),
  steps as (
    select t.user_id, c.slug as course, l.week_number as step, min(t.opened_at) as opened_at, min(t.passed_at) as passed_at
    from touches t join lessons l on l.id = t.lesson_id join courses c on c.id = l.course_id
    where c.kind = 'course'
    group by t.user_id, c.slug, l.week_number
    union all
    -- The 7-day track (decision 074) records a day once it is done, not its opening.
    select d.user_id, c.slug, d.day, null, d.done_at from track_days d join courses c on c.id = d.course_id
  ),
  events as (
    select 'opened' as metric, course, step, user_id, opened_at as at from steps where opened_at is not null
    union all select 'passed', course, step, user_id, passed_at from steps where passed_at is not null
    union all select 'first_lesson', '', 0, user_id, min(opened_at) from steps where opened_at is not null and course = (select slug from courses where id = public.app_primary_course()) group by user_id
    union all select 'signup', '', 0, id, created_at from users
    union all select 'certificate', '', 0, user_id, completed_at from certificates where user_id is not null
    union all select 'link', '', 0, target_id::uuid, created_at from audit_log
      where action in (${sql.join(
        LINK_ACTIONS.map((a) => sql`${a}`),
        sql`, `,
      )}) and target_id ~ ${UUID_TEXT}
        and (action <> 'mentoring.mentor_set' or details->>'to' is not null)
  )
  select e.metric, e.course, e.step, date_trunc('week', e.at at time zone 'UTC')::date as day, u.locale, coalesce(u.country, '') as country, count(*)::int as n
  from events e join users u on u.id = e.user_id
  group by 1, 2, 3, 4, 5, 6`;

/**
 * Today's snapshots: disciples by generation below the top of their tree (capped at 4), and mentors
 * by their number of disciples whose account is not deactivated (capped at 3).
 */
const REFRESH_SNAPSHOTS = sql`
  with recursive generations(id, generation) as (
    select u.id, 0 from users u where u.mentor_id is null
    union all
    select u.id, g.generation + 1 from users u join generations g on u.mentor_id = g.id
  ),
  loads as (
    select mentor_id, count(*) as disciples from users where mentor_id is not null and deactivated_at is null group by mentor_id
  )
  select 'generation' as metric, '' as course, least(g.generation, 4)::smallint as step, current_date as day, u.locale, coalesce(u.country, '') as country, count(*)::int as n
  from generations g join users u on u.id = g.id where g.generation > 0 group by 3, 5, 6
  union all
  select 'mentor_load', '', least(l.disciples, 3)::smallint, current_date, u.locale, coalesce(u.country, ''), count(*)::int
  from loads l join users u on u.id = l.mentor_id group by 3, 5, 6`;

/** The person's language and country filters over users alias `u` (by default), or over insight_daily's own columns (alias ''). */
function personFilter(f: InsightsFilters, alias = 'u'): SQL {
  const column = (name: string) => sql.raw(alias ? `${alias}.${name}` : name);
  const parts: SQL[] = [sql`true`];
  if (f.language !== 'all') parts.push(sql`${column('locale')} = ${f.language}`);
  if (f.country !== '') parts.push(sql`${column('country')} = ${f.country}`);
  return sql.join(parts, sql` and `);
}

/** The same filters over insight_daily's own columns. */
const dailyFilter = (f: InsightsFilters): SQL => personFilter(f, '');

/** A callback request's own language (asked on its form) as the language filter; requests carry no country. */
const languageOfRequest = (f: InsightsFilters) => (f.language === 'all' ? sql`` : sql`and callback_requests.language = ${f.language}`);

/** The first day of the period in the viewer's time zone (yyyy-mm-dd). */
const periodStart = (f: InsightsFilters) =>
  sql`((now() at time zone ${f.tz})::date - make_interval(months => ${periodMonths[f.period]}))::date`;

/** Mondays of every week of the period in the viewer's time zone, oldest first. */
const periodWeeks = (f: InsightsFilters) =>
  sql`select generate_series(date_trunc('week', ${periodStart(f)}::timestamp), date_trunc('week', now() at time zone ${f.tz}), interval '1 week')::date as week`;

const rowsOf = async <T>(tx: Tx, query: SQL) => (await tx.execute<T & Record<string, unknown>>(query)).rows as T[];

export const insightsRepositoryFactory = (db: Db) => ({
  /** Every time zone name PostgreSQL knows (a browser may know one it does not). */
  async timeZoneNames(tx: Tx = db): Promise<Set<string>> {
    const { rows } = await tx.execute<{ name: string }>(sql`select name from pg_timezone_names`);
    return new Set(rows.map((r) => r.name));
  },

  /** Rebuilds every precomputed figure in one transaction (readers see the old set until it commits). */
  async refresh() {
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from insight_daily`);
      await tx.execute(sql`insert into insight_daily (metric, course, step, day, locale, country, n) ${REFRESH_EVENTS}`);
      await tx.execute(sql`insert into insight_daily (metric, course, step, day, locale, country, n) ${REFRESH_SNAPSHOTS}`);
      await tx.execute(
        sql`insert into insight_refreshes (name, refreshed_at) values ('daily', now()) on conflict (name) do update set refreshed_at = excluded.refreshed_at`,
      );
    });
  },

  async refreshedAt(tx: Tx = db): Promise<Date | null> {
    const [row] = await rowsOf<{ at: Date | string }>(tx, sql`select refreshed_at as at from insight_refreshes where name = 'daily'`);
    return row ? new Date(row.at) : null;
  },

  /** The courses and tracks, primary course first. */
  courses: (tx: Tx = db) =>
    rowsOf<{ slug: string; kind: 'course' | 'track'; titleEn: string | null; titleFr: string | null; isPrimary: boolean }>(
      tx,
      sql`select slug, kind, details->'en'->>'title' as "titleEn", details->'fr'->>'title' as "titleFr", id = public.app_primary_course() as "isPrimary"
          from courses order by (id = public.app_primary_course()) desc, kind, created_at, id`,
    ),

  /** Per live week (or day) of the course: people who first opened it and first passed it in the period. */
  funnel: (f: InsightsFilters, course: string, tx: Tx = db) =>
    rowsOf<{ step: number; opened: number; passed: number }>(
      tx,
      sql`with steps as (
            select l.week_number as step from lessons l join courses c on c.id = l.course_id where c.slug = ${course} and l.is_live
          ), counts as (
            select step, coalesce(sum(n) filter (where metric = 'opened'), 0)::int as opened, coalesce(sum(n) filter (where metric = 'passed'), 0)::int as passed
            from insight_daily where metric in ('opened', 'passed') and course = ${course} and day >= date_trunc('week', ${periodStart(f)}::timestamp)::date and ${dailyFilter(f)}
            group by step
          )
          select s.step, coalesce(c.opened, 0) as opened, coalesce(c.passed, 0) as passed from steps s left join counts c using (step) order by s.step`,
    ),

  /** Per week of the period: sign-ups, first lessons, certificates, new mentoring links (precomputed by UTC week, shown on the viewer's Monday of the same date). */
  growth: (f: InsightsFilters, tx: Tx = db) =>
    rowsOf<{ week: string; signups: number; firstLessons: number; certificates: number; links: number }>(
      tx,
      sql`with weeks as (${periodWeeks(f)}),
          counts as (
            select day as week,
                   coalesce(sum(n) filter (where metric = 'signup'), 0)::int as signups,
                   coalesce(sum(n) filter (where metric = 'first_lesson'), 0)::int as first_lessons,
                   coalesce(sum(n) filter (where metric = 'certificate'), 0)::int as certificates,
                   coalesce(sum(n) filter (where metric = 'link'), 0)::int as links
            from insight_daily
            where metric in ('signup', 'first_lesson', 'certificate', 'link') and day >= date_trunc('week', ${periodStart(f)}::timestamp)::date and ${dailyFilter(f)}
            group by 1
          )
          select to_char(w.week, 'YYYY-MM-DD') as week, coalesce(c.signups, 0) as signups, coalesce(c.first_lessons, 0) as "firstLessons",
                 coalesce(c.certificates, 0) as certificates, coalesce(c.links, 0) as links
          from weeks w left join counts c using (week) order by w.week`,
    ),

  /** The latest snapshot of generations and mentor loads. */
  snapshots: (f: InsightsFilters, tx: Tx = db) =>
    rowsOf<{ metric: 'generation' | 'mentor_load'; step: number; n: number }>(
      tx,
      sql`select metric, step, sum(n)::int as n from insight_daily
          where metric in ('generation', 'mentor_load') and day = (select max(day) from insight_daily where metric in ('generation', 'mentor_load')) and ${dailyFilter(f)}
          group by metric, step order by metric, step`,
    ),

  /**
   * Ambassadors and coordinators at the end of each month of the period: today's count, with every
   * later role change (audit log) undone. People who since deleted their account are not counted.
   */
  rolesOverTime: (f: InsightsFilters, tx: Tx = db) =>
    rowsOf<{ month: string; ambassadors: number; coordinators: number }>(
      tx,
      sql`with months as (
            select m::date as month, least((m + interval '1 month') at time zone ${f.tz}, now()) as ends_at
            from generate_series(date_trunc('month', ${periodStart(f)}::timestamp), date_trunc('month', now() at time zone ${f.tz}), interval '1 month') m
          ),
          now_counts as (
            select count(*) filter (where u.role = 'ambassador')::int as ambassadors, count(*) filter (where u.role = 'coordinator')::int as coordinators
            from users u where u.role in ('ambassador', 'coordinator') and ${personFilter(f)}
          ),
          changes as (
            select a.created_at, a.details->>'from' as from_role, a.details->>'to' as to_role
            from audit_log a join users u on a.target_id ~ ${UUID_TEXT} and u.id = a.target_id::uuid
            where a.action = 'user.role_changed' and a.created_at >= date_trunc('month', ${periodStart(f)}::timestamp) at time zone ${f.tz} and ${personFilter(f)}
          )
          select to_char(m.month, 'YYYY-MM') as month,
                 (n.ambassadors - coalesce(sum((c.to_role = 'ambassador')::int - (c.from_role = 'ambassador')::int), 0))::int as ambassadors,
                 (n.coordinators - coalesce(sum((c.to_role = 'coordinator')::int - (c.from_role = 'coordinator')::int), 0))::int as coordinators
          from months m cross join now_counts n left join changes c on c.created_at >= m.ends_at
          group by m.month, n.ambassadors, n.coordinators order by m.month`,
    ),

  /** Mondays of the period's weeks in the viewer's time zone (yyyy-mm-dd), oldest first. */
  weeks: async (f: InsightsFilters, tx: Tx = db) =>
    (await rowsOf<{ week: string }>(tx, sql`select to_char(week, 'YYYY-MM-DD') as week from (${periodWeeks(f)}) w order by 1`)).map(
      (r) => r.week,
    ),

  /** Callback requests per week of the period, by category and by band (the request's language as the language filter). */
  careWeeks: (f: InsightsFilters, tx: Tx = db) =>
    rowsOf<{ week: string; kind: 'category' | 'band'; key: string; n: number }>(
      tx,
      sql`with requests as (
            select date_trunc('week', callback_requests.created_at at time zone ${f.tz})::date as week, callback_requests.category::text as category, callback_requests.score_band as band
            from callback_requests
            where callback_requests.created_at >= ${periodStart(f)}::timestamp at time zone ${f.tz} ${languageOfRequest(f)}
          )
          select to_char(week, 'YYYY-MM-DD') as week, 'category' as kind, category as key, count(*)::int as n from requests group by week, category
          union all
          select to_char(week, 'YYYY-MM-DD'), 'band', band, count(*)::int from requests group by week, band`,
    ),

  /**
   * Requests of the period by deadline (24 or 48 hours): how many, how many were contacted (their
   * status first left `new`, from the audit log), the median and 90th percentile hours to that
   * first contact, and how many went overdue (contacted after the deadline, or still new past it).
   */
  careResponse: (f: InsightsFilters, tx: Tx = db) =>
    rowsOf<{
      goalHours: number;
      requests: number;
      contacted: number;
      medianHours: number | null;
      p90Hours: number | null;
      overdue: number;
    }>(
      tx,
      sql`with requests as (
            select callback_requests.id, callback_requests.created_at, callback_requests.status, ${deadlineHoursSql} as goal_hours
            from callback_requests
            where callback_requests.created_at >= ${periodStart(f)}::timestamp at time zone ${f.tz} ${languageOfRequest(f)}
          ), contacts as (
            select a.target_id, min(a.created_at) as contacted_at from audit_log a
            where a.action = 'callback.updated' and a.created_at >= ${periodStart(f)}::timestamp at time zone ${f.tz} and a.details->'status'->>'from' = 'new'
            group by a.target_id
          ), timed as (
            select r.goal_hours, extract(epoch from k.contacted_at - r.created_at) / 3600 as hours,
                   (k.contacted_at is not null and k.contacted_at > r.created_at + make_interval(hours => r.goal_hours))
                   or (k.contacted_at is null and r.status = 'new' and now() > r.created_at + make_interval(hours => r.goal_hours)) as is_overdue
            from requests r left join contacts k on k.target_id = r.id::text
          )
          select g.goal_hours as "goalHours", count(t.goal_hours)::int as requests, count(t.hours)::int as contacted,
                 percentile_cont(0.5) within group (order by t.hours) as "medianHours",
                 percentile_cont(0.9) within group (order by t.hours) as "p90Hours",
                 count(*) filter (where t.is_overdue)::int as overdue
          from (values (${URGENT_DEADLINE_HOURS}::int), (${STANDARD_DEADLINE_HOURS}::int)) g(goal_hours)
          left join timed t on t.goal_hours = g.goal_hours
          group by g.goal_hours order by g.goal_hours`,
    ),
});
export type InsightsRepository = ReturnType<typeof insightsRepositoryFactory>;
