import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';

import { createTestApp, createUser, signedInUser } from '#test/app.ts';
import { linkIn, outboxSettled, sentTo, startTestSmtp, type TestSmtp } from '#test/smtp.ts';

import { ambassadorApplications, users, watchmomsApplications } from '../../db/schema/index.ts';
import { APPLICATIONS_DIGEST_QUEUE } from './staff-alerts.service.ts';

// Issue 9, flow 5: the applicant is mailed the decision; admins get a daily digest of new applications.
const smtp: TestSmtp = await startTestSmtp();
afterAll(async () => smtp.stop());

const app = await createTestApp({
  env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://god.test', TZ_DEFAULT: 'Europe/Paris' },
  jobs: { isRunningWorkers: true, pollingIntervalSeconds: 0.5 },
});

const { user: admin, cookie: adminCookie } = await signedInUser(app, { role: 'admin', firstName: 'Ada', locale: 'en' });
const founder = await createUser(app.db, { role: 'founder', firstName: 'Félix', locale: 'fr' });
// A responder follows callback requests, not applications.
const responder = await createUser(app.db, { role: 'coordinator', firstName: 'Rita', isResponder: true });

const to = sentTo;
/** Every mail the outbox holds is sent (the workers are idle). */
const settled = () => outboxSettled(app.db);

beforeEach(async () => {
  await settled();
  smtp.received.length = 0;
});

