import Bowser from 'bowser';
import type { ChangePasswordBody, SessionItem } from '../../../common/contracts/security.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, passwordWeakness, verifyPassword } from '../../lib/password.ts';
import type { SessionPolicy, SessionState, UserRow } from '../../lib/session.ts';
import type { MailService } from '../mail/mail.service.ts';
import { toMailLocale } from '../mail/mail.templates.ts';
import type { SecurityRepository } from './security.repository.ts';

interface Deps {
  db: Db;
  securityRepo: SecurityRepository;
  mail: Pick<MailService, 'enqueue' | 'wake' | 'link'>;
  scryptCost: number;
  sessionPolicy: SessionPolicy;
}

export type SecurityService = ReturnType<typeof securityServiceFactory>;

/** The browser and system a User-Agent names, for the sessions list; nulls when it names none (curl, a test client). */
export function describeDevice(userAgent: string | null): Pick<SessionItem, 'browser' | 'os' | 'isMobile'> {
  if (!userAgent) return { browser: null, os: null, isMobile: false };
  const parsed = Bowser.parse(userAgent);
  return {
    browser: parsed.browser.name || null,
    os: parsed.os.name || null,
    isMobile: parsed.platform.type === 'mobile' || parsed.platform.type === 'tablet',
  };
}

/** Change of password and the account's sessions (docs/decisions/038). */
export function securityServiceFactory({ db, securityRepo, mail, scryptCost, sessionPolicy }: Deps) {
  /**
   * With the current password: sets the new one (same rules as sign-up), ends every other session
   * of the account, records it, and mails the owner (an attacker who changed it is then noticed).
   */
  async function changePassword({ user, session, body }: { user: UserRow; session: SessionState; body: ChangePasswordBody }) {
    if (!user.passwordHash) throw new AppError('NO_PASSWORD', 'Your account has no password: you sign in with your organization\'s account.');
    if (!(await verifyPassword(body.currentPassword, user.passwordHash))) throw new AppError('WRONG_PASSWORD', 'Your current password is not correct.');
    const weakness = passwordWeakness(body.newPassword, user);
    if (weakness) throw new AppError('WEAK_PASSWORD', weakness);
    const passwordHash = await hashPassword(body.newPassword, scryptCost);
    const ended = await db.transaction(async (tx) => {
      await securityRepo.setPasswordHash(user.id, passwordHash, tx);
      const count = await securityRepo.deleteOtherSessions(user.id, session.idHash, tx);
      await securityRepo.markSessionReauth(session.idHash, tx);
      await securityRepo.insertAudit({ actorId: user.id, action: 'password.changed', targetId: user.id, details: { endedSessions: count } }, tx);
      await mail.enqueue(tx, {
        to: user.email,
        locale: toMailLocale(user.locale),
        kind: 'password-changed',
        content: {
          subject: 'passwordChanged.subject',
          name: user.firstName,
          paragraphs: ['passwordChanged.intro', 'passwordChanged.notYou'],
          action: { label: 'passwordChanged.action', url: mail.link('/forgot-password') },
        },
      });
      return count;
    });
    mail.wake();
    return { ended };
  }

  async function listSessions({ user, session }: { user: UserRow; session: SessionState }): Promise<SessionItem[]> {
    const rows = await securityRepo.findLiveSessions(user.id, new Date(Date.now() - sessionPolicy.idleMs));
    return rows.map((row) => ({
      id: row.id,
      ...describeDevice(row.userAgent),
      signedInAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      isCurrent: row.idHash === session.idHash,
    }));
  }

  /** Ends one of the user's own sessions (this one included); 404 for an id that is not theirs. */
  async function endSession({ user, sessionId }: { user: UserRow; sessionId: string }) {
    if (!(await securityRepo.deleteSession(user.id, sessionId))) throw new AppError('NOT_FOUND', 'This session has already ended.');
  }

  async function endOtherSessions({ user, session }: { user: UserRow; session: SessionState }) {
    const ended = await db.transaction(async (tx) => {
      const count = await securityRepo.deleteOtherSessions(user.id, session.idHash, tx);
      await securityRepo.insertAudit({ actorId: user.id, action: 'sessions.ended', targetId: user.id, details: { endedSessions: count } }, tx);
      return count;
    });
    return { ended };
  }

  return { changePassword, listSessions, endSession, endOtherSessions };
}
