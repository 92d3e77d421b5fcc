import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';

import type { DirectoryFilter } from '#common/contracts/admin.ts';
import { AMBASSADOR_MIN_COMPLETED_DISCIPLES, COORDINATOR_MIN_DIRECT_DISCIPLES } from '#common/domain/eligibility.ts';
import type { Role } from '#common/domain/roles.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { completedWhen, inProgressWhen, isCompleted, joinProgress, primaryCourseCte, progressPercent } from '#server/db/progress-sql.ts';
import { countFounders, countFoundersSql } from '#server/db/users.ts';

import { containsPattern } from '../admin-shared.ts';

/** Newest first, (created_at, id) as the key of the last row seen. */
export interface DirectoryKeyset {
  createdAt: string;
  id: string;
}

interface DirectorySlice {
  search: string;
  filter: DirectoryFilter;
  /** Only rows after this one (an export's batches), or null. */
  keyset: DirectoryKeyset | null;
  limit: number;
  offset: number;
}

/** Ambassador-eligible mentors: enough direct disciples who completed the course (mentor_stats is kept by triggers). */
const ambassadorIds = sql`select user_id from mentor_stats where completed_disciples >= ${AMBASSADOR_MIN_COMPLETED_DISCIPLES}`;
/** Coordinator-eligible mentors: enough direct disciples. */
const coordinatorIds = sql`select user_id from mentor_stats where direct_disciples >= ${COORDINATOR_MIN_DIRECT_DISCIPLES}`;

/** Conditions of the directory over `u` (with `u_cp` and `course_pc` joined). */
function directoryConditions(search: string, filter: DirectoryFilter): SQL[] {
  const parts: SQL[] = [];
  if (search) {
    // Both sides folded the same way (users.search_key: folded name, then lowercased email), so
    // "zoe" finds "Zoë" and "ZOE@x.org".
    parts.push(sql`u.search_key like public.app_fold(${containsPattern(search)})`);
  }
  switch (filter) {
    // On u_cp's column without coalesce, so the planner can start from course_progress's index.
    case 'completed':
      parts.push(completedWhen(sql`u_cp.passed_lessons`));
      break;
    case 'in-progress':
      parts.push(inProgressWhen(sql`u_cp.passed_lessons`));
      break;
    case 'ambassador':
      parts.push(sql`u.id in (${ambassadorIds})`);
      break;
    case 'coordinator':
      parts.push(sql`u.id in (${coordinatorIds})`);
      break;
    case 'all':
      break;
  }
  return parts;
}

/** Every field of a directory row, over `u` with `u_cp`, `course_pc` and `ms` (mentor_stats) joined. */
const rowFields = sql`u.id, u.first_name, u.last_name, u.email, u.phone, u.address, u.role, u.created_at,
  u.email_verified_at is not null as is_email_verified,
  u.is_responder,
  u.is_safeguarding_lead,
  u.deactivated_at is not null as is_deactivated,
  -- Text keeps PostgreSQL's microseconds (a JS Date would round them) for keyset paging.
  u.created_at::text as cursor_at,
  ${progressPercent('u')} as course_progress,
  ${isCompleted('u')} as course_completed,
  coalesce(ms.completed_disciples, 0) as completed_disciples,
  coalesce(ms.direct_disciples - ms.completed_disciples, 0) as pending_disciples,
  coalesce(ms.completed_disciples, 0) >= ${AMBASSADOR_MIN_COMPLETED_DISCIPLES} as is_ambassador_eligible,
  coalesce(ms.direct_disciples, 0) >= ${COORDINATOR_MIN_DIRECT_DISCIPLES} as is_coordinator_eligible`;

const whereOf = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

type DirectoryDbRow = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  address: string | null;
  role: Role;
  created_at: Date;
  cursor_at: string;
  total: number | null;
  founder_count?: number;
  course_progress: number;
  course_completed: boolean;
  completed_disciples: number;
  pending_disciples: number;
  is_ambassador_eligible: boolean;
  is_coordinator_eligible: boolean;
  is_email_verified: boolean;
  is_responder: boolean;
  is_safeguarding_lead: boolean;
  is_deactivated: boolean;
};

