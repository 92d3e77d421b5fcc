/**
 * Mail figures (issue 9), printed, asserting nothing:
 * 1. enqueueing 1,000 mails (outbox row + pg-boss job, one transaction each) and sending them all to
 *    a real SMTP server on loopback (smtp-server), as the app's workers do;
 * 2. a sign-up for a new address (its link mailed) against one for an address that has an account
 *    (its owner mailed), alternating in one run: since decision 037 both answer alike, and their
 *    times should not tell them apart either; at the production password cost and at a cheap one
 *    where the difference of the database work is easier to see. Each timed sign-up starts with the
 *    outbox sent (the sending runs in this process); the paired differences (each taken-address
 *    sign-up against the new-address one just before it) move less with a shared machine's load.
 * Run: npx tsx bench/mail-bench.ts (also run by `npm run bench`).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';

import { buildApp, type App } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { DEFAULT_SCRYPT_COST } from '#server/lib/password.ts';
import { cloneTemplateDatabase, startTestPostgres } from '#test/postgres.ts';
import { startTestSmtp } from '#test/smtp.ts';

const MAILS = 1_000;
const pg = await startTestPostgres();
const smtp = await startTestSmtp();
console.log(
  `mail bench: ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

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
        app.mail.enqueue(tx, {
          to: `bench${i}@example.org`,
          locale: i % 2 ? 'fr' : 'en',
          kind: 'bench',
          content: {
            subject: 'verifyEmail.subject',
            name: 'Bench',
            paragraphs: ['verifyEmail.intro'],
            action: { label: 'verifyEmail.action', url: 'http://localhost/x' },
          },
        }),
      );
      app.mail.wake();
    }
    const enqueued = performance.now() - t0;
    while (smtp.received.length - before < MAILS) await new Promise((r) => setTimeout(r, 20));
    const sent = performance.now() - t0;
    console.log(`\n1,000 mails to a local SMTP server`);
    console.log(
      `  enqueue (outbox row + job, one transaction each): ${enqueued.toFixed(0)} ms (${(enqueued / MAILS).toFixed(2)} ms per mail)`,
    );
    console.log(
      `  all received by the SMTP server:                  ${sent.toFixed(0)} ms from the first enqueue (${((MAILS / sent) * 1000).toFixed(0)} mails/s)`,
    );
    await drop();
  }

  // 2. Sign-up for a new address and for a taken one, alternating so both see the same load.
  for (const [label, cost, rounds] of [
    [`production password cost (scrypt N=2^${DEFAULT_SCRYPT_COST})`, DEFAULT_SCRYPT_COST, 15],
    ['cheap password cost (scrypt N=2^10), to see the database and mail work', 10, 150],
  ] as const) {
    const { app, drop } = await appOn(cost);
    const times = { fresh: [] as number[], taken: [] as number[] };
    let n = 0;
    const body = {
      birthYear: 2000,
      birthMonth: 1,
      country: 'FR',
      faithDataConsent: true,
      firstName: 'Bench',
      lastName: 'Mark',
      password: 'walking in the morning light',
    };
    const signUp = async (email: string) => {
      const t = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { ...body, email } });
      if (res.statusCode !== 202) throw new Error(`sign-up answered ${res.statusCode}: ${res.body}`);
      return performance.now() - t;
    };
    // Taken addresses: accounts made through the link, each tried once (a second try within a day mails nobody).
    const taken: string[] = [];
    for (let i = 0; i <= rounds; i++) {
      const email = `taken${i}-${cost}@example.org`;
      await signUp(email);
      const token = /\/confirm-sign-up\/([A-Za-z0-9_-]{43})/.exec(
        (await app.db.execute<{ text: string }>(sql`select text from mail_outbox where to_address = ${email}`)).rows[0]!.text,
      )![1]!;
      const done = await app.inject({ method: 'POST', url: '/api/auth/sign-up/confirm', payload: { token, password: body.password } });
      if (done.statusCode !== 200) throw new Error(`confirm answered ${done.statusCode}: ${done.body}`);
      taken.push(email);
    }
    // Each timed sign-up starts once the previous one's mail was sent: the sending runs in this same
    // process after the answer, and without this wait it lands on the next sign-up.
    const mailSent = async () => {
      for (;;) {
        const { rows } = await app.db.execute<{ n: number }>(
          sql`select count(*)::int as n from mail_outbox where status in ('pending', 'sending')`,
        );
        if (rows[0]!.n === 0) return;
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    await signUp(`warm-up-${cost}@example.org`);
    for (let i = 0; i < rounds; i++) {
      await mailSent();
      times.fresh.push(await signUp(`signup${n++}-${cost}@example.org`));
      await mailSent();
      times.taken.push(await signUp(taken[i]!));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const f = median(times.fresh);
    const t = median(times.taken);
    const pct = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`;
    const paired = median(times.taken.map((x, i) => x - times.fresh[i]!));
    console.log(`\nsign-up, ${label}, ${rounds} of each, median`);
    console.log(
      `  new address (link mailed): ${f.toFixed(1)} ms   address with an account (owner mailed): ${t.toFixed(1)} ms   ${pct(((t - f) / f) * 100)}`,
    );
    console.log(`  taken minus new, median of paired differences: ${paired.toFixed(2)} ms, ${pct((paired / f) * 100)}`);
    await drop();
  }
} finally {
  await smtp.stop();
  await pg.stop();
}
