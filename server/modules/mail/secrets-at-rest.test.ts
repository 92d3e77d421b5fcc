import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { adultSignUp, createTestApp, createUser, signedInUser } from '#test/app.ts';
import { outboxSettled, startTestSmtp, type ReceivedMail } from '#test/smtp.ts';

import { mailOutbox } from '../../db/schema/index.ts';
import { SIGN_UP_COOKIE } from '../auth/auth.routes.ts';
import { unsubscribeLinksFactory } from './unsubscribe.ts';

/**
 * Decision 063: once a mail has gone, its row in the outbox holds no usable secret link. A database
 * dump or backup taken after sending cannot reset a password, confirm a sign-up or an address,
 * answer for a parent or unsubscribe anyone; the link in the delivered mail still works.
 */
const smtp = await startTestSmtp();
afterAll(() => smtp.stop());
const app = await createTestApp({
  env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://god.test' },
  jobs: { isRunningWorkers: true, pollingIntervalSeconds: 0.5 },
});
const json = { 'content-type': 'application/json' };

/** The token after `prefix` in the delivered mail's text, which the HTML carries too. */
function tokenIn(mail: ReceivedMail, prefix: string): string {
  const token = new RegExp(`https://god\\.test${prefix}([^\\s/?#<>"')\\]]+)`).exec(mail.text)?.[1];
  if (!token) throw new Error(`no ${prefix} link in: ${mail.text}`);
  expect(mail.html).toContain(token);
  return token;
}

/** Every column of every outbox row to this address, as text: the token must be in none of them. */
async function storedRowsTo(email: string): Promise<string> {
  await outboxSettled(app.db);
  const rows = await app.db.execute(
    sql`select row_to_json(m)::text as row, m.status from mail_outbox m where lower(m.to_address) = lower(${email})`,
  );
  expect(rows.rows.length).toBeGreaterThan(0);
  for (const r of rows.rows as { status: string }[]) expect(r.status).toBe('sent');
  return (rows.rows as { row: string }[]).map((r) => r.row).join('\n');
}