const toDirectoryRow = (r: DirectoryDbRow) => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  phone: r.phone,
  address: r.address,
  role: r.role,
  courseProgress: r.course_progress,
  courseCompleted: r.course_completed,
  completedDisciplesCount: r.completed_disciples,
  pendingDisciplesCount: r.pending_disciples,
  isAmbassadorEligible: r.is_ambassador_eligible,
  isCoordinatorEligible: r.is_coordinator_eligible,
  isEmailVerified: r.is_email_verified,
  isResponder: r.is_responder,
  isSafeguardingLead: r.is_safeguarding_lead,
  isDeactivated: r.is_deactivated,
});
export type DirectoryRowData = ReturnType<typeof toDirectoryRow> & { createdAt: Date; cursor: DirectoryKeyset; total: number | null };
const fromDbRow = (r: DirectoryDbRow): DirectoryRowData => ({
  ...toDirectoryRow(r),
  createdAt: new Date(r.created_at),
  cursor: { createdAt: r.cursor_at, id: r.id },
  total: r.total,
});
const dialect = new PgDialect();

/**
 * Progress rows of the primary course whose passed lessons meet a condition, summed from the few rows
 * of course_progress_counts (kept by triggers) instead of counting every learner (every course_progress
 * row belongs to a user).
 */
const progressCount = (when: (passedLessons: SQL) => SQL) =>
  sql`select coalesce(sum(c.n), 0) from course_progress_counts c where c.course_id = course_pc.course_id and ${when(sql`c.passed_lessons`)}`;
/** Completed users of the primary course. */
const completedCount = progressCount(completedWhen);
/** Every user, from row_counts (kept by triggers): a few rows summed instead of 100,000 counted. */
const usersCount = sql`select coalesce(sum(n), 0) from row_counts where counter = 'users'`;

/** How many users match a filter without a search, each from its own small table or index instead of joining every user. */
const unsearchedCount = (filter: DirectoryFilter): SQL =>
  ({
    all: usersCount,
    completed: completedCount,
    'in-progress': progressCount(inProgressWhen),
    ambassador: sql`select count(*) from (${ambassadorIds}) a`,
    coordinator: sql`select count(*) from (${coordinatorIds}) c`,
  })[filter];

async function countDirectory(db: Tx, search: string, filter: DirectoryFilter): Promise<number> {
  const query = search
    ? sql`select count(*) from users u cross join course_pc ${joinProgress('u')} ${whereOf(directoryConditions(search, filter))}`
    : unsearchedCount(filter);
  const res = await db.execute<{ n: number }>(sql`with ${primaryCourseCte} select (${query})::int as n from course_pc`);
  return res.rows[0]!.n;
}

/**
 * Directory rows, newest first (id breaking ties). The ids of the page are chosen first, then every
 * row field is computed for those rows alone.
 *
 * Two ways to pick the page, by how many users match:
 * - many (no filter, Completed, In progress: tens of thousands): walk users_created_idx from the
 *   newest and test each user; matches come quickly.
 * - few (a search, Ambassador, Coordinator): collect the matching set first from its own index
 *   (trigram, mentor_stats) and sort it. Walking would read most of the table when the matches are
 *   old, which ambassadors and coordinators usually are.
 */
async function selectDirectory(db: Tx, { search, filter, keyset, limit, offset }: DirectorySlice) {
  const filters = directoryConditions(search, filter);
  const fewMatches = search !== '' || filter === 'ambassador' || filter === 'coordinator';
  const after = keyset ? sql`(u.created_at, u.id) < (${keyset.createdAt}::timestamptz, ${keyset.id}::uuid)` : null;
  const matching = fewMatches
    ? sql`, matching as materialized (
        select u.id, u.created_at from users u cross join course_pc ${joinProgress('u')} ${whereOf(filters)}
      )`
    : sql``;
  // The page's rows carry how many match in all, so a page is one statement: a collected set counts
  // itself (the window is computed before the limit); otherwise the count comes from small tables, as
  // one uncorrelated subquery (computed once: an InitPlan). Keyset batches need no count.
  // The count reads its own course_pc: naming the page's would correlate it, and PostgreSQL would count
  // again for each of the page's rows (25 counts of 40,000 rows for In progress: 175 ms instead of 7).
  const total = keyset ? sql`null::int` : sql`(select (${unsearchedCount(filter)}) from course_pc)::int`;
  const page = fewMatches
    ? sql`select u.id, u.created_at, count(*) over ()::int as total from matching u ${whereOf(after ? [after] : [])}
          order by u.created_at desc, u.id desc limit ${limit} offset ${offset}`
    : filters.length === 0
      ? // No filter: the page is read from users_created_idx alone (an index-only scan), joined to nothing.
        sql`select u.id, u.created_at, ${total} as total from users u ${whereOf(after ? [after] : [])}
            order by u.created_at desc, u.id desc limit ${limit} offset ${offset}`
      : sql`select u.id, u.created_at, ${total} as total from users u cross join course_pc ${joinProgress('u')} ${whereOf(after ? [...filters, after] : filters)}
            order by u.created_at desc, u.id desc limit ${limit} offset ${offset}`;
  // Not a prepared statement (decision 031): a generic plan of this query, with the limit a parameter,
  // read all completed or in-progress users instead of walking users_created_idx (6-8x slower).
  const { rows } = await db.execute<DirectoryDbRow>(sql`
    with ${primaryCourseCte} ${matching}
    select ${rowFields}, p.total, (${countFoundersSql})::int as founder_count
    from (${page}) p
    join users u on u.id = p.id
    cross join course_pc
    ${joinProgress('u')}
    left join mentor_stats ms on ms.user_id = u.id
    order by p.created_at desc, p.id desc`);
  return { rows: rows.map(fromDbRow), raw: rows };
}

