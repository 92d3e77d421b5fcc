import type { ConsentBody, ParentDecisionBody, ParentConsentView, ParentRequestView } from '../../../common/contracts/auth.ts';
import { needsParentalConsent } from '../../../common/domain/digital-consent.ts';
import { PRIVACY_NOTICE_VERSION } from '../../../common/domain/privacy.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newToken, type UserRow } from '../../lib/session.ts';
import type { MailSender } from '../mail/mail.service.ts';
import { toMailLocale } from '../mail/mail.templates.ts';
import * as repo from './consent.repository.ts';
import { eraseAccount } from '../../lib/account-erasure.ts';

interface Deps {
  db: Db;
  mail: MailSender;
}

export type ConsentService = ReturnType<typeof consentServiceFactory>;

const PARENT_EMAIL_SAME = "Your parent's email must be different from yours.";
const notPending = () =>
  new AppError('PARENT_CONSENT_NOT_PENDING', "This account is not waiting for a parent's consent: there is no request to a parent to see or send again.");
const linkInvalid = () => new AppError('LINK_INVALID', 'This link is not valid. Ask the young person to give your address again.');

/** What a sign-up or a first OpenID arrival decides from the month of birth and country. */
export function consentStatusFor(details: { birthYear: number; birthMonth: number; country: string }): UserRow['consentStatus'] {
  return needsParentalConsent(details.birthYear, details.birthMonth, details.country) ? 'pending_parent' : 'granted';
}

/**
 * Consent to the privacy notice and to data revealing one's faith (GDPR Art. 9(2)(a)), and a
 * parent's consent below the country's age of digital consent (Art. 8): who agreed, when, to which
 * notice version (docs/decisions/041).
 */
