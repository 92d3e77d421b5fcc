import { and, desc, eq, isNull, sql } from 'drizzle-orm';

import type { AuditAction } from '#common/domain/audit-actions.ts';

import { executePrepared, type Db, type Tx } from '../../db/client.ts';
import { isCompleted, joinProgress, primaryCourseCte, progressPercent, trackDaysDone } from '../../db/progress-sql.ts';
import { ambassadorApplications, auditLog, discipleInvitations, mentorRequests, users } from '../../db/schema/index.ts';

// Any constant works; it only has to be the same for every process linking mentors.
const MENTOR_LINK_LOCK = 72_410_005;

export interface SubtreeRow {
  id: string;
  mentorId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
  progress: number;
  /** Days of the 7-day track done, 0-7. */
  trackDays: number;
  /** The link with their mentor is paused (issue 25): nobody below them is walked. */
  isPaused: boolean;
}

export const mentoringRepositoryFactory = (db: Db) => ({
  /**
   * Serializes mentor links: two links made at the same moment (A under B and B under A) could
   * each pass the cycle check alone and close a loop together.
   */
  async lockMentorLinks(tx: Tx = db) {
    await tx.execute(sql`select pg_advisory_xact_lock(${MENTOR_LINK_LOCK})`);
  },

  /**
   * The user and everyone below them, in one recursive query that carries each person's fields as it
   * walks down (users_mentor_idx). UNION (not UNION ALL) keeps each row once, so even a cycle in
   * the data could not make it loop.
   */
  async findSubtree(rootId: string, tx: Tx = db): Promise<SubtreeRow[]> {
    type Row = {
      id: string;
      mentor_id: string | null;
      first_name: string | null;
      last_name: string | null;
      email: string;
      progress: number;
      track_days: number;
      is_paused: boolean;
    };
    // A prepared statement: planning it took twice as long as running it for a small tree.
    const rows = await executePrepared<Row>(
      tx,
      sql`
      with recursive ${primaryCourseCte},
      tree(id, mentor_id, first_name, last_name, email, is_paused) as (
        select id, mentor_id, first_name, last_name, email, false from users where id = ${rootId}
        union
        select d.id, d.mentor_id, d.first_name, d.last_name, d.email, d.mentor_paused_at is not null
        from users d join tree on d.mentor_id = tree.id and not tree.is_paused
      )
      select u.id, u.mentor_id, u.first_name, u.last_name, u.email, u.is_paused, ${progressPercent('u')} as progress, ${trackDaysDone('u')} as track_days
      from tree u
      cross join course_pc
      ${joinProgress('u')}`,
    );
    return rows.map((r) => ({
      id: r.id,
      mentorId: r.mentor_id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      progress: r.progress,
      trackDays: r.track_days,
      isPaused: r.is_paused,
    }));
  },

  /** Direct disciples and everyone below the user (not counting the user). */
  async countDisciples(userId: string, tx: Tx = db): Promise<{ direct: number; total: number }> {
    const res = await tx.execute<{ direct: number; total: number }>(sql`
      with recursive tree(id) as (
        select ${userId}::uuid
        union
        select d.id from users d join tree on d.mentor_id = tree.id
      )
      select (select count(*) from users where mentor_id = ${userId})::int as direct,
             (select count(*) - 1 from tree)::int as total`);
    return res.rows[0]!;
  },

  /** Direct disciples, and how many of them completed the course. */
  async countDirectDisciples(userId: string, tx: Tx = db): Promise<{ direct: number; completed: number }> {
    const res = await tx.execute<{ direct: number; completed: number }>(sql`
      with ${primaryCourseCte}
      select count(*)::int as direct, (count(*) filter (where ${isCompleted('d')}))::int as completed
      from users d cross join course_pc ${joinProgress('d')}
      where d.mentor_id = ${userId}`);
    return res.rows[0]!;
  },

  async findPendingDisciples(mentorId: string, tx: Tx = db) {
    const res = await tx.execute<{ id: string; first_name: string | null; last_name: string | null; email: string; progress: number }>(sql`
      with ${primaryCourseCte}
      select d.id, d.first_name, d.last_name, d.email, ${progressPercent('d')} as progress
      from users d cross join course_pc ${joinProgress('d')}
      where d.mentor_id = ${mentorId} and d.mentor_paused_at is null and not ${isCompleted('d')}
      order by lower(d.first_name) nulls last, lower(d.last_name) nulls last, d.id`);
    return res.rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email, progress: r.progress }));
  },

  /**
   * Invitations of this mentor nobody answered yet, with the name the mentor typed, whether or not the
   * email has an account: the mentor learns nothing about an account until its owner accepts.
   */
  async findOpenInvitations(mentorId: string, tx: Tx = db) {
    return (
      tx
        .select({
          id: discipleInvitations.id,
          fullName: discipleInvitations.fullName,
          email: discipleInvitations.email,
          createdAt: discipleInvitations.createdAt,
          lastSentAt: discipleInvitations.lastSentAt,
        })
        .from(discipleInvitations)
        // Not the requests an admin made on their behalf (issue 24): the mentor did not type that address.
        .where(
          and(
            eq(discipleInvitations.mentorId, mentorId),
            isNull(discipleInvitations.acceptedUserId),
            isNull(discipleInvitations.declinedAt),
            isNull(discipleInvitations.askedById),
          ),
        )
        .orderBy(desc(discipleInvitations.createdAt))
    );
  },

  /** The mentor's mentor, that person's mentor, and so on to the top. */
  async findAncestors(userId: string, tx: Tx = db): Promise<string[]> {
    const res = await tx.execute<{ id: string }>(sql`
      with recursive up(id, mentor_id) as (
        select id, mentor_id from users where id = ${userId}
        union
        select u.id, u.mentor_id from users u join up on u.id = up.mentor_id
      )
      select id from up where id <> ${userId}`);
    return res.rows.map((r) => r.id);
  },

  /** Sets the mentor of someone who has none; false when they got one in the meantime. */
  async setMentorIfNone(discipleId: string, mentorId: string, tx: Tx = db): Promise<boolean> {
    const rows = await tx
      .update(users)
      // A pause belongs to the link it was put on (issue 25): a new link starts unpaused.
      .set({ mentorId, mentorPausedAt: null, mentorPauseReason: null, updatedAt: new Date() })
      .where(and(eq(users.id, discipleId), isNull(users.mentorId)))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  /** Adding the same email again updates the name; an invitation already answered stays as it was answered. */
  async upsertInvitation(
    mentorId: string,
    fullName: string,
    email: string,
    { askedById = null }: { askedById?: string | null } = {},
    tx: Tx = db,
  ) {
    // The unique index is on (mentor_id, lower(email)), an expression Drizzle's onConflict target cannot name.
    // Asked by an admin: one the person declined (or accepted, then left) waits for an answer again.
    // Typed by the mentor: it is theirs from now on, whoever asked before.
    const res = await tx.execute<{ id: string; full_name: string; email: string; created_at: Date }>(sql`
      insert into disciple_invitations (mentor_id, full_name, email, asked_by_id)
      values (${mentorId}, ${fullName}, ${email}, ${askedById})
      on conflict (mentor_id, lower(email)) do update set full_name = excluded.full_name, asked_by_id = excluded.asked_by_id${
        askedById ? sql`, declined_at = null, accepted_user_id = null, accepted_at = null` : sql``
      }
      returning id, full_name, email, created_at`);
    const r = res.rows[0]!;
    return { id: r.id, fullName: r.full_name, email: r.email, createdAt: new Date(r.created_at) };
  },

  /** Open invitations for an email, oldest first: the first mentor to invite someone becomes their mentor. */
  async findInvitationsForEmail(email: string, tx: Tx = db) {
    return tx
      .select()
      .from(discipleInvitations)
      .where(
        and(
          sql`lower(${discipleInvitations.email}) = lower(${email})`,
          isNull(discipleInvitations.acceptedUserId),
          isNull(discipleInvitations.declinedAt),
        ),
      )
      .orderBy(discipleInvitations.createdAt, discipleInvitations.id);
  },

  async markInvitationAccepted(mentorId: string, email: string, userId: string, tx: Tx = db) {
    await tx
      .update(discipleInvitations)
      .set({ acceptedUserId: userId, acceptedAt: new Date() })
      .where(
        and(
          eq(discipleInvitations.mentorId, mentorId),
          sql`lower(${discipleInvitations.email}) = lower(${email})`,
          isNull(discipleInvitations.acceptedUserId),
        ),
      );
  },

  /** People whose folded full name equals the folded `name` (index users_name_key_idx). */
  async findUsersByFullName(name: string, tx: Tx = db) {
    const res = await tx.execute<{ id: string; first_name: string | null; last_name: string | null }>(sql`
      select id, first_name, last_name from users
      where name_key = public.app_fold(${name})
      limit 10`);
    return res.rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name }));
  },

  async findProgressOf(userId: string, tx: Tx = db): Promise<number> {
    const res = await tx.execute<{ progress: number }>(sql`
      with ${primaryCourseCte}
      select ${progressPercent('u')} as progress from users u cross join course_pc ${joinProgress('u')} where u.id = ${userId}`);
    return res.rows[0]?.progress ?? 0;
  },

  async findLatestApplication(userId: string, tx: Tx = db) {
    const rows = await tx
      .select()
      .from(ambassadorApplications)
      .where(eq(ambassadorApplications.userId, userId))
      .orderBy(desc(ambassadorApplications.createdAt), desc(ambassadorApplications.id))
      .limit(1);
    return rows[0] ?? null;
  },

  async insertApplication(userId: string, tx: Tx = db) {
    const rows = await tx.insert(ambassadorApplications).values({ userId }).onConflictDoNothing().returning();
    return rows[0] ?? null;
  },

  /** Locks the user's row for the rest of the transaction. */
  async lockUser(userId: string, tx: Tx = db) {
    const rows = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    return rows[0] ?? null;
  },

  /** Clears the mentor of `discipleId` when it is `mentorId`; false when they were not that person's disciple. */
  async clearMentor(discipleId: string, mentorId: string, tx: Tx = db): Promise<boolean> {
    const rows = await tx
      .update(users)
      .set({ mentorId: null, mentorPausedAt: null, mentorPauseReason: null, updatedAt: new Date() })
      .where(and(eq(users.id, discipleId), eq(users.mentorId, mentorId)))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  /** Sets (or clears) someone's mentor whatever it was: an admin's decision. */
  async setMentor(discipleId: string, mentorId: string | null, tx: Tx = db) {
    await tx
      .update(users)
      .set({ mentorId, mentorPausedAt: null, mentorPauseReason: null, updatedAt: new Date() })
      .where(eq(users.id, discipleId));
  },

  /** The request `discipleId` made at onboarding (pending or declined), or a new pending one naming `mentorId`. */
  async upsertMentorRequest(discipleId: string, mentorId: string, tx: Tx = db) {
    await tx
      .insert(mentorRequests)
      .values({ discipleId, mentorId })
      .onConflictDoUpdate({ target: mentorRequests.discipleId, set: { mentorId, declinedAt: null, createdAt: new Date() } });
  },

  async findMentorRequest(discipleId: string, tx: Tx = db) {
    const rows = await tx.select().from(mentorRequests).where(eq(mentorRequests.discipleId, discipleId));
    return rows[0] ?? null;
  },

  async deleteMentorRequest(discipleId: string, tx: Tx = db) {
    await tx.delete(mentorRequests).where(eq(mentorRequests.discipleId, discipleId));
  },

  async declineMentorRequest(discipleId: string, tx: Tx = db) {
    await tx.update(mentorRequests).set({ declinedAt: new Date() }).where(eq(mentorRequests.discipleId, discipleId));
  },

  /** People who named `mentorId` at onboarding and wait for an answer (and still have no mentor): their names only. */
  async findRequestsTo(mentorId: string, tx: Tx = db) {
    const res = await tx.execute<{ id: string; first_name: string | null; last_name: string | null; created_at: Date }>(sql`
      select r.disciple_id as id, u.first_name, u.last_name, r.created_at
      from mentor_requests r join users u on u.id = r.disciple_id
      where r.mentor_id = ${mentorId} and r.declined_at is null and u.mentor_id is null
      order by r.created_at, r.disciple_id`);
    return res.rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, createdAt: new Date(r.created_at) }));
  },

  /** Invitations to `email` nobody answered yet, with the inviting mentor's name, oldest first. */
  async findInvitationsTo(email: string, tx: Tx = db) {
    const res = await tx.execute<{
      id: string;
      mentor_id: string;
      first_name: string | null;
      last_name: string | null;
      mentor_email: string;
      created_at: Date;
    }>(sql`
      select i.id, i.mentor_id, m.first_name, m.last_name, m.email as mentor_email, i.created_at
      from disciple_invitations i join users m on m.id = i.mentor_id
      where lower(i.email) = lower(${email}) and i.accepted_user_id is null and i.declined_at is null
      order by i.created_at, i.id`);
    return res.rows.map((r) => ({
      id: r.id,
      mentorId: r.mentor_id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.mentor_email,
      createdAt: new Date(r.created_at),
    }));
  },

  async findInvitation(id: string, tx: Tx = db) {
    const rows = await tx.select().from(discipleInvitations).where(eq(discipleInvitations.id, id));
    return rows[0] ?? null;
  },

  async acceptInvitation(id: string, userId: string, tx: Tx = db) {
    await tx.update(discipleInvitations).set({ acceptedUserId: userId, acceptedAt: new Date() }).where(eq(discipleInvitations.id, id));
  },

  async declineInvitation(id: string, tx: Tx = db) {
    await tx.update(discipleInvitations).set({ declinedAt: new Date() }).where(eq(discipleInvitations.id, id));
  },

  /** An open invitation from `mentorId` to `email`, if any (`isOwnOnly`: one the mentor typed, not an admin's request). */
  async findOpenInvitation(mentorId: string, email: string, { isOwnOnly = false } = {}, tx: Tx = db) {
    const rows = await tx
      .select()
      .from(discipleInvitations)
      .where(
        and(
          eq(discipleInvitations.mentorId, mentorId),
          sql`lower(${discipleInvitations.email}) = lower(${email})`,
          isNull(discipleInvitations.acceptedUserId),
          isNull(discipleInvitations.declinedAt),
          isOwnOnly ? isNull(discipleInvitations.askedById) : undefined,
        ),
      );
    return rows[0] ?? null;
  },

  async insertAudit(
    entry: { actorId: string | null; action: AuditAction; targetType: string; targetId: string | null; details?: Record<string, unknown> },
    tx: Tx = db,
  ) {
    await tx.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
  },
});
export type MentoringRepository = ReturnType<typeof mentoringRepositoryFactory>;
