import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { DirectoryRow } from '#common/contracts/admin.ts';
import type { Role } from '#common/contracts/auth.ts';
import { createTestApp, createUser, enrolTotp, sessionCookie, signedInUser } from '#test/app.ts';
import { passLessons } from '#test/course-progress.ts';

import { ambassadorApplications, auditLog, callbackRequests, users, watchmomsApplications } from '../../db/schema/index.ts';

const app = await createTestApp();
const json = { 'content-type': 'application/json' };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: { ...(payload === undefined ? {} : json), ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });
const get = (url: string, cookie?: string) => call('GET', url, cookie);

const signedIn: Record<Role, { id: string; cookie: string }> = {} as never;
beforeAll(async () => {
  for (const role of ['user', 'ambassador', 'coordinator', 'admin', 'founder'] as const) {
    const { user, cookie } = await signedInUser(app, { role, firstName: `The${role}`, lastName: 'Tester' });
    signedIn[role] = { id: user.id, cookie };
  }
});

async function newCallback(overrides: Partial<typeof callbackRequests.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(callbackRequests)
    .values({ name: 'Caller', phone: '+1 555 0100', category: 'spiritual', ...overrides })
    .returning();
  return row!;
}
async function newWatchmoms() {
  const [row] = await app.db
    .insert(watchmomsApplications)
    .values({
      fullName: 'Hannah Prayer',
      phone: '+1 555 0101',
      country: 'Canada',
      cityState: 'Toronto, ON',
      churchAffiliation: 'Grace Church',
      reasonForJoining: 'To pray for our children every week.',
      consent: true,
    })
    .returning();
  return row!;
}
async function newApplication() {
  const applicant = await createUser(app.db, { firstName: 'Priscilla', lastName: 'Aquila' });
  const [row] = await app.db.insert(ambassadorApplications).values({ userId: applicant.id }).returning();
  return { applicant, application: row! };
}
const uuid = '00000000-0000-4000-8000-000000000000';

