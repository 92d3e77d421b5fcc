import type { LocalMail } from '#common/contracts/mail.ts';

import { isPublicAddress, type Config } from '../../config.ts';
import type { MailTransport } from './mail.transport.ts';

/** The newest mails kept; older ones drop off (a laptop's evaluation, not an archive). */
const KEPT = 200;

/**
 * Without SMTP_URL, on an install nobody else reaches (no public address, decision 059), mail is
 * delivered here so the person trying the app can read it (a learner's sign-up link, the founder's
 * verification) at /local-mailbox. Never on a public address: there mail waits in the outbox.
 */
export const isLocalMailboxOn = (c: Pick<Config, 'SMTP_URL' | 'LOCAL_MAILBOX' | 'HOST' | 'PUBLIC_URL'>) =>
  !c.SMTP_URL && c.LOCAL_MAILBOX === 'auto' && !isPublicAddress(c);

export interface LocalMailboxStore {
  transport: MailTransport;
  /** Newest first. */
  list(): LocalMail[];
}

/**
 * Kept in this process's memory only: the links in these mails work, so they are not written to
 * disk (decision 063), and a restart empties the mailbox (a new sign-up sends a new link).
 */
export function localMailboxStore(onDelivered: () => void): LocalMailboxStore {
  const mails: LocalMail[] = [];
  return {
    transport: {
      async send(mail) {
        mails.unshift({
          id: mail.messageId.replace(/^<|@.*$/g, ''),
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          receivedAt: new Date().toISOString(),
        });
        mails.length = Math.min(mails.length, KEPT);
        onDelivered();
      },
      close() {},
    },
    list: () => [...mails],
  };
}

/** The request comes from this computer itself (the socket's own address: no proxy header can claim it). */
export function isFromThisComputer(remoteAddress: string | undefined): boolean {
  if (!remoteAddress) return false;
  const a = remoteAddress.replace(/^::ffff:/, '');
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}
