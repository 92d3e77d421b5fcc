import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminPaths, type AuditEntry } from '../../../../common/contracts/admin.ts';
import { createTestApp, createUser, signedInUser } from '../../../../test/app.ts';
import { ambassadorApplications, auditLog, callbackRequests, watchmomsApplications } from '../../../db/schema/index.ts';

/** The audit log keeps ids and actions, not names, emails or phones (issue 11); the view names people from live rows. */
const app = await createTestApp();
const founder = await signedInUser(app, { role: 'founder', firstName: 'Fay', lastName: 'Founder' });
const call = (method: 'PUT' | 'PATCH' | 'POST' | 'DELETE' | 'GET', url: string, payload?: unknown, cookie = founder.cookie) =>
  app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const entriesAbout = async (targetId: string) => app.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.id);
const auditPage = async () => (await call('GET', adminPaths.audit)).json().items as AuditEntry[];

describe('what the admin actions write', () => {
  it('role, responder, WatchMoms, application, callback, profile and export entries hold ids and changes only', async () => {
    const person = await createUser(app.db, { firstName: 'Priya', lastName: 'Secret', phone: '+44 7700 900123' });
    expect((await call('PUT', adminPaths.userRole(person.id), { role: 'coordinator' })).statusCode).toBe(200);
    expect((await call('PUT', adminPaths.userResponder(person.id), { isResponder: true })).statusCode).toBe(200);

    const [wm] = await app.db
      .insert(watchmomsApplications)
      .values({ fullName: 'Hannah Secret', phone: '+1 555 0101', country: 'Canada', cityState: 'Toronto', churchAffiliation: 'Grace', reasonForJoining: 'To pray.', consent: true })
      .returning();
    expect((await call('PATCH', adminPaths.watchmomsItem(wm!.id), { status: 'declined', notes: 'Called Hannah at home' })).statusCode).toBe(200);

    const applicant = await createUser(app.db, { firstName: 'Abel', lastName: 'Secret' });
    const [application] = await app.db.insert(ambassadorApplications).values({ userId: applicant.id }).returning();
    expect((await call('POST', adminPaths.applicationDecision(application!.id), { decision: 'approve' })).statusCode).toBe(200);

    const [request] = await app.db.insert(callbackRequests).values({ name: 'Cara Secret', phone: '+1 555 0177', category: 'spiritual' }).returning();
    expect((await call('PATCH', adminPaths.callback(request!.id), { assignedTo: person.id, status: 'contacted' })).statusCode).toBe(200);

    expect((await call('GET', `${adminPaths.usersExport}?search=${encodeURIComponent(person.email)}&filter=all`)).statusCode).toBe(200);

    expect((await entriesAbout(person.id)).map((e) => [e.action, e.details])).toEqual([
      ['user.role_changed', { from: 'user', to: 'coordinator' }],
      ['user.responder_changed', { from: false, to: true }],
    ]);
    expect((await entriesAbout(wm!.id)).map((e) => e.details)).toEqual([{ status: { from: 'new', to: 'declined' }, notes: 'edited' }]);
    expect((await entriesAbout(application!.id)).map((e) => e.details)).toEqual([{ applicantId: applicant.id, role: { from: 'user', to: 'ambassador' } }]);
    expect((await entriesAbout(request!.id)).map((e) => e.details)).toEqual([{ assignedTo: { from: null, to: person.id }, status: { from: 'new', to: 'contacted' } }]);
    const [exported] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'directory.exported'));
    expect(exported!.details).toEqual({ isSearch: true, filter: 'all' });

    // Nothing anywhere in the log spells a name, an email or a phone of these people.
    const everything = JSON.stringify(await app.db.select({ details: auditLog.details }).from(auditLog));
    for (const secret of ['Secret', person.email, applicant.email, '+44', '555', 'Hannah']) expect(everything).not.toContain(secret);
  });
});

describe('the audit view', () => {
  it('names people from their live accounts, and shows a deleted one as gone, with no trace of the name', async () => {
    const person = await createUser(app.db, { firstName: 'Gina', lastName: 'Gone' });
    const assignee = await createUser(app.db, { role: 'coordinator', firstName: 'Theo', lastName: 'Team' });
    await call('PUT', adminPaths.userRole(person.id), { role: 'ambassador' });
    const [request] = await app.db.insert(callbackRequests).values({ name: 'Someone', phone: '+1 555 0100', category: 'spiritual' }).returning();
    await call('PATCH', adminPaths.callback(request!.id), { assignedTo: assignee.id });

    let page = await auditPage();
    const roleEntry = () => page.find((e) => e.action === 'user.role_changed' && e.targetId === person.id)!;
    expect(roleEntry().target).toEqual({ name: 'Gina Gone', email: person.email });
    expect(roleEntry().actor).toMatchObject({ id: founder.user.id, firstName: 'Fay' });
    const assigned = page.find((e) => e.action === 'callback.updated' && e.targetId === request!.id)!;
    expect(assigned.people[assignee.id]).toMatchObject({ firstName: 'Theo', lastName: 'Team', email: assignee.email });

    expect((await call('DELETE', adminPaths.user(person.id))).statusCode).toBe(204);
    page = await auditPage();
    expect(roleEntry().target).toBeNull();
    expect(page.find((e) => e.action === 'account.deleted' && e.targetId === person.id)).toMatchObject({ target: null, details: { by: 'admin' } });
    const body = JSON.stringify(page);
    expect(body).not.toContain('Gina');
    expect(body).not.toContain(person.email);
  });
});

describe('migration 0022', () => {
  it('strips names, emails, phones and search texts from entries written before, and keeps ids and changes', async () => {
    const legacy = await app.db
      .insert(auditLog)
      .values([
        { actorId: null, action: 'user.role_changed', targetType: 'user', targetId: founder.user.id, details: { email: 'old@example.org', from: 'user', to: 'admin' } },
        { actorId: null, action: 'watchmoms.updated', targetType: 'watchmoms_application', targetId: null, details: { name: 'Old Name', status: { from: 'new', to: 'approved' } } },
        { actorId: null, action: 'callback.updated', targetType: 'callback_request', targetId: null, details: { name: 'Old Caller', assignedTo: { from: null, to: founder.user.id, email: 'fay@example.org' } } },
        { actorId: null, action: 'profile.updated', targetType: 'user', targetId: null, details: { fields: ['lastName'], from: 'Ann Old', to: 'Ann New', renamedCertificates: 1 } },
        { actorId: null, action: 'directory.exported', targetType: 'directory', targetId: null, details: { search: 'ann@example.org', filter: 'all' } },
        { actorId: null, action: 'directory.exported', targetType: 'directory', targetId: null, details: { search: '', filter: 'completed' } },
        { actorId: null, action: 'mentoring.mentor_set', targetType: 'user', targetId: null, details: { from: null, to: founder.user.id } },
      ])
      .returning({ id: auditLog.id });
    const file = readFileSync(path.resolve(import.meta.dirname, '../../../db/migrations/0022_audit-ids-only.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await app.db.execute(sql.raw(statement));

    const rows = await app.db.select({ details: auditLog.details }).from(auditLog).where(inArray(auditLog.id, legacy.map((r) => r.id))).orderBy(auditLog.id);
    expect(rows.map((r) => r.details)).toEqual([
      { from: 'user', to: 'admin' },
      { status: { from: 'new', to: 'approved' } },
      { assignedTo: { from: null, to: founder.user.id } },
      { fields: ['lastName'], renamedCertificates: 1 },
      { isSearch: true, filter: 'all' },
      { isSearch: false, filter: 'completed' },
      { from: null, to: founder.user.id },
    ]);
  });
});