describe('authorization matrix', () => {
  // Every admin and mentoring endpoint, with a valid request for it.
  const admin = async (): Promise<[Method, string, unknown?][]> => [
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/users?search=a&filter=completed&page=1&pageSize=10'],
    ['GET', '/api/admin/users/export.csv?filter=all'],
    ['PUT', `/api/admin/users/${(await createUser(app.db)).id}/role`, { role: 'ambassador' }],
    ['PUT', `/api/admin/users/${(await createUser(app.db)).id}/deactivation`, { isDeactivated: true }],
    ['GET', '/api/admin/callbacks?status=all'],
    ['PATCH', `/api/admin/callbacks/${(await newCallback()).id}`, { status: 'contacted' }],
    ['GET', '/api/admin/assignees'],
    ['GET', '/api/admin/watchmoms-applications'],
    ['PATCH', `/api/admin/watchmoms-applications/${(await newWatchmoms()).id}`, { notes: 'Called her back' }],
    ['GET', '/api/admin/ambassador-applications'],
    ['POST', `/api/admin/ambassador-applications/${(await newApplication()).application.id}/decision`, { decision: 'decline' }],
    ['GET', '/api/admin/audit-log'],
  ];
  const mentoring: [Method, string, unknown?][] = [
    ['GET', '/api/disciples/tree'],
    ['GET', '/api/disciples/pending'],
    ['GET', '/api/disciples/summary'],
    ['GET', '/api/disciples/progression'],
    ['POST', '/api/disciples', { fullName: 'Invited Person', email: 'invited-by-matrix@example.org' }],
  ];

  it('admin endpoints: 401 for visitors, 403 for user, ambassador and coordinator, allowed for admin and founder', async () => {
    for (const [method, url, body] of await admin()) {
      const visitor = await call(method, url, undefined, body);
      expect(visitor.statusCode, `${method} ${url} visitor`).toBe(401);
      expect(visitor.json().code).toBe('UNAUTHENTICATED');
      for (const role of ['user', 'ambassador', 'coordinator'] as const) {
        const res = await call(method, url, signedIn[role].cookie, body);
        expect(res.statusCode, `${method} ${url} ${role}`).toBe(403);
        expect(res.json()).toEqual({ code: 'FORBIDDEN', message: "You don't have permission to access the admin dashboard." });
      }
    }
    // Fresh targets for each allowed role, since the writes change them.
    for (const role of ['admin', 'founder'] as const) {
      for (const [method, url, body] of await admin()) {
        const res = await call(method, url, signedIn[role].cookie, body);
        expect(res.statusCode, `${method} ${url} ${role}`).toBe(200);
      }
    }
  });

  it('admin endpoints refuse non-admins before validating what they send', async () => {
    const bad = await call('PUT', '/api/admin/users/not-a-uuid/role', signedIn.user.cookie, { role: 'emperor' });
    expect(bad.statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/users/not-a-uuid/role', undefined, { role: 'emperor' })).statusCode).toBe(401);
  });

  it('mentoring endpoints: 401 for visitors, open to every signed-in role', async () => {
    for (const [method, url, body] of mentoring) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url} visitor`).toBe(401);
      for (const role of ['user', 'ambassador', 'coordinator', 'admin', 'founder'] as const) {
        const res = await call(method, url, signedIn[role].cookie, body);
        expect([200, 201], `${method} ${url} ${role}: ${res.body}`).toContain(res.statusCode);
      }
    }
    // Applying is open to everyone signed in; the rules then decide (here: not eligible, or already above).
    expect((await call('POST', '/api/ambassador-applications')).statusCode).toBe(401);
    expect((await call('POST', '/api/ambassador-applications', signedIn.user.cookie)).json().code).toBe('NOT_ELIGIBLE');
    for (const role of ['ambassador', 'coordinator', 'admin', 'founder'] as const)
      expect((await call('POST', '/api/ambassador-applications', signedIn[role].cookie)).json().code).toBe('ALREADY_AMBASSADOR');
  });
});

describe('user directory', async () => {
  // A separate database so counts are exact.
  const dir = await createTestApp();
  const { cookie } = await signedInUser(dir, { role: 'admin', firstName: 'Ada', lastName: 'Admin', email: 'ada.admin@example.org' });
  const page = async (query: string) => {
    const res = await dir.inject({ method: 'GET', url: `/api/admin/users?${query}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { users: DirectoryRow[]; total: number; page: number; pageSize: number };
  };
  const names = (rows: DirectoryRow[]) => rows.map((r) => r.firstName).sort();

  // Mentor "Miriam": 3 disciples who completed the course → ambassador and coordinator eligible.
  // Mentor "Moses": 3 disciples, 1 completed → coordinator only. "Aaron": 2 completed disciples → neither.
  const miriam = await createUser(dir.db, {
    firstName: 'Miriam',
    lastName: 'Prophetess',
    email: 'miriam@example.org',
    phone: '+1 555 0001',
    address: '12 River Road\nNile',
  });
  const moses = await createUser(dir.db, { firstName: 'Moses', lastName: 'Lawgiver', email: 'moses@example.org' });
  const aaron = await createUser(dir.db, { firstName: 'Aaron', lastName: 'Priest', email: 'aaron@sinai.example.org' });
  const noName = await createUser(dir.db, { firstName: null, lastName: null, email: 'anonymous@example.org' });
  const zoe = await createUser(dir.db, { firstName: 'Zoë', lastName: 'Écrivain', email: 'zoe@example.org' });
  for (let i = 0; i < 3; i++) await passLessons(dir.db, (await createUser(dir.db, { firstName: `Dmiriam${i}`, mentorId: miriam.id })).id);
  await passLessons(dir.db, (await createUser(dir.db, { firstName: 'Dmoses0', mentorId: moses.id })).id);
  await passLessons(dir.db, (await createUser(dir.db, { firstName: 'Dmoses1', mentorId: moses.id })).id, 4);
  await createUser(dir.db, { firstName: 'Dmoses2', mentorId: moses.id });
  for (let i = 0; i < 2; i++) await passLessons(dir.db, (await createUser(dir.db, { firstName: `Daaron${i}`, mentorId: aaron.id })).id);
  await passLessons(dir.db, zoe.id, 1);

  it('computes every row field', async () => {
    const rows = (await page('pageSize=100')).users;
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(miriam.id)).toEqual({
      id: miriam.id,
      firstName: 'Miriam',
      lastName: 'Prophetess',
      email: 'miriam@example.org',
      phone: '+1 555 0001',
      address: '12 River Road\nNile',
      role: 'user',
      courseProgress: 0,
      courseCompleted: false,
      completedDisciplesCount: 3,
      pendingDisciplesCount: 0,
      isAmbassadorEligible: true,
      isCoordinatorEligible: true,
      isEmailVerified: false,
      isResponder: false,
      isSafeguardingLead: false,
      isDeactivated: false,
    });
    expect(byId.get(moses.id)).toMatchObject({
      completedDisciplesCount: 1,
      pendingDisciplesCount: 2,
      isAmbassadorEligible: false,
      isCoordinatorEligible: true,
    });
    expect(byId.get(aaron.id)).toMatchObject({
      completedDisciplesCount: 2,
      pendingDisciplesCount: 0,
      isAmbassadorEligible: false,
      isCoordinatorEligible: false,
    });
    expect(byId.get(noName.id)).toMatchObject({ firstName: null, lastName: null, phone: null, address: null });
    expect(byId.get(zoe.id)).toMatchObject({ courseProgress: 13, courseCompleted: false });
    const done = rows.find((r) => r.firstName === 'Dmiriam0')!;
    expect(done).toMatchObject({ courseProgress: 100, courseCompleted: true });
  });

  it('pages on the server, newest first, with the total', async () => {
    const all = await page('pageSize=100');
    expect(all.total).toBe(all.users.length);
    const first = await page('pageSize=5&page=1');
    const second = await page('pageSize=5&page=2');
    expect(first.total).toBe(all.total);
    expect(first.users.map((u) => u.id)).toEqual(all.users.slice(0, 5).map((u) => u.id));
    expect(second.users.map((u) => u.id)).toEqual(all.users.slice(5, 10).map((u) => u.id));
    expect((await page('pageSize=5&page=999')).users).toEqual([]);
    // A search pages the same way, and still counts when the page is past the end.
    const searched = await page('search=dmiriam&pageSize=2&page=2');
    expect([searched.total, searched.users.length]).toEqual([3, 1]);
    expect(await page('search=dmiriam&pageSize=2&page=9')).toMatchObject({ total: 3, users: [] });
    expect(await page('filter=coordinator&pageSize=1&page=2')).toMatchObject({ total: 2, users: [expect.anything()] });
  });

  it('searches full name or email, case- and accent-insensitive', async () => {
    expect(names((await page('search=PROPHETESS')).users)).toEqual(['Miriam']);
    expect(names((await page('search=MIRIAM')).users)).toEqual(['Dmiriam0', 'Dmiriam1', 'Dmiriam2', 'Miriam']);
    expect(names((await page('search=miriam%20prophet')).users)).toEqual(['Miriam']);
    expect(names((await page('search=SINAI.EXAMPLE')).users)).toEqual(['Aaron']);
    expect(names((await page('search=zoe%20ecri')).users)).toEqual(['Zoë']);
    expect((await page('search=nobody-has-this')).users).toEqual([]);
    // LIKE wildcards are taken literally.
    expect((await page('search=%25')).total).toBe(0);
    expect((await page('search=_')).total).toBe(0);
  });

  it('filters: completed, in progress, ambassador, coordinator, combined with search', async () => {
    expect(names((await page('filter=completed')).users)).toEqual(['Daaron0', 'Daaron1', 'Dmiriam0', 'Dmiriam1', 'Dmiriam2', 'Dmoses0']);
    expect(names((await page('filter=in-progress')).users)).toEqual(['Dmoses1', 'Zoë']);
    expect(names((await page('filter=ambassador')).users)).toEqual(['Miriam']);
    expect(names((await page('filter=coordinator')).users)).toEqual(['Miriam', 'Moses']);
    expect((await page('filter=coordinator')).total).toBe(2);
    expect(names((await page('filter=completed&search=dmiriam')).users)).toEqual(['Dmiriam0', 'Dmiriam1', 'Dmiriam2']);
    expect(names((await page('filter=coordinator&search=mos')).users)).toEqual(['Moses']);
  });

  it('stat cards agree with the filters', async () => {
    const stats = (await dir.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } })).json();
    const all = await page('pageSize=1');
    expect(stats).toEqual({
      totalUsers: all.total,
      courseCompleted: 6,
      ambassadorEligible: 1,
      coordinatorEligible: 2,
      trackStarted: 0,
      trackCompleted: 0,
    });
    // Each page carries its filter's total, also on a page past the end.
    expect((await page('filter=completed&pageSize=2')).total).toBe(stats.courseCompleted);
    expect((await page('filter=completed&pageSize=2&page=50')).total).toBe(stats.courseCompleted);
    const inProgress = await page('filter=in-progress&pageSize=100');
    expect(inProgress.total).toBe(inProgress.users.length);
    expect(inProgress.users.every((u) => u.courseProgress > 0 && !u.courseCompleted)).toBe(true);
  });

  it('refuses bad queries with 400 naming the field', async () => {
    for (const [query, field] of [
      ['filter=everyone', 'filter'],
      ['page=0', 'page'],
      ['pageSize=1000', 'pageSize'],
      ['page=abc', 'page'],
      [`search=${'x'.repeat(101)}`, 'search'],
      ['sort=name', 'sort'],
    ]) {
      const res = await dir.inject({ method: 'GET', url: `/api/admin/users?${query}`, headers: { cookie } });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().message, query).toContain(field);
    }
  });

  it('exports the current search and filter as CSV, and audits the export', async () => {
    const res = await dir.inject({ method: 'GET', url: '/api/admin/users/export.csv?filter=coordinator', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="user-directory-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'First name,Last name,Email,Phone,Address,Role,Course progress (%),Course completed,Completed disciples,Pending disciples,Ambassador eligible,Coordinator eligible,Joined',
    );
    expect(lines).toHaveLength(3);
    expect(
      lines
        .slice(1)
        .some((l) => l.startsWith(`Miriam,Prophetess,miriam@example.org,+1 555 0001,"12 River Road\nNile",Member,0,no,3,0,yes,yes,`)),
    ).toBe(true);
    expect(lines.slice(1).some((l) => l.startsWith('Moses,Lawgiver,moses@example.org,,,Member,0,no,1,2,no,yes,'))).toBe(true);

    const fr = await dir.inject({ method: 'GET', url: '/api/admin/users/export.csv?search=prophetess&lang=fr', headers: { cookie } });
    expect(fr.body.split('\r\n')[0]).toContain('Prénom,Nom,E-mail');
    expect(fr.body.split('\r\n')).toHaveLength(3);

    const [entry] = await dir.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'directory.exported'))
      .orderBy(sql`${auditLog.id}`)
      .limit(1);
    expect(entry).toMatchObject({ targetType: 'directory', details: { filter: 'coordinator', isSearch: false } });
  });

  it('neutralises spreadsheet formulas in exported cells', async () => {
    await createUser(dir.db, { firstName: '=HYPERLINK("http://evil")', lastName: 'Formula', email: 'formula@example.org' });
    const res = await dir.inject({ method: 'GET', url: '/api/admin/users/export.csv?search=formula', headers: { cookie } });
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")",Formula`);
    // A phone number keeps its "+" as is; anything else in the phone column that could run is quoted.
    await createUser(dir.db, { firstName: 'Phone', lastName: 'Formula', email: 'phone-formula@example.org', phone: '+1+cmd|calc' });
    const phone = await dir.inject({ method: 'GET', url: '/api/admin/users/export.csv?search=phone-formula', headers: { cookie } });
    expect(phone.body).toContain(`phone-formula@example.org,'+1+cmd|calc,`);
  });

  it('exports every matching row across batches', async () => {
    await dir.db.execute(sql`insert into users (email, first_name, created_at)
      select 'bulk' || g || '@example.org', 'Bulk', now() - make_interval(secs => g) from generate_series(1, 4500) g`);
    const res = await dir.inject({ method: 'GET', url: '/api/admin/users/export.csv?search=bulk', headers: { cookie } });
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(4501);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[2])).size).toBe(4500);
  });
});