/** The four stat cards, each an aggregate query. */
async function findStats(db: Tx) {
  const res = await db.execute<{
    total_users: number;
    course_completed: number;
    ambassador_eligible: number;
    coordinator_eligible: number;
    track_started: number;
    track_completed: number;
  }>(sql`
    with ${primaryCourseCte},
    -- The 7-day track (docs/decisions/074): days are done in order, so day 7 done is the track done.
    track as (select c.id from courses c where c.kind = 'track' order by c.created_at, c.id limit 1)
    select (${usersCount})::int as total_users,
           (select count(distinct td.user_id) from track_days td where td.course_id = (select id from track))::int as track_started,
           (select count(*) from track_days td where td.course_id = (select id from track) and td.day = 7)::int as track_completed,
           (${completedCount})::int as course_completed,
           (select count(*) from (${ambassadorIds}) a)::int as ambassador_eligible,
           (select count(*) from (${coordinatorIds}) c)::int as coordinator_eligible
    from course_pc`);
  const r = res.rows[0]!;
  return {
    totalUsers: r.total_users,
    courseCompleted: r.course_completed,
    ambassadorEligible: r.ambassador_eligible,
    coordinatorEligible: r.coordinator_eligible,
    trackStarted: r.track_started,
    trackCompleted: r.track_completed,
  };
}

export const directoryRepositoryFactory = (db: Db) => ({
  /** A page of the directory, how many rows match in all, and how many founders can act (the console's role rules). */
  async findPage(
    { search, filter, offset, limit }: { search: string; filter: DirectoryFilter; offset: number; limit: number },
    tx: Tx = db,
  ) {
    const res = await selectDirectory(tx, { search, filter, keyset: null, limit, offset });
    // Both counts come with the page's rows, in its one statement; a page past the end has none to carry them.
    const first = res.raw[0];
    if (!first) {
      const [total, founderCount] = await Promise.all([countDirectory(tx, search, filter), countFounders(tx)]);
      return { rows: [], total, founderCount };
    }
    return { rows: res.rows, total: first.total!, founderCount: first.founder_count! };
  },

  /**
   * Every matching row, newest first, in batches of `batch`: one query read through a cursor, so the
   * whole directory is one pass of hash joins (not a page query per batch) and never in memory at once.
   */
  async *streamAll({
    search,
    filter,
    batch,
  }: {
    search: string;
    filter: DirectoryFilter;
    batch: number;
  }): AsyncGenerator<DirectoryRowData[]> {
    const query = dialect.sqlToQuery(sql`
      with ${primaryCourseCte}
      select ${rowFields}, null::int as total
      from users u cross join course_pc ${joinProgress('u')}
      left join mentor_stats ms on ms.user_id = u.id
      ${whereOf(directoryConditions(search, filter))}
      order by u.created_at desc, u.id desc`);
    const client = await (db as Db & { $client: Pool }).$client.connect();
    let failed = false;
    try {
      await client.query('begin read only');
      // Plan for reading every row, not for the first few (a cursor's default).
      await client.query('set local cursor_tuple_fraction = 1');
      await client.query({ text: `declare directory_export no scroll cursor for ${query.sql}`, values: query.params });
      for (;;) {
        const res = await client.query<DirectoryDbRow>(`fetch ${batch} from directory_export`);
        if (res.rows.length > 0) yield res.rows.map(fromDbRow);
        if (res.rows.length < batch) break;
      }
      await client.query('commit');
    } catch (err) {
      failed = true;
      throw err;
    } finally {
      // Stopped early (the download was cancelled) or failed: end the transaction before the connection goes back.
      if (failed) client.release(true);
      else {
        await client.query('rollback').catch(() => {});
        client.release();
      }
    }
  },

  findStats: (tx: Tx = db) => findStats(tx),
});
export type DirectoryRepository = ReturnType<typeof directoryRepositoryFactory>;
