import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DiscipleNode } from '../../../common/contracts/mentoring.ts';
import { totalImpact, treeDepth } from '../../../common/domain/tree.ts';
import { createTestApp, createUser, sessionCookie, signedInUser } from '../../../test/app.ts';
import { failLesson, passLessons } from '../../../test/course-progress.ts';
import { ambassadorApplications, discipleInvitations, users } from '../../db/schema/index.ts';

const app = await createTestApp();
const json = { 'content-type': 'application/json' };

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie?: string) =>
  app.inject({ method: 'POST', url, headers: { ...(payload === undefined ? {} : json), ...(cookie ? { cookie } : {}) }, payload: payload as object });
const addDisciple = (cookie: string, fullName: string, email: string) => post('/api/disciples', { fullName, email }, cookie);
const mentorOf = async (id: string) => (await app.db.select({ m: users.mentorId }).from(users).where(eq(users.id, id)))[0]!.m;

describe('add disciple', () => {
  it('invites an unknown email, and the invitation links the person when they sign up with it', async () => {
    const mentor = await signedInUser(app);
    const res = await addDisciple(mentor.cookie, 'Ruth Moabite', 'Ruth@Example.org');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ outcome: 'invited', invitation: { fullName: 'Ruth Moabite', email: 'ruth@example.org' } });
    expect((await get('/api/disciples/pending', mentor.cookie)).json().invitations).toHaveLength(1);

    const signUp = await post('/api/auth/sign-up', { firstName: 'Ruth', lastName: 'Moab', email: 'ruth@EXAMPLE.org', password: 'where you go I will go' });
    expect(signUp.statusCode).toBe(201);
    expect(await mentorOf(signUp.json().id)).toBe(mentor.user.id);
    const pending = (await get('/api/disciples/pending', mentor.cookie)).json();
    expect(pending.invitations).toHaveLength(0);
    expect(pending.disciples).toEqual([{ id: signUp.json().id, firstName: 'Ruth', lastName: 'Moab', email: 'ruth@example.org', progress: 0 }]);
    const [inv] = await app.db.select().from(discipleInvitations).where(eq(discipleInvitations.mentorId, mentor.user.id));
    expect(inv!.acceptedUserId).toBe(signUp.json().id);
  });

  it('gives a person invited by two mentors to the first one who invited them', async () => {
    const first = await signedInUser(app);
    const second = await signedInUser(app);
    expect((await addDisciple(first.cookie, 'Timothy', 'timothy@example.org')).statusCode).toBe(201);
    expect((await addDisciple(second.cookie, 'Timothy L.', 'timothy@example.org')).statusCode).toBe(201);
    const signUp = await post('/api/auth/sign-up', { firstName: 'Timothy', lastName: 'Lystra', email: 'timothy@example.org', password: 'fan into flame the gift' });
    expect(await mentorOf(signUp.json().id)).toBe(first.user.id);
    // The second mentor's invitation no longer shows as waiting: that person has an account now.
    expect((await get('/api/disciples/pending', second.cookie)).json().invitations).toEqual([]);
  });

  it('inviting the same email twice keeps one invitation', async () => {
    const mentor = await signedInUser(app);
    await addDisciple(mentor.cookie, 'Lydia', 'lydia@example.org');
    const again = await addDisciple(mentor.cookie, 'Lydia of Thyatira', 'LYDIA@example.org');
    expect(again.statusCode).toBe(201);
    const pending = (await get('/api/disciples/pending', mentor.cookie)).json();
    expect(pending.invitations).toEqual([expect.objectContaining({ fullName: 'Lydia of Thyatira', email: 'lydia@example.org' })]);
  });

  it('links an existing account without a mentor at once', async () => {
    const mentor = await signedInUser(app);
    const person = await createUser(app.db, { email: 'silas@example.org', firstName: 'Silas', lastName: 'Companion' });
    await passLessons(app.db, person.id, 2);
    const res = await addDisciple(mentor.cookie, 'Silas', 'SILAS@example.org');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'linked', disciple: { id: person.id, firstName: 'Silas', lastName: 'Companion', email: 'silas@example.org', progress: 25 } });
    expect(await mentorOf(person.id)).toBe(mentor.user.id);
  });

  it('refuses someone who already has a mentor, an existing disciple, and oneself, with clear messages', async () => {
    const mentor = await signedInUser(app);
    const other = await createUser(app.db);
    const taken = await createUser(app.db, { mentorId: other.id, firstName: 'Mark', lastName: 'John' });
    const mine = await createUser(app.db, { mentorId: mentor.user.id, firstName: 'Titus', lastName: 'Crete' });

    const hasMentor = await addDisciple(mentor.cookie, 'Mark', taken.email);
    expect(hasMentor.statusCode).toBe(409);
    expect(hasMentor.json()).toEqual({ code: 'HAS_MENTOR', message: 'Mark John already has a mentor. Each person has one mentor.' });
    expect(await mentorOf(taken.id)).toBe(other.id);

    const already = await addDisciple(mentor.cookie, 'Titus', mine.email);
    expect(already.statusCode).toBe(409);
    expect(already.json().code).toBe('ALREADY_DISCIPLE');

    const self = await addDisciple(mentor.cookie, 'Me', mentor.user.email.toUpperCase());
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('SELF_MENTOR');
  });

  it('refuses a link that would create a cycle', async () => {
    // top → middle → me: "me" may not take "top" (or "middle") as a disciple.
    const top = await createUser(app.db, { firstName: 'Paul', lastName: 'Tarsus' });
    const middle = await createUser(app.db, { mentorId: top.id });
    const me = await signedInUser(app, { mentorId: middle.id });
    // Detach "top" from nobody: they have no mentor, so only the cycle rule stops the link.
    const res = await addDisciple(me.cookie, 'Paul', top.email);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'MENTOR_CYCLE', message: "Paul Tarsus is above you in your own mentoring line, so they can't also be your disciple." });
    expect(await mentorOf(top.id)).toBeNull();
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

  it('links the one person with that full name, ignoring case and accents', async () => {
    const mentor = await createUser(app.db, { firstName: 'Zoë', lastName: 'Béatrice-Ngono' });
    const u = await onboard('  zoe   BEATRICE-NGONO ');
    expect(await mentorOf(u.id)).toBe(mentor.id);
  });

  it('links nobody when two people share the name, or nobody has it', async () => {
    await createUser(app.db, { firstName: 'Jean', lastName: 'Dupuis' });
    await createUser(app.db, { firstName: 'JEAN', lastName: 'dupuis' });
    const ambiguous = await onboard('Jean Dupuis');
    expect(await mentorOf(ambiguous.id)).toBeNull();
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
    expect(tree.disciples.map((d) => [d.firstName, d.progress])).toEqual([['Anna', 100], ['Boaz', 0]]);
    expect(tree.disciples[0]!.disciples[0]).toMatchObject({ id: a1.id, firstName: 'Abel', disciples: [{ id: a1x.id, progress: 38, disciples: [] }] });
    expect(treeDepth(tree)).toBe(3);
    expect(totalImpact(tree)).toBe(4);

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
    expect(await prog()).toMatchObject({ role: 'user', directDisciples: 0, isCoordinatorEligible: false, coordinatorRemaining: 3, isAmbassadorEligible: false, canApply: false, application: null });

    const ds = [await createUser(app.db, { mentorId: m.user.id }), await createUser(app.db, { mentorId: m.user.id })];
    expect(await prog()).toMatchObject({ directDisciples: 2, isCoordinatorEligible: false, coordinatorRemaining: 1 });
    ds.push(await createUser(app.db, { mentorId: m.user.id }));
    expect(await prog()).toMatchObject({ directDisciples: 3, isCoordinatorEligible: true, coordinatorRemaining: 0, completedDisciples: 0, isAmbassadorEligible: false });

    await passLessons(app.db, ds[0]!.id);
    await passLessons(app.db, ds[1]!.id);
    await passLessons(app.db, ds[2]!.id, 7);
    expect(await prog()).toMatchObject({ completedDisciples: 2, isAmbassadorEligible: false, ambassadorRemaining: 1, canApply: false });
    const early = await post('/api/ambassador-applications', undefined, m.cookie);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ code: 'NOT_ELIGIBLE', message: 'You can apply once 3 of your disciples have completed the course (now 2).' });

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
  });
});

describe('rate limit', async () => {
  // Adding disciples tells whether an email has an account, so it is limited (six times the public-form limit).
  const limited = await createTestApp({ rateLimits: { auth: 1000, forms: 1 } });
  it('answers 429 after too many additions in a minute', async () => {
    const mentor = await signedInUser(limited);
    const add = (i: number) =>
      limited.inject({ method: 'POST', url: '/api/disciples', headers: { ...json, cookie: mentor.cookie }, payload: { fullName: `Person ${i}`, email: `limit${i}@example.org` } });
    for (let i = 0; i < 6; i++) expect((await add(i)).statusCode).toBe(201);
    const res = await add(6);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
  });
});