describe('role management', () => {
  const setRole = (cookie: string, id: string, role: string) => call('PUT', `/api/admin/users/${id}/role`, cookie, { role });
  const roleOf = async (id: string) => (await app.db.select({ r: users.role }).from(users).where(eq(users.id, id)))[0]!.r;

  it('lets admins grant and remove ambassador and coordinator, and audits it', async () => {
    const target = await createUser(app.db);
    expect((await setRole(signedIn.admin.cookie, target.id, 'ambassador')).json()).toEqual({ id: target.id, role: 'ambassador' });
    expect((await setRole(signedIn.admin.cookie, target.id, 'coordinator')).statusCode).toBe(200);
    expect((await setRole(signedIn.admin.cookie, target.id, 'user')).statusCode).toBe(200);
    expect(await roleOf(target.id)).toBe('user');
    const entries = await app.db.select().from(auditLog).where(eq(auditLog.targetId, target.id)).orderBy(auditLog.id);
    expect(entries.map((e) => [e.actorId, e.action, (e.details as { from: string }).from, (e.details as { to: string }).to])).toEqual([
      [signedIn.admin.id, 'user.role_changed', 'user', 'ambassador'],
      [signedIn.admin.id, 'user.role_changed', 'ambassador', 'coordinator'],
      [signedIn.admin.id, 'user.role_changed', 'coordinator', 'user'],
    ]);
  });

  it('does not let an admin grant or remove admin or founder', async () => {
    const target = await createUser(app.db);
    for (const role of ['admin', 'founder']) {
      const res = await setRole(signedIn.admin.cookie, target.id, role);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'ROLE_FOUNDER_ONLY', message: 'Only a founder can grant or remove the admin and founder roles.' });
    }
    const otherAdmin = await createUser(app.db, { role: 'admin' });
    expect((await setRole(signedIn.admin.cookie, otherAdmin.id, 'user')).statusCode).toBe(403);
    expect((await setRole(signedIn.admin.cookie, signedIn.founder.id, 'user')).statusCode).toBe(403);
    expect(await roleOf(target.id)).toBe('user');
    expect(await roleOf(otherAdmin.id)).toBe('admin');
  });

  it('lets a founder grant and remove admin and founder, but never remove the last founder', async () => {
    const lone = await createTestApp();
    const founder = await signedInUser(lone, { role: 'founder' });
    const target = await createUser(lone.db);
    const put = (id: string, role: string) =>
      lone.inject({ method: 'PUT', url: `/api/admin/users/${id}/role`, headers: { ...json, cookie: founder.cookie }, payload: { role } });
    expect((await put(target.id, 'admin')).statusCode).toBe(200);
    const last = await put(founder.user.id, 'admin');
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ code: 'LAST_FOUNDER', message: 'This is the last founder. Make someone else a founder first.' });
    expect((await put(target.id, 'founder')).statusCode).toBe(200);
    // With two founders, one may step down; the other is then the last.
    expect((await put(founder.user.id, 'admin')).statusCode).toBe(200);
    const nowFounder = await sessionCookie(lone, target.id);
    // A founder opens the admin API only with two-step verification.
    await enrolTotp(lone, nowFounder);
    const res = await lone.inject({
      method: 'PUT',
      url: `/api/admin/users/${target.id}/role`,
      headers: { ...json, cookie: nowFounder },
      payload: { role: 'user' },
    });
    expect(res.json().code).toBe('LAST_FOUNDER');
    const founders = await lone.db.select().from(users).where(eq(users.role, 'founder'));
    expect(founders.map((f) => f.id)).toEqual([target.id]);
  });

  it('answers 404 for an unknown user and 400 for a bad role or id', async () => {
    expect((await setRole(signedIn.founder.cookie, uuid, 'user')).statusCode).toBe(404);
    const badRole = await setRole(signedIn.founder.cookie, signedIn.user.id, 'emperor');
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toContain('role');
    const badId = await setRole(signedIn.founder.cookie, 'abc', 'user');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain('id');
  });
});

