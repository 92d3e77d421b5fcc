import type { FastifyBaseLogger } from 'fastify';

import type { Jobs } from '../../plugins/jobs.ts';
import type { MailRepository, Tx } from './mail.repository.ts';
import { renderMail, toMailLocale, type MailContent, type MailLocale } from './mail.templates.ts';
import { describeSmtpError, type MailTransport } from './mail.transport.ts';

export const MAIL_QUEUE = 'mail-send';
/**
 * How long an attempt owns the mail it sends: as long as pg-boss lets a mail job run (the queue's
 * expireInSeconds, server/app.ts), so a retry of an expired job finds the lease over.
 */
const MAIL_LEASE_MS = 120_000;
/** The admin outbox's note on a mail counted as sent without the SMTP server's answer (decision 067). */
const HANDED_OVER_NOTE =
  'The whole mail was handed to the SMTP server but its answer was not received (the app stopped or the connection broke). It most likely went out, so it was not sent again.';

export interface MailMessage {
  to: string;
  locale: MailLocale;
  /** Template name shown in the admin outbox, e.g. "password-reset". */
  kind: string;
  content: MailContent;
  headers?: Record<string, string>;
  /** Accounts other than the recipient the mail names (a mentor, a disciple, a child): deleting one scrubs the mail. */
  about?: string[];
}

/** An account a mail goes to: its address, the language it chose, and the first name it is greeted by. */
export interface MailRecipient {
  email: string;
  locale: string | null;
  firstName: string | null;
}

export interface MailDeps {
  mailRepo: MailRepository;
  jobs: Pick<Jobs, 'send' | 'wake'>;
  /** Null without SMTP_URL: mail stays in the outbox. */
  transport: MailTransport | null;
  from: string;
  /** The site's address, e.g. https://god.example.org (links in mails). */
  siteUrl: string;
  /** How long failing sends are retried before the mail is marked failed. */
  retryWindowMs: number;
  log: FastifyBaseLogger;
}

export type MailService = ReturnType<typeof mailServiceFactory>;
/** What a feature that mails needs of the outbox: write a mail in its transaction, wake the workers after, make links. */
export type MailSender = Pick<MailService, 'enqueue' | 'enqueueFor' | 'cancel' | 'wake' | 'link'>;

/**
 * The outbox: `enqueue` renders a mail and writes it with its send job in the caller's transaction
 * (a rolled-back action sends nothing, a crash loses nothing); `deliver` is that job.
 */
export function mailServiceFactory(deps: MailDeps) {
  const repo = deps.mailRepo;
  const site = new URL(deps.siteUrl).host;
  const messageHost = site.replace(/:\d+$/, '') || 'localhost';

  /** Absolute link to a path of the site. */
  const link = (path: string) => new URL(path, deps.siteUrl).toString();

  async function enqueue(tx: Tx, message: MailMessage): Promise<string> {
    const rendered = renderMail(message.locale, message.content, site);
    const row = await repo.insertOutbox(
      {
        toAddress: message.to,
        kind: message.kind,
        locale: message.locale,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        headers: message.headers ?? {},
        aboutUserIds: message.about ?? [],
      },
      tx,
    );
    await deps.jobs.send(MAIL_QUEUE, { outboxId: row.id }, { tx });
    return row.id;
  }

  /** `enqueue` of a mail to an account: to its address, in its language, greeting it by its first name. */
  function enqueueFor(
    tx: Tx,
    recipient: MailRecipient,
    message: Omit<MailMessage, 'to' | 'locale' | 'content'> & { content: Omit<MailContent, 'name'> },
  ): Promise<string> {
    const { content, ...rest } = message;
    return enqueue(tx, {
      ...rest,
      to: recipient.email,
      locale: toMailLocale(recipient.locale),
      content: { ...content, name: recipient.firstName },
    });
  }

  /**
   * A mail a newer one replaces (its link no longer works) is not sent if it has not gone out yet:
   * waiting, it becomes `cancelled` and its job finds nothing to send. One already being sent, sent
   * or failed stays as it is. True when it was cancelled.
   */
  function cancel(tx: Tx, outboxId: string): Promise<boolean> {
    return repo.cancelWaiting(outboxId, tx);
  }

  /** After the enqueuing transaction committed: this instance's mail workers look now rather than at their next poll. */
  function wake() {
    if (deps.transport) deps.jobs.wake(MAIL_QUEUE);
  }

  /**
   * Sends one outbox mail, not twice in the common case of a crash (docs/decisions/067): the attempt
   * leases the row, and marks it handed over just before the message's final line, after which the
   * SMTP server may have taken it. An attempt that finds a mail handed over by one that stopped does
   * not send it again.
   */
  async function deliver({ outboxId }: { outboxId: string }): Promise<void> {
    if (!deps.transport) throw new Error('SMTP is not configured');
    const claim = await repo.claimForSending(outboxId, MAIL_LEASE_MS);
    if (claim.kind === 'done') return; // already sent, given up or cancelled
    if (claim.kind === 'busy') throw new Error(`mail ${outboxId} is being sent by another attempt, will look again`);
    if (claim.kind === 'handed-over') {
      await repo.markSentUnconfirmed(claim.mail, HANDED_OVER_NOTE);
      deps.log.warn({ outboxId }, 'mail handed over by an attempt that stopped: counted as sent, not sent again');
      return;
    }
    const mail = claim.mail;
    let isHandedOver = false;
    try {
      await deps.transport.send({
        beforeEnd: async () => {
          await repo.markHandedOver(mail.id);
          isHandedOver = true;
        },
        from: deps.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        // Stable across retries, so a receiving server or client can drop a duplicate.
        messageId: `<${mail.id}@${messageHost}>`,
      });
    } catch (err) {
      // Cut off after the whole message went over, without the server's answer: it may have taken the
      // mail, so it is not sent again (a reply, even a refusal, says it did not).
      if (isHandedOver && typeof (err as { responseCode?: unknown }).responseCode !== 'number') {
        await repo.markSentUnconfirmed({ ...mail, handedOverAt: new Date() }, HANDED_OVER_NOTE);
        deps.log.warn({ outboxId: mail.id }, 'mail handed over, the answer lost: counted as sent, not sent again');
        return;
      }
      const { reason, isPermanent } = describeSmtpError(err);
      const isExpired = Date.now() - (mail.firstAttemptAt ?? new Date()).getTime() >= deps.retryWindowMs;
      await repo.markAttemptFailed(mail, reason, isPermanent || isExpired);
      deps.log.warn({ outboxId: mail.id, attempt: mail.attempts, isFinal: isPermanent || isExpired }, 'mail not sent');
      if (isPermanent || isExpired) return;
      throw new Error(`mail ${mail.id} not sent, will retry`, { cause: err });
    }
    await repo.markSent(mail);
  }

  return { enqueue, enqueueFor, cancel, wake, deliver, link };
}
