import type { SetupBody, SignInBody, SignUpBody, SignUpConfirmBody } from '#common/contracts/auth.ts';
import { PRIVACY_NOTICE_VERSION } from '#common/domain/privacy.ts';

import type { Db } from '../../db/client.ts';
import { countFounders, findUserByEmail } from '../../db/users.ts';
import { runHooks, type UserHook } from '../../lib/account-events.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertStrongPassword, hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken, type UserRow } from '../../lib/session.ts';
import { consentStatusFor, type ConsentService } from '../consent/consent.service.ts';
import type { MailSender } from '../mail/mail.service.ts';
import { toMailLocale } from '../mail/mail.templates.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

/** How long a sign-up link works (decision 037). */
export const SIGN_UP_TTL_MS = 48 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

/** A function other modules register to react to an account event (e.g. accepting mentoring invitations). */

const INVALID = 'Incorrect email or password.';

interface AuthDeps {
  db: Db;
  authRepo: AuthRepository;
  scryptCost: number;
  /** Run in the transaction that creates an account (sign-up link, founder setup, first OpenID sign-in). */
  onUserCreated: UserHook[];
  throttle: SignInThrottle;
  consent: Pick<ConsentService, 'recordSignUp' | 'wake'>;
  mail: MailSender;
}

/** Sign-in, sign-up (decision 037), founder setup and OpenID accounts. */
export function authServiceFactory({ db, authRepo: repo, scryptCost, onUserCreated, throttle, consent, mail }: AuthDeps) {
  /** A real hash (at this app's cost) to compare against when the email is unknown, so both failures take the same time. */
  let dummyHash: Promise<string> | undefined;

  async function signIn({ email, password }: SignInBody): Promise<UserRow> {
    // Counted before the hash: a throttled attempt (429) costs no scrypt and learns nothing.
    await throttle.claimAttempt(email);
    const user = await findUserByEmail(db, email);
    if (!user?.passwordHash) {
      // Not kept when it failed (a full hash queue), or every later unknown email would fail the same way.
      dummyHash ??= hashPassword('not-a-real-password', scryptCost).catch((err: unknown) => {
        dummyHash = undefined;
        throw err;
      });
      await verifyPassword(password, await dummyHash);
      await throttle.recordFailure(email, null);
      throw new AppError('INVALID_CREDENTIALS', INVALID);
    }
    if (!(await verifyPassword(password, user.passwordHash))) {
      await throttle.recordFailure(email, user);
      throw new AppError('INVALID_CREDENTIALS', INVALID);
    }
    await throttle.recordSuccess(email);
    return user;
  }

  /**
   * A sign-up answers the same whether or not the address has an account (issue 10, defect 8;
   * decision 037): the password is hashed either way, and a mail goes to the address. A new address
   * gets a link that creates the account; an existing account's owner is told someone tried, with
   * the way to sign in or reset the password. `browserToken` is the cookie given to this browser.
   */
  async function signUp(body: SignUpBody, browserToken: string): Promise<void> {
    assertStrongPassword(body.password, body);
    const passwordHash = await hashPassword(body.password, scryptCost);
    const email = body.email.toLowerCase();
    const now = Date.now();
    const existing = await findUserByEmail(db, email);
    await db.transaction(async (tx) => {
      if (existing) {
        // Once a day at most: repeated sign-ups must not flood the owner's mailbox.
        if (await repo.wasMailedSince(existing.email, 'sign-up-existing', new Date(now - DAY_MS), tx)) return;
        await mail.enqueueFor(tx, existing, {
          kind: 'sign-up-existing',
          content: {
            subject: 'signUpExisting.subject',
            paragraphs: ['signUpExisting.intro', 'signUpExisting.ifYou'],
            action: { label: 'signUpExisting.action', url: mail.link('/login') },
            after: ['signUpExisting.forgot', 'signUpExisting.notYou'],
          },
        });
        return;
      }
      // Every request for a new address mails its own link, with no cap per address: a stranger's
      // sign-ups must not stop the owner's from mailing (issue 24, item 5; docs/decisions/064). Each
      // link needs its own browser or password, and a stranger's later sign-up voids none of them.
      const token = newToken();
      const { firstName, lastName, birthYear, birthMonth, country, parentEmail } = body;
      await repo.insertPendingSignUp(
        {
          tokenHash: hashToken(token),
          email,
          browserHash: hashToken(browserToken),
          passwordHash,
          details: {
            firstName,
            lastName,
            locale: body.locale ?? 'en',
            birthYear,
            birthMonth,
            country,
            ...(parentEmail ? { parentEmail } : {}),
          },
          expiresAt: new Date(now + SIGN_UP_TTL_MS),
        },
        tx,
      );
      await mail.enqueue(tx, {
        to: email,
        locale: toMailLocale(body.locale),
        kind: 'confirm-sign-up',
        content: {
          subject: 'confirmSignUp.subject',
          name: firstName,
          paragraphs: ['confirmSignUp.intro'],
          action: { label: 'confirmSignUp.action', url: mail.link(`/confirm-sign-up/${token}`) },
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
  async function confirmSignUp(body: SignUpConfirmBody, browserToken: string | undefined): Promise<UserRow> {
    const tokenHash = hashToken(body.token);
    const invalid = () => new AppError('LINK_INVALID', 'This link is not valid. Sign up again to get a new one.');
    const check = (row: Awaited<ReturnType<typeof repo.findPendingSignUp>>) => {
      if (!row) throw invalid();
      if (row.expiresAt.getTime() <= Date.now())
        throw new AppError('LINK_EXPIRED', 'This link has expired. Sign up again to get a new one.');
      return row;
    };
    // The password, when needed, is checked before the transaction, so no lock waits on scrypt.
    const pending = check(await repo.findPendingSignUp(tokenHash));
    const isSameBrowser = browserToken !== undefined && hashToken(browserToken) === pending.browserHash;
    if (!isSameBrowser) {
      if (body.password === undefined)
        throw new AppError(
          'SIGN_UP_PASSWORD_NEEDED',
          'This link was opened in another browser: type the password you chose when you signed up.',
        );
      if (!(await verifyPassword(body.password, pending.passwordHash)))
        throw new AppError('WRONG_PASSWORD', 'This password is not correct.');
    }
    const user = await db.transaction(async (tx) => {
      const row = check(await repo.lockPendingSignUp(tokenHash, tx));
      await repo.deletePendingSignUpsOf(row.email, tx);
      const d = row.details;
      const created = await repo.insertUser(
        {
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
        },
        tx,
      );
      // An account was made for this address meanwhile (another link, OpenID): this link is spent.
      if (!created) return null;
      // The account, its consents, a parent's mail and what the account-event hooks write (accepted
      // invitations) commit together.
      await consent.recordSignUp(tx, created, d.parentEmail);
      await runHooks(onUserCreated, tx, created);
      return created;
    });
    if (!user) throw new AppError('LINK_USED', 'This address already has an account. Sign in instead.');
    // The mail written above is committed. The route wakes the mail workers once its answer is out
    // (wakeMail): started now, the sending would share the process with the rest of the request.
    return user;
  }

  /** The mail workers look for new mail now (after a sign-up's or a sign-up link's answer was sent). */
  function wakeMail(): void {
    mail.wake();
  }

  /** Forgets expired sign-up links and what was typed with them (an hourly job). */
  async function prunePendingSignUps(): Promise<void> {
    await repo.prunePendingSignUps(new Date());
  }

  /** Finds or creates the account of an OpenID Connect identity; an existing account with the same verified email is linked. */
  async function signInWithOidc(claims: {
    subject: string;
    email?: string;
    emailVerified?: boolean;
    givenName?: string;
    familyName?: string;
    username?: string;
  }): Promise<UserRow> {
    const known = await repo.findUserByOidcSubject(claims.subject);
    if (known) return known;
    if (!claims.email) throw new AppError('BAD_REQUEST', 'Your identity provider did not share an email address.');
    const byEmail = await findUserByEmail(db, claims.email);
    if (byEmail) {
      if (!claims.emailVerified)
        throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Sign in with your password.');
      await repo.linkOidcSubject(byEmail.id, claims.subject);
      return byEmail;
    }
    const user = await repo.insertUser({
      email: claims.email.toLowerCase(),
      firstName: claims.givenName ?? null,
      lastName: claims.familyName ?? null,
      username: claims.username ?? null,
      oidcSubject: claims.subject,
      emailVerifiedAt: claims.emailVerified ? new Date() : null,
    });
    if (!user) throw new AppError('CONFLICT', 'Could not create your account. Please try again.');
    await afterCreate(user);
    return user;
  }

  async function afterCreate(user: UserRow) {
    await runHooks(onUserCreated, db, user);
  }

  /**
   * At a start: a new setup link, unless another instance issued one in the last minute (several
   * instances starting together print one valid link between them, issue 28); null with a founder.
   */
  async function issueSetupLinkAtStart(): Promise<{ token: string } | { issuedElsewhereAt: Date } | null> {
    if ((await countFounders(db)) > 0) return null;
    const token = newToken();
    const issuedElsewhereAt = await repo.replaceSetupToken(hashToken(token), new Date(Date.now() - 60_000));
    return issuedElsewhereAt ? { issuedElsewhereAt } : { token };
  }

  async function isSetupTokenValid(token: string): Promise<boolean> {
    return (await countFounders(db)) === 0 && (await repo.isSetupTokenUsable(hashToken(token)));
  }

  /** Creates the founder and uses up the setup token in one transaction: a refused form (email taken) leaves the link usable. */
  async function createFounder(body: SetupBody): Promise<UserRow> {
    assertStrongPassword(body.password, body);
    const invalid = () => new AppError('SETUP_TOKEN_INVALID', 'This setup link has already been used or has expired.');
    if ((await countFounders(db)) > 0 || !(await repo.isSetupTokenUsable(hashToken(body.token)))) throw invalid();
    // Hashed before the transaction opens, so no transaction waits on scrypt.
    const passwordHash = await hashPassword(body.password, scryptCost);
    const user = await db.transaction(async (tx) => {
      if (!(await repo.consumeSetupToken(hashToken(body.token), tx))) throw invalid();
      const created = await repo.insertUser(
        { email: body.email, firstName: body.firstName, lastName: body.lastName, role: 'founder', passwordHash },
        tx,
      );
      if (!created) throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Try signing in instead.');
      await runHooks(onUserCreated, tx, created);
      return created;
    });
    consent.wake();
    return user;
  }

  return {
    signIn,
    signUp,
    confirmSignUp,
    wakeMail,
    prunePendingSignUps,
    signInWithOidc,
    issueSetupLinkAtStart,
    isSetupTokenValid,
    createFounder,
  };
}

export type AuthService = ReturnType<typeof authServiceFactory>;
