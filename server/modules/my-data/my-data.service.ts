import { EXPORT_FORMAT, type DeleteAccountBody } from '#common/contracts/my-data.ts';
import { fullNameOf, type NameParts } from '#common/domain/names.ts';

import type { Db } from '../../db/client.ts';
import { lockFoundersAndCount } from '../../db/users.ts';
import { eraseAccount } from '../../lib/account-erasure.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertRecentAuth, type SessionState, type UserRow } from '../../lib/session.ts';
import type { MyDataRepository } from './my-data.repository.ts';

/** The security service's check of the account's own password (counted per email and per session). */
export type CheckOwnPassword = (who: { user: UserRow; session: SessionState }, password: string) => Promise<boolean>;

interface Deps {
  db: Db;
  myDataRepo: MyDataRepository;
  checkOwnPassword: CheckOwnPassword;
}

const fullName = (p: NameParts) => fullNameOf(p) || null;

/**
 * Other people's email addresses hidden in a copy of their mails (a mentor's digest lists the
 * addresses they invited): the export holds other people by name only (issue 24, decision 067).
 */
export function withoutOthersAddresses(text: string, ownEmail: string): string {
  return text.replace(/[^\s<>()"',;:@]+@(?:[\p{L}\p{N}-]+\.)+[\p{L}\p{N}-]+/gu, (address) =>
    address.toLowerCase() === ownEmail.toLowerCase() ? address : '[address hidden]',
  );
}

/** A copy of everything about the signed-in person, and the deletion of their account (issue 11). */
export const myDataServiceFactory = ({ db, myDataRepo, checkOwnPassword }: Deps) => ({
  /** Everything stored about `user`, as one JSON document (sections in `exportSections` order). */
  async exportData(user: UserRow) {
    const [
      profile,
      consents,
      progress,
      attempts,
      challengeDays,
      sectionReads,
      certificates,
      mentor,
      disciples,
      invitationsSent,
      applications,
      callbackRequests,
      sessions,
      mails,
      auditEntries,
      prayerRhythm,
      safeguarding,
      track,
    ] = await Promise.all([
      myDataRepo.findProfile(user.id),
      myDataRepo.findConsents(user.id),
      myDataRepo.findProgress(user.id),
      myDataRepo.findAttempts(user.id),
      myDataRepo.findChallengeDays(user.id),
      myDataRepo.findSectionReads(user.id),
      myDataRepo.findCertificates(user.id),
      myDataRepo.findMentor(user.mentorId),
      myDataRepo.findDisciples(user.id),
      myDataRepo.findInvitationsSent(user.id),
      myDataRepo.findApplications(user.id),
      myDataRepo.findCallbackRequests(user.id),
      myDataRepo.findSessions(user.id),
      myDataRepo.findMails(user.email),
      myDataRepo.findAuditEntries(user.id),
      myDataRepo.findPrayerSettings(user.id),
      myDataRepo.findSafeguarding(user.id),
      myDataRepo.findTrack(user.id),
    ]);
    if (!profile) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    return {
      format: EXPORT_FORMAT,
      exportedAt: new Date().toISOString(),
      profile,
      consents,
      progress,
      attempts,
      challengeDays,
      sectionReads,
      certificates,
      mentor: mentor ? { name: fullName(mentor) } : user.mentorName ? { name: user.mentorName, isLinked: false } : null,
      disciples: disciples.map((d) => ({ name: fullName(d), since: d.since })),
      invitationsSent,
      applications,
      callbackRequests,
      sessions,
      mails: mails.map((m) => ({
        ...m,
        subject: withoutOthersAddresses(m.subject, user.email),
        text: withoutOthersAddresses(m.text, user.email),
      })),
      auditEntries,
      prayerRhythm,
      safeguarding,
      track,
    };
  },

  /**
   * Deletes the signed-in account and its personal data at once. Accounts with a password confirm
   * with it (typed in this request, which is the re-authentication); OpenID-only accounts have none
   * and must have signed in or re-authenticated within the window of every sensitive action (decision 038).
   * The last founder cannot leave (someone must run the ministry's console).
   */
  async deleteAccount({ user, body, session }: { user: UserRow; body: DeleteAccountBody; session: SessionState }) {
    if (user.passwordHash || !user.oidcSubject) {
      if (body.password === undefined) throw new AppError('VALIDATION_FAILED', 'password: Required');
      if (!(await checkOwnPassword({ user, session }, body.password)))
        throw new AppError('WRONG_PASSWORD', 'This password is not correct.');
    } else {
      assertRecentAuth(session);
    }
    await db.transaction(async (tx) => {
      const current = await myDataRepo.lockUser(user.id, tx);
      if (!current) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      if (current.role === 'founder' && (await lockFoundersAndCount(tx)) <= 1)
        throw new AppError('LAST_FOUNDER', 'You are the last founder. Make someone else a founder before deleting your account.');
      await eraseAccount(tx, current, { actorId: null, action: 'account.deleted', details: { by: 'self' } });
    });
  },
});
export type MyDataService = ReturnType<typeof myDataServiceFactory>;
