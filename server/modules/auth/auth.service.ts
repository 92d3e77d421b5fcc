import type { CurrentUser, SetupBody, SignInBody, SignUpBody, SignUpConfirmBody } from '../../../common/contracts/auth.ts';
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
import type { MailService } from '../mail/mail.service.ts';
import { toMailLocale } from '../mail/mail.templates.ts';

/** How long a sign-up link works (decision 037). */
export const SIGN_UP_TTL_MS = 48 * 3_600_000;
/** Sign-ups waiting for one address within a day beyond which no further link is mailed there (the answer stays the same). */
const MAX_PENDING_PER_DAY = 3;
const DAY_MS = 24 * 3_600_000;

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
    private readonly mail: Pick<MailService, 'enqueue' | 'wake' | 'link'>,
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

  /**
   * A sign-up answers the same whether or not the address has an account (issue 10, defect 8;
   * decision 037): the password is hashed either way, and a mail goes to the address. A new address
   * gets a link that creates the account; an existing account's owner is told someone tried, with
   * the way to sign in or reset the password. `browserToken` is the cookie given to this browser.
   */
  async signUp(body: SignUpBody, browserToken: string): Promise<void> {
    this.checkPasswordStrength(body.password, body);
    const passwordHash = await hashPassword(body.password, this.scryptCost);
    const email = body.email.toLowerCase();
    const now = Date.now();
    const existing = await findUserByEmail(this.db, email);
    await this.db.transaction(async (tx) => {
      if (existing) {
        // Once a day at most: repeated sign-ups must not flood the owner's mailbox.
        if (await repo.wasMailedSince(tx, existing.email, 'sign-up-existing', new Date(now - DAY_MS))) return;
        await this.mail.enqueue(tx, {
          to: existing.email,
          locale: toMailLocale(existing.locale),
          kind: 'sign-up-existing',
          content: {
            subject: 'signUpExisting.subject',
            name: existing.firstName,
            paragraphs: ['signUpExisting.intro', 'signUpExisting.ifYou'],
            action: { label: 'signUpExisting.action', url: this.mail.link('/login') },
            after: ['signUpExisting.forgot', 'signUpExisting.notYou'],
          },
        });
        return;
      }
      if ((await repo.countPendingSignUps(tx, email, new Date(now - DAY_MS))) >= MAX_PENDING_PER_DAY) return;
      const token = newToken();
      const { firstName, lastName, birthYear, birthMonth, country, parentEmail } = body;
      await repo.insertPendingSignUp(tx, {
        tokenHash: hashToken(token),
        email,
        browserHash: hashToken(browserToken),
        passwordHash,
        details: { firstName, lastName, locale: body.locale ?? 'en', birthYear, birthMonth, country, ...(parentEmail ? { parentEmail } : {}) },
        expiresAt: new Date(now + SIGN_UP_TTL_MS),
      });
      await this.mail.enqueue(tx, {
        to: email,
        locale: toMailLocale(body.locale),
        kind: 'confirm-sign-up',
        content: {
          subject: 'confirmSignUp.subject',
          name: firstName,
          paragraphs: ['confirmSignUp.intro'],
          action: { label: 'confirmSignUp.action', url: this.mail.link(`/confirm-sign-up/${token}`) },
          after: ['confirmSignUp.expiry'],
        },
      });
    });
    // The mail is committed; the route wakes the mail workers once its answer is out (wakeMail).
  }

  /**
   * The link of a sign-up mail: creates the account (its address now proven) with the sign-up's
   * details and consents. Opened in the browser that signed up (its cookie), nothing more is asked;
   * elsewhere the password chosen at sign-up is, so whoever signed up someone else's address cannot
   * hand them an account whose password they know, nor finish it without the mailbox.
   */
  async confirmSignUp(body: SignUpConfirmBody, browserToken: string | undefined): Promise<UserRow> {
    const tokenHash = hashToken(body.token);
    const invalid = () => new AppError('LINK_INVALID', 'This link is not valid. Sign up again to get a new one.');
    const check = (row: Awaited<ReturnType<typeof repo.findPendingSignUp>>) => {
      if (!row) throw invalid();
      if (row.expiresAt.getTime() <= Date.now()) throw new AppError('LINK_EXPIRED', 'This link has expired. Sign up again to get a new one.');
      return row;
    };
    // The password, when needed, is checked before the transaction, so no lock waits on scrypt.
    const pending = check(await repo.findPendingSignUp(this.db, tokenHash));
    const isSameBrowser = browserToken !== undefined && hashToken(browserToken) === pending.browserHash;
    if (!isSameBrowser) {
      if (body.password === undefined)
        throw new AppError('SIGN_UP_PASSWORD_NEEDED', 'This link was opened in another browser: type the password you chose when you signed up.');
      if (!(await verifyPassword(body.password, pending.passwordHash))) throw new AppError('WRONG_PASSWORD', 'This password is not correct.');
    }
    const user = await this.db.transaction(async (tx) => {
      const row = check(await repo.lockPendingSignUp(tx, tokenHash));
      await repo.deletePendingSignUpsOf(tx, row.email);
      const d = row.details;
      const created = await repo.insertUser(tx, {
        email: row.email,
        firstName: d.firstName,
        lastName: d.lastName,
        role: 'user',
        passwordHash: row.passwordHash,
        locale: d.locale,
        birthYear: d.birthYear,
        birthMonth: d.birthMonth,
        residenceCountry: d.country,
        consentStatus: consentStatusFor(d),
        privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
        emailVerifiedAt: new Date(),
      });
      // An account was made for this address meanwhile (another link, OpenID): this link is spent.
      if (!created) return null;
      // The account, its consents, a parent's mail and what the account-event hooks write (accepted
      // invitations) commit together.
      await this.consent.recordSignUp(tx, created, d.parentEmail);
      await runHooks(this.onUserCreated, tx, created);
      return created;
    });
    if (!user) throw new AppError('LINK_USED', 'This address already has an account. Sign in instead.');
    // The mail written above is committed. The route wakes the mail workers once its answer is out
    // (wakeMail): started now, the sending would share the process with the rest of the request.
    return user;
  }

  /** The mail workers look for new mail now (after a sign-up's or a sign-up link's answer was sent). */
  wakeMail(): void {
    this.mail.wake();
  }

  /** Forgets expired sign-up links and what was typed with them (an hourly job). */
  async prunePendingSignUps(): Promise<void> {
    await repo.prunePendingSignUps(this.db, new Date());
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
