import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { type AuditEntry } from '#common/contracts/admin.ts';
import { ambassadorApplications, auditLog, callbackRequests, watchmomsApplications } from '#server/db/schema/index.ts';
import { createTestApp, createUser, signedInUser } from '#test/app.ts';

/** The audit log keeps ids and actions, not names, emails or phones (issue 11); the view names people from live rows. */
const app = await createTestApp();
const founder = await signedInUser(app, { role: 'founder', firstName: 'Fay', lastName: 'Founder' });
const call = (method: 'PUT' | 'PATCH' | 'POST' | 'DELETE' | 'GET', url: string, payload?: unknown, cookie = founder.cookie) =>
  app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const entriesAbout = async (targetId: string) => app.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.id);
const auditPage = async () => (await call('GET', '/api/admin/audit-log')).json().items as AuditEntry[];

describe('what the admin actions write', () => {
  it('role, responder, WatchMoms, application, callback, profile and export entries hold ids and changes only', async () => {
    const person = await createUser(app.db, { firstName: 'Priya', lastName: 'Secret', phone: '+44 7700 900123' });
    expect((await call('PUT', `/api/admin/users/${person.id}/role`, { role: 'coordinator' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/admin/users/${person.id}/responder`, { isResponder: true })).statusCode).toBe(200);

    const [wm] = await app.db
      .insert(watchmomsApplications)
      .values({
        fullName: 'Hannah Secret',
        phone: '+1 555 0101',
        country: 'Canada',
        cityState: 'Toronto',
        churchAffiliation: 'Grace',
        reasonForJoining: 'To pray.',
        consent: true,
      })
      .returning();
    expect(
      (await call('PATCH', `/api/admin/watchmoms-applications/${wm!.id}`, { status: 'declined', notes: 'Called Hannah at home' }))
        .statusCode,
    ).toBe(200);

    const applicant = await createUser(app.db, { firstName: 'Abel', lastName: 'Secret' });
    const [application] = await app.db.insert(ambassadorApplications).values({ userId: applicant.id }).returning();
    expect((await call('POST', `/api/admin/ambassador-applications/${application!.id}/decision`, { decision: 'approve' })).statusCode).toBe(
      200,
    );

    const [request] = await app.db
      .insert(callbackRequests)
      .values({ name: 'Cara Secret', phone: '+1 555 0177', category: 'spiritual' })
      .returning();
    expect((await call('PATCH', `/api/admin/callbacks/${request!.id}`, { assignedTo: person.id, status: 'contacted' })).statusCode).toBe(
      200,
    );

    expect((await call('GET', `/api/admin/users/export.csv?search=${encodeURIComponent(person.email)}&filter=all`)).statusCode).toBe(200);

    expect((await entriesAbout(person.id)).map((e) => [e.action, e.details])).toEqual([
      ['user.role_changed', { from: 'user', to: 'coordinator' }],
      ['user.responder_changed', { from: false, to: true }],
    ]);
    expect((await entriesAbout(wm!.id)).map((e) => e.details)).toEqual([{ status: { from: 'new', to: 'declined' }, notes: 'edited' }]);
    expect((await entriesAbout(application!.id)).map((e) => e.details)).toEqual([
      { applicantId: applicant.id, role: { from: 'user', to: 'ambassador' } },
    ]);
    expect((await entriesAbout(request!.id)).map((e) => e.details)).toEqual([
      { assignedTo: { from: null, to: person.id }, status: { from: 'new', to: 'contacted' } },
    ]);
    const [exported] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'directory.exported'));
    expect(exported!.details).toEqual({ isSearch: true, filter: 'all' });

    // Nothing anywhere in the log spells a name, an email or a phone of these people.
    const everything = JSON.stringify(await app.db.select({ details: auditLog.details }).from(auditLog));
    // Whole phone numbers: a fragment such as "555" can occur inside a random id.
    for (const secret of ['Secret', person.email, applicant.email, '+44 7700 900123', '+1 555 0101', '+1 555 0177', 'Hannah'])
      expect(everything).not.toContain(secret);
  });
});

describe('the audit view', () => {
  it('names people from their live accounts, and shows a deleted one as gone, with no trace of the name', async () => {
    const person = await createUser(app.db, { firstName: 'Gina', lastName: 'Gone' });
    const assignee = await createUser(app.db, { role: 'coordinator', firstName: 'Theo', lastName: 'Team' });
    await call('PUT', `/api/admin/users/${person.id}/role`, { role: 'ambassador' });
    const [request] = await app.db
      .insert(callbackRequests)
      .values({ name: 'Someone', phone: '+1 555 0100', category: 'spiritual' })
      .returning();
    await call('PATCH', `/api/admin/callbacks/${request!.id}`, { assignedTo: assignee.id });

    let page = await auditPage();
    const roleEntry = () => page.find((e) => e.action === 'user.role_changed' && e.targetId === person.id)!;
    expect(roleEntry().target).toEqual({ name: 'Gina Gone', email: person.email });
    expect(roleEntry().actor).toMatchObject({ id: founder.user.id, firstName: 'Fay' });
    const assigned = page.find((e) => e.action === 'callback.updated' && e.targetId === request!.id)!;
    expect(assigned.people[assignee.id]).toMatchObject({ firstName: 'Theo', lastName: 'Team', email: assignee.email });

    expect((await call('DELETE', `/api/admin/users/${person.id}`)).statusCode).toBe(204);
    page = await auditPage();
    expect(roleEntry().target).toBeNull();
    expect(page.find((e) => e.action === 'account.deleted' && e.targetId === person.id)).toMatchObject({
      target: null,
      details: { by: 'admin' },
    });
    const body = JSON.stringify(page);
    expect(body).not.toContain('Gina');
    expect(body).not.toContain(person.email);
  });
});

describe('the audit log filters', () => {
  const list = async (query: string, cookie = founder.cookie) =>
    app.inject({ method: 'GET', url: `/api/admin/audit-log?${query}`, headers: { cookie } });
  const items = async (query: string) => {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: AuditEntry[]; total: number };
  };

  it('hide the list views by default, show one action when asked, and find a person as actor or target by name or email', async () => {
    const zoe = await createUser(app.db, { firstName: 'Zoë', lastName: 'Filterby' });
    const other = await createUser(app.db, { firstName: 'Olaf', lastName: 'Other' });
    // An admin opening tabs: list views, then a real action about Zoë.
    for (const url of ['/api/admin/users', '/api/admin/callbacks', '/api/admin/watchmoms-applications'])
      expect((await call('GET', url)).statusCode).toBe(200);
    expect((await call('PUT', `/api/admin/users/${zoe.id}/role`, { role: 'ambassador' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/admin/users/${other.id}/role`, { role: 'ambassador' })).statusCode).toBe(200);
    // Zoë acting herself.
    await app.db
      .insert(auditLog)
      .values({ actorId: zoe.id, action: 'password.changed', targetType: 'user', targetId: zoe.id, details: {} });

    const byDefault = await items('');
    expect(byDefault.items.some((e) => e.action === 'admin.read')).toBe(false);
    expect(byDefault.items.some((e) => e.action === 'user.role_changed' && e.targetId === zoe.id)).toBe(true);
    const withViews = await items('hideListViews=false');
    expect(withViews.total).toBeGreaterThan(byDefault.total);
    expect(withViews.items.filter((e) => e.action === 'admin.read').length).toBeGreaterThanOrEqual(3);

    const reads = await items('action=admin.read');
    expect(reads.items.length).toBeGreaterThanOrEqual(3);
    expect(reads.items.every((e) => e.action === 'admin.read')).toBe(true);

    // "zoe" finds Zoë (accents folded), as the target of the role change and as the actor of her password change.
    const aboutZoe = await items('person=zoe');
    expect(aboutZoe.items.map((e) => e.action).sort()).toEqual(['password.changed', 'user.role_changed']);
    expect(aboutZoe.total).toBe(2);
    const byEmail = await items(`person=${encodeURIComponent(zoe.email.toUpperCase())}&action=user.role_changed`);
    expect(byEmail.items.map((e) => e.targetId)).toEqual([zoe.id]);
    // The founder as actor (the file's earlier tests changed roles too): their changes, nobody else's.
    const byFounder = await items('person=fay%20founder&action=user.role_changed');
    expect(byFounder.items.map((e) => e.targetId)).toEqual(expect.arrayContaining([zoe.id, other.id]));
    expect(byFounder.items.every((e) => e.actor?.id === founder.user.id)).toBe(true);
    // A % in the search is a character, not a wildcard.
    expect((await items('person=%25')).total).toBe(0);
  });

  it('keep the entries of a time range, from included, to excluded', async () => {
    const at = (iso: string) => ({
      actorId: founder.user.id,
      action: 'directory.exported' as const,
      targetType: 'directory',
      targetId: null,
      details: { range: iso },
      createdAt: new Date(iso),
    });
    await app.db.insert(auditLog).values([at('2020-03-01T10:00:00Z'), at('2020-03-02T00:00:00Z'), at('2020-03-03T09:00:00Z')]);
    const march = await items(
      `action=directory.exported&from=${encodeURIComponent('2020-03-01T00:00:00Z')}&to=${encodeURIComponent('2020-03-03T00:00:00Z')}`,
    );
    expect(march.items.map((e) => e.details.range)).toEqual(['2020-03-02T00:00:00Z', '2020-03-01T10:00:00Z']);
    // With an offset, as a browser in Paris sends a local midnight.
    const fromParis = await items(
      `action=directory.exported&from=${encodeURIComponent('2020-03-03T00:00:00+01:00')}&to=${encodeURIComponent('2020-03-04T00:00:00+01:00')}`,
    );
    expect(fromParis.items.map((e) => e.details.range)).toEqual(['2020-03-03T09:00:00Z']);
  });

  it('refuse bad input with a 400 and a message, and stay closed to non-admins', async () => {
    for (const [query, field] of [
      ['action=made.up', 'action'],
      ['hideListViews=maybe', 'hideListViews'],
      ['from=yesterday', 'from'],
      [`from=${encodeURIComponent('2020-03-02T00:00:00Z')}&to=${encodeURIComponent('2020-03-01T00:00:00Z')}`, 'to'],
      [`person=${'x'.repeat(101)}`, 'person'],
      ['page=0', 'page'],
      ['sort=asc', 'sort'],
    ]) {
      const res = await list(query!);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(field);
    }
    const learner = await signedInUser(app, { role: 'user' });
    expect((await list('person=zoe', learner.cookie)).statusCode).toBe(403);
  });
});

describe('migration 0022', () => {
  it('strips names, emails, phones and search texts from entries written before, and keeps ids and changes', async () => {
    const legacy = await app.db
      .insert(auditLog)
      .values([
        {
          actorId: null,
          action: 'user.role_changed',
          targetType: 'user',
          targetId: founder.user.id,
          details: { email: 'old@example.org', from: 'user', to: 'admin' },
        },
        {
          actorId: null,
          action: 'watchmoms.updated',
          targetType: 'watchmoms_application',
          targetId: null,
          details: { name: 'Old Name', status: { from: 'new', to: 'approved' } },
        },
        {
          actorId: null,
          action: 'callback.updated',
          targetType: 'callback_request',
          targetId: null,
          details: { name: 'Old Caller', assignedTo: { from: null, to: founder.user.id, email: 'fay@example.org' } },
        },
        {
          actorId: null,
          action: 'profile.updated',
          targetType: 'user',
          targetId: null,
          details: { fields: ['lastName'], from: 'Ann Old', to: 'Ann New', renamedCertificates: 1 },
        },
        {
          actorId: null,
          action: 'directory.exported',
          targetType: 'directory',
          targetId: null,
          details: { search: 'ann@example.org', filter: 'all' },
        },
        {
          actorId: null,
          action: 'directory.exported',
          targetType: 'directory',
          targetId: null,
          details: { search: '', filter: 'completed' },
        },
        { actorId: null, action: 'mentoring.mentor_set', targetType: 'user', targetId: null, details: { from: null, to: founder.user.id } },
      ])
      .returning({ id: auditLog.id });
    const file = readFileSync(path.resolve(import.meta.dirname, '../../../db/migrations/0022_audit-ids-only.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await app.db.execute(sql.raw(statement));

    const rows = await app.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        inArray(
          auditLog.id,
          legacy.map((r) => r.id),
        ),
      )
      .orderBy(auditLog.id);
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
