import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIST_PAGE_SIZE, OVERDUE_HOURS, type DirectoryFilter } from '../../../common/contracts/admin.ts';
import { AMBASSADOR_MIN_COMPLETED_DISCIPLES, COORDINATOR_MIN_DIRECT_DISCIPLES } from '../../../common/domain/eligibility.ts';
import type { Role } from '../../../common/contracts/auth.ts';
import { ambassadorApplications, auditLog, callbackRequests, users, watchmomsApplications } from '../../db/schema/index.ts';
import { completedWhen, inProgressWhen, isCompleted, joinProgress, primaryCourseCte, progressPercent } from '../../db/progress-sql.ts';
import type { Tx } from '../mentoring/mentoring.repository.ts';

// ---- User directory ----

/** `%text%` for LIKE, with the user's own % and _ taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Mentors with 3 or more direct disciples who completed the course (mentor_stats is kept by triggers). */
const ambassadorIds = sql`select user_id from mentor_stats where completed_disciples >= ${AMBASSADOR_MIN_COMPLETED_DISCIPLES}`;
/** Mentors with 3 or more direct disciples. */
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
  course_progress: number;
  course_completed: boolean;
  completed_disciples: number;
  pending_disciples: number;
  is_ambassador_eligible: boolean;
  is_coordinator_eligible: boolean;
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
});
export type DirectoryRowData = ReturnType<typeof toDirectoryRow> & { createdAt: Date; cursor: { createdAt: string; id: string }; total: number | null };

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
async function selectDirectory(db: Tx, search: string, filter: DirectoryFilter, keyset: { createdAt: string; id: string } | null, limit: number, offset: number): Promise<DirectoryRowData[]> {
  const filters = directoryConditions(search, filter);
  const fewMatches = search !== '' || filter === 'ambassador' || filter === 'coordinator';
  const after = keyset ? sql`(u.created_at, u.id) < (${keyset.createdAt}::timestamptz, ${keyset.id}::uuid)` : null;
  const matching = fewMatches
    ? sql`, matching as materialized (
        select u.id, u.created_at from users u cross join course_pc ${joinProgress('u')} ${whereOf(filters)}
      )`
    : sql``;
  // With a collected set, its size comes along (the window is computed before the limit).
  const page = fewMatches
    ? sql`select u.id, u.created_at, count(*) over ()::int as total from matching u ${whereOf(after ? [after] : [])}
          order by u.created_at desc, u.id desc limit ${limit} offset ${offset}`
    : sql`select u.id, u.created_at, null::int as total from users u cross join course_pc ${joinProgress('u')} ${whereOf(after ? [...filters, after] : filters)}
          order by u.created_at desc, u.id desc limit ${limit} offset ${offset}`;
  const res = await db.execute<DirectoryDbRow>(sql`
    with ${primaryCourseCte} ${matching}
    select u.id, u.first_name, u.last_name, u.email, u.phone, u.address, u.role, u.created_at, p.total,
           -- Text keeps PostgreSQL's microseconds (a JS Date would round them) for keyset paging.
           u.created_at::text as cursor_at,
           ${progressPercent('u')} as course_progress,
           ${isCompleted('u')} as course_completed,
           coalesce(ms.completed_disciples, 0) as completed_disciples,
           coalesce(ms.direct_disciples - ms.completed_disciples, 0) as pending_disciples,
           coalesce(ms.completed_disciples, 0) >= ${AMBASSADOR_MIN_COMPLETED_DISCIPLES} as is_ambassador_eligible,
           coalesce(ms.direct_disciples, 0) >= ${COORDINATOR_MIN_DIRECT_DISCIPLES} as is_coordinator_eligible
    from (${page}) p
    join users u on u.id = p.id
    cross join course_pc
    ${joinProgress('u')}
    left join mentor_stats ms on ms.user_id = u.id
    order by p.created_at desc, p.id desc`);
  return res.rows.map((r) => ({ ...toDirectoryRow(r), createdAt: new Date(r.created_at), cursor: { createdAt: r.cursor_at, id: r.id }, total: r.total }));
}

