import { authApi } from '#common/contracts/auth-paths.ts';
import type { PasswordResetConfirmBody } from '#common/contracts/mail.ts';

import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertStrongPassword, hashPassword } from '../../lib/password.ts';
import { hashToken, newToken, type UserRow } from '../../lib/session.ts';
import type { SignInThrottle } from '../auth/sign-in-throttle.ts';
import type { MailSender } from '../mail/mail.service.ts';
import type { AccountRepository } from './account.repository.ts';

export const RESET_TTL_MS = 30 * 60_000;
export const VERIFY_TTL_MS = 7 * 24 * 3_600_000;

interface Deps {
  db: Db;
  accountRepo: AccountRepository;
  mail: MailSender;
  scryptCost: number;
  /** A reset proves the mailbox: the account's sign-in delays end with it (docs/decisions/036). */
  throttle: Pick<SignInThrottle, 'recordSuccess'>;
}

export type AccountService = ReturnType<typeof accountServiceFactory>;

/** Password reset, email verification and the user's mail language. */
export function accountServiceFactory({ db, accountRepo: repo, mail, scryptCost, throttle }: Deps) {
  /**
   * Mails a reset link, or to an account without a password (OpenID Connect only) how to sign in.
   * Does nothing for an unknown address; the caller answers the same either way.
   */
  async function requestPasswordReset(email: string): Promise<void> {
    const user = await repo.findUserByEmail(email);
    if (!user) return;
    await db.transaction(async (tx) => {
      if (!user.passwordHash) {
        await mail.enqueueFor(tx, user, {
          kind: 'password-reset-oidc',
          content: {
            subject: 'passwordResetOidc.subject',
            paragraphs: ['passwordResetOidc.intro', 'passwordResetOidc.provider'],
            action: { label: 'passwordResetOidc.action', url: mail.link(authApi.login.path) },
          },
        });
        return;
      }
      const token = newToken();
      await repo.insertToken(
        {
          tokenHash: hashToken(token),
          userId: user.id,
          purpose: 'password-reset',
          email: user.email,
          expiresAt: new Date(Date.now() + RESET_TTL_MS),
        },
        tx,
      );
      await mail.enqueueFor(tx, user, {
        kind: 'password-reset',
        content: {
          subject: 'passwordReset.subject',
          paragraphs: ['passwordReset.intro'],
          action: { label: 'passwordReset.action', url: mail.link(`/reset-password/${token}`) },
          after: ['passwordReset.expiry'],
        },
      });
    });
    mail.wake();
  }

  /** A used, expired or unknown link: 410 or 404 with a message the page shows. */
  function checkToken(row: { expiresAt: Date; usedAt: Date | null } | null) {
    if (!row) throw new AppError('LINK_INVALID', 'This link is not valid. Ask for a new one.');
    if (row.usedAt) throw new AppError('LINK_USED', 'This link has already been used. Ask for a new one if you need it.');
    if (row.expiresAt.getTime() <= Date.now()) throw new AppError('LINK_EXPIRED', 'This link has expired. Ask for a new one.');
  }

  /** Sets the new password, ends every session of the user and records it; returns the user to sign this browser in. */
  async function confirmPasswordReset({ token, password }: PasswordResetConfirmBody): Promise<UserRow> {
    const tokenHash = hashToken(token);
    // Checked before the slow hash, and again under a lock inside the transaction.
    const link = await repo.findTokenForUpdate(tokenHash, 'password-reset');
    checkToken(link);
    // The policy of sign-up, with this account's own email and names (issue 24, item 7).
    const owner = await repo.findUser(link!.userId);
    if (owner) assertStrongPassword(password, owner);
    const passwordHash = await hashPassword(password, scryptCost);
    const userId = await db.transaction(async (tx) => {
      const row = await repo.findTokenForUpdate(tokenHash, 'password-reset', tx);
      checkToken(row);
      await repo.useTokens(row!.userId, 'password-reset', tx);
      await repo.setPasswordHash(row!.userId, passwordHash, tx);
      await repo.deleteSessionsOf(row!.userId, tx);
      const user = await repo.findUser(row!.userId, tx);
      if (user) await throttle.recordSuccess(user.email, tx);
      await repo.insertAudit({ actorId: row!.userId, action: 'password.reset', targetType: 'user', targetId: row!.userId }, tx);
      return row!.userId;
    });
    return (await repo.findUser(userId))!;
  }

  /**
   * Mails a link proving the user owns their address (at sign-up and from the dashboard). Given the
   * sign-up's transaction, it writes the token and the mail in it (no savepoint, no commit of its
   * own) and the caller wakes the mail workers after its commit; without one, in its own transaction.
   */
  async function sendVerification(
    user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'locale' | 'emailVerifiedAt'>,
    tx?: Tx,
  ): Promise<void> {
    if (user.emailVerifiedAt) return;
    const write = async (tx: Tx) => {
      const token = newToken();
      await repo.insertToken(
        {
          tokenHash: hashToken(token),
          userId: user.id,
          purpose: 'verify-email',
          email: user.email,
          expiresAt: new Date(Date.now() + VERIFY_TTL_MS),
        },
        tx,
      );
      await mail.enqueueFor(tx, user, {
        kind: 'verify-email',
        content: {
          subject: 'verifyEmail.subject',
          paragraphs: ['verifyEmail.intro'],
          action: { label: 'verifyEmail.action', url: mail.link(`/verify-email/${token}`) },
          after: ['verifyEmail.expiry'],
        },
      });
    };
    if (tx) return write(tx);
    await db.transaction(write);
    mail.wake();
  }

  async function verifyEmail(token: string): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await repo.findTokenForUpdate(hashToken(token), 'verify-email', tx);
      checkToken(row);
      await repo.useTokens(row!.userId, 'verify-email', tx);
      // An address changed since the link was sent stays unverified.
      if (!(await repo.markEmailVerified(row!.userId, row!.email, tx)))
        throw new AppError('LINK_INVALID', 'This link is not valid. Ask for a new one.');
    });
  }

  async function setLocale(userId: string, locale: 'en' | 'fr') {
    await repo.setLocale(userId, locale);
  }

  return { requestPasswordReset, confirmPasswordReset, sendVerification, verifyEmail, setLocale };
}
