import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, like, lte, or, sql } from 'drizzle-orm';

import type { AuditAction } from '#common/domain/audit-actions.ts';
import { ADULT_AGE, type LinkPauseReason } from '#common/domain/safeguarding.ts';

import type { Db, Tx } from '../../db/client.ts';
import { auditLog, mentorApprovals, parentalConsents, safeguardingConcerns, users } from '../../db/schema/index.ts';

export type ApprovalRow = typeof mentorApprovals.$inferSelect;
export type ConcernRow = typeof safeguardingConcerns.$inferSelect;

const recipientColumns = { id: users.id, email: users.email, firstName: users.firstName, locale: users.locale };

export const safeguardingRepositoryFactory = (db: Db) => ({
  /**
   * Whether the app shows `aboutId` to `viewerId`: their own mentor, or anyone below them in their
   * tree (decision 072: a member raises a concern only about someone they can see).
   */
  async isShownTo(viewerId: string, aboutId: string, tx: Tx = db): Promise<boolean> {
    const res = await tx.execute<{ shown: boolean }>(sql`
      with recursive up(id, mentor_id) as (
        select id, mentor_id from users where id = ${aboutId}
        union
        select u.id, u.mentor_id from users u join up on u.id = up.mentor_id
      )
      select exists (select 1 from up where up.mentor_id = ${viewerId})
          or exists (select 1 from users where id = ${viewerId} and mentor_id = ${aboutId}) as shown`);
    return res.rows[0]!.shown;
  },

  /** The approval in force for each of `userIds` (latest not revoked, not expired). */
  async findApprovalsInForce(userIds: string[], tx: Tx = db): Promise<Map<string, ApprovalRow>> {
    if (userIds.length === 0) return new Map();
    const rows = await tx
      .select()
      .from(mentorApprovals)
      .where(and(inArray(mentorApprovals.userId, userIds), isNull(mentorApprovals.revokedAt), gt(mentorApprovals.expiresAt, sql`now()`)))
      .orderBy(desc(mentorApprovals.expiresAt));
    const out = new Map<string, ApprovalRow>();
    for (const r of rows) if (!out.has(r.userId)) out.set(r.userId, r);
    return out;
  },

  async insertApproval(row: typeof mentorApprovals.$inferInsert, tx: Tx = db) {
    const [inserted] = await tx.insert(mentorApprovals).values(row).returning();
    return inserted!;
  },

  /** Ends every approval of the user in force now; returns how many. */
  async revokeApprovals(userId: string, byId: string, tx: Tx = db): Promise<number> {
    const rows = await tx
      .update(mentorApprovals)
      .set({ revokedAt: new Date(), revokedById: byId })
      .where(and(eq(mentorApprovals.userId, userId), isNull(mentorApprovals.revokedAt), gt(mentorApprovals.expiresAt, sql`now()`)))
      .returning({ id: mentorApprovals.id });
    return rows.length;
  },

  async findApproval(id: string, tx: Tx = db) {
    const rows = await tx.select().from(mentorApprovals).where(eq(mentorApprovals.id, id));
    return rows[0] ?? null;
  },

  async clearApprovalRequested(userId: string, tx: Tx = db) {
    await tx.update(users).set({ mentorApprovalRequestedAt: null }).where(eq(users.id, userId));
  },

  async markApprovalRequested(userId: string, tx: Tx = db) {
    await tx.update(users).set({ mentorApprovalRequestedAt: new Date() }).where(eq(users.id, userId));
  },

  /**
   * Links where one of the two may be under 18 (birth year within the last 19 years): the candidates
   * the service sorts into adult-minor pairs with the domain rule. With each side's fields.
   */
  async findLinksWithPossibleMinors(tx: Tx = db) {
    const minYear = new Date().getUTCFullYear() - ADULT_AGE - 1;
    const res = await tx.execute<{
      d_id: string;
      d_first: string | null;
      d_last: string | null;
      d_email: string;
      d_year: number | null;
      d_month: number | null;
      paused_at: Date | string | null;
      pause_reason: LinkPauseReason | null;
      m_id: string;
      m_first: string | null;
      m_last: string | null;
      m_email: string;
      m_year: number | null;
      m_month: number | null;
    }>(sql`
      select d.id as d_id, d.first_name as d_first, d.last_name as d_last, d.email as d_email, d.birth_year as d_year, d.birth_month as d_month,
             d.mentor_paused_at as paused_at, d.mentor_pause_reason as pause_reason,
             m.id as m_id, m.first_name as m_first, m.last_name as m_last, m.email as m_email, m.birth_year as m_year, m.birth_month as m_month
      from users d join users m on m.id = d.mentor_id
      where d.birth_year >= ${minYear} or m.birth_year >= ${minYear}
      order by d.created_at, d.id`);
    return res.rows.map((r) => ({
      disciple: { id: r.d_id, firstName: r.d_first, lastName: r.d_last, email: r.d_email, birthYear: r.d_year, birthMonth: r.d_month },
      mentor: { id: r.m_id, firstName: r.m_first, lastName: r.m_last, email: r.m_email, birthYear: r.m_year, birthMonth: r.m_month },
      pausedAt: r.paused_at === null ? null : new Date(r.paused_at),
      pauseReason: r.pause_reason,
    }));
  },

  /** The links of a person, as mentor (their disciples) and as disciple (their mentor). */
  async findLinksOf(userId: string, tx: Tx = db) {
    const res = await tx.execute<{
      d_id: string;
      d_first: string | null;
      d_last: string | null;
      d_email: string;
      m_id: string;
      m_first: string | null;
      m_last: string | null;
      m_email: string;
      paused_at: Date | string | null;
    }>(sql`
      select d.id as d_id, d.first_name as d_first, d.last_name as d_last, d.email as d_email,
             m.id as m_id, m.first_name as m_first, m.last_name as m_last, m.email as m_email, d.mentor_paused_at as paused_at
      from users d join users m on m.id = d.mentor_id
      where d.id = ${userId} or d.mentor_id = ${userId}
      order by d.created_at, d.id`);
    return res.rows.map((r) => ({
      disciple: { id: r.d_id, firstName: r.d_first, lastName: r.d_last, email: r.d_email },
      mentor: { id: r.m_id, firstName: r.m_first, lastName: r.m_last, email: r.m_email },
      pausedAt: r.paused_at === null ? null : new Date(r.paused_at),
    }));
  },

  /** Adults refused a link with a minor, or holding an approval (in force or recently ended). */
  async findMentorCandidates(tx: Tx = db) {
    const res = await tx.execute<{ id: string }>(sql`
      select id from users where mentor_approval_requested_at is not null
      union
      select user_id from mentor_approvals where revoked_at is null and expires_at > now() - interval '90 days'`);
    return res.rows.map((r) => r.id);
  },

  async findUsersByIds(ids: string[], tx: Tx = db) {
    if (ids.length === 0) return [];
    return tx.select().from(users).where(inArray(users.id, ids));
  },

  /** Pauses the link of `discipleId` with their mentor; false when there is no link or it was paused already. */
  async pauseLink(discipleId: string, reason: LinkPauseReason, tx: Tx = db): Promise<boolean> {
    const rows = await tx
      .update(users)
      .set({ mentorPausedAt: new Date(), mentorPauseReason: reason })
      .where(and(eq(users.id, discipleId), isNotNull(users.mentorId), isNull(users.mentorPausedAt)))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  async resumeLink(discipleId: string, tx: Tx = db): Promise<boolean> {
    const rows = await tx
      .update(users)
      .set({ mentorPausedAt: null, mentorPauseReason: null })
      .where(and(eq(users.id, discipleId), isNotNull(users.mentorPausedAt)))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  /** Links paused because this adult's approval ran out: resumed when they are approved again. */
  async resumeApprovalPauses(adultId: string, tx: Tx = db): Promise<string[]> {
    const rows = await tx
      .update(users)
      .set({ mentorPausedAt: null, mentorPauseReason: null })
      .where(and(eq(users.mentorPauseReason, 'approval'), or(eq(users.mentorId, adultId), eq(users.id, adultId))))
      .returning({ id: users.id });
    return rows.map((r) => r.id);
  },

  /** Approvals that expired and whose links were not handled yet, locked. */
  async lockExpiredUnhandled(tx: Tx = db) {
    return tx
      .select()
      .from(mentorApprovals)
      .where(and(lte(mentorApprovals.expiresAt, sql`now()`), isNull(mentorApprovals.expiryHandledAt), isNull(mentorApprovals.revokedAt)))
      .orderBy(asc(mentorApprovals.expiresAt))
      .limit(500)
      .for('update', { skipLocked: true });
  },

  async markExpiryHandled(id: string, tx: Tx = db) {
    await tx.update(mentorApprovals).set({ expiryHandledAt: new Date() }).where(eq(mentorApprovals.id, id));
  },

  /** Approvals in force ending within `days`, not reminded yet, locked. */
  async lockDueReminders(days: number, tx: Tx = db) {
    return tx
      .select()
      .from(mentorApprovals)
      .where(
        and(
          isNull(mentorApprovals.reminderSentAt),
          isNull(mentorApprovals.revokedAt),
          gt(mentorApprovals.expiresAt, sql`now()`),
          lte(mentorApprovals.expiresAt, sql`now() + make_interval(days => ${days})`),
        ),
      )
      .limit(500)
      .for('update', { skipLocked: true });
  },

  async markReminded(id: string, tx: Tx = db) {
    await tx.update(mentorApprovals).set({ reminderSentAt: new Date() }).where(eq(mentorApprovals.id, id));
  },

  async insertConcern(row: typeof safeguardingConcerns.$inferInsert, tx: Tx = db) {
    const [inserted] = await tx.insert(safeguardingConcerns).values(row).returning();
    return inserted!;
  },

  async findConcern(id: string, tx: Tx = db) {
    const rows = await tx.select().from(safeguardingConcerns).where(eq(safeguardingConcerns.id, id));
    return rows[0] ?? null;
  },

  async findConcernByToken(tokenHash: string, tx: Tx = db) {
    const rows = await tx.select().from(safeguardingConcerns).where(eq(safeguardingConcerns.statusTokenHash, tokenHash));
    return rows[0] ?? null;
  },

  async findConcernsRaisedBy(userId: string, tx: Tx = db) {
    return tx
      .select()
      .from(safeguardingConcerns)
      .where(eq(safeguardingConcerns.raisedById, userId))
      .orderBy(desc(safeguardingConcerns.createdAt));
  },

  async listConcerns(tx: Tx = db) {
    return tx.select().from(safeguardingConcerns).orderBy(desc(safeguardingConcerns.createdAt)).limit(500);
  },

  async updateConcern(id: string, set: Partial<typeof safeguardingConcerns.$inferInsert>, tx: Tx = db) {
    await tx
      .update(safeguardingConcerns)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(safeguardingConcerns.id, id));
  },

  /** Concerns nobody opened within `hours`, not escalated yet, locked. */
  async lockOverdueConcerns(hours: number, tx: Tx = db) {
    return tx
      .select({ id: safeguardingConcerns.id, createdAt: safeguardingConcerns.createdAt })
      .from(safeguardingConcerns)
      .where(
        and(
          isNull(safeguardingConcerns.openedAt),
          isNull(safeguardingConcerns.escalatedAt),
          lte(safeguardingConcerns.createdAt, sql`now() - make_interval(hours => ${hours})`),
        ),
      )
      .limit(500)
      .for('update', { skipLocked: true });
  },

  /** Safeguarding leads who can act (not deactivated). */
  async findLeads(tx: Tx = db) {
    return tx
      .select(recipientColumns)
      .from(users)
      .where(and(eq(users.isSafeguardingLead, true), isNull(users.deactivatedAt)))
      .orderBy(users.createdAt);
  },

  async findAdmins(tx: Tx = db) {
    return tx
      .select(recipientColumns)
      .from(users)
      .where(and(inArray(users.role, ['admin', 'founder']), isNull(users.deactivatedAt)))
      .orderBy(users.createdAt);
  },

  async setLead(id: string, isSafeguardingLead: boolean, tx: Tx = db) {
    await tx.update(users).set({ isSafeguardingLead, updatedAt: new Date() }).where(eq(users.id, id));
  },

  /** A granted parental consent of `childId`, if any (the parent's address). */
  async findGrantedParent(childId: string, tx: Tx = db) {
    const rows = await tx
      .select()
      .from(parentalConsents)
      .where(and(eq(parentalConsents.userId, childId), isNotNull(parentalConsents.grantedAt)));
    return rows[0] ?? null;
  },

  async setParentMentorsToken(childId: string, tokenHash: string, tx: Tx = db) {
    await tx.update(parentalConsents).set({ mentorsTokenHash: tokenHash }).where(eq(parentalConsents.userId, childId));
  },

  /** Children with a mentor whose agreeing parent never had the mentors link (links made before it existed), locked. */
  async lockParentsWithoutMentorsLink(tx: Tx = db) {
    const res = await tx.execute<{ user_id: string }>(sql`
      select p.user_id from parental_consents p join users c on c.id = p.user_id
      where p.granted_at is not null and p.mentors_token_hash is null and c.mentor_id is not null and c.deactivated_at is null
      order by p.user_id
      limit 500
      for update of p skip locked`);
    return res.rows.map((r) => r.user_id);
  },

  async findParentByMentorsToken(tokenHash: string, tx: Tx = db) {
    const rows = await tx
      .select()
      .from(parentalConsents)
      .where(and(eq(parentalConsents.mentorsTokenHash, tokenHash), isNotNull(parentalConsents.grantedAt)));
    return rows[0] ?? null;
  },

  /** When the link of `discipleId` with `mentorId` began: the accepted invitation or the audit of the link. */
  async findLinkSince(discipleId: string, mentorId: string, tx: Tx = db): Promise<Date | null> {
    const res = await tx.execute<{ since: Date | string | null }>(sql`
      select coalesce(
        (select max(accepted_at) from disciple_invitations where mentor_id = ${mentorId} and accepted_user_id = ${discipleId}),
        (select max(created_at) from audit_log where target_id = ${discipleId} and action in ('mentoring.request_accepted', 'mentoring.mentor_set'))
      ) as since`);
    const v = res.rows[0]?.since ?? null;
    return v === null ? null : new Date(v);
  },

  async insertAudit(
    entry: { actorId: string | null; action: AuditAction; targetType: string; targetId: string | null; details?: Record<string, unknown> },
    tx: Tx = db,
  ) {
    await tx.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
  },

  /** The Safeguarding tab's decisions: the audit rows of safeguarding actions, newest first. */
  async findSafeguardingAudit(tx: Tx = db) {
    return tx
      .select({
        id: auditLog.id,
        action: auditLog.action,
        actorId: auditLog.actorId,
        targetId: auditLog.targetId,
        createdAt: auditLog.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(like(auditLog.action, 'safeguarding.%'))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(200);
  },

  /** Retention (privacy notice): approvals ended more than `approvalYears` ago, concerns closed more than `concernYears` ago. */
  async deleteExpiredRecords(approvalYears: number, concernYears: number, tx: Tx = db): Promise<{ approvals: number; concerns: number }> {
    const a = await tx
      .delete(mentorApprovals)
      .where(sql`coalesce(${mentorApprovals.revokedAt}, ${mentorApprovals.expiresAt}) < now() - make_interval(years => ${approvalYears})`)
      .returning({ id: mentorApprovals.id });
    const c = await tx
      .delete(safeguardingConcerns)
      .where(
        and(
          eq(safeguardingConcerns.status, 'closed'),
          sql`${safeguardingConcerns.closedAt} < now() - make_interval(years => ${concernYears})`,
        ),
      )
      .returning({ id: safeguardingConcerns.id });
    return { approvals: a.length, concerns: c.length };
  },
});
export type SafeguardingRepository = ReturnType<typeof safeguardingRepositoryFactory>;
