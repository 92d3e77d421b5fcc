import type { ConsentBody, ParentConsentView, ParentDecisionBody, ParentRequestView } from '#common/contracts/auth.ts';
import { needsJointConsent, needsParentalConsent } from '#common/domain/digital-consent.ts';
import { PARENT_CONSENT_TEXT_VERSION, PARENT_EMAIL_CHANGE_WAIT_HOURS } from '#common/domain/parent-consent.ts';
import { PRIVACY_NOTICE_VERSION } from '#common/domain/privacy.ts';

import type { Db, Tx } from '../../db/client.ts';
import type { ParentalConsentEvidence } from '../../db/schema/index.ts';
import { eraseAccount } from '../../lib/account-erasure.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newToken, type UserRow } from '../../lib/session.ts';
import type { MailSender } from '../mail/mail.service.ts';
import { toMailLocale } from '../mail/mail.templates.ts';
import type { ConsentRepository } from './consent.repository.ts';

interface Deps {
  db: Db;
  consentRepo: ConsentRepository;
  mail: MailSender;
}

export type ConsentService = ReturnType<typeof consentServiceFactory>;

const PARENT_EMAIL_SAME = "Your parent's email must be different from yours.";
const notPending = () =>
  new AppError(
    'PARENT_CONSENT_NOT_PENDING',
    "This account is not waiting for a parent's consent: there is no request to a parent to see or send again.",
  );
const linkInvalid = () => new AppError('LINK_INVALID', 'This link is not valid. Ask the young person to give your address again.');
const childBrowser = () =>
  new AppError(
    'PARENT_CONSENT_CHILD_BROWSER',
    "This link is for the young person's parent, and this browser is signed in to their account or was used to sign in to it. Open the link from the mail on your own phone or computer.",
  );
const changeWait = (retryAfterSeconds: number) =>
  new AppError(
    'PARENT_EMAIL_CHANGE_WAIT',
    `You gave your parent's address less than ${PARENT_EMAIL_CHANGE_WAIT_HOURS} hours ago. So that only your parent can decide, you can give another address ${PARENT_EMAIL_CHANGE_WAIT_HOURS} hours after that; we have told the first address that you asked.`,
    { retryAfterSeconds },
  );
const WAIT_MS = PARENT_EMAIL_CHANGE_WAIT_HOURS * 3_600_000;

/** Who opened a parent's link, as far as the server can tell: the signed-in account, and the browser's device cookie (decision 065). */
export interface LinkViewer {
  userId: string | null;
  deviceHash: string | null;
}

/** What a sign-up or a first OpenID arrival decides from the month of birth and country. */
export function consentStatusFor(details: { birthYear: number; birthMonth: number; country: string }): UserRow['consentStatus'] {
  return needsParentalConsent(details.birthYear, details.birthMonth, details.country) ? 'pending_parent' : 'granted';
}

/**
 * Under which rule a parent agrees for this account: "joint" where the law asks the young person's
 * own consent together with the parent's (France under 15), "parent" elsewhere; null when no parent
 * is needed (decision 062).
 */
export function parentRuleOf(
  user: Pick<UserRow, 'consentStatus' | 'birthYear' | 'birthMonth' | 'residenceCountry'>,
): 'parent' | 'joint' | null {
  if (user.consentStatus !== 'pending_parent' || user.birthYear === null || user.birthMonth === null || !user.residenceCountry) return null;
  return needsJointConsent(user.birthYear, user.birthMonth, user.residenceCountry) ? 'joint' : 'parent';
}

/** The young person's own consent row: marked as one half of a joint consent where the law asks both. */
const ownConsent = (user: UserRow) => ({
  userId: user.id,
  kind: 'faith-data' as const,
  givenBy: 'self' as const,
  noticeVersion: PRIVACY_NOTICE_VERSION,
  rule: parentRuleOf(user) === 'joint' ? ('joint' as const) : null,
});

/**
 * Consent to the privacy notice and to data revealing one's faith (GDPR Art. 9(2)(a)), and a
 * parent's consent below the country's age of digital consent (Art. 8): who agreed, when, to which
 * notice version (docs/decisions/041).
 */
