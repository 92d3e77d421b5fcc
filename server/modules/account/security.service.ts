import Bowser from 'bowser';
import { generateSecret, generateURI, verify as verifyTotpCode } from 'otplib';
import { renderSVG } from 'uqr';

import {
  RECOVERY_CODE_COUNT,
  recoveryCode as recoveryCodeSchema,
  type ChangePasswordBody,
  type MfaStatus,
  type ReauthBody,
  type SecondFactorBody,
  type SessionItem,
  type TotpEnrolment,
} from '#common/contracts/security.ts';
import { isAdminRole } from '#common/domain/roles.ts';

import type { Db, Tx } from '../../db/client.ts';
import { findUserById } from '../../db/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { MFA_CHALLENGE_TTL_MS } from '../../lib/mfa-challenge.ts';
import { assertStrongPassword, hashPassword, verifyPassword } from '../../lib/password.ts';
import { randomGroupedCode } from '../../lib/random-code.ts';
import {
  assertRecentAuth,
  hashToken,
  newToken,
  REAUTH_WINDOW_MS,
  type SessionPolicy,
  type SessionState,
  type UserRow,
} from '../../lib/session.ts';
import type { SignInThrottle } from '../auth/sign-in-throttle.ts';
import type { MailSender } from '../mail/mail.service.ts';
import { accountKey, sessionKey, type SecondFactorThrottle } from './second-factor-throttle.ts';
import type { SecurityRepository } from './security.repository.ts';

interface Deps {
  db: Db;
  securityRepo: SecurityRepository;
  mail: MailSender;
  scryptCost: number;
  sessionPolicy: SessionPolicy;
  /** Step-up by password shares the per-email sign-in count (decision 036). */
  signInThrottle: Pick<SignInThrottle, 'claimAttempt' | 'recordFailure' | 'recordSuccess'>;
  /** Codes per account, and step-up per session (docs/decisions/064). */
  secondFactorThrottle: SecondFactorThrottle;
}

export type SecurityService = ReturnType<typeof securityServiceFactory>;

/** The name authenticator apps show above the codes. */
export const TOTP_ISSUER = 'G.O.D Discipleship';
/** Wrong codes allowed in one sign-in's second step; then the password must be typed again. */
export const MFA_CHALLENGE_ATTEMPTS = 5;
/** One 30-second step either side of the server's clock (RFC 6238 section 5.2). */
const TOTP_TOLERANCE_SECONDS = 30;