async function newApplication(overrides: Partial<typeof users.$inferInsert> = {}) {
  const applicant = await createUser(app.db, { lastName: 'Aquila', ...overrides });
  const [row] = await app.db.insert(ambassadorApplications).values({ userId: applicant.id }).returning();
  return { applicant, application: row! };
}
const decide = (id: string, decision: string) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/ambassador-applications/${id}/decision`,
    headers: { cookie: adminCookie },
    payload: { decision },
  });

describe('the decision on an ambassador application', () => {
  it('approved: the applicant gets one mail in their language (French here), HTML and text, linking to their disciple tree', async () => {
    const { applicant, application } = await newApplication({ firstName: 'Priscille', locale: 'fr' });
    expect((await decide(application.id, 'approve')).statusCode).toBe(200);

    const mail = await smtp.waitFor(to(applicant.email));
    expect(mail.subject).toBe("Ta candidature d'ambassadeur est acceptée");
    expect(mail.text).toContain('Bonjour Priscille,');
    expect(mail.text).toContain('ta candidature pour devenir ambassadeur sur G.O.D Discipleship est acceptée');
    expect(linkIn(mail, '/disciple-tree')).toBe('https://god.test/disciple-tree');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('href="https://god.test/disciple-tree"');
    expect(mail.html).toContain('Ouvrir mon arbre de disciples');

    // A second decision is refused (409) and mails nothing more.
    expect((await decide(application.id, 'decline')).statusCode).toBe(409);
    await settled();
    expect(smtp.received.filter(to(applicant.email))).toHaveLength(1);
    expect(smtp.received).toHaveLength(1);
  });

  it('declined: the applicant gets one mail in English that says so, and the role stays', async () => {
    const { applicant, application } = await newApplication({ firstName: 'Aquila', locale: 'en' });
    expect((await decide(application.id, 'decline')).statusCode).toBe(200);

    const mail = await smtp.waitFor(to(applicant.email));
    expect(mail.subject).toBe('Your ambassador application');
    expect(mail.text).toContain('Hi Aquila,');
    expect(mail.text).toContain('Your application was not approved this time.');
    expect(mail.text).toContain('You can apply again later');
    expect(mail.html).toContain('<html lang="en">');
    const [row] = await app.db.select({ role: users.role }).from(users).where(eq(users.id, applicant.id));
    expect(row!.role).toBe('user');
    await settled();
    expect(smtp.received).toHaveLength(1);
  });

  it('two admins deciding at once: one decision, one mail', async () => {
    const { applicant, application } = await newApplication({ locale: 'en' });
    const results = await Promise.all([decide(application.id, 'approve'), decide(application.id, 'decline')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    await smtp.waitFor(to(applicant.email));
    await settled();
    expect(smtp.received).toHaveLength(1);
  });
});

describe("the admins' daily digest of new applications", () => {
  const watchmoms = (fullName: string, phone: string) =>
    app.inject({
      method: 'POST',
      url: '/api/watchmoms-applications',
      payload: {
        fullName,
        phone,
        country: 'Haiti',
        cityState: 'Jacmel, Sud-Est',
        churchAffiliation: 'Église de la Source',
        reasonForJoining: 'Secret reason: my son is in trouble.',
        consent: true,
      },
    });

  it('counts the new WatchMoms and ambassador applications in one mail to each admin and founder, with no name, phone or answer; once only', async () => {
    expect((await watchmoms('Marie-Claire Joseph', '+509 3456 7890')).statusCode).toBe(201);
    expect((await watchmoms('Rose Pierre', '+509 3111 2222')).statusCode).toBe(201);
    const { applicant } = await newApplication({ firstName: 'Zebulon', lastName: 'Quartz' });
    // Decided before the digest: it needs nobody's attention and is not counted.
    const { application: decided } = await newApplication();
    await app.db.update(ambassadorApplications).set({ status: 'declined' }).where(eq(ambassadorApplications.id, decided.id));
    await settled();
    expect(smtp.received).toEqual([]); // nothing at once

    await app.jobs.runNow(APPLICATIONS_DIGEST_QUEUE, {});
    const en = await smtp.waitFor(to(admin.email));
    expect(en.subject).toBe('New applications since yesterday: 3');
    expect(en.text).toContain('Hi Ada,');
    expect(en.text).toContain('- WatchMoms applications: 2\n  https://god.test/admin?tab=watchmoms');
    expect(en.text).toContain('- Ambassador applications: 1\n  https://god.test/admin?tab=applications');
    expect(en.html).toContain('href="https://god.test/admin?tab=applications"');
    const fr = await smtp.waitFor(to(founder.email));
    expect(fr.subject).toBe('Nouvelles candidatures depuis hier\u00a0: 3');
    expect(fr.text).toContain('Bonjour Félix,');
    expect(fr.text).toContain('Candidatures WatchMoms\u00a0: 2');

    for (const mail of [en, fr]) {
      for (const secret of [
        'Marie',
        'Joseph',
        'Rose',
        '3456',
        '+509',
        'Secret reason',
        'Source',
        'Jacmel',
        'Zebulon',
        'Quartz',
        applicant.email,
      ]) {
        expect(mail.text).not.toContain(secret);
        expect(mail.html).not.toContain(secret);
      }
    }
    await settled();
    expect(smtp.received.filter(to(responder.email))).toEqual([]);
    expect(smtp.received).toHaveLength(2);

    // The job run again (a retry, or the next day with nothing new): no mail at all.
    await app.jobs.runNow(APPLICATIONS_DIGEST_QUEUE, {});
    await settled();
    expect(smtp.received).toHaveLength(2);
    const undigested = await app.db
      .select()
      .from(watchmomsApplications)
      .where(sql`${watchmomsApplications.digestedAt} is null`);
    expect(undigested).toEqual([]);
  });

  it('two runs at the same moment (two instances) mail each admin once', async () => {
    expect((await watchmoms('Anne Lune', '+33 6 00 00 00 01')).statusCode).toBe(201);
    await Promise.all([
      app.staffAlerts.sendApplicationsDigest(),
      app.staffAlerts.sendApplicationsDigest(),
      app.jobs.runNow(APPLICATIONS_DIGEST_QUEUE, {}),
    ]);
    const mail = await smtp.waitFor(to(admin.email));
    expect(mail.subject).toBe('New applications since yesterday: 1');
    expect(mail.text).not.toContain('Ambassador applications');
    await settled();
    expect(smtp.received.filter(to(admin.email))).toHaveLength(1);
    expect(smtp.received.filter(to(founder.email))).toHaveLength(1);
    expect(smtp.received).toHaveLength(2);
  });

  it('only applications already decided since the last digest: marked, no mail', async () => {
    const { application } = await newApplication();
    expect((await decide(application.id, 'approve')).statusCode).toBe(200);
    await settled();
    smtp.received.length = 0;
    await app.jobs.runNow(APPLICATIONS_DIGEST_QUEUE, {});
    await settled();
    expect(smtp.received).toEqual([]);
    const [row] = await app.db
      .select({ digestedAt: ambassadorApplications.digestedAt })
      .from(ambassadorApplications)
      .where(eq(ambassadorApplications.id, application.id));
    expect(row!.digestedAt).not.toBeNull();
  });

  it('is scheduled every day at 8:00 in TZ_DEFAULT', async () => {
    const schedules = await app.db.execute(
      sql`select name, cron, options->>'tz' as tz from pgboss.schedule where name = ${APPLICATIONS_DIGEST_QUEUE}`,
    );
    expect(schedules.rows).toEqual([{ name: APPLICATIONS_DIGEST_QUEUE, cron: '0 8 * * *', tz: 'Europe/Paris' }]);
  });
});