/** A page of the directory and how many rows match in all. */
export async function findDirectoryPage(db: Tx, search: string, filter: DirectoryFilter, offset: number, limit: number) {
  const [rows, counted] = await Promise.all([
    selectDirectory(db, search, filter, null, limit, offset),
    // Without a search the count comes from small tables; a search's count comes with its page
    // (unless the page is past the end).
    search === '' ? countDirectory(db, search, filter) : Promise.resolve(null),
  ]);
  return { rows, total: counted ?? rows[0]?.total ?? (await countDirectory(db, search, filter)) };
}

/** The rows after (created_at, id), for streaming an export without deep offsets. */
export async function findDirectoryBatchAfter(db: Tx, search: string, filter: DirectoryFilter, after: { createdAt: string; id: string } | null, limit: number) {
  return selectDirectory(db, search, filter, after, limit, 0);
}

/** Completed users of the primary course (every course_progress row belongs to a user). */
const completedCount = sql`select count(*) from course_progress cp where cp.course_id = course_pc.course_id and ${completedWhen(sql`cp.passed_lessons`)}`;

export async function countDirectory(db: Tx, search: string, filter: DirectoryFilter): Promise<number> {
  // Without a search, each filter is counted from its own small table or index instead of joining every user.
  const unsearched: Record<DirectoryFilter, SQL> = {
    all: sql`select count(*) from users`,
    completed: completedCount,
    'in-progress': sql`select count(*) from course_progress cp where cp.course_id = course_pc.course_id and ${inProgressWhen(sql`cp.passed_lessons`)}`,
    ambassador: sql`select count(*) from (${ambassadorIds}) a`,
    coordinator: sql`select count(*) from (${coordinatorIds}) c`,
  };
  const query = search
    ? sql`select count(*) from users u cross join course_pc ${joinProgress('u')} ${whereOf(directoryConditions(search, filter))}`
    : unsearched[filter];
  const res = await db.execute<{ n: number }>(sql`with ${primaryCourseCte} select (${query})::int as n from course_pc`);
  return res.rows[0]!.n;
}

/** The four stat cards, each an aggregate query. */
export async function findStats(db: Tx) {
  const res = await db.execute<{ total_users: number; course_completed: number; ambassador_eligible: number; coordinator_eligible: number }>(sql`
    with ${primaryCourseCte}
    select (select count(*) from users)::int as total_users,
           (${completedCount})::int as course_completed,
           (select count(*) from (${ambassadorIds}) a)::int as ambassador_eligible,
           (select count(*) from (${coordinatorIds}) c)::int as coordinator_eligible
    from course_pc`);
  const r = res.rows[0]!;
  return { totalUsers: r.total_users, courseCompleted: r.course_completed, ambassadorEligible: r.ambassador_eligible, coordinatorEligible: r.coordinator_eligible };
}

// ---- Roles ----