/** otplib's verify() is typed for TOTP and HOTP together; a TOTP success carries its time step. */
const timeStepOf = (result: object) => (result as { timeStep: number }).timeStep;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** 15 random bytes as 24 base32 characters (120 bits), shown in groups of four. */
export const newRecoveryCode = (): string => randomGroupedCode(15, BASE32);
/** The stored form: SHA-256 of the code without dashes, lower case. */
const hashRecoveryCode = (code: string) => hashToken(recoveryCodeSchema.parse(code));

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
export function securityServiceFactory({ db, securityRepo, mail, scryptCost, sessionPolicy, signInThrottle, secondFactorThrottle }: Deps) {
  /**
   * The account's own password typed by a signed-in person (step-up, change of password): counted
   * against the email's sign-in count and this session's step-up count before scrypt runs, so a
   * stolen session cannot guess the password faster than sign-in allows (issue 24, item 1).
   */
  async function checkOwnPassword({ user, session }: { user: UserRow; session: SessionState }, password: string): Promise<boolean> {
    if (!user.passwordHash) return false;
    const keys = [sessionKey(session.idHash)];
    await signInThrottle.claimAttempt(user.email);
    await secondFactorThrottle.claimAttempt({ userId: user.id, keys });
    if (!(await verifyPassword(password, user.passwordHash))) {
      await signInThrottle.recordFailure(user.email, user);
      await secondFactorThrottle.recordFailure(user, keys);
      return false;
    }
    await signInThrottle.recordSuccess(user.email);
    await secondFactorThrottle.recordSuccess(keys);
    return true;
  }

  /**
   * With the current password: sets the new one (same rules as sign-up), ends every other session
   * of the account, records it, and mails the owner (an attacker who changed it is then noticed).
   */
  async function changePassword({ user, session, body }: { user: UserRow; session: SessionState; body: ChangePasswordBody }) {
    if (!user.passwordHash)
      throw new AppError('NO_PASSWORD', "Your account has no password: you sign in with your organization's account.");
    if (!(await checkOwnPassword({ user, session }, body.currentPassword)))
      throw new AppError('WRONG_PASSWORD', 'Your current password is not correct.');
    assertStrongPassword(body.newPassword, user);
    const passwordHash = await hashPassword(body.newPassword, scryptCost);
    const ended = await db.transaction(async (tx) => {
      await securityRepo.setPasswordHash(user.id, passwordHash, tx);
      const count = await securityRepo.deleteOtherSessions(user.id, session.idHash, tx);
      await securityRepo.markSessionReauth(session.idHash, tx);
      await securityRepo.insertAudit(
        { actorId: user.id, action: 'password.changed', targetId: user.id, details: { endedSessions: count } },
        tx,
      );
      await mail.enqueueFor(tx, user, {
        kind: 'password-changed',
        content: {
          subject: 'passwordChanged.subject',
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
      await securityRepo.insertAudit(
        { actorId: user.id, action: 'sessions.ended', targetId: user.id, details: { endedSessions: count } },
        tx,
      );
      return count;
    });
    return { ended };
  }

  // ---- Two-step verification ----

  /** True when a TOTP code of `userId` is right and of a time step after the last one accepted (a code works once). */
  async function checkTotp(userId: string, code: string, tx: Tx): Promise<boolean> {
    const row = await securityRepo.findTotpForUpdate(userId, tx);
    if (!row?.enabledAt || row.secret === null) return false;
    const result = await verifyTotpCode({
      secret: row.secret,
      token: code,
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(row.lastUsedStep !== null ? { afterTimeStep: row.lastUsedStep } : {}),
    });
    if (!result.valid) return false;
    await securityRepo.setLastUsedStep(userId, timeStepOf(result), tx);
    return true;
  }

  /** A code from the app or an unused recovery code; either is used up by a success. */
  async function checkSecondFactor(userId: string, body: SecondFactorBody, tx: Tx): Promise<'totp' | 'recovery-code' | null> {
    if (body.code !== undefined) return (await checkTotp(userId, body.code, tx)) ? 'totp' : null;
    if (body.recoveryCode !== undefined)
      return (await securityRepo.useRecoveryCode(userId, hashRecoveryCode(body.recoveryCode), tx)) ? 'recovery-code' : null;
    return null;
  }

  async function isTotpEnabled(userId: string): Promise<boolean> {
    return !!(await securityRepo.findTotp(userId))?.enabledAt;
  }

  async function mfaStatus({ user, session }: { user: UserRow; session: SessionState }): Promise<MfaStatus> {
    return {
      isEnabled: await isTotpEnabled(user.id),
      isRequired: isAdminRole(user.role),
      isSessionVerified: session.mfaAt !== null,
      recoveryCodesLeft: await securityRepo.countUnusedRecoveryCodes(user.id),
      hasPassword: user.passwordHash !== null,
      reauthUntil: new Date(session.reauthAt.getTime() + REAUTH_WINDOW_MS).toISOString(),
    };
  }

  /** A new secret (not active until a code from it is confirmed), as a QR code and as text. */
  async function startTotpEnrolment({ user }: { user: UserRow }): Promise<TotpEnrolment> {
    const secret = generateSecret();
    if (!(await securityRepo.upsertPendingTotp(user.id, secret)))
      throw new AppError('MFA_ALREADY_ENABLED', 'Two-step verification is already on.');
    const uri = generateURI({ issuer: TOTP_ISSUER, label: user.email, secret });
    return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
  }

  async function issueRecoveryCodes(userId: string, tx: Tx): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await securityRepo.replaceRecoveryCodes(userId, codes.map(hashRecoveryCode), tx);
    return codes;
  }

  /** The first right code turns it on, marks this session verified and gives the recovery codes (shown once). */
  async function confirmTotpEnrolment({ user, session, code }: { user: UserRow; session: SessionState; code: string }): Promise<string[]> {
    return db.transaction(async (tx) => {
      const row = await securityRepo.findTotpForUpdate(user.id, tx);
      if (!row) throw new AppError('MFA_NOT_ENABLED', 'Start the set-up again: scan the new QR code.');
      if (row.enabledAt) throw new AppError('MFA_ALREADY_ENABLED', 'Two-step verification is already on.');
      if (row.secret === null) throw new AppError('MFA_NOT_ENABLED', 'Start the set-up again: scan the new QR code.');
      const result = await verifyTotpCode({ secret: row.secret, token: code, epochTolerance: TOTP_TOLERANCE_SECONDS });
      if (!result.valid) throw new AppError('INVALID_CODE', 'This code is not right. Check the time on your phone and try the next code.');
      await securityRepo.enableTotp(user.id, timeStepOf(result), tx);
      const codes = await issueRecoveryCodes(user.id, tx);
      await securityRepo.markSessionMfa(session.idHash, tx);
      await securityRepo.insertAudit({ actorId: user.id, action: 'mfa.enabled', targetId: user.id }, tx);
      return codes;
    });
  }

  async function regenerateRecoveryCodes({ user, session }: { user: UserRow; session: SessionState }): Promise<string[]> {
    assertRecentAuth(session);
    if (!(await isTotpEnabled(user.id))) throw new AppError('MFA_NOT_ENABLED', 'Two-step verification is off.');
    return db.transaction(async (tx) => {
      const codes = await issueRecoveryCodes(user.id, tx);
      await securityRepo.insertAudit({ actorId: user.id, action: 'mfa.recovery-codes', targetId: user.id }, tx);
      return codes;
    });
  }

  /** Turns it off (and no session counts as verified any more); admins and founders must keep it. */
  async function disableTotp({ user, session }: { user: UserRow; session: SessionState }) {
    if (isAdminRole(user.role)) throw new AppError('MFA_REQUIRED_FOR_ROLE', 'Admins and founders must keep two-step verification on.');
    assertRecentAuth(session);
    await db.transaction(async (tx) => {
      await securityRepo.deleteTotp(user.id, tx);
      await securityRepo.clearSessionsMfa(user.id, tx);
      await securityRepo.insertAudit({ actorId: user.id, action: 'mfa.disabled', targetId: user.id }, tx);
    });
  }

  /**
   * Re-authentication: the password, or a code from the app (each code once). Both are counted per
   * session, codes per account too, and the password per email as at sign-in (docs/decisions/064).
   */
  async function reauthenticate({ user, session, body }: { user: UserRow; session: SessionState; body: ReauthBody }) {
    if (body.password !== undefined) {
      if (!(await checkOwnPassword({ user, session }, body.password)))
        throw new AppError('WRONG_PASSWORD', 'Your password is not correct.');
      await securityRepo.markSessionReauth(session.idHash);
    } else {
      const keys = [accountKey(user.id), sessionKey(session.idHash)];
      await secondFactorThrottle.claimAttempt({ userId: user.id, keys });
      const isRight = await db.transaction(async (tx) => {
        if (!(await checkTotp(user.id, body.code!, tx))) return false;
        await securityRepo.markSessionReauth(session.idHash, tx);
        await secondFactorThrottle.recordSuccess(keys, tx);
        return true;
      });
      if (!isRight) {
        await securityRepo.insertAudit({ actorId: user.id, action: 'mfa.failed', targetId: user.id, details: { step: 'reauth' } });
        await secondFactorThrottle.recordFailure(user, keys);
        throw new AppError('INVALID_CODE', 'This code is not right, or it was already used. Wait for the next one.');
      }
    }
    return { reauthUntil: new Date(Date.now() + REAUTH_WINDOW_MS).toISOString() };
  }

  // ---- Sign-in's second step ----

  /** After a right password: a random challenge id for a short-lived cookie, stored hashed. */
  async function startChallenge({ user, userAgent }: { user: UserRow; userAgent: string | undefined }): Promise<string> {
    await securityRepo.deleteExpiredChallenges();
    const token = newToken();
    await securityRepo.insertChallenge({
      idHash: hashToken(token),
      userId: user.id,
      userAgent: userAgent?.slice(0, 512) ?? null,
      expiresAt: new Date(Date.now() + MFA_CHALLENGE_TTL_MS),
    });
    return token;
  }

  /** The code of a pending sign-in: the user to sign in, or an error (a few wrong codes end the challenge). */
  async function completeChallenge({
    token,
    body,
  }: {
    token: string | undefined;
    body: SecondFactorBody;
  }): Promise<{ user: UserRow; userAgent: string | null }> {
    const expired = () => new AppError('MFA_CHALLENGE_EXPIRED', 'Your sign-in has expired. Please type your password again.');
    if (!token) throw expired();
    const idHash = hashToken(token);
    const isLive = (challenge: { expiresAt: Date; attempts: number } | null): challenge is { expiresAt: Date; attempts: number } =>
      challenge !== null && challenge.expiresAt.getTime() > Date.now() && challenge.attempts < MFA_CHALLENGE_ATTEMPTS;
    // A first look, without a lock: the challenge is read again under its lock below.
    const pending = await securityRepo.findChallenge(idHash);
    if (!isLive(pending)) throw expired();
    // Counted per account, whichever challenge it comes through: a right password starts a new
    // challenge but clears nothing here (issue 24, item 2). A recovery code never waits.
    const keys = [accountKey(pending.userId)];
    await secondFactorThrottle.claimAttempt({ userId: pending.userId, keys, isNeverDelayed: body.recoveryCode !== undefined });
    const outcome = await db.transaction(async (tx) => {
      const challenge = await securityRepo.findChallengeForUpdate(idHash, tx);
      if (!isLive(challenge)) return { kind: 'expired' as const };
      const method = await checkSecondFactor(challenge.userId, body, tx);
      if (!method) {
        await securityRepo.countChallengeAttempt(idHash, tx);
        await securityRepo.insertAudit({ actorId: challenge.userId, action: 'mfa.failed', targetId: challenge.userId }, tx);
        return { kind: 'wrong' as const };
      }
      await securityRepo.deleteChallenge(idHash, tx);
      await secondFactorThrottle.recordSuccess(keys, tx);
      if (method === 'recovery-code')
        await securityRepo.insertAudit({ actorId: challenge.userId, action: 'mfa.recovery-code-used', targetId: challenge.userId }, tx);
      return { kind: 'ok' as const, userId: challenge.userId, userAgent: challenge.userAgent };
    });
    if (outcome.kind === 'expired') throw expired();
    if (outcome.kind === 'wrong') {
      const owner = await findUserById(db, pending.userId);
      if (owner) await secondFactorThrottle.recordFailure(owner, keys);
      throw new AppError('INVALID_CODE', 'This code is not right, or it was already used.');
    }
    const user = await findUserById(db, outcome.userId);
    if (!user) throw expired();
    return { user, userAgent: outcome.userAgent };
  }

  return {
    checkOwnPassword,
    changePassword,
    listSessions,
    endSession,
    endOtherSessions,
    isTotpEnabled,
    mfaStatus,
    startTotpEnrolment,
    confirmTotpEnrolment,
    regenerateRecoveryCodes,
    disableTotp,
    reauthenticate,
    startChallenge,
    completeChallenge,
  };
}
