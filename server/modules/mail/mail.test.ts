import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { createTestApp, createUser, signedInUser, TEST_MFA_KEY } from '#test/app.ts';
import { cloneTemplateDatabase, freePort } from '#test/postgres.ts';
import { startTestSmtp, type TestSmtp } from '#test/smtp.ts';

import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { MAIL_QUEUE } from './mail.service.ts';

const smtp: TestSmtp = await startTestSmtp();
afterAll(async () => smtp.stop());

const until = async (check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not met in time');
};

describe('mail without SMTP_URL', async () => {
  const app = await createTestApp({ jobs: { isRunningWorkers: true, pollingIntervalSeconds: 0.5 } });

  it('keeps the mail in the outbox, where an admin reads the recipient, subject, status and rendered text', async () => {
    const user = await createUser(app.db, { password: 'a-long-passphrase', locale: 'fr', firstName: 'Zoé' });
    const res = await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email } });
    expect(res.statusCode).toBe(202);
    const admin = await signedInUser(app, { role: 'admin' });
    const outbox = await app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { cookie: admin.cookie } });
    expect(outbox.statusCode).toBe(200);
    const body = outbox.json();
    expect(body.isSmtpConfigured).toBe(false);
    const item = body.items.find((i: { to: string }) => i.to === user.email);
    expect(item).toMatchObject({
      kind: 'password-reset',
      locale: 'fr',
      subject: 'Réinitialise ton mot de passe',
      status: 'pending',
      attempts: 0,
    });
    expect(item.text).toContain('Bonjour Zoé,');
    // The link is there, its token hidden: an admin reading the outbox cannot reset Zoé's password.
    expect(item.text).toContain('http://localhost:5000/reset-password/[hidden]');
    expect(item.text).not.toMatch(/reset-password\/[A-Za-z0-9_-]{43}/);
    const [stored] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, item.id));
    expect(stored!.text).toMatch(/http:\/\/localhost:5000\/reset-password\/[A-Za-z0-9_-]{43}/);
    // Nothing tries to send it.
    await new Promise((r) => setTimeout(r, 1500));
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, item.id));
    expect(row!.status).toBe('pending');
    expect(smtp.received.some((m) => m.to.includes(user.email))).toBe(false);
  });

  it('shows the outbox to admins only, and checks its query', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/outbox' })).statusCode).toBe(401);
    const user = await signedInUser(app);
    expect((await app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { cookie: user.cookie } })).statusCode).toBe(403);
    const admin = await signedInUser(app, { role: 'founder' });
    const bad = await app.inject({ method: 'GET', url: '/api/admin/outbox?status=lost', headers: { cookie: admin.cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('status');
  });

  it('writes nothing when the transaction that causes the mail rolls back', async () => {
    const before = await app.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    await expect(
      app.db.transaction(async (tx) => {
        await app.mail.enqueue(tx, {
          to: 'rolled@example.org',
          locale: 'en',
          kind: 'test',
          content: { subject: 'verifyEmail.subject', paragraphs: ['verifyEmail.intro'] },
        });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    const after = await app.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    expect(after[0]!.n).toBe(before[0]!.n);
    const jobs = await app.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${MAIL_QUEUE} and data->>'outboxId' not in (select id::text from mail_outbox)`,
    );
    expect(jobs.rows[0]).toEqual({ n: 0 });
  });
});

describe('mail with SMTP_URL', async () => {
  const app = await createTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'G.O.D <no-reply@god.test>' },
    jobs: { isRunningWorkers: true, pollingIntervalSeconds: 0.5 },
  });

  it('sends the mail through SMTP, as text and HTML in the recipient language, and marks it sent', async () => {
    const user = await createUser(app.db, { password: 'a-long-passphrase', locale: 'en', firstName: 'Sam <b>' });
    await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email } });
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe('Reset your password');
    expect(mail.from).toBe('no-reply@god.test');
    expect(mail.text).toContain('Hi Sam <b>,');
    expect(mail.html).toContain('Hi Sam &lt;b&gt;,');
    expect(mail.html).toContain('Choose a new password');
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    await until(async () => (await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id)))[0]!.status === 'sent');
    expect(mail.messageId).toBe(`<${row!.id}@localhost>`);
  });

  it('marks a mail the server refuses as failed, with the server reason in the admin outbox', async () => {
    smtp.refuseWith = { code: 550, message: 'Mailbox unavailable' };
    try {
      const user = await createUser(app.db, { password: 'a-long-passphrase' });
      await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email } });
      await until(async () => (await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email)))[0]?.status === 'failed');
      const admin = await signedInUser(app, { role: 'admin' });
      const outbox = (
        await app.inject({ method: 'GET', url: '/api/admin/outbox?status=failed', headers: { cookie: admin.cookie } })
      ).json();
      const item = outbox.items.find((i: { to: string }) => i.to === user.email);
      expect(item.lastError).toContain('550 Mailbox unavailable');
      expect(item.attempts).toBe(1);
    } finally {
      smtp.refuseWith = null;
    }
  });

  const enqueueTest = (to: string) =>
    app.db.transaction((tx) =>
      app.mail.enqueue(tx, {
        to,
        locale: 'en',
        kind: 'test',
        content: { subject: 'verifyEmail.subject', paragraphs: ['verifyEmail.intro'] },
      }),
    );
  const rowOf = async (id: string) => (await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

  it('sends a mail a killed process left "sending" before handing it over once more, a sent one never again (docs/decisions/067)', async () => {
    const user = await createUser(app.db, { password: 'a-long-passphrase' });
    const id = await enqueueTest(user.email);
    await smtp.waitFor((m) => m.to.includes(user.email));
    await until(async () => (await rowOf(id)).status === 'sent');
    // A repeated job for a sent mail sends nothing.
    await app.jobs.runNow(MAIL_QUEUE, { outboxId: id });
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    // A kill -9 during the SMTP exchange, before the message's end went out: the server cannot have
    // taken it, so the retry of the expired job (its lease over) sends it.
    await app.db
      .update(mailOutbox)
      .set({ status: 'sending', leaseUntil: new Date(Date.now() - 1000), handedOverAt: null })
      .where(eq(mailOutbox.id, id));
    await app.jobs.runNow(MAIL_QUEUE, { outboxId: id });
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(2);
    expect((await rowOf(id)).status).toBe('sent');
  });

  it('does not send again a mail whose attempt stopped after handing it over, nor one another attempt holds (issue 24)', async () => {
    const user = await createUser(app.db, { password: 'a-long-passphrase' });
    const id = await enqueueTest(user.email);
    await smtp.waitFor((m) => m.to.includes(user.email));
    await until(async () => (await rowOf(id)).status === 'sent');
    // Another attempt holds it (its lease runs): this job sends nothing and is retried later.
    await app.db
      .update(mailOutbox)
      .set({ status: 'sending', leaseUntil: new Date(Date.now() + 60_000), handedOverAt: null })
      .where(eq(mailOutbox.id, id));
    await expect(app.jobs.runNow(MAIL_QUEUE, { outboxId: id })).rejects.toThrow(/another attempt/);
    // The state a kill -9 between handing the message over and "sent" leaves: counted as sent, not sent twice.
    const handedOverAt = new Date(Date.now() - 5 * 60_000);
    await app.db
      .update(mailOutbox)
      .set({ status: 'sending', leaseUntil: new Date(Date.now() - 1000), handedOverAt })
      .where(eq(mailOutbox.id, id));
    await app.jobs.runNow(MAIL_QUEUE, { outboxId: id });
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', sentAt: handedOverAt, lastError: expect.stringContaining('not sent again') });
  });

  it('marks the mail handed over before its last line goes out, and sends no second copy when the answer never comes (issue 24)', async () => {
    const user = await createUser(app.db, { password: 'a-long-passphrase' });
    const seenAtEnd: (Date | null)[] = [];
    smtp.onMessageEnd = async (m) => {
      if (!m.to.includes(user.email)) return 'answer';
      // The server has the whole message: the row already says so.
      seenAtEnd.push((await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email)))[0]!.handedOverAt);
      return 'drop';
    };
    try {
      const id = await enqueueTest(user.email);
      await until(async () => (await rowOf(id)).status === 'sent');
      expect(seenAtEnd).toHaveLength(1);
      expect(seenAtEnd[0]).toBeInstanceOf(Date);
      expect((await rowOf(id)).lastError).toContain('not sent again');
      // A repeated job (the retry of the attempt that lost its answer) sends no second copy.
      await app.jobs.runNow(MAIL_QUEUE, { outboxId: id });
      expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    } finally {
      smtp.onMessageEnd = null;
    }
  });
});

describe('SMTP set up wrongly', async () => {
  const app = await createTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'G.O.D <no-reply@god.test>' },
    jobs: { isRunningWorkers: true, pollingIntervalSeconds: 0.5 },
    mail: { retryDelaySeconds: 1, retryWindowMs: 60_000 },
  });

  it('retries a mail whose sender the server refuses (a setup fault, 553), and sends it once the setup is mended', async () => {
    smtp.refuseSenderWith = { code: 553, message: 'Sender address rejected: not owned by user' };
    const user = await createUser(app.db, { password: 'a-long-passphrase' });
    const outboxRow = async () => (await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email)))[0];
    try {
      await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email } });
      // Waits for the state it means: between two attempts (issue 30: read during the next attempt, it said 'sending').
      let between: Awaited<ReturnType<typeof outboxRow>>;
      await until(async () => {
        between = await outboxRow();
        return (between?.attempts ?? 0) >= 2 && between?.status === 'pending';
      });
      expect(between!).toMatchObject({ status: 'pending', lastError: expect.stringContaining('553') });
    } finally {
      smtp.refuseSenderWith = null;
    }
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBeTruthy();
    await until(async () => (await outboxRow())!.status === 'sent');
  });
});

describe('SMTP down', async () => {
  const deadPort = await freePort();
  const app = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${deadPort}` },
    jobs: { isRunningWorkers: true, pollingIntervalSeconds: 0.5 },
    mail: { retryDelaySeconds: 1, retryWindowMs: 2_500 },
  });

  it('retries with backoff while the server is unreachable, then marks the mail failed with the reason; requests do not wait', async () => {
    const user = await createUser(app.db, { password: 'a-long-passphrase' });
    const started = Date.now();
    const res = await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email } });
    expect(res.statusCode).toBe(202);
    expect(Date.now() - started).toBeLessThan(2_000);
    await until(async () => ((await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email)))[0]?.attempts ?? 0) >= 1);
    await until(
      async () => (await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email)))[0]!.status === 'failed',
      15_000,
    );
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(row!.attempts).toBeGreaterThanOrEqual(2);
    expect(row!.lastError).toMatch(/ECONNREFUSED|ECONNECTION/);
    // The rest of the app works.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('two app instances on one database', () => {
  it('send mail waiting from before SMTP was configured, and run a scheduled job once, not twice', async () => {
    const database = await cloneTemplateDatabase(inject('databaseAdminUrl'));
    // Without the local mailbox (a public instance's setting), as createTestApp: otherwise the instance
    // without SMTP_URL delivers the mail to its own mailbox whenever its worker is quick enough (issue 30).
    const build = (env: Record<string, string>) =>
      buildApp({
        config: loadConfig({ MFA_ENCRYPTION_KEY: TEST_MFA_KEY, LOCAL_MAILBOX: 'off', ...env }),
        databaseUrl: database.url,
        scryptCost: 10,
        jobs: { isRunningWorkers: true, pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 },
      });
    try {
      // Mail written while no SMTP server is configured...
      const before = await build({});
      await before.ready();
      const user = await createUser(before.db, { password: 'a-long-passphrase' });
      await before.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email } });
      const waiting = await before.db
        .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, user.email));
      expect(waiting).toEqual([{ status: 'pending', attempts: 0 }]);
      await before.close();

      // A schedule for this minute of every hour: both instances look for it every second during
      // the minute, and it must run once. The apps are built first, so that on a loaded machine their
      // building does not spend the minute; the schedule is then chosen early enough in a minute to watch it.
      const runs: string[] = [];
      const apps = [await build({ SMTP_URL: smtp.url }), await build({ SMTP_URL: smtp.url })];
      while (new Date().getUTCSeconds() > 40) await new Promise((r) => setTimeout(r, 1000));
      const thisMinute = `${new Date().getUTCMinutes()} * * * *`;
      apps.forEach((a, i) =>
        a.jobs.define('test-every-minute', {
          cron: { expression: thisMinute, tz: 'UTC' },
          handler: async () => void runs.push(`instance ${i}`),
        }),
      );
      await Promise.all(apps.map((a) => a.ready()));
      try {
        // ...goes out once SMTP is configured.
        await smtp.waitFor((m) => m.to.includes(user.email));
        await until(async () => runs.length > 0);
        await new Promise((r) => setTimeout(r, 5_000));
        expect(runs).toHaveLength(1);
        expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
      } finally {
        await Promise.all(apps.map((a) => a.close()));
      }
    } finally {
      await database.drop();
    }
  }, 180_000);
});
