import type { CurrentUser, SetupBody, SignInBody, SignUpBody } from '../../../common/contracts/auth.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, passwordWeakness, verifyPassword, type PasswordOwner } from '../../lib/password.ts';
import { countFounders, findUserByEmail } from '../../db/users.ts';
import * as repo from './auth.repository.ts';
import { consentStatusFor, type ConsentService } from '../consent/consent.service.ts';
import { PRIVACY_NOTICE_VERSION } from '../../../common/domain/privacy.ts';
import { runHooks, type UserHook } from '../../lib/account-events.ts';
import { hashToken, newToken, type UserRow } from '../../lib/session.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

/** A function other modules register to react to an account event (e.g. accepting mentoring invitations). */

export function toCurrentUser(u: UserRow): CurrentUser {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    isResponder: u.isResponder,
    onboardingComplete: u.onboardingStatus !== 'pending',
    onboardingStatus: u.onboardingStatus,
    mentorName: u.mentorName,
    createdAt: u.createdAt.toISOString(),
    locale: u.locale === 'fr' ? 'fr' : 'en',
    isEmailVerified: u.emailVerifiedAt !== null,
    consentStatus: u.consentStatus,
    consentNeeded: u.birthYear === null ? 'details' : (u.privacyNoticeVersion ?? 0) < PRIVACY_NOTICE_VERSION ? 'notice' : null,
  };
}

const INVALID = 'Incorrect email or password.';

export class AuthService {
  /** A real hash (at this app's cost) to compare against when the email is unknown, so both failures take the same time. */
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    private readonly scryptCost: number,
    private readonly onUserCreated: UserHook[],
    private readonly throttle: SignInThrottle,
    private readonly consent: Pick<ConsentService, 'recordSignUp' | 'wake'>,
  ) {}

  private checkPasswordStrength(password: string, owner: PasswordOwner) {
    const weakness = passwordWeakness(password, owner);
    if (weakness) throw new AppError('WEAK_PASSWORD', weakness);
  }


  async signIn({ email, password }: SignInBody): Promise<UserRow> {
    // Counted before the hash: a throttled attempt (429) costs no scrypt and learns nothing.
    await this.throttle.claimAttempt(email);
    const user = await findUserByEmail(this.db, email);
    if (!user?.passwordHash) {
      // Not kept when it failed (a full hash queue), or every later unknown email would fail the same way.
      this.dummyHash ??= hashPassword('not-a-real-password', this.scryptCost).catch((err: unknown) => {
        this.dummyHash = undefined;
        throw err;
      });
      await verifyPassword(password, await this.dummyHash);
      await this.throttle.recordFailure(email, null);
      throw new AppError('INVALID_CREDENTIALS', INVALID);
    }
    if (!(await verifyPassword(password, user.passwordHash))) {
      await this.throttle.recordFailure(email, user);
      throw new AppError('INVALID_CREDENTIALS', INVALID);
    }
    await this.throttle.recordSuccess(email);
    return user;
  }

  async signUp(body: SignUpBody, role: UserRow['role'] = 'user'): Promise<UserRow> {
    this.checkPasswordStrength(body.password, body);
    const passwordHash = await hashPassword(body.password, this.scryptCost);
    // The account, its consent records, a parent's mail and what the account-event hooks write (the
    // verification mail, accepted invitations) commit together, in one commit.
    const user = await this.db.transaction(async (tx) => {
      const created = await repo.insertUser(tx, {
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        role,
        passwordHash,
        locale: body.locale ?? 'en',
        birthYear: body.birthYear,
        birthMonth: body.birthMonth,
        residenceCountry: body.country,
        consentStatus: consentStatusFor(body),
        privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      });
      if (!created) throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Try signing in instead.');
      await this.consent.recordSignUp(tx, created, body.parentEmail);
      await runHooks(this.onUserCreated, tx, created);
      return created;
    });
    // The mail written above is committed. The route wakes the mail workers once its answer is out
    // (wakeMail): started now, the sending would share the process with the rest of the request.
    return user;
  }

  /** The mail workers look for new mail now (after a sign-up's answer was sent). */
  wakeMail(): void {
    this.consent.wake();
  }

  /** Finds or creates the account of an OpenID Connect identity; an existing account with the same verified email is linked. */
  async signInWithOidc(claims: { subject: string; email?: string; emailVerified?: boolean; givenName?: string; familyName?: string; username?: string }): Promise<UserRow> {
    const known = await repo.findUserByOidcSubject(this.db, claims.subject);
    if (known) return known;
    if (!claims.email) throw new AppError('BAD_REQUEST', 'Your identity provider did not share an email address.');
    const byEmail = await findUserByEmail(this.db, claims.email);
    if (byEmail) {
      if (!claims.emailVerified) throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Sign in with your password.');
      await repo.linkOidcSubject(this.db, byEmail.id, claims.subject);
      return byEmail;
    }
    const user = await repo.insertUser(this.db, {
      email: claims.email.toLowerCase(),
      firstName: claims.givenName ?? null,
      lastName: claims.familyName ?? null,
      username: claims.username ?? null,
      oidcSubject: claims.subject,
      emailVerifiedAt: claims.emailVerified ? new Date() : null,
    });
    if (!user) throw new AppError('CONFLICT', 'Could not create your account. Please try again.');
    await this.afterCreate(user);
    return user;
  }

  private async afterCreate(user: UserRow) {
    await runHooks(this.onUserCreated, this.db, user);
  }

  /** On a fresh install (no founder yet) creates a new one-time setup token and returns it; otherwise null. */
  async issueSetupTokenIfNeeded(): Promise<string | null> {
    if ((await countFounders(this.db)) > 0) return null;
    const token = newToken();
    await repo.replaceSetupToken(this.db, hashToken(token));
    return token;
  }

  async isSetupTokenValid(token: string): Promise<boolean> {
    return (await countFounders(this.db)) === 0 && (await repo.isSetupTokenUsable(this.db, hashToken(token)));
  }

  /** Creates the founder and uses up the setup token in one transaction: a refused form (email taken) leaves the link usable. */
  async createFounder(body: SetupBody): Promise<UserRow> {
    this.checkPasswordStrength(body.password, body);
    const invalid = () => new AppError('SETUP_TOKEN_INVALID', 'This setup link has already been used or has expired.');
    if ((await countFounders(this.db)) > 0 || !(await repo.isSetupTokenUsable(this.db, hashToken(body.token)))) throw invalid();
    // Hashed before the transaction opens, so no transaction waits on scrypt.
    const passwordHash = await hashPassword(body.password, this.scryptCost);
    const user = await this.db.transaction(async (tx) => {
      if (!(await repo.consumeSetupToken(tx, hashToken(body.token)))) throw invalid();
      const created = await repo.insertUser(tx, { email: body.email, firstName: body.firstName, lastName: body.lastName, role: 'founder', passwordHash });
      if (!created) throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Try signing in instead.');
      await runHooks(this.onUserCreated, tx, created);
      return created;
    });
    this.consent.wake();
    return user;
  }

}
