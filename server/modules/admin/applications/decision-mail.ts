import { eq } from 'drizzle-orm';

import type { Tx } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';

import type { MailSender } from '../../mail/mail.service.ts';

export interface DecidedApplication {
  applicantId: string;
  status: 'approved' | 'declined';
}

/** What the applications service calls when a decision is stored: in its transaction, then once it committed. */
export interface ApplicationDecisionHooks {
  onDecided(tx: Tx, decided: DecidedApplication): Promise<void>;
  afterCommit(): void;
}

/**
 * The applicant is mailed the decision (issue 9, flow 5), in their language, in the transaction that
 * records it: a decision that fails to be stored mails nobody, and a stored one always mails.
 */
export function applicationDecisionMailFactory({ mail }: { mail: MailSender }): ApplicationDecisionHooks {
  async function onDecided(tx: Tx, { applicantId, status }: DecidedApplication) {
    const [applicant] = await tx
      .select({ email: users.email, firstName: users.firstName, locale: users.locale })
      .from(users)
      .where(eq(users.id, applicantId));
    if (!applicant) return; // deleted in the meantime: nobody to tell
    const isApproved = status === 'approved';
    await mail.enqueueFor(tx, applicant, {
      kind: isApproved ? 'application-approved' : 'application-declined',
      content: isApproved
        ? {
            subject: 'applicationApproved.subject',
            paragraphs: ['applicationApproved.intro', 'applicationApproved.next'],
            action: { label: 'applicationApproved.action', url: mail.link('/disciple-tree') },
          }
        : {
            subject: 'applicationDeclined.subject',
            paragraphs: ['applicationDeclined.intro', 'applicationDeclined.next'],
            action: { label: 'applicationDeclined.action', url: mail.link('/disciple-tree') },
          },
    });
  }
  return { onDecided, afterCommit: () => mail.wake() };
}
