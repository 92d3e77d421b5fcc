import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { DiscipleNode } from '#common/contracts/mentoring.ts';
import type { AuditAction } from '#common/domain/audit-actions.ts';
import { totalImpact, treeDepth } from '#common/domain/tree.ts';
import { adultSignUp, createTestApp, createUser, sessionCookie, signedInUser, signUpAndConfirm, totpCodeFor } from '#test/app.ts';
import { failLesson, passLessons } from '#test/course-progress.ts';

import {
  ambassadorApplications,
  auditLog,
  discipleInvitations,
  mentorRequests,
  mentorStats,
  sessions,
  users,
} from '../../db/schema/index.ts';

const app = await createTestApp();
const json = { 'content-type': 'application/json' };

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie?: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...(payload === undefined ? {} : json), ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });
const addDisciple = (cookie: string, fullName: string, email: string) => post('/api/disciples', { fullName, email }, cookie);
const mentorOf = async (id: string) => (await app.db.select({ m: users.mentorId }).from(users).where(eq(users.id, id)))[0]!.m;

describe('add disciple', () => {
  it('invites an unknown email, and the invitation links the person when they sign up with it', async () => {
    const mentor = await signedInUser(app);
    const res = await addDisciple(mentor.cookie, 'Ruth Moabite', 'Ruth@Example.org');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ outcome: 'invited', invitation: { fullName: 'Ruth Moabite', email: 'ruth@example.org' } });
    expect((await get('/api/disciples/pending', mentor.cookie)).json().invitations).toHaveLength(1);

    const signUp = await signUpAndConfirm(app, {
      ...adultSignUp,
      firstName: 'Ruth',
      lastName: 'Moab',
      email: 'ruth@EXAMPLE.org',
      password: 'where you go I will go',
    });
    expect(signUp.statusCode).toBe(200);
    expect(await mentorOf(signUp.json().id)).toBe(mentor.user.id);
    const pending = (await get('/api/disciples/pending', mentor.cookie)).json();
    expect(pending.invitations).toHaveLength(0);
    expect(pending.disciples).toEqual([
      { id: signUp.json().id, firstName: 'Ruth', lastName: 'Moab', email: 'ruth@example.org', progress: 0 },
    ]);
    const [inv] = await app.db.select().from(discipleInvitations).where(eq(discipleInvitations.mentorId, mentor.user.id));
    expect(inv!.acceptedUserId).toBe(signUp.json().id);
  });

  it('gives a person invited by two mentors to the first one who invited them', async () => {
    const first = await signedInUser(app);
    const second = await signedInUser(app);
    expect((await addDisciple(first.cookie, 'Timothy', 'timothy@example.org')).statusCode).toBe(201);
    expect((await addDisciple(second.cookie, 'Timothy L.', 'timothy@example.org')).statusCode).toBe(201);
    const signUp = await signUpAndConfirm(app, {
      ...adultSignUp,
      firstName: 'Timothy',
      lastName: 'Lystra',
      email: 'timothy@example.org',
      password: 'fan into flame the gift',
    });
    expect(await mentorOf(signUp.json().id)).toBe(first.user.id);
    // The second mentor learns nothing about the account: their invitation still waits, with the name they typed.
    expect((await get('/api/disciples/pending', second.cookie)).json().invitations).toEqual([
      expect.objectContaining({ fullName: 'Timothy L.' }),
    ]);
  });

  it('inviting the same email twice answers "already invited" and keeps one invitation', async () => {
    const mentor = await signedInUser(app);
    await addDisciple(mentor.cookie, 'Lydia', 'lydia@example.org');
    const again = await addDisciple(mentor.cookie, 'Lydia of Thyatira', 'LYDIA@example.org');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_INVITED');
    const pending = (await get('/api/disciples/pending', mentor.cookie)).json();
    expect(pending.invitations).toEqual([expect.objectContaining({ fullName: 'Lydia', email: 'lydia@example.org' })]);
  });

  it('answers the same for an email with an account as for one without, and attaches nobody', async () => {
    const mentor = await signedInUser(app);
    const person = await createUser(app.db, { email: 'silas@example.org', firstName: 'Silas', lastName: 'Companion' });
    const other = await createUser(app.db);
    const taken = await createUser(app.db, { mentorId: other.id, email: 'mark@example.org' });
    const shape = (r: { statusCode: number; json: () => { outcome: string; invitation: object } }) => ({
      status: r.statusCode,
      keys: Object.keys(r.json().invitation).sort(),
      outcome: r.json().outcome,
    });

    const withAccount = await addDisciple(mentor.cookie, 'Silas', 'SILAS@example.org');
    const withMentor = await addDisciple(mentor.cookie, 'Mark', taken.email);
    const without = await addDisciple(mentor.cookie, 'Nobody', 'nobody-here@example.org');
    expect(shape(withAccount)).toEqual(shape(without));
    expect(shape(withMentor)).toEqual(shape(without));
    expect(withAccount.json().invitation).toMatchObject({ fullName: 'Silas', email: 'silas@example.org' });
    expect(await mentorOf(person.id)).toBeNull();
    expect(await mentorOf(taken.id)).toBe(other.id);
    // The mentor sees the names they typed, nothing from the accounts.
    const pending = (await get('/api/disciples/pending', mentor.cookie)).json();
    expect(pending.disciples).toEqual([]);
    expect(pending.invitations.map((i: { fullName: string }) => i.fullName).sort()).toEqual(['Mark', 'Nobody', 'Silas']);
    expect(JSON.stringify(pending)).not.toContain('Companion');
  });

  it('refuses an existing disciple and oneself, with clear messages', async () => {
    const mentor = await signedInUser(app);
    const mine = await createUser(app.db, { mentorId: mentor.user.id, firstName: 'Titus', lastName: 'Crete' });
    const already = await addDisciple(mentor.cookie, 'Titus', mine.email);
    expect(already.statusCode).toBe(409);
    expect(already.json().code).toBe('ALREADY_DISCIPLE');

    const self = await addDisciple(mentor.cookie, 'Me', mentor.user.email.toUpperCase());
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('SELF_MENTOR');
  });

  it('validates the form on the server, naming the field', async () => {
    const mentor = await signedInUser(app);
    const noName = await addDisciple(mentor.cookie, '  ', 'a@example.org');
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'fullName: Full name is required' });
    const badEmail = await addDisciple(mentor.cookie, 'Someone', 'not-an-email');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('email: Enter a valid email address');
    const extra = await post('/api/disciples', { fullName: 'A', email: 'a@example.org', mentorId: mentor.user.id }, mentor.cookie);
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toContain('mentorId');
    const missing = await post('/api/disciples', {}, mentor.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/fullName/);
  });
});

