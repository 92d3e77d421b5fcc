import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { type CareReport, type FunnelReport, type GrowthReport, type MultiplicationReport } from '#common/contracts/insights.ts';
import {
  assessmentAttempts,
  auditLog,
  callbackRequests,
  certificates,
  courses,
  insightRefreshes,
  lessons,
  sectionReads,
  trackDays,
  users,
} from '#server/db/schema/index.ts';
import { createTestApp, createUser, enrolTotp, sessionCookie, signedInUser } from '#test/app.ts';
import { primaryCourseLessons } from '#test/course-progress.ts';

import { insightsRepositoryFactory } from './insights.repository.ts';
import { insightsServiceFactory, suppress } from './insights.service.ts';

// Hand-counted fixtures (decision 076): every person below lives in Kenya, so filtering on Kenya
// leaves out the admins the test signs in. Counts of 1 to 4 must come back as null ("fewer than 5").
const app = await createTestApp();
const admin = await signedInUser(app, { role: 'admin' });
const repo = insightsRepositoryFactory(app.db);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const kenyan = (overrides: Parameters<typeof createUser>[1] = {}) => createUser(app.db, { country: 'Kenya', ...overrides });
const get = async <T>(path: string, query: string, cookie = admin.cookie) => {
  const res = await app.inject({ method: 'GET', url: `${path}?${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

const weeks = await primaryCourseLessons(app.db);
const attempt = (userId: string, week: number, passed: boolean, at: Date) => {
  const l = weeks[week - 1]!;
  return app.db
    .insert(assessmentAttempts)
    .values({ userId, lessonId: l.lessonId, assessmentId: l.assessmentId, answers: [], score: passed ? 90 : 20, passed, createdAt: at });
};

// The funnel: 7 English speakers open week 1 (6 pass it; one only fails), 5 of those pass week 2,
// 2 only read a section of week 3. 5 French speakers pass week 1. One more English speaker passed
// week 1 200 days ago (outside 3 months, inside 12).
const english = await Promise.all(Array.from({ length: 7 }, () => kenyan({ locale: 'en' })));
for (const [i, p] of english.entries()) {
  if (i === 6) await attempt(p.id, 1, false, ago(3 * DAY));
  else {
    await attempt(p.id, 1, false, ago(4 * DAY));
    await attempt(p.id, 1, true, ago(3 * DAY));
  }
  if (i < 5) await attempt(p.id, 2, true, ago(2 * DAY));
  if (i < 2)
    await app.db
      .insert(sectionReads)
      .values({ userId: p.id, lessonId: weeks[2]!.lessonId, section: 0, isRead: true, activeOn: '2026-01-01', changedAt: ago(DAY) });
}
const french = await Promise.all(Array.from({ length: 5 }, () => kenyan({ locale: 'fr' })));
for (const p of french) await attempt(p.id, 1, true, ago(3 * DAY));
const oldTimer = await kenyan({ locale: 'en', createdAt: ago(210 * DAY) });
await attempt(oldTimer.id, 1, true, ago(200 * DAY));

// Three generations: root -> 5 (generation 1) -> one each (5, plus a deactivated sixth: generation 2)
// -> 2 under the first of them (generation 3). Mentors with one active disciple: the 5 of generation 1.
const root = await kenyan();
const gen1 = await Promise.all(Array.from({ length: 5 }, () => kenyan({ mentorId: root.id })));
const gen2 = await Promise.all(gen1.map((m) => kenyan({ mentorId: m.id })));
await kenyan({ mentorId: gen1[1]!.id, deactivatedAt: new Date() });
await Promise.all([kenyan({ mentorId: gen2[0]!.id }), kenyan({ mentorId: gen2[0]!.id })]);

// New mentoring links this week: 5 accepted invitations (the disciples of generation 1), and an
// admin's removal of a mentor, which is no new link.
await app.db.insert(auditLog).values([
  ...gen1.map((p) => ({
    actorId: p.id,
    action: 'mentoring.invitation_accepted' as const,
    targetType: 'user',
    targetId: p.id,
    details: { mentorId: root.id },
  })),
  {
    actorId: admin.user.id,
    action: 'mentoring.mentor_set' as const,
    targetType: 'user',
    targetId: gen2[4]!.id,
    details: { from: gen1[4]!.id, to: null },
  },
]);
// Certificates: 5 French speakers finished.
const [course] = await app.db
  .select()
  .from(courses)
  .where(sql`${courses.id} = public.app_primary_course()`);
await app.db.insert(certificates).values(
  french.map((p, i) => ({
    userId: p.id,
    courseId: course!.id,
    verificationCode: `INSIGHT-${i}`,
    holderName: 'X',
    completedAt: ago(2 * DAY),
  })),
);

// Roles: 5 ambassadors today, 3 of whom were made ambassadors 70 days ago.
const ambassadors = await Promise.all(Array.from({ length: 5 }, () => kenyan({ role: 'ambassador' })));
await app.db.insert(auditLog).values(
  ambassadors.slice(0, 3).map((p) => ({
    actorId: admin.user.id,
    action: 'user.role_changed' as const,
    targetType: 'user',
    targetId: p.id,
    details: { from: 'user', to: 'ambassador' },
    createdAt: ago(70 * DAY),
  })),
);

await repo.refresh();
const kenyaOnly = 'country=Kenya&tz=UTC';

describe('the "fewer than 5" rule', () => {
  it('hides 1 to 4, shows 0 and 5 up', () => {
    expect([0, 1, 4, 5, 12].map(suppress)).toEqual([0, null, null, 5, 12]);
  });
});

describe('the course funnel', () => {
  it('counts who first opened and passed each week, by language and period, and hides small counts', async () => {
    const all = await get<FunnelReport>('/api/admin/insights/funnel', `${kenyaOnly}&period=3m`);
    expect(all.course.kind).toBe('course');
    expect(all.refreshedAt).not.toBeNull();
    expect(all.steps.slice(0, 4)).toEqual([
      { step: 1, opened: 12, passed: 11 },
      { step: 2, opened: 5, passed: 5 },
      { step: 3, opened: null, passed: 0 },
      { step: 4, opened: 0, passed: 0 },
    ]);
    expect(all.steps).toHaveLength(weeks.length);
    const en = await get<FunnelReport>('/api/admin/insights/funnel', `${kenyaOnly}&period=3m&language=en`);
    expect(en.steps[0]).toEqual({ step: 1, opened: 7, passed: 6 });
    const fr = await get<FunnelReport>('/api/admin/insights/funnel', `${kenyaOnly}&period=3m&language=fr`);
    expect(fr.steps.slice(0, 2)).toEqual([
      { step: 1, opened: 5, passed: 5 },
      { step: 2, opened: 0, passed: 0 },
    ]);
    const year = await get<FunnelReport>('/api/admin/insights/funnel', `${kenyaOnly}&period=12m&language=en`);
    expect(year.steps[0]).toEqual({ step: 1, opened: 8, passed: 7 });
    // Another country: nobody.
    const france = await get<FunnelReport>('/api/admin/insights/funnel', 'country=France');
    expect(france.steps[0]).toEqual({ step: 1, opened: 0, passed: 0 });
  });

  it('gives the 7-day track its days done (its openings are not recorded)', async () => {
    const [track] = await app.db.select().from(courses).where(eq(courses.kind, 'track'));
    expect(track, 'the test database is seeded with the track').toBeDefined();
    const [day1] = await app.db
      .select()
      .from(lessons)
      .where(sql`${lessons.courseId} = ${track!.id} and ${lessons.weekNumber} = 1`);
    expect(day1).toBeDefined();
    await app.db
      .insert(trackDays)
      .values(
        english.slice(0, 6).map((p) => ({ userId: p.id, courseId: track!.id, day: 1, doneOn: '2026-11-20', answer: 0, doneAt: ago(DAY) })),
      );
    await app.db
      .insert(trackDays)
      .values(
        english.slice(0, 2).map((p) => ({ userId: p.id, courseId: track!.id, day: 2, doneOn: '2026-11-21', answer: 0, doneAt: ago(DAY) })),
      );
    await repo.refresh();
    const report = await get<FunnelReport>('/api/admin/insights/funnel', `${kenyaOnly}&course=${track!.slug}`);
    expect(report.courses.map((c) => c.kind)).toEqual(['course', 'track']);
    expect(report.course).toMatchObject({ slug: track!.slug, kind: 'track' });
    expect(report.steps.slice(0, 3)).toEqual([
      { step: 1, passed: 6 },
      { step: 2, passed: null },
      { step: 3, passed: 0 },
    ]);
  });
});

describe('growth over time', () => {
  it('sums sign-ups, first lessons, certificates and new links per week', async () => {
    const sum = (r: GrowthReport, key: 'signups' | 'firstLessons' | 'certificates' | 'links') =>
      r.weeks.reduce((s, w) => s + (w[key] ?? 0), 0);
    const r = await get<GrowthReport>('/api/admin/insights/growth', `${kenyaOnly}&period=3m`);
    const kenyans = (
      await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`${users.country} = 'Kenya' and ${users.createdAt} > now() - interval '1 month'`)
    )[0]!.n;
    expect(sum(r, 'signups')).toBe(kenyans);
    expect(sum(r, 'firstLessons')).toBe(12);
    expect(sum(r, 'certificates')).toBe(5);
    expect(sum(r, 'links')).toBe(5);
    // 3 months of weeks, Mondays, oldest first.
    expect(r.weeks.length).toBeGreaterThanOrEqual(13);
    expect(r.weeks.every((w) => new Date(`${w.week}T12:00:00Z`).getUTCDay() === 1)).toBe(true);
    const year = await get<GrowthReport>('/api/admin/insights/growth', `${kenyaOnly}&period=12m`);
    expect(year.weeks.length).toBeGreaterThanOrEqual(52);
    // The old-timer signed up and opened week 1 alone in their week: shown as fewer than 5, not as 1.
    expect(year.weeks.some((w) => w.signups === null)).toBe(true);
    expect(
      year.weeks.flatMap((w) => [w.signups, w.firstLessons, w.certificates, w.links]).every((n) => n === null || n === 0 || n >= 5),
    ).toBe(true);
  });
});

describe('multiplication', () => {
  it('counts generations across trees, mentors by active disciples, and ambassadors over time', async () => {
    const r = await get<MultiplicationReport>('/api/admin/insights/multiplication', `${kenyaOnly}&period=6m`);
    expect(r.generations).toEqual([
      { generation: '1', people: 5 },
      { generation: '2', people: 6 },
      { generation: '3', people: null },
      { generation: '4+', people: 0 },
    ]);
    // 1 disciple: generation 1's five mentors (one also has a deactivated disciple); 2: gen2[0] alone; 3+: the root alone.
    expect(r.mentorLoads).toEqual([
      { disciples: '1', mentors: 5 },
      { disciples: '2', mentors: null },
      { disciples: '3+', mentors: null },
    ]);
    expect(r.roles.length).toBeGreaterThanOrEqual(6);
    expect(r.roles.at(-1)).toMatchObject({ ambassadors: 5, coordinators: 0 });
    // Before the three were made ambassadors there were two: fewer than 5.
    expect(r.roles[0]).toMatchObject({ ambassadors: null, coordinators: 0 });
  });
});

describe('care', () => {
  it('counts requests per week and times the first contact against the 24- and 48-hour goals', async () => {
    const urgentAt = ago(3 * DAY);
    const urgent = await app.db
      .insert(callbackRequests)
      .values(
        Array.from({ length: 7 }, () => ({
          name: 'X',
          phone: '1',
          category: 'mental' as const,
          scoreBand: 'unknown' as const,
          language: 'en',
          createdAt: urgentAt,
        })),
      )
      .returning();
    // Contacted after 2, 4, 6, 8, 10 and 30 hours; the seventh is still new (overdue).
    await app.db.insert(auditLog).values(
      [2, 4, 6, 8, 10, 30].map((h, i) => ({
        actorId: admin.user.id,
        action: 'callback.updated' as const,
        targetType: 'callback_request',
        targetId: urgent[i]!.id,
        details: { status: { from: 'new', to: 'contacted' } },
        createdAt: new Date(urgentAt.getTime() + h * HOUR),
      })),
    );
    // A later change (contacted -> closed) is not the first contact.
    await app.db.insert(auditLog).values({
      actorId: admin.user.id,
      action: 'callback.updated',
      targetType: 'callback_request',
      targetId: urgent[0]!.id,
      details: { status: { from: 'contacted', to: 'closed' } },
      createdAt: new Date(urgentAt.getTime() + 50 * HOUR),
    });
    await app.db
      .update(callbackRequests)
      .set({ status: 'contacted' })
      .where(sql`${callbackRequests.id} in ${urgent.slice(0, 6).map((u) => u.id)}`);
    // Five standard requests (spiritual, green) five days ago, never answered: all overdue.
    await app.db.insert(callbackRequests).values(
      Array.from({ length: 5 }, () => ({
        name: 'Y',
        phone: '2',
        category: 'spiritual' as const,
        scoreBand: 'green' as const,
        language: 'fr',
        createdAt: ago(5 * DAY),
      })),
    );

    const r = await get<CareReport>('/api/admin/insights/care', 'period=3m&tz=UTC');
    expect(r.response).toEqual([
      { group: 'urgent', goalHours: 24, requests: 7, contacted: 6, medianHours: 7, p90Hours: 20, overdue: null },
      { group: 'standard', goalHours: 48, requests: 5, contacted: 0, medianHours: null, p90Hours: null, overdue: 5 },
    ]);
    expect(r.weeks.find((w) => w.byCategory.mental !== 0)?.byCategory).toEqual({
      spiritual: expect.any(Number),
      mental: 7,
      emotional: 0,
      financial: 0,
    });
    expect(r.weeks.reduce((s, w) => s + (w.byCategory.spiritual ?? 0), 0)).toBe(5);
    expect(r.weeks.reduce((s, w) => s + (w.byBand.green ?? 0), 0)).toBe(5);
    expect(r.weeks.reduce((s, w) => s + (w.byBand.unknown ?? 0), 0)).toBe(7);
    // The request's own language as the filter: the French ones alone.
    const fr = await get<CareReport>('/api/admin/insights/care', 'period=3m&language=fr');
    expect(fr.response.map((g) => g.requests)).toEqual([0, 5]);
  });
});

describe('who sees what', () => {
  it('admins see every chart; responders the care charts only; others nothing', async () => {
    const responder = await createUser(app.db, { isResponder: true });
    const responderCookie = await sessionCookie(app, responder.id);
    await enrolTotp(app, responderCookie);
    const call = (path: string, cookie?: string) => app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
    expect((await call('/api/admin/insights/care', responderCookie)).statusCode).toBe(200);
    for (const path of ['/api/admin/insights/funnel', '/api/admin/insights/growth', '/api/admin/insights/multiplication']) {
      expect((await call(path, responderCookie)).statusCode, path).toBe(403);
      expect((await call(path)).statusCode, path).toBe(401);
    }
    const learner = await signedInUser(app);
    for (const path of [
      '/api/admin/insights/funnel',
      '/api/admin/insights/growth',
      '/api/admin/insights/multiplication',
      '/api/admin/insights/care',
    ])
      expect((await call(path, learner.cookie)).statusCode, path).toBe(403);
    // An admin without two-step verification in this session is sent to set it up.
    const unverified = await sessionCookie(app, admin.user.id);
    expect((await call('/api/admin/insights/growth', unverified)).json()).toMatchObject({ code: 'MFA_REQUIRED' });
  });

  it('refuses malformed filters with a 400 that names the field', async () => {
    for (const [query, field] of [
      ['period=2y', 'period'],
      ['language=de', 'language'],
      ['country=Atlantis', 'country'],
      ['tz=Not%2FA_Zone', 'tz'],
      ['tz=%27%3Bdrop', 'tz'],
      ['extra=1', ''],
      // Known to the browser's (and Node's) time zone data but not to PostgreSQL's.
      ['tz=SystemV%2FAST4', 'tz'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: `/api/admin/insights/growth?${query}`, headers: { cookie: admin.cookie } });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(field);
    }
    expect(
      (await app.inject({ method: 'GET', url: `/api/admin/insights/funnel?course=no-such-course`, headers: { cookie: admin.cookie } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the hourly refresh job', () => {
  it('leaves figures built today alone, and rebuilds them once they are a day old', async () => {
    const insights = insightsServiceFactory({ insightsRepo: repo });
    const fresh = await repo.refreshedAt();
    expect(fresh).not.toBeNull();
    await insights.refreshIfStale();
    expect(await repo.refreshedAt()).toEqual(fresh);
    const dayOld = ago(DAY);
    await app.db.update(insightRefreshes).set({ refreshedAt: dayOld });
    await insights.refreshIfStale();
    expect((await repo.refreshedAt())!.getTime()).toBeGreaterThan(dayOld.getTime() + DAY / 2);
  });
});
