import { callbackDeadlineHours, isUrgentRequest, type ScoreBand, type SupportCategory } from '#common/domain/support.ts';

import type { Db, Tx } from '../../db/client.ts';
import type { MailSender } from '../mail/mail.service.ts';
import { mailText, toMailLocale, type MailContent, type MailLocale } from '../mail/mail.templates.ts';
import type { AlertRequest, Recipient, StaffAlertsRepository } from './staff-alerts.repository.ts';

export const CALLBACK_DIGEST_QUEUE = 'callback-digest';
export const CALLBACK_ESCALATION_QUEUE = 'callback-escalation';
export const APPLICATIONS_DIGEST_QUEUE = 'applications-digest';

interface Deps {
  db: Db;
  staffAlertsRepo: StaffAlertsRepository;
  mail: MailSender;
  /** TZ_DEFAULT: dates in the mails are written in it. */
  timeZone: string;
}

export interface NewCallbackRequest {
  id: string;
  category: SupportCategory;
  scoreBand: ScoreBand;
}

/**
 * Staff alerts (issue 9, flows 4 and 5): urgent callback requests mailed at once, the others in the
 * 8:00 digest, overdue ones escalated to the admins, and the admins' digest of new applications.
 * The mails name no one and hold no phone number or answer, only a link to the admin inbox.
 */
export function staffAlertsFactory({ db, staffAlertsRepo: repo, mail, timeZone }: Deps) {
  const inboxLink = (id?: string) => mail.link(id ? `/admin?tab=callbacks&request=${id}` : '/admin?tab=callbacks');
  const when = (locale: MailLocale, date: Date) =>
    new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    }).format(date);
  const describe = (locale: MailLocale, r: Pick<AlertRequest, 'category' | 'scoreBand' | 'createdAt'>) => ({
    category: mailText(locale, `categories.${r.category}`),
    band: mailText(locale, `bands.${r.scoreBand}`),
    received: when(locale, r.createdAt),
  });

  /** One mail to each recipient, in their language and greeting them by name. */
  async function mailEach(tx: Tx, recipients: Recipient[], kind: string, content: (locale: MailLocale) => Omit<MailContent, 'name'>) {
    for (const to of recipients) {
      const locale = toMailLocale(to.locale);
      await mail.enqueue(tx, { to: to.email, locale, kind, content: { ...content(locale), name: to.firstName } });
    }
  }

  /** Called in the transaction that stores a new request: an urgent one is mailed to every follower now. */
  async function onNewCallbackRequest(tx: Tx, request: NewCallbackRequest) {
    if (!isUrgentRequest(request.category, request.scoreBand)) return; // waits for the digest
    await mailEach(tx, await repo.findFollowers(tx), 'callback-alert', (locale) => ({
      subject: 'callbackAlert.subject',
      paragraphs: ['callbackAlert.intro', 'callbackAlert.deadline'],
      action: { label: 'callbackAlert.action', url: inboxLink(request.id) },
      vars: describe(locale, { ...request, createdAt: new Date() }),
    }));
    await repo.markAlerted([request.id], tx);
  }

  /** The 8:00 digest: every request nobody was told about yet, in one mail to each follower. */
  async function sendCallbackDigest() {
    const sent = await db.transaction(async (tx) => {
      const requests = await repo.lockUnalerted(tx);
      if (!requests.length) return 0;
      // A request closed before the digest needs nobody's attention: marked, not listed.
      const open = requests.filter((r) => r.status !== 'closed');
      if (open.length) {
        await mailEach(tx, await repo.findFollowers(tx), 'callback-digest', (locale) => ({
          subject: 'callbackDigest.subject',
          paragraphs: ['callbackDigest.intro'],
          list: open.map((r) => ({ text: mailText(locale, 'callbackDigest.line', describe(locale, r)), url: inboxLink(r.id) })),
          after: ['callbackDigest.deadline'],
          action: { label: 'callbackDigest.action', url: inboxLink() },
          vars: { count: open.length },
        }));
      }
      await repo.markAlerted(
        requests.map((r) => r.id),
        tx,
      );
      return open.length;
    });
    if (sent) mail.wake();
  }

  /** Requests still new past their deadline: one more mail, to every admin, once per request. */
  async function escalateOverdue() {
    const escalated = await db.transaction(async (tx) => {
      const requests = await repo.lockOverdueUnescalated(tx);
      if (!requests.length) return 0;
      const admins: Recipient[] = await repo.findAdmins(tx);
      for (const r of requests) {
        await mailEach(tx, admins, 'callback-escalation', (locale) => ({
          subject: 'callbackEscalation.subject',
          paragraphs: ['callbackEscalation.intro', 'callbackEscalation.ask'],
          action: { label: 'callbackEscalation.action', url: inboxLink(r.id) },
          vars: { ...describe(locale, r), hours: callbackDeadlineHours(r.category, r.scoreBand) },
        }));
      }
      await repo.markEscalated(
        requests.map((r) => r.id),
        tx,
      );
      return requests.length;
    });
    if (escalated) mail.wake();
  }

  /**
   * The admins' 8:00 digest of new WatchMoms and ambassador applications: how many of each, with a
   * link to its tab of the console; never a name, a phone number or an answer.
   */
  async function sendApplicationsDigest() {
    const sent = await db.transaction(async (tx) => {
      const counts = await repo.takeUndigestedApplications(tx);
      if (!counts.watchmoms && !counts.ambassador) return 0;
      const lines = [
        { key: 'applicationsDigest.watchmoms', count: counts.watchmoms, path: '/admin?tab=watchmoms' },
        { key: 'applicationsDigest.ambassador', count: counts.ambassador, path: '/admin?tab=applications' },
      ].filter((l) => l.count > 0);
      await mailEach(tx, await repo.findAdmins(tx), 'applications-digest', (locale) => ({
        subject: 'applicationsDigest.subject',
        paragraphs: ['applicationsDigest.intro'],
        list: lines.map((l) => ({ text: mailText(locale, l.key, { count: l.count }), url: mail.link(l.path) })),
        after: ['applicationsDigest.details'],
        action: { label: 'applicationsDigest.action', url: mail.link(lines[0]!.path) },
        vars: { count: counts.watchmoms + counts.ambassador },
      }));
      return 1;
    });
    if (sent) mail.wake();
  }

  return { onNewCallbackRequest, sendCallbackDigest, escalateOverdue, sendApplicationsDigest, inboxLink };
}
export type StaffAlerts = ReturnType<typeof staffAlertsFactory>;
