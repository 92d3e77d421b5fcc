/**
 * Mail figures (issue 9), printed, asserting nothing:
 * 1. enqueueing 1,000 mails (outbox row + pg-boss job, one transaction each) and sending them all to
 *    a real SMTP server on loopback (smtp-server), as the app's workers do;
 * 2. a sign-up with its verification mail against the same sign-up without it, in one run
 *    (goal: at most 10% slower), at the production password cost and at a cheap one where the
 *    mail's share is easier to see. Each timed sign-up starts with the outbox sent (the sending
 *    runs in this process); the verdict uses the median of paired differences (each "with" against
 *    the "without" right after it), which a shared machine's changing load moves much less.
 * Run: npx tsx bench/mail-bench.ts (also run by `npm run bench`).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { DEFAULT_SCRYPT_COST } from '../server/lib/password.ts';
import { cloneTemplateDatabase, startTestPostgres } from '../test/postgres.ts';
import { startTestSmtp } from '../test/smtp.ts';

const MAILS = 1_000;
const pg = await startTestPostgres();
const smtp = await startTestSmtp();
console.log(`mail bench: ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

async function appOn(scryptCost: number): Promise<{ app: App; drop: () => Promise<void> }> {
  const database = await cloneTemplateDatabase(pg.adminUrl);
  const app = await buildApp({
    config: loadConfig({ SMTP_URL: smtp.url, LOG_LEVEL: 'silent' }),
    databaseUrl: database.url,
    scryptCost,
    rateLimits: { auth: 1_000_000, forms: 1_000_000 },
    jobs: { pollingIntervalSeconds: 0.5 },
  });
  await app.ready();
  return { app, drop: async () => (await app.close(), await database.drop()) };
}

try {
  // 1. 1,000 mails.
  {
    const { app, drop } = await appOn(10);
    const before = smtp.received.length;
    const t0 = performance.now();
    for (let i = 0; i < MAILS; i++) {
      await app.db.transaction((tx) =>
        app.mail.enqueue(tx, { to: `bench${i}@example.org`, locale: i % 2 ? 'fr' : 'en', kind: 'bench', content: { subject: 'verifyEmail.subject', name: 'Bench', paragraphs: ['verifyEmail.intro'], action: { label: 'verifyEmail.action', url: 'http://localhost/x' } } }),
      );
      app.mail.wake();
    }
    const enqueued = performance.now() - t0;
    while (smtp.received.length - before < MAILS) await new Promise((r) => setTimeout(r, 20));
    const sent = performance.now() - t0;
    console.log(`\n1,000 mails to a local SMTP server`);
    console.log(`  enqueue (outbox row + job, one transaction each): ${enqueued.toFixed(0)} ms (${(enqueued / MAILS).toFixed(2)} ms per mail)`);
    console.log(`  all received by the SMTP server:                  ${sent.toFixed(0)} ms from the first enqueue (${((MAILS / sent) * 1000).toFixed(0)} mails/s)`);
    await drop();
  }

  // 2. Sign-up with and without the verification mail, alternating so both see the same load.
  for (const [label, cost, rounds] of [
    [`production password cost (scrypt N=2^${DEFAULT_SCRYPT_COST})`, DEFAULT_SCRYPT_COST, 15],
    ['cheap password cost (scrypt N=2^10), to see the mail itself', 10, 150],
  ] as const) {
    const { app, drop } = await appOn(cost);
    const hookAt = app.hooks.userCreated.indexOf(app.mailVerificationOnSignUp);
    const times = { with: [] as number[], without: [] as number[] };
    let n = 0;
    const signUp = async () => {
      const t = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { birthYear: 2000, birthMonth: 1, country: 'FR', faithDataConsent: true, firstName: 'Bench', lastName: 'Mark', email: `signup${n++}-${cost}@example.org`, password: 'walking in the morning light' } });
      if (res.statusCode !== 201) throw new Error(`sign-up answered ${res.statusCode}: ${res.body}`);
      return performance.now() - t;
    };
    // Each timed sign-up starts once the previous one's mail was sent: the sending runs in this same
    // process after the answer, and without this wait it lands on the next sign-up (a "without" one).
    const mailSent = async () => {
      for (;;) {
        const { rows } = await app.db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox where status in ('pending', 'sending')`);
        if (rows[0]!.n === 0) return;
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    await signUp(); // warm-up
    for (let i = 0; i < rounds; i++) {
      await mailSent();
      times.with.push(await signUp());
      await mailSent();
      app.hooks.userCreated.splice(hookAt, 1);
      times.without.push(await signUp());
      app.hooks.userCreated.splice(hookAt, 0, app.mailVerificationOnSignUp);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const w = median(times.with);
    const wo = median(times.without);
    const pct = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`;
    // Each "with" and the "without" right after it ran under the same load: the median of those
    // differences moves much less with a shared machine's load than the difference of two medians.
    const paired = (median(times.with.map((t, i) => t - times.without[i]!)) / wo) * 100;
    console.log(`\nsign-up, ${label}, ${rounds} of each, median`);
    console.log(`  without mail: ${wo.toFixed(1)} ms   with the verification mail: ${w.toFixed(1)} ms   ${pct(((w - wo) / wo) * 100)}`);
    console.log(`  the mail's cost, median of paired differences: ${(median(times.with.map((t, i) => t - times.without[i]!))).toFixed(2)} ms, ${pct(paired)} (goal: at most +10%: ${paired <= 10 ? 'met' : 'NOT met'})`);
    await drop();
  }
} finally {
  await smtp.stop();
  await pg.stop();
}
