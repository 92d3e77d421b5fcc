import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { auditLog, callbackRequests } from '#server/db/schema/index.ts';
import { createTestApp, createUser, enrolTotp, sessionCookie, signedInUser } from '#test/app.ts';

// Responders who are not admins get the staff alerts; they open the callback inbox the mails link
// to, and nothing else of the admin console (decision 015).
const app = await createTestApp();

async function newCallback(overrides: Partial<typeof callbackRequests.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(callbackRequests)
    .values({ name: 'Jamie Caller', phone: '+1 555 0100', category: 'mental', ...overrides })
    .returning();
  return row!;
}

/** A person an admin marked as a responder, signed in with two-step verification (the inbox holds personal data). */
async function signedInResponder(role: 'user' | 'ambassador' | 'coordinator' = 'user') {
  const user = await createUser(app.db, { role, isResponder: true, firstName: 'Rita' });
  const cookie = await sessionCookie(app, user.id);
  await enrolTotp(app, cookie);
  return { user, cookie };
}

const list = (cookie?: string) => app.inject({ method: 'GET', url: '/api/admin/callbacks?status=all', headers: cookie ? { cookie } : {} });
const patch = (id: string, payload: object, cookie?: string) =>
  app.inject({ method: 'PATCH', url: `/api/admin/callbacks/${id}`, headers: cookie ? { cookie } : {}, payload });

describe('a responder who is not an admin', () => {
  it('reads the inbox and marks a request contacted, then closed (audited as them)', async () => {
    const { user, cookie } = await signedInResponder();
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ role: 'user', isResponder: true });

    const request = await newCallback();
    const inbox = await list(cookie);
    expect(inbox.statusCode).toBe(200);
    const item = inbox.json().items.find((i: { id: string }) => i.id === request.id);
    expect(item).toMatchObject({ name: 'Jamie Caller', phone: '+1 555 0100', status: 'new' });

    const contacted = await patch(request.id, { status: 'contacted' }, cookie);
    expect(contacted.statusCode).toBe(200);
    expect(contacted.json()).toMatchObject({ id: request.id, status: 'contacted' });
    expect((await patch(request.id, { status: 'closed' }, cookie)).json()).toMatchObject({ status: 'closed' });
    const [row] = await app.db.select().from(callbackRequests).where(eq(callbackRequests.id, request.id));
    expect(row!.status).toBe('closed');

    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.targetId, request.id)));
    expect(entries.map((e) => [e.action, e.details])).toEqual([
      ['callback.updated', { status: { from: 'new', to: 'contacted' } }],
      ['callback.updated', { status: { from: 'contacted', to: 'closed' } }],
    ]);
    // The read of the list is recorded like an admin's.
    const reads = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, 'admin.read')));
    expect(reads.map((r) => r.targetType)).toEqual(['callbacks']);
  });

  it('cannot assign a request or write its notes: 403, nothing changes', async () => {
    const { cookie } = await signedInResponder('coordinator');
    const request = await newCallback();
    for (const body of [
      { notes: 'Called, no answer' },
      { assignedTo: (await createUser(app.db, { role: 'ambassador' })).id },
      { status: 'contacted', notes: 'x' },
    ]) {
      const res = await patch(request.id, body, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const [row] = await app.db.select().from(callbackRequests).where(eq(callbackRequests.id, request.id));
    expect(row).toMatchObject({ status: 'new', notes: '', assignedTo: null });
    // Bad input is still a clear 400.
    const bad = await patch(request.id, { status: 'done' }, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('status');
  });

  it('needs two-step verification, like the admins: 403 MFA_REQUIRED without it', async () => {
    const user = await createUser(app.db, { isResponder: true });
    const cookie = await sessionCookie(app, user.id);
    const res = await list(cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('MFA_REQUIRED');
    expect((await patch((await newCallback()).id, { status: 'contacted' }, cookie)).json().code).toBe('MFA_REQUIRED');
  });

  it('reaches no other route of the admin console (403 on every one, malformed or not)', async () => {
    const { user, cookie } = await signedInResponder();
    // The inbox, and its figures in the Insights tab (the care charts, decision 076).
    const inboxRoutes = new Set(['GET /api/admin/callbacks', 'PATCH /api/admin/callbacks/:id', 'GET /api/admin/insights/care']);
    const others = app.routes.filter(
      (r) => r.url.startsWith('/api/admin/') && r.method !== 'OPTIONS' && !inboxRoutes.has(`${r.method} ${r.url}`),
    );
    expect(others.length).toBeGreaterThanOrEqual(12);
    const problems: string[] = [];
    for (const r of others) {
      for (const payload of ['{}', '{"role":"founder","isResponder":true,"decision":"approve"}']) {
        const res = await app.inject({
          method: r.method as 'GET',
          url: r.url.replace(/:(\w+)/g, () => crypto.randomUUID()),
          headers: { cookie, ...(r.method === 'GET' || r.method === 'HEAD' ? {} : { 'content-type': 'application/json' }) },
          ...(r.method === 'GET' || r.method === 'HEAD' ? {} : { payload }),
        });
        if (res.statusCode !== 403) problems.push(`${r.method} ${r.url}: ${res.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
    // Probing the console is recorded, as for anyone who is not an admin.
    const refused = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, 'admin.refused')));
    expect(refused.length).toBeGreaterThan(0);
  });
});

describe('people who are not responders', () => {
  it('a plain user or a coordinator (with two-step verification) cannot open the inbox; a visitor gets 401', async () => {
    const request = await newCallback();
    for (const role of ['user', 'coordinator'] as const) {
      const { cookie } = await signedInUser(app, { role });
      await enrolTotp(app, cookie);
      expect((await list(cookie)).statusCode).toBe(403);
      expect((await patch(request.id, { status: 'contacted' }, cookie)).statusCode).toBe(403);
    }
    expect((await list()).statusCode).toBe(401);
    expect((await patch(request.id, { status: 'contacted' })).statusCode).toBe(401);
    const [row] = await app.db.select().from(callbackRequests).where(eq(callbackRequests.id, request.id));
    expect(row!.status).toBe('new');
  });

  it('once an admin removes the flag, the inbox closes to them', async () => {
    const { user, cookie } = await signedInResponder();
    expect((await list(cookie)).statusCode).toBe(200);
    const admin = await signedInUser(app, { role: 'admin' });
    const off = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/responder`,
      headers: { cookie: admin.cookie },
      payload: { isResponder: false },
    });
    expect(off.statusCode).toBe(200);
    // Another instance's remembered session expires within 5 s (decision 021); this one forgets at once or within that time.
    for (let i = 0; i < 60; i++) {
      if ((await list(cookie)).statusCode === 403) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await list(cookie)).statusCode).toBe(403);
  });

  it('admins keep everything: assign, notes and status', async () => {
    const { cookie } = await signedInUser(app, { role: 'admin' });
    const request = await newCallback();
    const ambassador = await createUser(app.db, { role: 'ambassador' });
    const res = await patch(request.id, { status: 'contacted', notes: 'Called', assignedTo: ambassador.id }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'contacted', notes: 'Called', assignee: { id: ambassador.id } });
  });
});
