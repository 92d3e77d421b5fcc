import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { createTestApp, createUser, sessionCookie, signedInUser } from '#test/app.ts';

import { loadConfig } from '../../config.ts';
import {
  ambassadorApplications,
  auditLog,
  callbackRequests,
  mailOutbox,
  parentalConsents,
  sessions,
  users,
  watchmomsApplications,
} from '../../db/schema/index.ts';
import { retentionRepositoryFactory } from './retention.repository.ts';
import { RETENTION_QUEUE, retentionServiceFactory } from './retention.service.ts';

const app = await createTestApp({ env: { TZ_DEFAULT: 'Europe/Paris' } });
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const admin = await signedInUser(app, { role: 'admin' });
/** The daily job as pg-boss runs it. */
const runJob = () => app.jobs.runNow(RETENTION_QUEUE, {});

const callback = async (o: Partial<typeof callbackRequests.$inferInsert> = {}) =>
  (
    await app.db
      .insert(callbackRequests)
      .values({
        name: 'Jamie Private',
        phone: '+33 6 12 34 56 78',
        category: 'mental',
        goodTime: 'after school',
        notes: 'Lives with her aunt',
        ...o,
      })
      .returning()
  )[0]!;
const findCallback = async (id: string) => (await app.db.select().from(callbackRequests).where(eq(callbackRequests.id, id)))[0]!;
const watchmoms = async (o: Partial<typeof watchmomsApplications.$inferInsert> = {}) =>
  (
    await app.db
      .insert(watchmomsApplications)
      .values({
        fullName: 'Hannah Prayer',
        phone: '+1 555 0101',
        country: 'Canada',
        cityState: 'Toronto, ON',
        churchAffiliation: 'Grace Church',
        reasonForJoining: 'To pray.',
        consent: true,
        ...o,
      })
      .returning()
  )[0]!;
const ambassadorApplication = async (o: Partial<typeof ambassadorApplications.$inferInsert> = {}) => {
  const applicant = await createUser(app.db);
  return (
    await app.db
      .insert(ambassadorApplications)
      .values({ userId: applicant.id, ...o })
      .returning()
  )[0]!;
};
const existing = async (table: typeof watchmomsApplications | typeof ambassadorApplications | typeof users, ids: string[]) =>
  (await app.db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id).sort();

