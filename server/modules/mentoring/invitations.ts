import { and, eq, isNull, sql } from 'drizzle-orm';

import { INVITATION_RESEND_HOURS, invitationSignUpPath, type Invitation } from '#common/contracts/mentoring.ts';
import { displayNameOf } from '#common/domain/names.ts';

import type { Db, Tx } from '../../db/client.ts';
import { discipleInvitations } from '../../db/schema/index.ts';
import { findUserByEmail } from '../../db/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../lib/session.ts';
import type { MailRecipient, MailSender } from '../mail/mail.service.ts';
import { toMailLocale } from '../mail/mail.templates.ts';

type InvitationRow = typeof discipleInvitations.$inferSelect;

export const toInvitation = (r: Pick<InvitationRow, 'id' | 'fullName' | 'email' | 'createdAt' | 'lastSentAt'>): Invitation => ({
  id: r.id,
  fullName: r.fullName,
  email: r.email,
  createdAt: r.createdAt.toISOString(),
  lastSentAt: r.lastSentAt?.toISOString() ?? null,
});

const NOT_FOUND = 'This invitation is no longer pending.';

/**
 * Invitation mails (issue 9, flow 3). A new email gets the invitation by mail, in the mentor's
 * language, with the sign-up link; the owner of an existing account answers it on their dashboard
 * instead, so nothing is mailed to them. Either way the invitation is marked sent and the mentor
 * sees the same thing: nothing here tells whether the email has an account.
 */
export function invitationMailerFactory({ mail }: { mail: MailSender }) {
  /**
   * Sends (or, for an existing account, just records) the invitation, in the caller's transaction.
   * Its earlier mail, if it has not gone out yet (mail down), is cancelled: one invitation arrives.
   */
  async function send(
    tx: Tx,
    mentor: UserRow,
    invitation: Pick<InvitationRow, 'id' | 'fullName' | 'email'> & { mailId?: string | null },
  ): Promise<Date> {
    if (invitation.mailId) await mail.cancel(tx, invitation.mailId);
    let mailId: string | null = null;
    if (!(await findUserByEmail(tx, invitation.email))) {
      mailId = await mail.enqueue(tx, {
        to: invitation.email,
        locale: toMailLocale(mentor.locale),
        kind: 'invitation',
        about: [mentor.id],
        content: {
          subject: 'invitation.subject',
          name: invitation.fullName,
          paragraphs: ['invitation.intro', 'invitation.how'],
          action: { label: 'invitation.action', url: mail.link(invitationSignUpPath(invitation.email)) },
          after: ['invitation.notYou'],
          vars: { mentor: displayNameOf(mentor), email: invitation.email },
        },
      });
    }
    const [row] = await tx
      .update(discipleInvitations)
      .set({ lastSentAt: sql`now()`, mailId })
      .where(eq(discipleInvitations.id, invitation.id))
      .returning({ lastSentAt: discipleInvitations.lastSentAt });
    return row!.lastSentAt!;
  }

  /** This mentor's pending invitation, locked; 404 for anyone else's, an accepted or a declined one, and an admin's request. */
  async function lockPending(tx: Tx, mentor: UserRow, id: string) {
    const [row] = await tx
      .select()
      .from(discipleInvitations)
      .where(
        and(
          eq(discipleInvitations.id, id),
          eq(discipleInvitations.mentorId, mentor.id),
          isNull(discipleInvitations.acceptedUserId),
          isNull(discipleInvitations.declinedAt),
          isNull(discipleInvitations.askedById), // an admin's request is not the mentor's to resend or withdraw
        ),
      )
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    return row;
  }

  /** The mentor sends a pending invitation again, at most once in INVITATION_RESEND_HOURS. */
  async function resend(db: Db, mentor: UserRow, id: string): Promise<Invitation> {
    const result = await db.transaction(async (tx) => {
      const row = await lockPending(tx, mentor, id);
      const nextAt = row.lastSentAt ? row.lastSentAt.getTime() + INVITATION_RESEND_HOURS * 3_600_000 : 0;
      if (nextAt > Date.now())
        throw new AppError(
          'RESEND_TOO_SOON',
          `An invitation can be sent again once a day. Try again after ${new Date(nextAt).toISOString()}.`,
          {
            retryAfterSeconds: Math.ceil((nextAt - Date.now()) / 1000),
          },
        );
      const lastSentAt = await send(tx, mentor, row);
      return toInvitation({ ...row, lastSentAt });
    });
    mail.wake();
    return result;
  }

  /**
   * The mentor withdraws a pending invitation: it is deleted, and a sign-up with that email links
   * nobody. Its mail, if it has not gone out yet, is cancelled.
   */
  async function cancel(db: Db, mentor: UserRow, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await lockPending(tx, mentor, id);
      if (row.mailId) await mail.cancel(tx, row.mailId);
      await tx.delete(discipleInvitations).where(eq(discipleInvitations.id, id));
    });
  }

  /**
   * Someone named this account as their mentor at onboarding: its owner is mailed, in their own
   * language, with the link to their dashboard, where they accept or decline (nothing is linked
   * before). In the onboarding's transaction; the mail names the disciple, so deleting them scrubs it.
   */
  async function sendMentorRequest(tx: Tx, mentor: MailRecipient, disciple: { id: string; name: string }): Promise<void> {
    await mail.enqueueFor(tx, mentor, {
      kind: 'mentor-request',
      about: [disciple.id],
      content: {
        subject: 'mentorRequest.subject',
        paragraphs: ['mentorRequest.intro', 'mentorRequest.how'],
        action: { label: 'mentorRequest.action', url: mail.link('/dashboard') },
        after: ['mentorRequest.notKnown'],
        vars: { disciple: disciple.name },
      },
    });
  }

  return { send, resend, cancel, sendMentorRequest, wake: () => mail.wake() };
}
export type InvitationMailer = ReturnType<typeof invitationMailerFactory>;