export function consentServiceFactory({ db, mail }: Deps) {
  /**
   * Mails the parent a link to the page where they agree or refuse; the same link later takes the
   * agreement back. A new link voids the one before: the earlier mail (`previousMailId`), if it has
   * not gone out yet (mail down, or waiting for a retry), is cancelled, so a mistyped address that
   * was corrected gets nothing, not even the young person's name.
   */
  async function requestParentConsent(tx: Tx, user: UserRow, parentEmail: string, previousMailId: string | null = null) {
    if (parentEmail === user.email.toLowerCase()) throw new AppError('BAD_REQUEST', PARENT_EMAIL_SAME);
    const token = newToken();
    if (previousMailId) await mail.cancel(tx, previousMailId);
    const mailId = await mail.enqueue(tx, {
      to: parentEmail,
      // The parent reads the language the young person chose; both languages are in the page itself.
      locale: toMailLocale(user.locale),
      kind: 'parent-consent',
      content: {
        subject: 'parentConsent.subject',
        paragraphs: ['parentConsent.intro', 'parentConsent.why', 'parentConsent.decide'],
        action: { label: 'parentConsent.action', url: mail.link(`/parent-consent/${token}`) },
        after: ['parentConsent.keep', 'parentConsent.unknown'],
        vars: { childName: user.firstName ?? '' },
      },
    });
    await repo.upsertParentalRequest(tx, { userId: user.id, parentEmail, tokenHash: hashToken(token), mailId });
  }

  /** At sign-up, in the sign-up's transaction: the person's own consent, and the parent's mail when one must agree. */
  async function recordSignUp(tx: Tx, user: UserRow, parentEmail: string | undefined) {
    await repo.insertConsent(tx, { userId: user.id, kind: 'faith-data', givenBy: 'self', noticeVersion: PRIVACY_NOTICE_VERSION });
    if (user.consentStatus === 'pending_parent') await requestParentConsent(tx, user, parentEmail!);
  }

  /** Agreeing to the current notice; on a first arrival without a month of birth, with the sign-up's details. */
  async function giveConsent(user: UserRow, body: ConsentBody): Promise<UserRow> {
    const isFirstArrival = user.birthYear === null;
    if (isFirstArrival && !body.details)
      throw new AppError('CONSENT_DETAILS_REQUIRED', 'Give your month and year of birth and your country.');
    const updated = await db.transaction(async (tx) => {
      if (!isFirstArrival || !body.details) {
        await repo.insertConsent(tx, { userId: user.id, kind: 'faith-data', givenBy: 'self', noticeVersion: PRIVACY_NOTICE_VERSION });
        return repo.updateUserConsent(tx, user.id, { privacyNoticeVersion: PRIVACY_NOTICE_VERSION });
      }
      const { birthYear, birthMonth, country, parentEmail } = body.details;
      const status = consentStatusFor(body.details);
      const row = await repo.updateUserConsent(tx, user.id, { birthYear, birthMonth, residenceCountry: country, consentStatus: status, privacyNoticeVersion: PRIVACY_NOTICE_VERSION });
      await recordSignUp(tx, row, parentEmail);
      return row;
    });
    mail.wake();
    return updated;
  }

  async function parentView(token: string): Promise<ParentConsentView> {
    const found = await repo.findParentalRequest(db, hashToken(token));
    if (!found) throw linkInvalid();
    return { childFirstName: found.user.firstName, isGranted: found.request.grantedAt !== null, noticeVersion: PRIVACY_NOTICE_VERSION };
  }

  /** The parent agrees (the account is unlocked), or refuses or takes the agreement back (the account is deleted). */
  async function parentDecide(token: string, { decision }: ParentDecisionBody): Promise<'granted' | 'deleted'> {
    return db.transaction(async (tx) => {
      const found = await repo.findParentalRequest(tx, hashToken(token), { forUpdate: true });
      if (!found) throw linkInvalid();
      const { request, user } = found;
      if (decision === 'withdraw') {
        // The one erasure (as DELETE /api/me and the admin console): callback requests lose name and
        // phone, mails to the child's address go, certificates keep no name; audited by id.
        await eraseAccount(tx, user, { actorId: null, action: 'account.deleted', details: { by: 'parent' } });
        return 'deleted';
      }
      if (request.grantedAt) return 'granted';
      await repo.markParentalGranted(tx, user.id);
      await repo.insertConsent(tx, { userId: user.id, kind: 'parental', givenBy: 'parent', parentEmail: request.parentEmail, noticeVersion: PRIVACY_NOTICE_VERSION });
      await repo.updateUserConsent(tx, user.id, { consentStatus: 'granted' });
      return 'granted';
    });
  }

  /** Where the request to the parent went, for the young person who is still waiting. */
  async function parentRequestOf(user: UserRow): Promise<ParentRequestView> {
    const found = await repo.findRequestOfUser(db, user.id);
    if (!found || found.consentStatus !== 'pending_parent') throw notPending();
    return { parentEmail: found.parentEmail, sentAt: found.sentAt.toISOString() };
  }

  /**
   * The same mail again (`parentEmail` undefined) or to a corrected address: a fresh link replaces
   * the earlier one, which stops working, so only the latest mail can decide.
   */
  async function sendParentRequest(user: UserRow, parentEmail?: string): Promise<ParentRequestView> {
    const view = await db.transaction(async (tx) => {
      // Locked, and read again: a parent may have agreed a moment ago.
      const found = await repo.findRequestOfUser(tx, user.id, { forUpdate: true });
      if (!found || found.consentStatus !== 'pending_parent') throw notPending();
      await requestParentConsent(tx, user, parentEmail ?? found.parentEmail, found.mailId);
      await repo.auditParentRequest(tx, user.id, parentEmail === undefined ? 'consent.parent_mail_resent' : 'consent.parent_email_changed');
      const sent = await repo.findRequestOfUser(tx, user.id);
      return { parentEmail: sent!.parentEmail, sentAt: sent!.sentAt.toISOString() };
    });
    mail.wake();
    return view;
  }

  return { recordSignUp, giveConsent, parentView, parentDecide, parentRequestOf, sendParentRequest, wake: () => mail.wake() };
}
