import { and, desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, expect, inject } from 'vitest';

import { PRIVACY_NOTICE_VERSION } from '#common/domain/privacy.ts';
import { isAdminRole } from '#common/domain/roles.ts';
import { buildApp, type App, type BuildOptions } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { mailOutbox, users } from '#server/db/schema/index.ts';
import { hashPassword } from '#server/lib/password.ts';
import { createSession, SESSION_COOKIE } from '#server/lib/session.ts';
import { SIGN_UP_COOKIE } from '#server/modules/auth/auth.routes.ts';

import { cloneTemplateDatabase } from './postgres.ts';
import type { TestSmtp } from './smtp.ts';

export interface TestAppOptions {
  env?: Record<string, string>;
  rateLimits?: BuildOptions['rateLimits'];
  /** Receives the app's JSON log lines (the app logs nothing otherwise). */
  logLines?: string[];
  /** Workers and schedules are off unless a test needs them (jobs are still written). */
  jobs?: BuildOptions['jobs'];
  mail?: BuildOptions['mail'];
  hashLimits?: BuildOptions['hashLimits'];
  /** A built client to serve (index.html, assets; the prerendered landing page when its renderer is beside it). */
  clientDir?: string;
  /** Production's scrypt cost (N=2^17) instead of the tests' cheap N=2^10. */
  isProductionPasswordCost?: boolean;
}

/** The key sealing two-step secrets in tests (32 bytes in base64), so no test writes a key file under ./data. */
export const TEST_MFA_KEY = Buffer.alloc(32, 7).toString('base64');

/**
 * The whole app on this test file's own fresh database (cloned from the migrated, seeded
 * template). Closed and dropped after the file's tests.
 */
export async function createTestApp(opts: TestAppOptions = {}): Promise<App> {
  const database = await cloneTemplateDatabase(inject('databaseAdminUrl'));
  // Mail waits in the outbox as on a server unless a test asks for the laptop's local mailbox (decision 059).
  const config = loadConfig({ MFA_ENCRYPTION_KEY: TEST_MFA_KEY, LOCAL_MAILBOX: 'off', ...opts.env });
  const logger = opts.logLines ? { stream: { write: (line: string) => void opts.logLines!.push(line) } } : undefined;
  const app = await buildApp({
    config,
    databaseUrl: database.url,
    // Cheap hashes save the suite's CPU; server/lib/password.test.ts checks production's cost.
    scryptCost: opts.isProductionPasswordCost ? undefined : 10,
    rateLimits: opts.rateLimits ?? { auth: 1000, forms: 1000, admin: 100_000 },
    jobs: opts.jobs ?? { isRunningWorkers: false },
    mail: opts.mail,
    hashLimits: opts.hashLimits,
    clientDir: opts.clientDir,
    logger,
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.drop();
  });
  return app;
}

/** A 400 VALIDATION_FAILED answer whose message names `field` and says `message`. */
export function expectValidationFailed(
  res: { statusCode: number; json: () => { code: string; message: string } },
  field: string,
  message: string,
) {
  expect(res.statusCode).toBe(400);
  expect(res.json().code).toBe('VALIDATION_FAILED');
  expect(res.json().message).toContain(field);
  expect(res.json().message).toContain(message);
}

/** What a sign-up adds for an adult in France who agrees to the privacy notice (no parent needed). */
export const adultSignUp = { birthYear: 2000, birthMonth: 1, country: 'FR', faithDataConsent: true } as const;

export type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string };

let counter = 0;
/** Inserts a user directly (onboarded unless told otherwise) and returns it. */
export async function createUser(db: Db, overrides: UserOverrides = {}) {
  counter++;
  const { password, ...rest } = overrides;
  const [user] = await db
    .insert(users)
    .values({
      email: `user${counter}-${Math.random().toString(36).slice(2, 7)}@example.org`,
      firstName: `First${counter}`,
      lastName: `Last${counter}`,
      onboardingStatus: 'completed',
      // An adult who agreed to the current privacy notice at sign-up.
      birthYear: 2000,
      birthMonth: 1,
      residenceCountry: 'FR',
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      passwordHash: password ? await hashPassword(password, 10) : null,
      ...rest,
    })
    .returning();
  return user!;
}

