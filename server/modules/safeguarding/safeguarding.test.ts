import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { DiscipleNode } from '#common/contracts/mentoring.ts';
import { createTestApp, createUser, enrolTotp, signedInUser } from '#test/app.ts';

import {
  auditLog,
  discipleInvitations,
  mailOutbox,
  mentorApprovals,
  parentalConsents,
  safeguardingConcerns,
  users,
} from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/session.ts';

const app = await createTestApp();
const json = { 'content-type': 'application/json' };
const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload: unknown, cookie?: string) =>
  app.inject({
    method,
    url,
    headers: { ...(payload === undefined ? {} : json), ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const post = (url: string, payload: unknown, cookie?: string) => send('POST', url, payload, cookie);

// Today is taken from the clock: birth years relative to it keep the ages right whenever the test runs.
const year = new Date().getUTCFullYear();
/** Born in January: the birthday month is always passed (but in January itself, counted as not yet). */
const aged = (age: number) => ({ birthYear: year - age - (new Date().getUTCMonth() === 0 ? 1 : 0), birthMonth: 1 });
const adult = () => signedInUser(app, { ...aged(30), firstName: 'Adam', lastName: `Adult${Math.random().toString(36).slice(2, 7)}` });
const minor = (age = 14, extra = {}) =>
  signedInUser(app, { ...aged(age), firstName: 'Mia', lastName: `Minor${Math.random().toString(36).slice(2, 7)}`, ...extra });
const mentorOf = async (id: string) => (await app.db.select().from(users).where(eq(users.id, id)))[0]!;
const mailsTo = (email: string, kind: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email.toLowerCase()), eq(mailOutbox.kind, kind)));
const auditOf = (action: string, targetId: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(like(auditLog.action, action), eq(auditLog.targetId, targetId)));

async function lead() {
  const l = await signedInUser(app, { ...aged(40), isSafeguardingLead: true, firstName: 'Lea', lastName: 'Lead' });
  await enrolTotp(app, l.cookie);
  return l;
}
const approve = async (leadCookie: string, email: string, expiresOn?: string) =>
  post(
    '/api/admin/safeguarding/approvals',
    { email, checks: 'Background check seen on 2026-11-20; two references', ...(expiresOn ? { expiresOn } : {}) },
    leadCookie,
  );

/** The minor names the adult at onboarding: a request the adult answers. */
async function minorNames(adultUser: { firstName: string | null; lastName: string | null }, age = 14) {
  const m = await signedInUser(app, { ...aged(age), onboardingStatus: 'pending' });
  const res = await post(
    '/api/onboarding/complete',
    {
      firstName: 'Tess',
      lastName: `Teen${Math.random().toString(36).slice(2, 7)}`,
      mentorName: `${adultUser.firstName} ${adultUser.lastName}`,
      phone: '+1 555 010 2000',
      address: '1 Main Street',
      country: 'Canada',
      churchDenomination: 'Baptist',
      pastorName: 'Pastor Jones',
    },
    m.cookie,
  );
  expect(res.statusCode).toBe(200);
  return m;
}

describe('an adult and a minor (issue 25)', () => {
  it("refuses an unapproved adult's invitation to a 14-year-old, and shows the minor nothing", async () => {
    const a = await adult();
    const m = await minor(14);
    // The same answer as for any email: it tells nothing about the account.
    const res = await post('/api/disciples', { fullName: 'Mia Minor', email: m.user.email }, a.cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ outcome: 'invited' });
    // The minor is not shown the invitation, and accepting it directly gets the same answer as a stale one.
    expect((await get('/api/mentor-links', m.cookie)).json().incoming).toEqual([]);
    const [inv] = await app.db.select().from(discipleInvitations).where(eq(discipleInvitations.mentorId, a.user.id));
    const accept = await post(`/api/mentor-links/invitations/${inv!.id}`, { accept: true }, m.cookie);
    expect(accept.statusCode).toBe(404);
    expect(accept.json()).toEqual({ code: 'NOT_FOUND', message: 'This invitation is no longer waiting for an answer.' });
    expect((await mentorOf(m.user.id)).mentorId).toBeNull();
    // The adult is now listed as awaiting approval, and the refusal is audited with ids only.
    expect((await mentorOf(a.user.id)).mentorApprovalRequestedAt).not.toBeNull();
    const [refused] = await auditOf('safeguarding.link_refused', m.user.id);
    expect(refused!.details).toEqual({ mentorId: a.user.id });
  });

  it("refuses the adult who accepts a 14-year-old's request, with how to get approved; the minor sees it still waiting", async () => {
    const a = await adult();
    const m = await minorNames(a.user);
    const links = (await get('/api/mentor-links', a.cookie)).json();
    expect(links.incoming).toEqual([expect.objectContaining({ kind: 'named-you' })]);
    const res = await post(`/api/mentor-links/requests/${m.user.id}`, { accept: true }, a.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('MENTOR_APPROVAL_REQUIRED');
    expect(res.json().message).toMatch(/approval.*safeguarding lead/);
    expect((await mentorOf(m.user.id)).mentorId).toBeNull();
    expect((await get('/api/mentor-links', m.cookie)).json().outgoing).toMatchObject({ status: 'pending' });
  });

  it('links them once a lead approved the adult, and shows the minor the invitation that waited', async () => {
    const l = await lead();
    const a = await adult();
    const named = await minorNames(a.user);
    const invited = await minor(13);
    await post('/api/disciples', { fullName: 'Invited Minor', email: invited.user.email }, a.cookie);
    expect((await get('/api/mentor-links', invited.cookie)).json().incoming).toEqual([]);

    const approval = await approve(l.cookie, a.user.email);
    expect(approval.statusCode).toBe(201);
    // Three years by default.
    expect(new Date(approval.json().expiresAt).getUTCFullYear()).toBe(year + 3);

    expect((await post(`/api/mentor-links/requests/${named.user.id}`, { accept: true }, a.cookie)).statusCode).toBe(204);
    expect((await mentorOf(named.user.id)).mentorId).toBe(a.user.id);
    const incoming = (await get('/api/mentor-links', invited.cookie)).json().incoming;
    expect(incoming).toEqual([expect.objectContaining({ kind: 'invited-you' })]);
    expect((await post(`/api/mentor-links/invitations/${incoming[0].id}`, { accept: true }, invited.cookie)).statusCode).toBe(204);
    expect((await mentorOf(invited.user.id)).mentorId).toBe(a.user.id);
    const [approved] = await auditOf('safeguarding.approved', a.user.id);
    expect(approved!.actorId).toBe(l.user.id);
    // What was checked is in the approval, never in the audit row.
    expect(JSON.stringify(approved!.details)).not.toContain('Background');
  });

  it('refuses an admin placing a minor under an unapproved adult', async () => {
    const admin = await signedInUser(app, { role: 'admin' });
    const a = await adult();
    const m = await minor(15);
    const res = await send('PUT', `/api/admin/users/${m.user.id}/mentor`, { mentorEmail: a.user.email }, admin.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('MENTOR_APPROVAL_REQUIRED');
  });

  it('links two 15-year-olds freely', async () => {
    const first = await minor(15);
    const second = await minor(15);
    await post('/api/disciples', { fullName: 'Second', email: second.user.email }, first.cookie);
    const incoming = (await get('/api/mentor-links', second.cookie)).json().incoming;
    expect(incoming).toHaveLength(1);
    expect((await post(`/api/mentor-links/invitations/${incoming[0].id}`, { accept: true }, second.cookie)).statusCode).toBe(204);
    expect((await mentorOf(second.user.id)).mentorId).toBe(first.user.id);
  });

  it('pauses the link when the approval expires and tells both in neutral words; renewal resumes it', async () => {
    const l = await lead();
    const a = await adult();
    const m = await minorNames(a.user);
    await approve(l.cookie, a.user.email);
    expect((await post(`/api/mentor-links/requests/${m.user.id}`, { accept: true }, a.cookie)).statusCode).toBe(204);

    // 30 days before: the renewal reminder, once.
    await app.db
      .update(mentorApprovals)
      .set({ expiresAt: new Date(Date.now() + 20 * 86_400_000) })
      .where(eq(mentorApprovals.userId, a.user.id));
    await app.safeguarding.runDaily();
    await app.safeguarding.runDaily();
    expect(await mailsTo(a.user.email, 'approval-renewal')).toHaveLength(1);

    await app.db
      .update(mentorApprovals)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(mentorApprovals.userId, a.user.id));
    await app.safeguarding.runDaily();
    const row = await mentorOf(m.user.id);
    expect(row.mentorId).toBe(a.user.id);
    expect(row.mentorPausedAt).not.toBeNull();
    for (const person of [a.user, m.user]) {
      const [mail] = await mailsTo(person.email, 'mentoring-paused');
      expect(mail!.text).toContain('paused for now');
      expect(mail!.text).not.toMatch(/approv|expir|concern|safeguard/i);
    }
    // The mentor sees "paused", no email, no progress; the disciple sees their mentor paused.
    const tree = (await get('/api/disciples/tree', a.cookie)).json() as DiscipleNode;
    expect(tree.disciples).toEqual([expect.objectContaining({ id: m.user.id, isPaused: true, email: '', progress: 0, disciples: [] })]);
    expect((await get('/api/mentor-links', m.cookie)).json().mentor).toMatchObject({ isPaused: true });
    expect((await get('/api/disciples/week', a.cookie)).json().disciples).toEqual([]);
    const [expired] = await auditOf('safeguarding.approval_expired', a.user.id);
    expect(expired!.details).toMatchObject({ pausedLinks: 1 });

    await approve(l.cookie, a.user.email);
    expect((await mentorOf(m.user.id)).mentorPausedAt).toBeNull();
  });
});

describe('a paused link', () => {
  it('gives the mentor no encouragement to send, and a new link after leaving starts unpaused', async () => {
    const first = await minor(16);
    const second = await minor(16);
    const m = await minor(16);
    await app.db
      .update(users)
      .set({ mentorId: first.user.id, mentorPausedAt: new Date(), mentorPauseReason: 'concern' })
      .where(eq(users.id, m.user.id));
    const encourage = await post(`/api/disciples/${m.user.id}/encouragements`, { message: 'proudOfYou' }, first.cookie);
    expect(encourage.statusCode).toBe(404);
    expect((await send('DELETE', '/api/mentor-links/mentor', undefined, m.cookie)).statusCode).toBe(204);
    await post('/api/disciples', { fullName: 'Again', email: m.user.email }, second.cookie);
    const incoming = (await get('/api/mentor-links', m.cookie)).json().incoming;
    expect((await post(`/api/mentor-links/invitations/${incoming[0].id}`, { accept: true }, m.cookie)).statusCode).toBe(204);
    const row = await mentorOf(m.user.id);
    expect(row).toMatchObject({ mentorId: second.user.id, mentorPausedAt: null, mentorPauseReason: null });
  });
});

describe('the Safeguarding tab', () => {
  it('opens to the lead with two-step verification and to admins, and to nobody else', async () => {
    const noMfa = await signedInUser(app, { isSafeguardingLead: true });
    expect((await get('/api/admin/safeguarding/concerns', noMfa.cookie)).json().code).toBe('MFA_REQUIRED');
    const l = await lead();
    expect((await get('/api/admin/safeguarding/concerns', l.cookie)).statusCode).toBe(200);
    // The lead opens the Safeguarding tab only, not the rest of the console.
    expect((await get('/api/admin/users', l.cookie)).statusCode).toBe(403);
    const admin = await signedInUser(app, { role: 'admin' });
    expect((await get('/api/admin/safeguarding/links', admin.cookie)).statusCode).toBe(200);
    const someone = await signedInUser(app, { role: 'coordinator' });
    expect((await get('/api/admin/safeguarding/links', someone.cookie)).statusCode).toBe(403);
  });

  it('lists an adult-minor link made before the rule, for review, without cutting it', async () => {
    const l = await lead();
    const a = await adult();
    const m = await minor(16);
    await app.db.update(users).set({ mentorId: a.user.id }).where(eq(users.id, m.user.id));
    const { links } = (await get('/api/admin/safeguarding/links', l.cookie)).json();
    expect(links).toContainEqual(expect.objectContaining({ id: m.user.id, adultId: a.user.id, isApproved: false, pausedAt: null }));
    expect((await mentorOf(m.user.id)).mentorId).toBe(a.user.id);
    const { mentors } = (await get('/api/admin/safeguarding/mentors', l.cookie)).json();
    expect(mentors).toContainEqual(
      expect.objectContaining({ person: expect.objectContaining({ id: a.user.id }), approval: null, minorLinks: 1 }),
    );
  });

  it('grants the lead role from admins only', async () => {
    const admin = await signedInUser(app, { role: 'admin' });
    const target = await createUser(app.db, {});
    const res = await send('PUT', `/api/admin/users/${target.id}/safeguarding-lead`, { isSafeguardingLead: true }, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect((await mentorOf(target.id)).isSafeguardingLead).toBe(true);
    const l = await lead();
    expect((await send('PUT', `/api/admin/users/${target.id}/safeguarding-lead`, { isSafeguardingLead: false }, l.cookie)).statusCode).toBe(
      403,
    );
  });
});

describe('concerns', () => {
  it('are raised about someone the app shows the raiser: their mentor, or anyone below them in their tree', async () => {
    const [top, middle, bottom] = [await adult(), await adult(), await adult()];
    await app.db.update(users).set({ mentorId: top.user.id }).where(eq(users.id, middle.user.id));
    await app.db.update(users).set({ mentorId: middle.user.id }).where(eq(users.id, bottom.user.id));
    const about = (aboutUserId: string, cookie: string) =>
      post('/api/safeguarding/concerns', { aboutUserId, body: 'Something I want the team to know.', isAnonymous: false }, cookie);
    expect((await about(bottom.user.id, top.cookie)).statusCode).toBe(201);
    expect((await about(middle.user.id, bottom.cookie)).statusCode).toBe(201);
    // Not upwards past the own mentor, nor sideways.
    expect((await about(top.user.id, bottom.cookie)).statusCode).toBe(404);
    expect((await about(middle.user.id, (await adult()).cookie)).statusCode).toBe(404);
  });

  it('reaches the lead by mail at once (a link only), escalates to admins after 24 hours, and the lead can pause the link', async () => {
    const l = await lead();
    const admin = await signedInUser(app, { role: 'admin' });
    const a = await adult();
    const m = await minorNames(a.user, 15);
    await approve(l.cookie, a.user.email);
    await post(`/api/mentor-links/requests/${m.user.id}`, { accept: true }, a.cookie);

    const words = 'He keeps messaging me late at night and it makes me uneasy';
    const raised = await post('/api/safeguarding/concerns', { aboutUserId: a.user.id, body: words, isAnonymous: true }, m.cookie);
    expect(raised.statusCode).toBe(201);
    const concernId = raised.json().id;
    // Only about someone the app shows them (their mentor, or people below them): any other id is "not in the app".
    const stranger = await adult();
    const refused = await post('/api/safeguarding/concerns', { aboutUserId: stranger.user.id, body: words, isAnonymous: false }, m.cookie);
    expect(refused.statusCode).toBe(404);
    const [alert] = await mailsTo(l.user.email, 'concern-alert');
    expect(alert!.text).toContain(`/admin?tab=safeguarding&concern=${concernId}`);
    for (const secret of [words, a.user.lastName!, m.user.email]) expect(alert!.text).not.toContain(secret);
    expect(await mailsTo(m.user.email, 'concern-received')).toHaveLength(1);
    expect((await get('/api/safeguarding/concerns', m.cookie)).json().concerns).toEqual([
      expect.objectContaining({ id: concernId, status: 'received' }),
    ]);

    // Unopened for a day: every admin is mailed, once.
    await app.db
      .update(safeguardingConcerns)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(safeguardingConcerns.id, concernId));
    await app.safeguarding.escalateOverdue();
    await app.safeguarding.escalateOverdue();
    expect(await mailsTo(admin.user.email, 'concern-escalation')).toHaveLength(1);

    const detail = (await get(`/api/admin/safeguarding/concerns/${concernId}`, l.cookie)).json();
    expect(detail).toMatchObject({ body: words, isAnonymous: true, raisedBy: { id: m.user.id }, about: { id: a.user.id } });
    expect(detail.links).toEqual([expect.objectContaining({ id: m.user.id, pausedAt: null })]);
    expect((await post(`/api/admin/safeguarding/links/${m.user.id}/pause`, undefined, l.cookie)).statusCode).toBe(204);
    expect((await send('PATCH', `/api/admin/safeguarding/concerns/${concernId}`, { status: 'in_review' }, l.cookie)).statusCode).toBe(204);

    // The mentor sees "paused", nothing of the concern; the teenager sees its status.
    const tree = (await get('/api/disciples/tree', a.cookie)).json() as DiscipleNode;
    expect(tree.disciples[0]).toMatchObject({ isPaused: true, email: '' });
    expect((await get('/api/admin/safeguarding/concerns', a.cookie)).statusCode).toBe(403);
    expect((await get('/api/safeguarding/concerns', a.cookie)).json().concerns).toEqual([]);
    expect((await get('/api/safeguarding/concerns', m.cookie)).json().concerns[0].status).toBe('in_review');

    // Every step audited, without what was written.
    const { entries } = (await get('/api/admin/safeguarding/audit', l.cookie)).json();
    const actions = entries.map((e: { action: string }) => e.action);
    for (const action of [
      'safeguarding.concern_raised',
      'safeguarding.concern_opened',
      'safeguarding.link_paused',
      'safeguarding.concern_status',
    ])
      expect(actions).toContain(action);
    const rows = await app.db.select().from(auditLog).where(like(auditLog.action, 'safeguarding.%'));
    expect(JSON.stringify(rows)).not.toContain('uneasy');
  });

  it('takes a concern from the public page, with a status link', async () => {
    const res = await post('/api/safeguarding/public-concerns', {
      aboutName: 'A youth leader',
      body: 'Something I saw at the youth weekend worries me.',
      contactEmail: 'worried@example.org',
    });
    expect(res.statusCode).toBe(201);
    const token = /\/concern-status\/([A-Za-z0-9_-]{43})$/.exec(res.json().statusPath)![1]!;
    expect((await get(`/api/safeguarding/concern-status/${token}`)).json()).toMatchObject({ status: 'received' });
    expect((await get(`/api/safeguarding/concern-status/${newToken()}`)).statusCode).toBe(404);
    expect(await mailsTo('worried@example.org', 'concern-received')).toHaveLength(1);
  });

  it('refuses a concern without words or without whom it is about', async () => {
    const m = await minor(15);
    const empty = await post('/api/safeguarding/concerns', { aboutName: 'Someone', body: '' }, m.cookie);
    expect(empty.statusCode).toBe(400);
    const nobody = await post('/api/safeguarding/concerns', { body: 'Something happened that worries me.' }, m.cookie);
    expect(nobody.statusCode).toBe(400);
  });
});

describe("a parent's page", () => {
  it("mails the parent who agreed when their child gets a mentor, and the link shows only that child's mentors", async () => {
    const l = await lead();
    const a = await adult();
    const m = await minorNames(a.user, 14);
    await app.db
      .insert(parentalConsents)
      .values({ userId: m.user.id, parentEmail: 'parent@example.org', tokenHash: hashToken(newToken()), grantedAt: new Date() });
    await approve(l.cookie, a.user.email);
    await post(`/api/mentor-links/requests/${m.user.id}`, { accept: true }, a.cookie);
    const [mail] = await mailsTo('parent@example.org', 'parent-mentors');
    const token = /\/parent-mentors\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    const view = (await get(`/api/safeguarding/parent/${token}`)).json();
    expect(view.mentors).toEqual([expect.objectContaining({ id: a.user.id, isPaused: false, approvedUntil: expect.any(String) })]);

    const other = await adult();
    expect(
      (await post(`/api/safeguarding/parent/${token}/concerns`, { aboutUserId: other.user.id, body: 'Trying to name someone else.' }))
        .statusCode,
    ).toBe(404);
    const raised = await post(`/api/safeguarding/parent/${token}/concerns`, {
      aboutUserId: a.user.id,
      body: 'My child came home upset after a call.',
    });
    expect(raised.statusCode).toBe(201);
    expect((await get(`/api/safeguarding/parent/${newToken()}`)).statusCode).toBe(404);
  });

  it('mails the link once to the parent of a child linked before the rule', async () => {
    const a = await adult();
    const m = await minor(13);
    await app.db.update(users).set({ mentorId: a.user.id }).where(eq(users.id, m.user.id));
    await app.db
      .insert(parentalConsents)
      .values({ userId: m.user.id, parentEmail: 'earlier.parent@example.org', tokenHash: hashToken(newToken()), grantedAt: new Date() });
    await app.safeguarding.runDaily();
    await app.safeguarding.runDaily();
    const mails = await mailsTo('earlier.parent@example.org', 'parent-mentors');
    expect(mails).toHaveLength(1);
    const token = /\/parent-mentors\/([A-Za-z0-9_-]{43})/.exec(mails[0]!.text)![1]!;
    // Not approved yet: the parent sees it.
    expect((await get(`/api/safeguarding/parent/${token}`)).json().mentors).toEqual([
      expect.objectContaining({ id: a.user.id, approvedUntil: null }),
    ]);
  });
});