describe('callback inbox', () => {
  it('lists open requests with flagged mental-health ones first, then overdue, then oldest', async () => {
    const inbox = await createTestApp();
    const { cookie } = await signedInUser(inbox, { role: 'admin' });
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const add = async (name: string, o: Partial<typeof callbackRequests.$inferInsert>) =>
      (
        await inbox.db
          .insert(callbackRequests)
          .values({ name, phone: '+1 555 0199', category: 'spiritual', ...o })
          .returning()
      )[0]!;
    await add('Recent', { createdAt: hoursAgo(1) });
    await add('Overdue', { createdAt: hoursAgo(49) });
    await add('Contacted long ago', { createdAt: hoursAgo(100), status: 'contacted' });
    await add('Mental yellow', { category: 'mental', scoreBand: 'yellow', createdAt: hoursAgo(2) });
    await add('Mental red', { category: 'mental', scoreBand: 'red', createdAt: hoursAgo(3) });
    await add('Mental green', { category: 'mental', scoreBand: 'green', createdAt: hoursAgo(4) });
    await add('Closed', { status: 'closed', createdAt: hoursAgo(200) });

    const open = (await inbox.inject({ method: 'GET', url: '/api/admin/callbacks', headers: { cookie } })).json();
    expect(open.total).toBe(6);
    expect(open.items.map((i: { name: string }) => i.name)).toEqual([
      'Mental red',
      'Mental yellow',
      'Overdue',
      'Contacted long ago',
      'Mental green',
      'Recent',
    ]);
    const flags = Object.fromEntries(
      open.items.map((i: { name: string; isOverdue: boolean; isPriority: boolean }) => [i.name, [i.isPriority, i.isOverdue]]),
    );
    expect(flags).toMatchObject({
      'Mental red': [true, false],
      Overdue: [false, true],
      'Contacted long ago': [false, false],
      Recent: [false, false],
    });

    const closed = (await inbox.inject({ method: 'GET', url: '/api/admin/callbacks?status=closed', headers: { cookie } })).json();
    expect(closed.items.map((i: { name: string }) => i.name)).toEqual(['Closed']);
    expect((await inbox.inject({ method: 'GET', url: '/api/admin/callbacks?status=all', headers: { cookie } })).json().total).toBe(7);
  });

  it('changes status, assignee and notes, and audits each change without copying the notes', async () => {
    const request = await newCallback({ name: 'Martha' });
    const ambassador = await createUser(app.db, { role: 'ambassador', firstName: 'Phoebe', lastName: 'Deacon' });
    const patch = (body: unknown) => call('PATCH', `/api/admin/callbacks/${request.id}`, signedIn.admin.cookie, body);

    const assigned = await patch({ assignedTo: ambassador.id, notes: 'Prefers evenings; going through a hard time' });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({
      status: 'new',
      assignee: { id: ambassador.id, firstName: 'Phoebe' },
      notes: 'Prefers evenings; going through a hard time',
    });
    expect((await patch({ status: 'contacted' })).json().status).toBe('contacted');
    expect((await patch({ status: 'closed', assignedTo: null })).json()).toMatchObject({ status: 'closed', assignee: null });
    // Closing starts the retention clock.
    const closedAt = (await app.db.select().from(callbackRequests).where(eq(callbackRequests.id, request.id)))[0]!.closedAt;
    expect(closedAt).toBeInstanceOf(Date);

    const entries = await app.db.select().from(auditLog).where(eq(auditLog.targetId, request.id)).orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual(['callback.updated', 'callback.updated', 'callback.updated']);
    expect(entries.every((e) => e.actorId === signedIn.admin.id)).toBe(true);
    expect(entries[0]!.details).toMatchObject({ assignedTo: { from: null, to: ambassador.id }, notes: 'edited' });
    expect(JSON.stringify(entries)).not.toContain('hard time');
    // Ids and changes only: not the requester's name, nor the assignee's email.
    expect(JSON.stringify(entries)).not.toContain('Martha');
    expect(JSON.stringify(entries)).not.toContain(ambassador.email);
    expect(entries[1]!.details).toMatchObject({ status: { from: 'new', to: 'contacted' } });
    expect(entries[2]!.details).toMatchObject({
      status: { from: 'contacted', to: 'closed' },
      assignedTo: { from: ambassador.id, to: null },
    });

    // The audit log is readable by admins, newest first, naming who did it.
    const log = (await get('/api/admin/audit-log', signedIn.founder.cookie)).json();
    expect(log.items[0]).toMatchObject({
      action: 'callback.updated',
      targetId: request.id,
      actor: { id: signedIn.admin.id, firstName: 'Theadmin' },
    });
  });

  it('refuses to assign someone outside the team, an empty change and a bad status', async () => {
    const request = await newCallback();
    const notTeam = await createUser(app.db);
    const res = await call('PATCH', `/api/admin/callbacks/${request.id}`, signedIn.admin.cookie, { assignedTo: notTeam.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('assignedTo');
    expect((await call('PATCH', `/api/admin/callbacks/${request.id}`, signedIn.admin.cookie, {})).statusCode).toBe(400);
    const bad = await call('PATCH', `/api/admin/callbacks/${request.id}`, signedIn.admin.cookie, { status: 'lost' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('status');
    expect((await call('PATCH', `/api/admin/callbacks/${uuid}`, signedIn.admin.cookie, { status: 'closed' })).statusCode).toBe(404);
  });

  it('offers the team as assignees', async () => {
    const list = (await get('/api/admin/assignees', signedIn.admin.cookie)).json() as { id: string; role: Role }[];
    expect(list.map((a) => a.id)).toEqual(
      expect.arrayContaining([signedIn.ambassador.id, signedIn.coordinator.id, signedIn.admin.id, signedIn.founder.id]),
    );
    expect(list.map((a) => a.id)).not.toContain(signedIn.user.id);
  });
});

describe('WatchMoms applications', () => {
  it('lists them and records status and notes, audited', async () => {
    const application = await newWatchmoms();
    const res = await call('PATCH', `/api/admin/watchmoms-applications/${application.id}`, signedIn.founder.cookie, {
      status: 'approved',
      notes: 'Joins the Thursday group',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: application.id,
      status: 'approved',
      notes: 'Joins the Thursday group',
      fullName: 'Hannah Prayer',
    });
    const list = (await get('/api/admin/watchmoms-applications?status=approved', signedIn.admin.cookie)).json();
    expect(list.items.map((i: { id: string }) => i.id)).toContain(application.id);
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.targetId, application.id));
    expect(entry).toMatchObject({
      actorId: signedIn.founder.id,
      action: 'watchmoms.updated',
      details: { status: { from: 'new', to: 'approved' }, notes: 'edited' },
    });
    expect(
      (await call('PATCH', `/api/admin/watchmoms-applications/${application.id}`, signedIn.admin.cookie, { status: 'maybe' })).statusCode,
    ).toBe(400);
  });
});

describe('ambassador applications', () => {
  it('approve makes the applicant an ambassador; decline leaves the role; both audited; no second decision', async () => {
    const { applicant, application } = await newApplication();
    const pending = (await get('/api/admin/ambassador-applications', signedIn.admin.cookie)).json();
    expect(pending.items.find((i: { id: string }) => i.id === application.id)).toMatchObject({
      user: { id: applicant.id, firstName: 'Priscilla', role: 'user' },
      status: 'pending',
      completedDisciples: 0,
    });

    const approved = await call('POST', `/api/admin/ambassador-applications/${application.id}/decision`, signedIn.admin.cookie, {
      decision: 'approve',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', user: { role: 'ambassador' }, decidedBy: { id: signedIn.admin.id } });
    expect((await app.db.select().from(users).where(eq(users.id, applicant.id)))[0]!.role).toBe('ambassador');
    const again = await call('POST', `/api/admin/ambassador-applications/${application.id}/decision`, signedIn.admin.cookie, {
      decision: 'decline',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_DECIDED');

    const other = await newApplication();
    const declined = await call('POST', `/api/admin/ambassador-applications/${other.application.id}/decision`, signedIn.founder.cookie, {
      decision: 'decline',
    });
    expect(declined.json()).toMatchObject({ status: 'declined', user: { role: 'user' } });

    const actions = await app.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetId} in (${application.id}, ${other.application.id})`)
      .orderBy(auditLog.id);
    // The refused second decision is recorded too (issue 10, defect 16).
    expect(actions.map((a) => a.action)).toEqual([
      'ambassador_application.approved',
      'admin.action-refused',
      'ambassador_application.declined',
    ]);
    expect(actions[1]!.details).toMatchObject({ code: 'ALREADY_DECIDED' });
    expect(actions[0]!.details).toMatchObject({ role: { from: 'user', to: 'ambassador' } });
  });

  it('never lowers a higher role on approval', async () => {
    const coordinator = await createUser(app.db, { role: 'coordinator' });
    const [application] = await app.db.insert(ambassadorApplications).values({ userId: coordinator.id }).returning();
    const res = await call('POST', `/api/admin/ambassador-applications/${application!.id}/decision`, signedIn.admin.cookie, {
      decision: 'approve',
    });
    expect(res.json()).toMatchObject({ status: 'approved', user: { role: 'coordinator' } });
  });
});