const ROLE_LOCK = 72_410_006;
/** Serializes role changes so two founders demoting each other at once cannot leave none. */
export async function lockRoles(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_LOCK})`);
}

export async function countFounders(db: Tx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.role, 'founder'));
  return row!.n;
}

export async function findUserForUpdate(tx: Tx, id: string) {
  const rows = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Tx, email: string) {
  const rows = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return rows[0] ?? null;
}

export async function setRole(tx: Tx, id: string, role: Role) {
  await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Everyone holding a role above user, for the command line's `list`. */
export async function findStaff(db: Tx) {
  return db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(inArray(users.role, ['ambassador', 'coordinator', 'admin', 'founder']))
    .orderBy(sql`array_position(array['founder','admin','coordinator','ambassador']::user_role[], ${users.role})`, users.email);
}

// ---- Audit log ----

export interface AuditInput {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details?: Record<string, unknown>;
}

export async function insertAudit(tx: Tx, entry: AuditInput) {
  await tx.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}

const actor = alias(users, 'actor');

export async function findAuditPage(db: Tx, page: number) {
  const offset = (page - 1) * LIST_PAGE_SIZE;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
        actorId: actor.id,
        actorFirstName: actor.firstName,
        actorLastName: actor.lastName,
        actorEmail: actor.email,
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      .orderBy(desc(auditLog.id))
      .limit(LIST_PAGE_SIZE)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog),
  ]);
  return { rows, total: count!.n };
}

// ---- Callback requests ----

const assigneeUser = alias(users, 'assignee');

const callbackColumns = {
  id: callbackRequests.id,
  name: callbackRequests.name,
  phone: callbackRequests.phone,
  category: callbackRequests.category,
  scoreBand: callbackRequests.scoreBand,
  status: callbackRequests.status,
  notes: callbackRequests.notes,
  assignedTo: callbackRequests.assignedTo,
  createdAt: callbackRequests.createdAt,
  updatedAt: callbackRequests.updatedAt,
  assigneeFirstName: assigneeUser.firstName,
  assigneeLastName: assigneeUser.lastName,
  assigneeEmail: assigneeUser.email,
  isOverdue: sql<boolean>`(${callbackRequests.status} = 'new' and ${callbackRequests.createdAt} < now() - make_interval(hours => ${OVERDUE_HOURS}))`,
  isPriority: sql<boolean>`(${callbackRequests.category} = 'mental' and ${callbackRequests.scoreBand} in ('red', 'yellow'))`,
};

function callbackWhere(view: 'open' | 'new' | 'contacted' | 'closed' | 'all'): SQL | undefined {
  if (view === 'all') return undefined;
  if (view === 'open') return inArray(callbackRequests.status, ['new', 'contacted']);
  return eq(callbackRequests.status, view);
}

/**
 * Open before closed; flagged mental-health requests first; then overdue; then oldest first.
 * Assignees are looked up for the page only (joining first made PostgreSQL hash every user).
 */
export async function findCallbacks(db: Tx, view: 'open' | 'new' | 'contacted' | 'closed' | 'all', page: number) {
  const where = callbackWhere(view);
  const { assigneeFirstName: _f, assigneeLastName: _l, assigneeEmail: _e, ...ownColumns } = callbackColumns;
  const [rows, [count]] = await Promise.all([
    db
      .select(ownColumns)
      .from(callbackRequests)
      .where(where)
      .orderBy(
        sql`(${callbackRequests.status} = 'closed')`,
        sql`${callbackColumns.isPriority} desc`,
        sql`${callbackColumns.isOverdue} desc`,
        callbackRequests.createdAt,
        callbackRequests.id,
      )
      .limit(LIST_PAGE_SIZE)
      .offset((page - 1) * LIST_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(callbackRequests).where(where),
  ]);
  const assigneeIds = [...new Set(rows.map((r) => r.assignedTo).filter((id): id is string => id !== null))];
  const assignees = assigneeIds.length
    ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, assigneeIds))
    : [];
  const byId = new Map(assignees.map((a) => [a.id, a]));
  return {
    rows: rows.map((r) => {
      const a = r.assignedTo ? byId.get(r.assignedTo) : undefined;
      return { ...r, assigneeFirstName: a?.firstName ?? null, assigneeLastName: a?.lastName ?? null, assigneeEmail: a?.email ?? null };
    }),
    total: count!.n,
  };
}

export async function findCallback(db: Tx, id: string) {
  const rows = await db.select(callbackColumns).from(callbackRequests).leftJoin(assigneeUser, eq(assigneeUser.id, callbackRequests.assignedTo)).where(eq(callbackRequests.id, id));
  return rows[0] ?? null;
}

export async function lockCallback(tx: Tx, id: string) {
  const rows = await tx.select().from(callbackRequests).where(eq(callbackRequests.id, id)).for('update');
  return rows[0] ?? null;
}

export async function updateCallback(tx: Tx, id: string, set: Partial<typeof callbackRequests.$inferInsert>) {
  await tx.update(callbackRequests).set({ ...set, updatedAt: new Date() }).where(eq(callbackRequests.id, id));
}

/** Team members a request can be assigned to. */
export const TEAM_ROLES: Role[] = ['ambassador', 'coordinator', 'admin', 'founder'];

export async function findTeam(db: Tx) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role })
    .from(users)
    .where(inArray(users.role, TEAM_ROLES))
    .orderBy(sql`lower(${users.firstName}) nulls last`, sql`lower(${users.lastName}) nulls last`, users.email)
    .limit(1000);
}

// ---- WatchMoms applications ----

export async function findWatchmoms(db: Tx, status: 'new' | 'approved' | 'declined' | 'contacted' | 'all', page: number) {
  const where = status === 'all' ? undefined : eq(watchmomsApplications.status, status);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(watchmomsApplications)
      .where(where)
      .orderBy(desc(watchmomsApplications.createdAt), desc(watchmomsApplications.id))
      .limit(LIST_PAGE_SIZE)
      .offset((page - 1) * LIST_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(watchmomsApplications).where(where),
  ]);
  return { rows, total: count!.n };
}

export async function lockWatchmoms(tx: Tx, id: string) {
  const rows = await tx.select().from(watchmomsApplications).where(eq(watchmomsApplications.id, id)).for('update');
  return rows[0] ?? null;
}

export async function updateWatchmoms(tx: Tx, id: string, set: Partial<typeof watchmomsApplications.$inferInsert>) {
  const rows = await tx.update(watchmomsApplications).set({ ...set, updatedAt: new Date() }).where(eq(watchmomsApplications.id, id)).returning();
  return rows[0]!;
}

// ---- Ambassador applications ----

const applicant = alias(users, 'applicant');
const decider = alias(users, 'decider');

export async function findApplications(db: Tx, status: 'pending' | 'approved' | 'declined' | 'all', page: number, id?: string) {
  const where = and(status === 'all' ? undefined : eq(ambassadorApplications.status, status), id ? eq(ambassadorApplications.id, id) : undefined);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: ambassadorApplications.id,
        status: ambassadorApplications.status,
        createdAt: ambassadorApplications.createdAt,
        decidedAt: ambassadorApplications.decidedAt,
        userId: applicant.id,
        userFirstName: applicant.firstName,
        userLastName: applicant.lastName,
        userEmail: applicant.email,
        userRole: applicant.role,
        deciderId: decider.id,
        deciderFirstName: decider.firstName,
        deciderLastName: decider.lastName,
        deciderEmail: decider.email,
        completedDisciples: sql<number>`coalesce((select ms.completed_disciples from mentor_stats ms where ms.user_id = ${applicant.id}), 0)`,
      })
      .from(ambassadorApplications)
      .innerJoin(applicant, eq(applicant.id, ambassadorApplications.userId))
      .leftJoin(decider, eq(decider.id, ambassadorApplications.decidedBy))
      .where(where)
      .orderBy(status === 'pending' ? ambassadorApplications.createdAt : desc(ambassadorApplications.createdAt), ambassadorApplications.id)
      .limit(LIST_PAGE_SIZE)
      .offset((page - 1) * LIST_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(ambassadorApplications).where(where),
  ]);
  return { rows, total: count!.n };
}

export async function lockApplication(tx: Tx, id: string) {
  const rows = await tx.select().from(ambassadorApplications).where(eq(ambassadorApplications.id, id)).for('update');
  return rows[0] ?? null;
}

export async function decideApplication(tx: Tx, id: string, status: 'approved' | 'declined', deciderId: string) {
  await tx.update(ambassadorApplications).set({ status, decidedBy: deciderId, decidedAt: new Date() }).where(eq(ambassadorApplications.id, id));
}