describe('the daily retention job', () => {
  it('is scheduled every day at 3:30 in TZ_DEFAULT', async () => {
    // The schedule is written when workers start: a second app with workers, on its own database.
    const withWorkers = await createTestApp({
      env: { TZ_DEFAULT: 'Europe/Paris' },
      jobs: { isRunningWorkers: true, pollingIntervalSeconds: 5 },
    });
    const rows = await withWorkers.db.execute<{ cron: string; timezone: string }>(
      sql`select cron, timezone from pgboss.schedule where name = ${RETENTION_QUEUE}`,
    );
    expect(rows.rows).toEqual([{ cron: '30 3 * * *', timezone: 'Europe/Paris' }]);
  });

  it('clears who asked from callback requests closed 90 days ago or more, and keeps the rest', async () => {
    const asker = await createUser(app.db);
    const due = await callback({ status: 'closed', closedAt: daysAgo(91), userId: asker.id });
    const dayBefore = await callback({ status: 'closed', closedAt: daysAgo(89) });
    const openOld = await callback({ status: 'new', createdAt: daysAgo(400) });
    const contactedOld = await callback({ status: 'contacted', createdAt: daysAgo(400) });

    await runJob();

    const cleared = await findCallback(due.id);
    expect(cleared).toMatchObject({ name: null, phone: null, goodTime: '', notes: '', userId: null, status: 'closed', category: 'mental' });
    for (const kept of [dayBefore, openOld, contactedOld]) {
      const row = await findCallback(kept.id);
      expect(row, kept.status).toMatchObject({
        name: 'Jamie Private',
        phone: '+33 6 12 34 56 78',
        goodTime: 'after school',
        notes: 'Lives with her aunt',
      });
    }
    // The inbox still counts the cleared request among the closed ones, and shows it without a name.
    const closed = await app.inject({ method: 'GET', url: `/api/admin/callbacks?status=closed`, headers: { cookie: admin.cookie } });
    expect(closed.statusCode).toBe(200);
    const item = closed.json().items.find((i: { id: string }) => i.id === due.id);
    expect(item).toMatchObject({ name: null, phone: null });
  });

  it('follows RETENTION_CALLBACK_DAYS', async () => {
    const config = loadConfig({ RETENTION_CALLBACK_DAYS: '30' });
    const service = retentionServiceFactory({
      db: app.db,
      retentionRepo: retentionRepositoryFactory(app.db),
      callbackDays: config.RETENTION_CALLBACK_DAYS,
      log: app.log,
    });
    const due = await callback({ status: 'closed', closedAt: daysAgo(31) });
    const kept = await callback({ status: 'closed', closedAt: daysAgo(29) });
    await service.run();
    expect((await findCallback(due.id)).name).toBeNull();
    expect((await findCallback(kept.id)).name).toBe('Jamie Private');
    expect(loadConfig({}).RETENTION_CALLBACK_DAYS).toBe(90);
  });

  it('deletes declined applications 180 days after the decision, and keeps approved, undecided and recent ones', async () => {
    // Declined through the console: the decision starts the clock.
    const viaConsole = await watchmoms();
    const declined = await app.inject({
      method: 'PATCH',
      url: `/api/admin/watchmoms-applications/${viaConsole.id}`,
      headers: { cookie: admin.cookie },
      payload: { status: 'declined' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const [{ decidedAt }] = (await app.db
      .select({ decidedAt: watchmomsApplications.decidedAt })
      .from(watchmomsApplications)
      .where(eq(watchmomsApplications.id, viaConsole.id))) as [{ decidedAt: Date | null }];
    expect(Date.now() - decidedAt!.getTime()).toBeLessThan(60_000);
    await app.db
      .update(watchmomsApplications)
      .set({ decidedAt: daysAgo(181) })
      .where(eq(watchmomsApplications.id, viaConsole.id));

    const wmDue = await watchmoms({ status: 'declined', decidedAt: daysAgo(181) });
    const wmDayBefore = await watchmoms({ status: 'declined', decidedAt: daysAgo(179) });
    const wmApproved = await watchmoms({ status: 'approved', decidedAt: daysAgo(400) });
    const wmNew = await watchmoms({ status: 'new', createdAt: daysAgo(400) });
    const amDue = await ambassadorApplication({ status: 'declined', decidedAt: daysAgo(181) });
    const amDayBefore = await ambassadorApplication({ status: 'declined', decidedAt: daysAgo(179) });
    const amApproved = await ambassadorApplication({ status: 'approved', decidedAt: daysAgo(400) });
    const amPending = await ambassadorApplication({ createdAt: daysAgo(400) });

    await runJob();

    expect(await existing(watchmomsApplications, [viaConsole.id, wmDue.id, wmDayBefore.id, wmApproved.id, wmNew.id])).toEqual(
      [wmDayBefore.id, wmApproved.id, wmNew.id].sort(),
    );
    expect(await existing(ambassadorApplications, [amDue.id, amDayBefore.id, amApproved.id, amPending.id])).toEqual(
      [amDayBefore.id, amApproved.id, amPending.id].sort(),
    );
    // The applicant of a deleted application keeps their account.
    expect(await existing(users, [amDue.userId])).toEqual([amDue.userId]);
  });

  it('erases accounts still waiting for a parent after 30 days, as a deletion does, and the statistics follow', async () => {
    const stats = async () =>
      (await app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: admin.cookie } })).json() as { totalUsers: number };
    const pending = async (days: number) => {
      const user = await createUser(app.db, { consentStatus: 'pending_parent', createdAt: daysAgo(days), birthYear: 2014 });
      await app.db
        .insert(parentalConsents)
        .values({ userId: user.id, parentEmail: `parent-${user.id}@example.org`, tokenHash: `hash-${user.id}` });
      return user;
    };
    const due = await pending(31);
    const cookie = await sessionCookie(app, due.id);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json()).toMatchObject({
      id: due.id,
      consentStatus: 'pending_parent',
    });
    const dayBefore = await pending(29);
    const grantedOld = await createUser(app.db, { createdAt: daysAgo(400) });
    const before = await stats();

    await runJob();

    expect(await existing(users, [due.id, dayBefore.id, grantedOld.id])).toEqual([dayBefore.id, grantedOld.id].sort());
    expect((await stats()).totalUsers).toBe(before.totalUsers - 1);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, due.id))).toEqual([]);
    expect(await app.db.select().from(parentalConsents).where(eq(parentalConsents.userId, due.id))).toEqual([]);
    // Signed out at once: the session went with the account.
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json()).toBeNull();
    const entries = await app.db.select().from(auditLog).where(eq(auditLog.targetId, due.id));
    expect(entries.map((e) => [e.action, e.actorId, e.details])).toEqual([
      ['account.deleted', null, { by: 'retention', reason: 'parental-consent-not-given' }],
    ]);
  });

  it('deletes mails that went out, failed or were cancelled 90 days after they were written, and keeps waiting and recent ones', async () => {
    const mail = async (status: 'sent' | 'failed' | 'cancelled' | 'pending', days: number) =>
      (
        await app.db
          .insert(mailOutbox)
          .values({
            toAddress: `old.mail.${status}.${days}@example.org`,
            kind: 'test',
            locale: 'en',
            subject: 'Hi',
            text: 'Hi',
            html: '<p>Hi</p>',
            status,
            createdAt: daysAgo(days),
          })
          .returning()
      )[0]!.id;
    const due = [await mail('sent', 91), await mail('failed', 91), await mail('cancelled', 91)];
    const kept = [await mail('sent', 89), await mail('pending', 200)];
    await runJob();
    const left = (
      await app.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(inArray(mailOutbox.id, [...due, ...kept]))
    )
      .map((r) => r.id)
      .sort();
    expect(left).toEqual([...kept].sort());
    await app.db.delete(mailOutbox).where(inArray(mailOutbox.id, kept));
  });

  it('deletes audit log entries two years after they were written', async () => {
    const entry = async (days: number) =>
      (
        await app.db
          .insert(auditLog)
          .values({ actorId: null, action: 'profile.updated', targetType: 'test', targetId: String(days), createdAt: daysAgo(days) })
          .returning()
      )[0]!.id;
    const due = await entry(731);
    const kept = await entry(729);
    await runJob();
    const left = (
      await app.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(inArray(auditLog.id, [due, kept]))
    ).map((r) => r.id);
    expect(left).toEqual([kept]);
    await app.db.delete(auditLog).where(eq(auditLog.id, kept));
  });

  it('records what it removed as counts only, and a second run removes nothing more', async () => {
    await callback({ status: 'closed', closedAt: daysAgo(100) });
    await watchmoms({ status: 'declined', decidedAt: daysAgo(200) });
    const service = retentionServiceFactory({
      db: app.db,
      retentionRepo: retentionRepositoryFactory(app.db),
      callbackDays: 90,
      log: app.log,
    });
    const none = {
      callbacksCleared: 0,
      watchmomsDeleted: 0,
      ambassadorApplicationsDeleted: 0,
      accountsErased: 0,
      mailsDeleted: 0,
      auditEntriesDeleted: 0,
    };
    expect(await service.run()).toEqual({ ...none, callbacksCleared: 1, watchmomsDeleted: 1 });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'retention.applied'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry!.details).toEqual({ ...none, callbacksCleared: 1, watchmomsDeleted: 1 });
    expect(await service.run()).toEqual(none);
  });
});