/** A Cookie header value for a new session of `userId`. */
export async function sessionCookie(app: App, userId: string): Promise<string> {
  return `${SESSION_COOKIE}=${await createSession(app.db, userId, app.sessionPolicy)}`;
}

/**
 * The code an authenticator app shows for `secret`, `stepOffset` 30-second steps from now (the
 * server accepts one step either side, and each step once).
 */
export function totpCodeFor(secret: string, stepOffset = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * 30 });
}

/**
 * Turns two-step verification on through the API, as a person does in the settings: asks for a
 * secret, answers with the code computed from it. The session becomes verified (the admin console
 * opens to it). Returns the secret and the recovery codes.
 */
export async function enrolTotp(app: App, cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await app.inject({ method: 'POST', url: '/api/account/mfa/totp/setup', headers: { cookie } });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/account/mfa/totp/confirm',
    headers: { cookie },
    payload: { code: await totpCodeFor(secret) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, recoveryCodes: (confirm.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/**
 * Creates a user and returns it with a signed-in cookie. An admin or founder enrols two-step
 * verification with a real code first (the admin console requires it), so `totpSecret` is set for them.
 */
export async function signedInUser(app: App, overrides: UserOverrides = {}) {
  const user = await createUser(app.db, overrides);
  const cookie = await sessionCookie(app, user.id);
  const totpSecret = isAdminRole(user.role) ? (await enrolTotp(app, cookie)).secret : undefined;
  return { user, cookie, totpSecret };
}

/** Reads the session token a response set, if any. */
export function sessionTokenFrom(res: { cookies: { name: string; value: string }[] }): string | undefined {
  return res.cookies.find((c) => c.name === SESSION_COOKIE && c.value)?.value;
}

/** The token of the last sign-up link mailed to `email` (read from the outbox, as the mail carries it). */
export async function signUpTokenFor(db: Db, email: string): Promise<string> {
  const [mail] = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email.toLowerCase()), eq(mailOutbox.kind, 'confirm-sign-up')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = mail && /\/confirm-sign-up\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no sign-up link was mailed to ${email}`);
  return token;
}

/**
 * With a mail server, the sign-up link's token: from the outbox while the mail waits there, else
 * from the delivered mail, as a sent mail's row keeps no token (decision 063).
 */
async function signUpTokenMailed(db: Db, smtp: Pick<TestSmtp, 'received'>, email: string, earlier: Set<unknown>): Promise<string> {
  const pattern = /\/confirm-sign-up\/([A-Za-z0-9_-]{43})/;
  for (let i = 0; i < 200; i++) {
    const delivered = smtp.received.find((m) => !earlier.has(m) && m.to.includes(email.toLowerCase()) && pattern.test(m.text));
    if (delivered) return pattern.exec(delivered.text)![1]!;
    const waiting = await signUpTokenFor(db, email).catch(() => undefined);
    if (waiting) return waiting;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no sign-up link was mailed to ${email}`);
}

/**
 * Signs up through the API and opens the mailed link in the same browser, as a person does
 * (decision 037). Returns the confirmation's answer (200 with the user, and the session cookie), or
 * the sign-up's own answer when it refused the form (a 4xx).
 */
export async function signUpAndConfirm(
  app: App,
  body: Record<string, unknown> & { email: string },
  headers: Record<string, string> = {},
  smtp?: Pick<TestSmtp, 'received'>,
) {
  const earlier = new Set(smtp?.received);
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up', headers, payload: body });
  if (res.statusCode !== 202) return res;
  const browser = res.cookies.find((c) => c.name === SIGN_UP_COOKIE)!.value;
  const token = smtp ? await signUpTokenMailed(app.db, smtp, body.email, earlier) : await signUpTokenFor(app.db, body.email);
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/confirm',
    headers: { ...headers, cookie: `${SIGN_UP_COOKIE}=${browser}` },
    payload: { token },
  });
}
