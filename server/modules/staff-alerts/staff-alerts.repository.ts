import { and, asc, inArray, isNull, lte, or, sql } from 'drizzle-orm';

import { isOverdueSql } from '../../db/callback-sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { ambassadorApplications, callbackRequests, users, watchmomsApplications } from '../../db/schema/index.ts';

const recipientColumns = { id: users.id, email: users.email, firstName: users.firstName, locale: users.locale };
export type Recipient = { id: string; email: string; firstName: string | null; locale: string };

const requestColumns = {
  id: callbackRequests.id,
  category: callbackRequests.category,
  scoreBand: callbackRequests.scoreBand,
  status: callbackRequests.status,
  createdAt: callbackRequests.createdAt,
};
export type AlertRequest = {
  id: string;
  category: (typeof callbackRequests.$inferSelect)['category'];
  scoreBand: (typeof callbackRequests.$inferSelect)['scoreBand'];
  status: string;
  createdAt: Date;
};

/** A digest or escalation run takes at most this many requests; the next run takes the rest. */
const BATCH = 500;

export const staffAlertsRepositoryFactory = (db: Db) => ({
  /** Staff who follow callback requests: admins, founders and the responders an admin marked (a deactivated account is told nothing). */
  async findFollowers(tx: Tx = db): Promise<Recipient[]> {
    return tx
      .select(recipientColumns)
      .from(users)
      .where(and(or(inArray(users.role, ['admin', 'founder']), sql`${users.isResponder}`), isNull(users.deactivatedAt)))
      .orderBy(users.createdAt);
  },

  async findAdmins(tx: Tx = db): Promise<Recipient[]> {
    return tx
      .select(recipientColumns)
      .from(users)
      .where(and(inArray(users.role, ['admin', 'founder']), isNull(users.deactivatedAt)))
      .orderBy(users.createdAt);
  },

  async markAlerted(ids: string[], tx: Tx = db) {
    if (ids.length) await tx.update(callbackRequests).set({ alertedAt: new Date() }).where(inArray(callbackRequests.id, ids));
  },

  /** Requests nobody was told about yet (the non-urgent ones), oldest first, locked so two instances never digest one twice. */
  async lockUnalerted(tx: Tx): Promise<AlertRequest[]> {
    return tx
      .select(requestColumns)
      .from(callbackRequests)
      .where(and(isNull(callbackRequests.alertedAt), lte(callbackRequests.createdAt, sql`now()`)))
      .orderBy(asc(callbackRequests.createdAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
  },

  /** Requests still `new` past their deadline whose admins were not mailed yet, locked. */
  async lockOverdueUnescalated(tx: Tx): Promise<AlertRequest[]> {
    return tx
      .select(requestColumns)
      .from(callbackRequests)
      .where(and(isOverdueSql, isNull(callbackRequests.escalatedAt)))
      .orderBy(asc(callbackRequests.createdAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
  },

  async markEscalated(ids: string[], tx: Tx = db) {
    if (ids.length) await tx.update(callbackRequests).set({ escalatedAt: new Date() }).where(inArray(callbackRequests.id, ids));
  },

  /**
   * WatchMoms and ambassador applications not yet in a digest: marks them digested (taken with SKIP
   * LOCKED, so two runs at once never take one twice) and counts those still waiting for a decision.
   */
  async takeUndigestedApplications(tx: Tx): Promise<{ watchmoms: number; ambassador: number }> {
    const now = new Date();
    const watchmoms = await tx
      .update(watchmomsApplications)
      .set({ digestedAt: now })
      .where(
        inArray(watchmomsApplications.id, sql`(select id from watchmoms_applications where digested_at is null for update skip locked)`),
      )
      .returning({ status: watchmomsApplications.status });
    const ambassador = await tx
      .update(ambassadorApplications)
      .set({ digestedAt: now })
      .where(
        inArray(ambassadorApplications.id, sql`(select id from ambassador_applications where digested_at is null for update skip locked)`),
      )
      .returning({ status: ambassadorApplications.status });
    return {
      watchmoms: watchmoms.filter((r) => r.status === 'new').length,
      ambassador: ambassador.filter((r) => r.status === 'pending').length,
    };
  },
});
export type StaffAlertsRepository = ReturnType<typeof staffAlertsRepositoryFactory>;