describe('a sent mail keeps no live secret in the outbox', () => {
  it('sign-up link: gone from the row, and the delivered link still creates the account', async () => {
    const email = 'lea.signup@example.org';
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: json,
      payload: { firstName: 'Léa', lastName: 'Martin', email, password: 'walking in the light', ...adultSignUp },
    });
    expect(res.statusCode).toBe(202);
    const token = tokenIn(await smtp.waitFor((m) => m.to.includes(email)), '/confirm-sign-up/');
    const stored = await storedRowsTo(email);
    expect(stored).not.toContain(token);
    expect(stored).toContain('/confirm-sign-up/[hidden]');
    const browser = res.cookies.find((c) => c.name === SIGN_UP_COOKIE)!.value;
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/confirm',
      headers: { ...json, cookie: `${SIGN_UP_COOKIE}=${browser}` },
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email });
  });

  it('password-reset link: gone from the row, and the delivered link still sets a new password', async () => {
    const user = await createUser(app.db, { password: 'an old passphrase here' });
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/password-reset', headers: json, payload: { email: user.email } })).statusCode,
    ).toBe(202);
    const token = tokenIn(await smtp.waitFor((m) => m.to.includes(user.email)), '/reset-password/');
    expect(await storedRowsTo(user.email)).not.toContain(token);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      headers: json,
      payload: { token, password: 'a brand new passphrase' },
    });
    expect(reset.statusCode).toBeLessThan(300);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: json,
      payload: { email: user.email, password: 'a brand new passphrase' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('verification link: gone from the row, and the delivered link still confirms the address', async () => {
    const { user, cookie } = await signedInUser(app, { emailVerifiedAt: null });
    expect((await app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: { cookie } })).statusCode).toBe(202);
    const token = tokenIn(await smtp.waitFor((m) => m.to.includes(user.email)), '/verify-email/');
    expect(await storedRowsTo(user.email)).not.toContain(token);
    expect((await app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: json, payload: { token } })).statusCode).toBe(204);
  });

  it("parent-consent link: gone from the row, and the delivered link still opens the parent's page", async () => {
    const parent = 'parent.of.noa@example.org';
    const now = new Date();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: json,
      payload: {
        firstName: 'Noa',
        lastName: 'Petit',
        email: 'noa.young@example.org',
        password: 'walking in the light',
        birthYear: now.getUTCFullYear() - 13,
        birthMonth: 1,
        country: 'FR',
        faithDataConsent: true,
        parentEmail: parent,
      },
    });
    expect(res.statusCode).toBe(202);
    // The young person's own sign-up link first; the parent's mail leaves once the account exists.
    const own = tokenIn(await smtp.waitFor((m) => m.to.includes('noa.young@example.org')), '/confirm-sign-up/');
    const browser = res.cookies.find((c) => c.name === SIGN_UP_COOKIE)!.value;
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/confirm',
          headers: { ...json, cookie: `${SIGN_UP_COOKIE}=${browser}` },
          payload: { token: own },
        })
      ).statusCode,
    ).toBe(200);
    const token = tokenIn(await smtp.waitFor((m) => m.to.includes(parent)), '/parent-consent/');
    expect(await storedRowsTo(parent)).not.toContain(token);
    const page = await app.inject({ method: 'GET', url: `/api/parent-consent/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ childFirstName: 'Noa' });
  });

  it('unsubscribe link, in the text, the HTML and the List-Unsubscribe header: gone from the row, and the delivered link still works', async () => {
    const user = await createUser(app.db, { notifyEncouragement: true });
    const links = unsubscribeLinksFactory({ db: app.db, siteUrl: 'https://god.test' });
    const { url, headers } = await links.headersFor('encouragement', user.id);
    await app.db.transaction((tx) =>
      app.mail.enqueue(tx, {
        to: user.email,
        locale: 'en',
        kind: 'encouragement',
        headers,
        content: {
          subject: 'encouragement.subject',
          paragraphs: ['encouragement.first'],
          unsubscribe: { label: 'encouragement.unsubscribe', url },
        },
      }),
    );
    app.mail.wake();
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    const token = tokenIn(mail, '/unsubscribe/');
    expect((mail.headers.get('list') as { unsubscribe: { url: string } }).unsubscribe.url).toContain(token);
    const stored = await storedRowsTo(user.email);
    expect(stored).not.toContain(token);
    expect(stored).toContain('/unsubscribe/[hidden]');
    const res = await app.inject({ method: 'POST', url: `/api/mail/unsubscribe/${encodeURIComponent(token)}` });
    expect(res.statusCode).toBe(200);
  });

  it('a mail given up (refused by the server) or cancelled keeps no secret either', async () => {
    smtp.refuseWith = { code: 550, message: 'Mailbox unavailable' };
    const refused = await createUser(app.db, { password: 'an old passphrase here' });
    try {
      await app.inject({ method: 'POST', url: '/api/auth/password-reset', headers: json, payload: { email: refused.email } });
      await outboxSettled(app.db);
    } finally {
      smtp.refuseWith = null;
    }
    const [failed] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, refused.email));
    expect(failed!.status).toBe('failed');
    expect(failed!.text).toContain('/reset-password/[hidden]');
    expect(failed!.html).not.toMatch(/reset-password\/[A-Za-z0-9_-]{20,}/);

    const waiting = await createUser(app.db);
    // Written without waking the workers, and cancelled before their next poll (half a second).
    const id = await app.db.transaction(async (tx) => {
      const outboxId = await app.mail.enqueue(tx, {
        to: waiting.email,
        locale: 'en',
        kind: 'parent-consent',
        content: {
          subject: 'verifyEmail.subject',
          paragraphs: ['verifyEmail.intro'],
          action: { label: 'verifyEmail.action', url: 'https://god.test/parent-consent/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde' },
        },
      });
      expect(await app.mail.cancel(tx, outboxId)).toBe(true);
      return outboxId;
    });
    const [cancelled] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(cancelled!.status).toBe('cancelled');
    expect(`${cancelled!.text}${cancelled!.html}`).not.toContain('AbCdEfGhIjKlMnOpQrStUvWxYz');
    expect(cancelled!.text).toContain('/parent-consent/[hidden]');
  });

  it('migration 0027 strips the links of mails sent before this change, and leaves waiting mails whole', async () => {
    const live = 'https://god.test/reset-password/Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp_Oo-NnMmLlKk';
    const unsubscribe =
      'https://god.test/unsubscribe/encouragement.8d3c2f1e-0a4b-4c5d-9e6f-7a8b9c0d1e2f.Sig_-NaTuRe0123456789abcdefghijklmnopqrstuvw';
    const row = (status: 'sent' | 'pending', to: string) => ({
      toAddress: to,
      kind: 'password-reset',
      locale: 'en',
      subject: 'Reset your password',
      text: `Hi,\n${live}\n--\n${unsubscribe}`,
      html: `<a href="${live}">Choose</a> <a href="${unsubscribe}" style="x">Unsubscribe</a>`,
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      status,
    });
    const [old] = await app.db.insert(mailOutbox).values(row('sent', 'old.sent@example.org')).returning();
    const [pending] = await app.db.insert(mailOutbox).values(row('pending', 'still.waiting@example.org')).returning();
    await app.db.execute(sql.raw(readFileSync(new URL('../../db/migrations/0027_scrub-sent-mail-links.sql', import.meta.url), 'utf8')));
    const [after] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, old!.id));
    expect(after!.text).toBe('Hi,\nhttps://god.test/reset-password/[hidden]\n--\nhttps://god.test/unsubscribe/[hidden]');
    expect(after!.html).toBe(
      '<a href="https://god.test/reset-password/[hidden]">Choose</a> <a href="https://god.test/unsubscribe/[hidden]" style="x">Unsubscribe</a>',
    );
    expect(after!.headers).toEqual({
      'List-Unsubscribe': '<https://god.test/unsubscribe/[hidden]>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const [untouched] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, pending!.id));
    expect(untouched!.text).toContain(live);
    await app.db.delete(mailOutbox).where(eq(mailOutbox.id, pending!.id));
  });
});
