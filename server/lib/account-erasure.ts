import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { auditLog, callbackRequests, certificates, discipleInvitations, mailOutbox, users } from '../db/schema/index.ts';

/**
 * Deletes an account and its personal data at once (issue 11), inside the caller's transaction:
 * - certificates stay, without holder or account: the verification page says "issued, holder removed";
 * - disciples keep their accounts and lose the link (users.mentor_id is set null by its foreign key);
 * - callback requests they made lose name and phone; invitations naming their address are deleted;
 * - mails to them are deleted; progress, attempts, applications, sessions and tokens go with the row;
 * - the audit log keeps ids and actions (its actor id becomes null by its foreign key).
 * Admin statistics stay consistent: they are counted from the rows that remain (mentor_stats is
 * kept by triggers on users).
 */
export async function eraseAccount(tx: Transaction, user: { id: string; email: string }, audit: { actorId: string | null; action: string; details?: Record<string, unknown> }) {
  await tx.update(certificates).set({ userId: null, holderName: null }).where(eq(certificates.userId, user.id));
  await tx.update(callbackRequests).set({ name: null, phone: null, userId: null, updatedAt: new Date() }).where(eq(callbackRequests.userId, user.id));
  await tx.delete(discipleInvitations).where(sql`lower(${discipleInvitations.email}) = lower(${user.email})`);
  // A job still holding one of these finds no row and sends nothing.
  await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.toAddress}) = lower(${user.email})`);
  await tx.delete(users).where(eq(users.id, user.id));
  await tx.insert(auditLog).values({ actorId: audit.actorId, action: audit.action, targetType: 'user', targetId: user.id, details: audit.details ?? {} });
}