export function consentServiceFactory({ db, consentRepo: repo, mail }: Deps) {
  /**
   * Mails the parent a link to the page where they agree or refuse; the same link later takes the
   * agreement back. A new link voids the one before: the earlier mail (`previousMailId`), if it has
   * not gone out yet (mail down, or waiting for a retry), is cancelled, so a mistyped address that
   * was corrected gets nothing, not even the young person's name.
   */
  async function requestParentConsent(
    tx: Tx,
    user: UserRow,
    parentEmail: string,
    {
      previousMailId = null,
      isNewAddress = true,
      isChangeNotice = false,
    }: { previousMailId?: string | null; isNewAddress?: boolean; isChangeNotice?: boolean } = {},
  ) {
    if (parentEmail === user.email.toLowerCase()) throw new AppError('BAD_REQUEST', PARENT_EMAIL_SAME);
    const token = newToken();
    if (previousMailId) await mail.cancel(tx, previousMailId);
    const link = { label: 'parentConsent.action', url: mail.link(`/parent-consent/${token}`) };
    const mailId = await mail.enqueue(tx, {
      to: parentEmail,
      // The parent reads the language the young person chose; both languages are in the page itself.
      locale: toMailLocale(user.locale),
      kind: isChangeNotice ? 'parent-address-change' : 'parent-consent',
      about: [user.id],
      content: isChangeNotice
        ? {
            // The address the young person wants to leave is told, with a working link (decision 065).
            subject: 'parentAddressChange.subject',
            paragraphs: ['parentAddressChange.intro', 'parentAddressChange.why', 'parentAddressChange.decide'],
            action: { ...link, label: 'parentAddressChange.action' },
            after: ['parentConsent.keep', 'parentAddressChange.unknown'],
            vars: { childName: user.firstName ?? '' },
          }
        : {
            subject: 'parentConsent.subject',
            paragraphs: ['parentConsent.intro', 'parentConsent.why', 'parentConsent.decide'],
            action: link,
            after: ['parentConsent.keep', 'parentConsent.unknown'],
            vars: { childName: user.firstName ?? '' },
          },
    });
    await repo.upsertParentalRequest(
      { userId: user.id, parentEmail, tokenHash: hashToken(token), mailId },
      { isNewAddress, changeNoticeAt: isChangeNotice ? new Date() : undefined },
      tx,
    );
  }

  /**
   * The young person's own session, or a browser they signed in from while waiting: the parent's
   * link does nothing there (decision 065). A parent signed in to another account may still decide.
   */
  async function refuseChildBrowser(tx: Tx, childId: string, viewer: LinkViewer) {
    if (viewer.userId === childId) throw childBrowser();
    if (viewer.deviceHash && (await repo.isChildDevice(childId, viewer.deviceHash, tx))) throw childBrowser();
  }

  /**
   * At sign-up, in the sign-up's transaction: the person's own consent (in France under 15, the
   * young person's half of the joint consent), and the parent's mail when one must agree.
   */
  async function recordSignUp(tx: Tx, user: UserRow, parentEmail: string | undefined) {
    await repo.insertConsent(ownConsent(user), tx);
    if (user.consentStatus === 'pending_parent') await requestParentConsent(tx, user, parentEmail!);
  }

  /** Agreeing to the current notice; on a first arrival without a month of birth, with the sign-up's details. */
  async function giveConsent(user: UserRow, body: ConsentBody): Promise<UserRow> {
    const isFirstArrival = user.birthYear === null;
    if (isFirstArrival && !body.details)
      throw new AppError('CONSENT_DETAILS_REQUIRED', 'Give your month and year of birth and your country.');
    const updated = await db.transaction(async (tx) => {
      if (!isFirstArrival || !body.details) {
        await repo.insertConsent(ownConsent(user), tx);
        return repo.updateUserConsent(user.id, { privacyNoticeVersion: PRIVACY_NOTICE_VERSION }, tx);
      }
      const { birthYear, birthMonth, country, parentEmail } = body.details;
      const status = consentStatusFor(body.details);
      const row = await repo.updateUserConsent(
        user.id,
        { birthYear, birthMonth, residenceCountry: country, consentStatus: status, privacyNoticeVersion: PRIVACY_NOTICE_VERSION },
        tx,
      );
      await recordSignUp(tx, row, parentEmail);
      return row;
    });
    mail.wake();
    return updated;
  }

  async function parentView(token: string, viewer: LinkViewer): Promise<ParentConsentView> {
    const found = await repo.findParentalRequest(hashToken(token));
    if (!found) throw linkInvalid();
    await refuseChildBrowser(db, found.user.id, viewer);
    const isJoint = found.request.grantedAt === null ? parentRuleOf(found.user) === 'joint' : await repo.isJointGrant(found.user.id);
    return {
      childFirstName: found.user.firstName,
      isGranted: found.request.grantedAt !== null,
      isJoint,
      noticeVersion: PRIVACY_NOTICE_VERSION,
    };
  }

  /** The parent agrees (the account is unlocked), or refuses or takes the agreement back (the account is deleted). */
  async function parentDecide(token: string, { decision }: ParentDecisionBody, viewer: LinkViewer): Promise<'granted' | 'deleted'> {
    return db.transaction(async (tx) => {
      const found = await repo.findParentalRequest(hashToken(token), { forUpdate: true }, tx);
      if (!found) throw linkInvalid();
      const { request, user } = found;
      await refuseChildBrowser(tx, user.id, viewer);
      if (decision === 'withdraw') {
        // The one erasure (as DELETE /api/me and the admin console): callback requests lose name and
        // phone, mails to the child's address go, certificates keep no name; audited by id.
        await eraseAccount(tx, user, { actorId: null, action: 'account.deleted', details: { by: 'parent' } });
        return 'deleted';
      }
      if (request.grantedAt) return 'granted';
      await repo.markParentalGranted(user.id, tx);
      // In France under 15 this is the parent's half of a joint consent; the young person's half is
      // their own row from the sign-up (decision 062).
      const rule = parentRuleOf(user) ?? 'parent';
      // How it was given, for whoever must show it later (decision 065): no IP address, no device id.
      const evidence: ParentalConsentEvidence = {
        method: 'mailed-link',
        linkSentAt: request.createdAt.toISOString(),
        addressGivenAt: request.emailSetAt.toISOString(),
        textVersion: PARENT_CONSENT_TEXT_VERSION,
        mailLocale: toMailLocale(user.locale),
        checks: ['not-child-session', 'not-child-browser'],
        isSignedInToOtherAccount: viewer.userId !== null,
      };
      await repo.insertConsent(
        {
          userId: user.id,
          kind: 'parental',
          givenBy: 'parent',
          parentEmail: request.parentEmail,
          noticeVersion: PRIVACY_NOTICE_VERSION,
          rule,
          evidence,
        },
        tx,
      );
      await repo.updateUserConsent(user.id, { consentStatus: 'granted' }, tx);
      return 'granted';
    });
  }

  /** Where the request to the parent went, for the young person who is still waiting. */
  async function parentRequestOf(user: UserRow): Promise<ParentRequestView> {
    const found = await repo.findRequestOfUser(user.id);
    if (!found || found.consentStatus !== 'pending_parent') throw notPending();
    return { parentEmail: found.parentEmail, sentAt: found.sentAt.toISOString() };
  }

  /**
   * The same mail again (`parentEmail` undefined) or to a corrected address: a fresh link replaces
   * the earlier one, which stops working, so only the latest mail can decide.
   *
   * Another address within PARENT_EMAIL_CHANGE_WAIT_HOURS of giving the current one is held
   * (decision 065): refused with the wait, and the current address is told once, with a fresh link,
   * so a parent can still decide before a young person moves the request to an address of their own.
   * An address the mail server refused for good (a typo it knows) may be replaced at once.
   */
  async function sendParentRequest(user: UserRow, parentEmail?: string): Promise<ParentRequestView> {
    const outcome = await db.transaction(async (tx): Promise<{ view: ParentRequestView } | { retryAfterSeconds: number }> => {
      // Locked, and read again: a parent may have agreed a moment ago.
      const found = await repo.findRequestOfUser(user.id, { forUpdate: true }, tx);
      if (!found || found.consentStatus !== 'pending_parent') throw notPending();
      const target = parentEmail ?? found.parentEmail;
      const isNewAddress = target !== found.parentEmail;
      if (isNewAddress) {
        if (target === user.email.toLowerCase()) throw new AppError('BAD_REQUEST', PARENT_EMAIL_SAME);
        const waitUntil = found.emailSetAt.getTime() + WAIT_MS;
        if (Date.now() < waitUntil && found.mailStatus !== 'failed') {
          const isTold = found.changeNoticeAt !== null && found.changeNoticeAt >= found.emailSetAt;
          if (!isTold)
            await requestParentConsent(tx, user, found.parentEmail, {
              previousMailId: found.mailId,
              isNewAddress: false,
              isChangeNotice: true,
            });
          await repo.auditParentRequest(user.id, 'consent.parent_email_change_held', tx);
          return { retryAfterSeconds: Math.ceil((waitUntil - Date.now()) / 1000) };
        }
      }
      await requestParentConsent(tx, user, target, { previousMailId: found.mailId, isNewAddress });
      await repo.auditParentRequest(user.id, parentEmail === undefined ? 'consent.parent_mail_resent' : 'consent.parent_email_changed', tx);
      const sent = await repo.findRequestOfUser(user.id, {}, tx);
      return { view: { parentEmail: sent!.parentEmail, sentAt: sent!.sentAt.toISOString() } };
    });
    mail.wake();
    // Refused after the commit: the first address's notice and the audit entry stay.
    if ('retryAfterSeconds' in outcome) throw changeWait(outcome.retryAfterSeconds);
    return outcome.view;
  }

  /** Keeps the hash of a browser's device cookie with the young person's account (child-browsers.ts, decision 065). */
  const rememberChildDevice = (userId: string, deviceHash: string) => repo.insertChildDevice(userId, deviceHash);

  return {
    recordSignUp,
    giveConsent,
    parentView,
    parentDecide,
    parentRequestOf,
    sendParentRequest,
    rememberChildDevice,
    wake: () => mail.wake(),
  };
}