describe('mentor named at onboarding', () => {
  const profile = (mentorName: string) => ({
    firstName: 'New',
    lastName: 'Believer',
    mentorName,
    phone: '+1 555 010 2000',
    address: '1 Main Street',
    country: 'Canada',
    churchDenomination: 'Baptist',
    pastorName: 'Pastor Jones',
  });
  const onboard = async (mentorName: string, overrides = {}) => {
    const u = await signedInUser(app, { onboardingStatus: 'pending', ...overrides });
    const res = await post('/api/onboarding/complete', profile(mentorName), u.cookie);
    expect(res.statusCode).toBe(200);
    return u.user;
  };

  it('asks the one person with that full name (ignoring case and accents), and links nobody until they accept', async () => {
    const mentor = await signedInUser(app, { firstName: 'Zoë', lastName: 'Béatrice-Ngono' });
    const u = await onboard('  zoe   BEATRICE-NGONO ');
    expect(await mentorOf(u.id)).toBeNull();
    const links = (await get('/api/mentor-links', mentor.cookie)).json();
    expect(links.incoming).toEqual([{ id: u.id, kind: 'named-you', name: 'New Believer', createdAt: expect.any(String) }]);
    expect((await get('/api/disciples/tree', mentor.cookie)).json().disciples).toEqual([]);
  });

  it('asks nobody when two people share the name, or nobody has it', async () => {
    await createUser(app.db, { firstName: 'Jean', lastName: 'Dupuis' });
    await createUser(app.db, { firstName: 'JEAN', lastName: 'dupuis' });
    const ambiguous = await onboard('Jean Dupuis');
    expect(await mentorOf(ambiguous.id)).toBeNull();
    expect(await app.db.select().from(mentorRequests).where(eq(mentorRequests.discipleId, ambiguous.id))).toEqual([]);
    const none = await onboard('Nobody Atall');
    expect(await mentorOf(none.id)).toBeNull();
    // The typed name is kept either way.
    expect((await app.db.select().from(users).where(eq(users.id, none.id)))[0]!.mentorName).toBe('Nobody Atall');
  });

  it('keeps a mentor already set by an invitation', async () => {
    const inviter = await createUser(app.db);
    await createUser(app.db, { firstName: 'Barnabas', lastName: 'Cyprus' });
    const u = await onboard('Barnabas Cyprus', { mentorId: inviter.id });
    expect(await mentorOf(u.id)).toBe(inviter.id);
  });

  it('does not link when the named mentor is the user’s own disciple (a cycle)', async () => {
    const u = await signedInUser(app, { onboardingStatus: 'pending' });
    const disciple = await createUser(app.db, { firstName: 'Onesimus', lastName: 'Colossae', mentorId: u.user.id });
    const res = await post('/api/onboarding/complete', profile('Onesimus Colossae'), u.cookie);
    expect(res.statusCode).toBe(200);
    expect(await mentorOf(u.user.id)).toBeNull();
    expect(await mentorOf(disciple.id)).toBe(u.user.id);
    expect(await app.db.select().from(mentorRequests).where(eq(mentorRequests.discipleId, u.user.id))).toEqual([]);
  });
});

