import { eq, sql } from 'drizzle-orm';

import type { AuditAction } from '#common/domain/audit-actions.ts';

import type { Transaction } from '../db/client.ts';
import { auditLog, callbackRequests, certificates, discipleInvitations, mailOutbox, users } from '../db/schema/index.ts';

/** What the admin outbox shows of a mail that named an account since deleted. */
export const ERASED_MAIL = {
  subject: '(removed)',
  text: 'This mail named a person whose account has since been deleted; its text was removed.',
  html: '<p>This mail named a person whose account has since been deleted; its text was removed.</p>',
};

/**
 * Deletes an account and its personal data at once (issue 11), inside the caller's transaction:
 * - certificates stay, without holder or account: the verification page says "issued, holder removed";
 * - disciples keep their accounts and lose the link (users.mentor_id is set null by its foreign key);
 * - callback requests they made lose name and phone; invitations naming their address are deleted;
 * - mails to them are deleted, other people's mails that name them lose their text (and are not sent); progress, attempts, applications, sessions and tokens go with the row;
 * - the audit log keeps ids and actions (its actor id becomes null by its foreign key).
 * Admin statistics stay consistent: they are counted from the rows that remain (mentor_stats is
 * kept by triggers on users).
 */
export async function eraseAccount(
  tx: Transaction,
  user: { id: string; email: string },
  audit: { actorId: string | null; action: AuditAction; details?: Record<string, unknown> },
) {
  await tx.update(certificates).set({ userId: null, holderName: null }).where(eq(certificates.userId, user.id));
  await tx
    .update(callbackRequests)
    .set({ name: null, phone: null, userId: null, updatedAt: new Date() })
    .where(eq(callbackRequests.userId, user.id));
  await tx.delete(discipleInvitations).where(sql`lower(${discipleInvitations.email}) = lower(${user.email})`);
  // A job still holding one of these finds no row and sends nothing.
  await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.toAddress}) = lower(${user.email})`);
  // Other people's mails that name them (their mentor's digest, their disciple's encouragement, their
  // parent's consent mail): a waiting one is not sent, and none keeps its text (issue 24).
  await tx
    .update(mailOutbox)
    .set({
      status: sql`case when ${mailOutbox.status} = 'pending' then 'cancelled'::mail_status else ${mailOutbox.status} end`,
      subject: ERASED_MAIL.subject,
      text: ERASED_MAIL.text,
      html: ERASED_MAIL.html,
      aboutUserIds: sql`array_remove(${mailOutbox.aboutUserIds}, ${user.id}::uuid)`,
    })
    .where(sql`${mailOutbox.aboutUserIds} @> array[${user.id}::uuid]`);
  await tx.delete(users).where(eq(users.id, user.id));
  await tx
    .insert(auditLog)
    .values({ actorId: audit.actorId, action: audit.action, targetType: 'user', targetId: user.id, details: audit.details ?? {} });
}