describe('links both people agree to', () => {
  const put = (url: string, payload: unknown, cookie?: string) =>
    app.inject({ method: 'PUT', url, headers: { ...json, ...(cookie ? { cookie } : {}) }, payload: payload as object });
  const del = (url: string, cookie: string) => app.inject({ method: 'DELETE', url, headers: { cookie } });
  const answer = (kind: 'requests' | 'invitations', id: string, accept: boolean, cookie: string) =>
    post(`/api/mentor-links/${kind}/${id}`, { accept }, cookie);
  const onboardNaming = async (mentorName: string, firstName = 'New', lastName = 'Believer') => {
    const u = await signedInUser(app, { onboardingStatus: 'pending' });
    const res = await post(
      '/api/onboarding/complete',
      {
        firstName,
        lastName,
        mentorName,
        phone: '+1 555 010 2000',
        address: '1 Main Street',
        country: 'Canada',
        churchDenomination: 'Baptist',
        pastorName: 'Pastor Jones',
      },
      u.cookie,
    );
    expect(res.statusCode).toBe(200);
    return u;
  };
  const statsOf = async (id: string) =>
    (await app.db.select().from(mentorStats).where(eq(mentorStats.userId, id)))[0] ?? { directDisciples: 0, completedDisciples: 0 };
  const auditOf = async (action: AuditAction, targetId: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

  it('three accounts naming one person change nothing about that person until they accept', async () => {
    const named = await signedInUser(app, { firstName: 'Priscilla', lastName: 'Aquila' });
    const fakes = [];
    for (const n of ['One', 'Two', 'Three']) fakes.push(await onboardNaming('Priscilla Aquila', 'Fake', n));
    const before = (await get('/api/disciples/progression', named.cookie)).json();
    expect(before).toMatchObject({ directDisciples: 0, isCoordinatorEligible: false, coordinatorRemaining: 3 });
    expect(await statsOf(named.user.id)).toMatchObject({ directDisciples: 0 });
    expect((await get('/api/disciples/summary', named.cookie)).json()).toEqual({ directDisciples: 0, totalImpact: 0 });
    expect((await get('/api/disciples/pending', named.cookie)).json().disciples).toEqual([]);
    // The named person sees three requests, each with a name and nothing else.
    const incoming = (await get('/api/mentor-links', named.cookie)).json().incoming;
    expect(incoming.map((i: { name: string }) => i.name).sort()).toEqual(['Fake One', 'Fake Three', 'Fake Two']);
    for (const i of incoming) expect(Object.keys(i).sort()).toEqual(['createdAt', 'id', 'kind', 'name']);
    // Each requester sees their request waiting.
    expect((await get('/api/mentor-links', fakes[0]!.cookie)).json().outgoing).toEqual({
      mentorName: 'Priscilla Aquila',
      status: 'pending',
    });
  });

  it('an accepted request links them, counts at once, and is audited; a declined one links nobody and tells the requester', async () => {
    const named = await signedInUser(app, { firstName: 'Lois', lastName: 'Grandmother' });
    const yes = await onboardNaming('Lois Grandmother', 'Eunice', 'Daughter');
    const no = await onboardNaming('Lois Grandmother', 'Stranger', 'Danger');

    expect((await answer('requests', yes.user.id, true, named.cookie)).statusCode).toBe(204);
    expect(await mentorOf(yes.user.id)).toBe(named.user.id);
    expect(await statsOf(named.user.id)).toMatchObject({ directDisciples: 1 });
    expect((await get('/api/disciples/progression', named.cookie)).json().directDisciples).toBe(1);
    expect(await auditOf('mentoring.request_accepted', yes.user.id)).toHaveLength(1);
    expect((await get('/api/mentor-links', yes.cookie)).json()).toEqual({
      incoming: [],
      outgoing: null,
      mentor: { id: named.user.id, name: 'Lois Grandmother' },
    });

    expect((await answer('requests', no.user.id, false, named.cookie)).statusCode).toBe(204);
    expect(await mentorOf(no.user.id)).toBeNull();
    expect(await statsOf(named.user.id)).toMatchObject({ directDisciples: 1 });
    expect((await get('/api/mentor-links', named.cookie)).json().incoming).toEqual([]);
    expect((await get('/api/mentor-links', no.cookie)).json().outgoing).toEqual({ mentorName: 'Lois Grandmother', status: 'declined' });
    // Answering twice, or someone else's request: nothing is waiting.
    expect((await answer('requests', no.user.id, true, named.cookie)).statusCode).toBe(404);
    const other = await signedInUser(app);
    const third = await onboardNaming('Lois Grandmother', 'Third', 'Person');
    expect((await answer('requests', third.user.id, true, other.cookie)).statusCode).toBe(404);
    expect(await mentorOf(third.user.id)).toBeNull();
    // The requester closes the notice.
    expect((await del('/api/mentor-links/outgoing', no.cookie)).statusCode).toBe(204);
    expect((await get('/api/mentor-links', no.cookie)).json().outgoing).toBeNull();
  });

  it('the owner of an existing account accepts or declines an invitation on their dashboard', async () => {
    const mentor = await signedInUser(app, { firstName: 'Paul', lastName: 'Apostle' });
    const timothy = await signedInUser(app, { firstName: 'Timothy', lastName: 'Lystra' });
    const demas = await signedInUser(app, { firstName: 'Demas', lastName: 'Thessalonica' });
    await addDisciple(mentor.cookie, 'Tim', timothy.user.email);
    await addDisciple(mentor.cookie, 'Demas', demas.user.email);

    const invitation = (await get('/api/mentor-links', timothy.cookie)).json().incoming;
    expect(invitation).toEqual([{ id: expect.any(String), kind: 'invited-you', name: 'Paul Apostle', createdAt: expect.any(String) }]);
    // Someone else cannot answer it.
    expect((await answer('invitations', invitation[0].id, true, demas.cookie)).statusCode).toBe(404);
    expect((await answer('invitations', invitation[0].id, true, timothy.cookie)).statusCode).toBe(204);
    expect(await mentorOf(timothy.user.id)).toBe(mentor.user.id);
    expect(await auditOf('mentoring.invitation_accepted', timothy.user.id)).toHaveLength(1);

    const demasInvitation = (await get('/api/mentor-links', demas.cookie)).json().incoming[0];
    expect((await answer('invitations', demasInvitation.id, false, demas.cookie)).statusCode).toBe(204);
    expect(await mentorOf(demas.user.id)).toBeNull();
    expect((await get('/api/mentor-links', demas.cookie)).json().incoming).toEqual([]);
    const pending = (await get('/api/disciples/pending', mentor.cookie)).json();
    expect(pending.invitations).toEqual([]);
    expect(pending.disciples.map((d: { id: string }) => d.id)).toEqual([timothy.user.id]);
    expect(await statsOf(mentor.user.id)).toMatchObject({ directDisciples: 1 });
  });

  it('links at once when both said so: named at onboarding and invited by that person', async () => {
    const mentor = await signedInUser(app, { firstName: 'Aquila', lastName: 'Tentmaker' });
    const u = await onboardNaming('Aquila Tentmaker', 'Apollos', 'Alexandria');
    expect(await mentorOf(u.user.id)).toBeNull();
    const res = await addDisciple(mentor.cookie, 'Apollos', u.user.email);
    expect(res.statusCode).toBe(201);
    expect(await mentorOf(u.user.id)).toBe(mentor.user.id);
    expect((await get('/api/mentor-links', mentor.cookie)).json().incoming).toEqual([]);
  });

  it('a mentor removes a disciple and a disciple leaves a mentor: audited, and the counts follow at once', async () => {
    const mentor = await signedInUser(app);
    const a = await signedInUser(app, { mentorId: mentor.user.id });
    const b = await signedInUser(app, { mentorId: mentor.user.id });
    const c = await signedInUser(app, { mentorId: mentor.user.id });
    await passLessons(app.db, a.user.id);
    await passLessons(app.db, b.user.id);
    expect(await statsOf(mentor.user.id)).toMatchObject({ directDisciples: 3, completedDisciples: 2 });
    expect((await get('/api/disciples/progression', mentor.cookie)).json()).toMatchObject({ isCoordinatorEligible: true });

    expect((await del(`/api/disciples/${a.user.id}`, mentor.cookie)).statusCode).toBe(204);
    expect(await mentorOf(a.user.id)).toBeNull();
    expect(await statsOf(mentor.user.id)).toMatchObject({ directDisciples: 2, completedDisciples: 1 });
    expect(await auditOf('mentoring.disciple_removed', a.user.id)).toHaveLength(1);
    expect((await get('/api/disciples/progression', mentor.cookie)).json()).toMatchObject({
      directDisciples: 2,
      completedDisciples: 1,
      isCoordinatorEligible: false,
    });

    expect((await del('/api/mentor-links/mentor', b.cookie)).statusCode).toBe(204);
    expect(await mentorOf(b.user.id)).toBeNull();
    expect(await statsOf(mentor.user.id)).toMatchObject({ directDisciples: 1, completedDisciples: 0 });
    expect(await auditOf('mentoring.mentor_left', b.user.id)).toHaveLength(1);

    // Only one's own disciples; leaving twice finds no mentor.
    const stranger = await signedInUser(app);
    expect((await del(`/api/disciples/${c.user.id}`, stranger.cookie)).statusCode).toBe(404);
    expect(await mentorOf(c.user.id)).toBe(mentor.user.id);
    expect((await del('/api/mentor-links/mentor', b.cookie)).statusCode).toBe(404);
    expect((await del('/api/disciples/not-an-id', mentor.cookie)).statusCode).toBe(400);
  });

  it('an admin sees, asks or clears the mentor of someone who asks; the person accepts or declines; audited; refused to others and for a loop', async () => {
    const admin = await signedInUser(app, { role: 'admin' });
    const mentor = await signedInUser(app, { email: 'barnabas@example.org' });
    const person = await signedInUser(app, { firstName: 'Mark', lastName: 'John' });
    const url = `/api/admin/users/${person.user.id}/mentor`;
    const currentMentor = (cookie: string) => get(url, cookie);
    expect((await currentMentor(admin.cookie)).json()).toEqual({ mentor: null });
    // Placing someone asks them (issue 24): no link until they accept.
    const asked = await put(url, { mentorEmail: 'BARNABAS@example.org' }, admin.cookie);
    expect([asked.statusCode, asked.json()]).toEqual([200, { outcome: 'asked' }]);
    expect(await mentorOf(person.user.id)).toBeNull();
    expect((await currentMentor(admin.cookie)).json()).toEqual({ mentor: null });
    expect(await auditOf('mentoring.mentor_asked', person.user.id)).toEqual([
      expect.objectContaining({ actorId: admin.user.id, details: expect.objectContaining({ mentorId: mentor.user.id }) }),
    ]);
    // The person sees the mentor's invitation on their dashboard and declines it: still no mentor.
    const incoming = (await get('/api/mentor-links', person.cookie)).json().incoming;
    expect(incoming).toEqual([expect.objectContaining({ kind: 'invited-you', name: `${mentor.user.firstName} ${mentor.user.lastName}` })]);
    expect((await post(`/api/mentor-links/invitations/${incoming[0].id}`, { accept: false }, person.cookie)).statusCode).toBe(204);
    expect(await mentorOf(person.user.id)).toBeNull();
    // Asked again, they accept: now the link is made, and the admin's dialog shows who the mentor is.
    expect((await put(url, { mentorEmail: 'barnabas@example.org' }, admin.cookie)).json()).toEqual({ outcome: 'asked' });
    const again = (await get('/api/mentor-links', person.cookie)).json().incoming;
    expect(again).toHaveLength(1);
    expect((await post(`/api/mentor-links/invitations/${again[0].id}`, { accept: true }, person.cookie)).statusCode).toBe(204);
    expect(await mentorOf(person.user.id)).toBe(mentor.user.id);
    expect((await currentMentor(admin.cookie)).json()).toEqual({
      mentor: { name: `${mentor.user.firstName} ${mentor.user.lastName}`, email: 'barnabas@example.org' },
    });
    // Someone who has a mentor is not moved to another one without being asked.
    const other = await createUser(app.db);
    const move = await put(url, { mentorEmail: other.email }, admin.cookie);
    expect([move.statusCode, move.json().code]).toEqual([409, 'HAS_MENTOR']);
    expect(await mentorOf(person.user.id)).toBe(mentor.user.id);
    // The mentor may not become their own disciple's disciple.
    const loop = await put(`/api/admin/users/${mentor.user.id}/mentor`, { mentorEmail: person.user.email }, admin.cookie);
    expect(loop.statusCode).toBe(409);
    expect(loop.json().code).toBe('MENTOR_CYCLE');
    expect((await put(url, { mentorEmail: 'nobody-at-all@example.org' }, admin.cookie)).statusCode).toBe(404);
    const removed = await put(url, { mentorEmail: null }, admin.cookie);
    expect([removed.statusCode, removed.json()]).toEqual([200, { outcome: 'removed' }]);
    expect(await mentorOf(person.user.id)).toBeNull();
    expect(await auditOf('mentoring.mentor_set', person.user.id)).toEqual([
      expect.objectContaining({ actorId: admin.user.id, details: { from: mentor.user.id, to: null } }),
    ]);
    expect((await currentMentor(admin.cookie)).json()).toEqual({ mentor: null });
    const user = await signedInUser(app);
    expect((await put(url, { mentorEmail: user.user.email }, user.cookie)).statusCode).toBe(403);
    expect(await mentorOf(person.user.id)).toBeNull();
    expect((await currentMentor(user.cookie)).statusCode).toBe(403);
    const unknown = await get('/api/admin/users/00000000-0000-4000-8000-000000000000/mentor', admin.cookie);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NOT_FOUND']);
    const bad = await get('/api/admin/users/not-an-id/mentor', admin.cookie);
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it("an admin cannot place a founder (or anyone) under a mentor without that person's yes; someone who named that mentor is linked at once", async () => {
    const admin = await signedInUser(app, { role: 'admin' });
    const founder = await signedInUser(app, { role: 'founder' });
    const accomplice = await createUser(app.db);
    const placed = await put(`/api/admin/users/${founder.user.id}/mentor`, { mentorEmail: accomplice.email }, admin.cookie);
    expect(placed.json()).toEqual({ outcome: 'asked' });
    expect(await mentorOf(founder.user.id)).toBeNull();
    // The founder sees it and can say no.
    expect((await get('/api/mentor-links', founder.cookie)).json().incoming).toHaveLength(1);

    // Someone who named Priscilla at onboarding already said yes: the admin's request links them.
    const priscilla = await createUser(app.db, { firstName: 'Priscilla', lastName: 'Tentmaker' });
    const apollos = await createUser(app.db);
    await app.db.insert(mentorRequests).values({ discipleId: apollos.id, mentorId: priscilla.id });
    expect((await put(`/api/admin/users/${apollos.id}/mentor`, { mentorEmail: priscilla.email }, admin.cookie)).json()).toEqual({
      outcome: 'linked',
    });
    expect(await mentorOf(apollos.id)).toBe(priscilla.id);
  });

  it('asks the password or a code again before an admin places someone under a mentor or makes them a responder (issue 24)', async () => {
    const admin = await signedInUser(app, { role: 'admin' });
    const mentor = await createUser(app.db);
    const person = await createUser(app.db);
    await app.db
      .update(sessions)
      .set({ reauthAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(sessions.userId, admin.user.id));
    const placed = await put(`/api/admin/users/${person.id}/mentor`, { mentorEmail: mentor.email }, admin.cookie);
    expect([placed.statusCode, placed.json().code]).toEqual([403, 'REAUTH_REQUIRED']);
    expect(await app.db.select().from(discipleInvitations).where(eq(discipleInvitations.mentorId, mentor.id))).toEqual([]);
    const responder = await put(`/api/admin/users/${person.id}/responder`, { isResponder: true }, admin.cookie);
    expect([responder.statusCode, responder.json().code]).toEqual([403, 'REAUTH_REQUIRED']);
    expect((await app.db.select({ r: users.isResponder }).from(users).where(eq(users.id, person.id)))[0]!.r).toBe(false);
    // Once a code is typed again, both go through.
    const reauth = await app.inject({
      method: 'POST',
      url: '/api/auth/reauth',
      headers: { ...json, cookie: admin.cookie },
      payload: { code: await totpCodeFor(admin.totpSecret!, 1) },
    });
    expect(reauth.statusCode).toBe(200);
    expect((await put(`/api/admin/users/${person.id}/mentor`, { mentorEmail: mentor.email }, admin.cookie)).json()).toEqual({
      outcome: 'asked',
    });
    expect((await put(`/api/admin/users/${person.id}/responder`, { isResponder: true }, admin.cookie)).statusCode).toBe(200);
  });
});

describe('tree, summary and pending', () => {
  it('returns the whole subtree in one call, with progress, depth and total impact', async () => {
    const root = await signedInUser(app, { firstName: 'Root', lastName: 'Mentor' });
    const a = await createUser(app.db, { firstName: 'Anna', mentorId: root.user.id });
    const b = await createUser(app.db, { firstName: 'Boaz', mentorId: root.user.id });
    const a1 = await createUser(app.db, { firstName: 'Abel', mentorId: a.id });
    const a1x = await createUser(app.db, { firstName: 'Asa', mentorId: a1.id });
    await createUser(app.db); // someone outside the tree
    await passLessons(app.db, a.id);
    await passLessons(app.db, a1x.id, 3);
    await failLesson(app.db, b.id);

    const res = await get('/api/disciples/tree', root.cookie);
    expect(res.statusCode).toBe(200);
    const tree = res.json() as DiscipleNode;
    expect(tree).toMatchObject({ id: root.user.id, firstName: 'Root', lastName: 'Mentor', email: root.user.email, progress: 0 });
    expect(tree.disciples.map((d) => [d.firstName, d.progress])).toEqual([
      ['Anna', 100],
      ['Boaz', 0],
    ]);
    expect(tree.disciples[0]!.disciples[0]).toMatchObject({
      id: a1.id,
      firstName: 'Abel',
      disciples: [{ id: a1x.id, progress: 38, disciples: [] }],
    });
    expect(treeDepth(tree)).toBe(3);
    expect(totalImpact(tree)).toBe(4);
    // Each person carries the tree's fields and nothing else (no phone, address or birth date of a
    // disciple reaches the mentor): the route writes the service's nodes as they are (decision 058).
    const keysOf = (node: DiscipleNode): string[][] => [Object.keys(node).sort(), ...node.disciples.flatMap(keysOf)];
    for (const keys of keysOf(tree)) expect(keys).toEqual(['disciples', 'email', 'firstName', 'id', 'lastName', 'progress', 'trackDays']);

    expect((await get('/api/disciples/summary', root.cookie)).json()).toEqual({ directDisciples: 2, totalImpact: 4 });
    const pending = (await get('/api/disciples/pending', root.cookie)).json();
    expect(pending.disciples.map((d: { id: string }) => d.id)).toEqual([b.id]);

    // A node deeper in the tree sees only its own subtree.
    const anna = await sessionCookie(app, a.id);
    expect((await get('/api/disciples/summary', anna)).json()).toEqual({ directDisciples: 1, totalImpact: 2 });
  });

  it('is an empty root for someone without disciples', async () => {
    const lonely = await signedInUser(app);
    const tree = (await get('/api/disciples/tree', lonely.cookie)).json();
    expect(tree).toMatchObject({ id: lonely.user.id, disciples: [] });
    expect((await get('/api/disciples/summary', lonely.cookie)).json()).toEqual({ directDisciples: 0, totalImpact: 0 });
    expect((await get('/api/disciples/pending', lonely.cookie)).json()).toEqual({ disciples: [], invitations: [] });
  });

  it('counts progress only from passed attempts, once per lesson', async () => {
    const root = await signedInUser(app);
    const d = await createUser(app.db, { mentorId: root.user.id });
    await passLessons(app.db, d.id, 1);
    await passLessons(app.db, d.id, 1);
    await failLesson(app.db, d.id, 1);
    expect((await get('/api/disciples/tree', root.cookie)).json().disciples[0].progress).toBe(13);
  });
});

describe('progression and the ambassador application', () => {
  it('shows coordinator eligibility at 3 direct disciples and ambassador eligibility at 3 completed', async () => {
    const m = await signedInUser(app);
    const prog = async () => (await get('/api/disciples/progression', m.cookie)).json();
    expect(await prog()).toMatchObject({
      role: 'user',
      directDisciples: 0,
      isCoordinatorEligible: false,
      coordinatorRemaining: 3,
      isAmbassadorEligible: false,
      canApply: false,
      application: null,
    });

    const ds = [await createUser(app.db, { mentorId: m.user.id }), await createUser(app.db, { mentorId: m.user.id })];
    expect(await prog()).toMatchObject({ directDisciples: 2, isCoordinatorEligible: false, coordinatorRemaining: 1 });
    ds.push(await createUser(app.db, { mentorId: m.user.id }));
    expect(await prog()).toMatchObject({
      directDisciples: 3,
      isCoordinatorEligible: true,
      coordinatorRemaining: 0,
      completedDisciples: 0,
      isAmbassadorEligible: false,
    });

    await passLessons(app.db, ds[0]!.id);
    await passLessons(app.db, ds[1]!.id);
    await passLessons(app.db, ds[2]!.id, 7);
    expect(await prog()).toMatchObject({ completedDisciples: 2, isAmbassadorEligible: false, ambassadorRemaining: 1, canApply: false });
    const early = await post('/api/ambassador-applications', undefined, m.cookie);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({
      code: 'NOT_ELIGIBLE',
      message: 'You can apply once 3 of your disciples have completed the course (now 2).',
    });

    await passLessons(app.db, ds[2]!.id);
    expect(await prog()).toMatchObject({ completedDisciples: 3, isAmbassadorEligible: true, ambassadorRemaining: 0, canApply: true });

    const applied = await post('/api/ambassador-applications', undefined, m.cookie);
    expect(applied.statusCode).toBe(201);
    expect(applied.json()).toMatchObject({ status: 'pending', decidedAt: null });
    expect(await prog()).toMatchObject({ canApply: false, application: { status: 'pending' } });
    const twice = await post('/api/ambassador-applications', undefined, m.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('APPLICATION_PENDING');
    expect(await app.db.select().from(ambassadorApplications).where(eq(ambassadorApplications.userId, m.user.id))).toHaveLength(1);
  });

  it('does not let someone already ambassador or above apply', async () => {
    const amb = await signedInUser(app, { role: 'ambassador' });
    for (let i = 0; i < 3; i++) await passLessons(app.db, (await createUser(app.db, { mentorId: amb.user.id })).id);
    expect((await get('/api/disciples/progression', amb.cookie)).json()).toMatchObject({ isAmbassadorEligible: true, canApply: false });
    const res = await post('/api/ambassador-applications', undefined, amb.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ALREADY_AMBASSADOR');
  });
});

describe('authorization', () => {
  it('answers 401 to visitors on every mentoring endpoint, before looking at the body', async () => {
    for (const url of ['/api/disciples/tree', '/api/disciples/pending', '/api/disciples/summary', '/api/disciples/progression']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
    expect((await post('/api/disciples', { fullName: 'A', email: 'a@example.org' })).statusCode).toBe(401);
    expect((await post('/api/disciples', { nonsense: true })).statusCode).toBe(401);
    expect((await post('/api/ambassador-applications', undefined)).statusCode).toBe(401);
    expect((await get('/api/mentor-links')).statusCode).toBe(401);
    expect((await post(`/api/mentor-links/requests/${crypto.randomUUID()}`, { accept: true })).statusCode).toBe(401);
  });
});

describe('rate limit', async () => {
  // Adding disciples fills other people's dashboards with invitations, so it is limited (six times the public-form limit).
  const limited = await createTestApp({ rateLimits: { auth: 1000, forms: 1 } });
  it('answers 429 after too many additions in a minute', async () => {
    const mentor = await signedInUser(limited);
    const add = (i: number) =>
      limited.inject({
        method: 'POST',
        url: '/api/disciples',
        headers: { ...json, cookie: mentor.cookie },
        payload: { fullName: `Person ${i}`, email: `limit${i}@example.org` },
      });
    for (let i = 0; i < 6; i++) expect((await add(i)).statusCode).toBe(201);
    const res = await add(6);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
  });
});
