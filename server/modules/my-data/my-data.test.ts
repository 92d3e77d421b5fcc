import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { exportSections } from '#common/contracts/my-data.ts';
import { REAUTH_WINDOW_MINUTES } from '#common/contracts/security.ts';
import { createTestApp, createUser, enrolTotp, signedInUser, totpCodeFor } from '#test/app.ts';
import { passLessons } from '#test/course-progress.ts';

import {
  ambassadorApplications,
  auditLog,
  callbackRequests,
  certificates,
  challengeDays,
  consents,
  courses,
  discipleInvitations,
  lessons,
  mailOutbox,
  mentorApprovals,
  mentorStats,
  safeguardingConcerns,
  sectionReads,
  sessions,
  trackDays,
  users,
} from '../../db/schema/index.ts';

const app = await createTestApp();
const json = { 'content-type': 'application/json' };
const PASSWORD = 'a long enough passphrase';
/** A verification code in the certificates' alphabet, unique per user. */
const codeOf = (id: string) => `7KQ4-M2XD-${id.slice(0, 4)}-${id.slice(4, 8)}`.toUpperCase();

const exportOf = (cookie: string) => app.inject({ method: 'GET', url: '/api/me/export', headers: { cookie } });
const deleteMe = (cookie: string, payload: object = { password: PASSWORD }) =>
  app.inject({ method: 'DELETE', url: '/api/me', headers: { ...json, cookie }, payload });

/** A mentor with a profile, progress, a certificate, a mentor, a disciple, an invitation, an application, a callback request and mail. */
async function personWithData() {
  const mentor = await createUser(app.db, { firstName: 'Miriam', lastName: 'Guide' });
  const { user, cookie } = await signedInUser(app, {
    firstName: 'Ruth',
    lastName: 'Moabite',
    phone: '+33 6 00 00 00 01',
    address: '1 rue de Bethléem',
    mentorId: mentor.id,
    password: PASSWORD,
    locale: 'fr',
  });
  const disciple = await createUser(app.db, { firstName: 'Obed', lastName: 'Son', mentorId: user.id });
  await passLessons(app.db, user.id, 2);
  await app.db.insert(consents).values({ userId: user.id, kind: 'faith-data', givenBy: 'self', noticeVersion: 1 });
  const [course] = await app.db.select().from(courses).where(eq(courses.kind, 'course')).limit(1);
  const [track] = await app.db.select().from(courses).where(eq(courses.kind, 'track'));
  await app.db
    .insert(trackDays)
    .values({ userId: user.id, courseId: track!.id, day: 1, doneOn: '2026-11-19', answer: 2, doneAt: new Date('2026-11-19T17:00:00Z') });
  await app.db.insert(challengeDays).values([
    { userId: user.id, courseId: course!.id, day: 1, isDone: true, activeOn: '2026-11-20', changedAt: new Date('2026-11-20T18:00:00Z') },
    { userId: user.id, courseId: course!.id, day: 2, isDone: false, activeOn: '2026-11-21', changedAt: new Date('2026-11-21T19:00:00Z') },
  ]);
  const [lesson] = await app.db.select().from(lessons).where(eq(lessons.courseId, course!.id)).orderBy(lessons.weekNumber).limit(1);
  await app.db.insert(sectionReads).values({
    userId: user.id,
    lessonId: lesson!.id,
    section: 0,
    isRead: true,
    activeOn: '2026-11-20',
    changedAt: new Date('2026-11-20T18:05:00Z'),
  });
  await app.db.insert(certificates).values({
    userId: user.id,
    courseId: course!.id,
    verificationCode: codeOf(user.id),
    holderName: 'Ruth Moabite',
    completedAt: new Date(),
  });
  await app.db.insert(discipleInvitations).values({ mentorId: user.id, fullName: 'Boaz Field', email: 'boaz@example.org' });
  await app.db.insert(discipleInvitations).values({ mentorId: mentor.id, fullName: 'Ruth again', email: user.email });
  await app.db.insert(ambassadorApplications).values({ userId: user.id });
  const [request] = await app.db
    .insert(callbackRequests)
    .values({
      name: 'Ruth',
      phone: '+33 6 00 00 00 01',
      category: 'emotional',
      userId: user.id,
      contactMethod: 'sms',
      notes: 'Call after school',
    })
    .returning();
  await app.db.insert(mailOutbox).values({
    toAddress: user.email,
    kind: 'verify-email',
    locale: 'fr',
    subject: 'Confirme ton adresse',
    text: 'Bonjour Ruth',
    html: '<p>Bonjour Ruth</p>',
  });
  await app.db.insert(auditLog).values({
    actorId: mentor.id,
    action: 'user.role_changed',
    targetType: 'user',
    targetId: user.id,
    details: { from: 'user', to: 'ambassador' },
  });
  return { user, cookie, mentor, disciple, course: course!, lesson: lesson!, requestId: request!.id };
}

describe('GET /api/me/export', () => {
  it('downloads everything about the signed-in person as a JSON attachment', async () => {
    const { user, cookie, course, lesson } = await personWithData();
    const res = await exportOf(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="god-discipleship-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json();
    expect(Object.keys(data)).toEqual(['format', 'exportedAt', ...exportSections]);
    expect(data.profile).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: 'Ruth',
      lastName: 'Moabite',
      phone: '+33 6 00 00 00 01',
      address: '1 rue de Bethléem',
      locale: 'fr',
      signsInWith: ['password'],
    });
    // No secret and no search helper leaves the server.
    expect(Object.keys(data.profile).filter((k) => /hash|secret|key|oidc/i.test(k))).toEqual([]);
    expect(JSON.stringify(data)).not.toContain('scrypt');
    expect(data.consents).toEqual({
      given: [expect.objectContaining({ kind: 'faith-data', givenBy: 'self', noticeVersion: 1 })],
      parentRequest: null,
    });
    expect(data.progress).toEqual([expect.objectContaining({ passedLessons: 2 })]);
    expect(data.attempts).toHaveLength(2);
    expect(data.attempts[0]).toMatchObject({ passed: true, score: 100 });
    // The 21-day challenge and the sections read, ticks and unticks, with the time of each change.
    expect(data.challengeDays).toEqual([
      { course: course.slug, day: 1, isDone: true, activeOn: '2026-11-20', changedAt: '2026-11-20T18:00:00.000Z' },
      { course: course.slug, day: 2, isDone: false, activeOn: '2026-11-21', changedAt: '2026-11-21T19:00:00.000Z' },
    ]);
    expect(data.sectionReads).toEqual([
      {
        lesson: lesson.slug,
        week: lesson.weekNumber,
        section: 0,
        isRead: true,
        activeOn: '2026-11-20',
        changedAt: '2026-11-20T18:05:00.000Z',
      },
    ]);
    expect(data.certificates).toEqual([expect.objectContaining({ holderName: 'Ruth Moabite', verificationCode: codeOf(user.id) })]);
    // The 7-day track's days (docs/decisions/074).
    expect(data.track).toEqual({
      days: [{ track: 'new-believer', day: 1, doneOn: '2026-11-19', answer: 2, doneAt: '2026-11-19T17:00:00.000Z' }],
      skipped: [],
    });
    expect(data.mentor).toEqual({ name: 'Miriam Guide' });
    expect(data.disciples).toEqual([expect.objectContaining({ name: 'Obed Son' })]);
    // Other people by name only (issue 24): no disciple's or invitee's address.
    expect(data.invitationsSent).toEqual([{ fullName: 'Boaz Field', createdAt: expect.any(String), acceptedAt: null }]);
    expect(data.applications).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(data.callbackRequests).toEqual([expect.objectContaining({ name: 'Ruth', contactMethod: 'sms', notes: 'Call after school' })]);
    expect(data.sessions).toHaveLength(1);
    expect(data.mails).toEqual([expect.objectContaining({ subject: 'Confirme ton adresse' })]);
    expect(data.auditEntries).toEqual([expect.objectContaining({ action: 'user.role_changed', byThemselves: false, targetId: user.id })]);
  });

  it("holds other people by name, never their email: disciples, invitees, an admin's request, the mentor's digest (issue 24)", async () => {
    const { user, cookie, mentor, disciple } = await personWithData();
    const admin = await signedInUser(app, { role: 'admin' });
    // An admin asks Lydia whether Ruth may be her mentor: Ruth never typed Lydia's address.
    const lydia = await createUser(app.db, { firstName: 'Lydia', lastName: 'Purple', email: 'lydia.purple@example.org' });
    const asked = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${lydia.id}/mentor`,
      headers: { ...json, cookie: admin.cookie },
      payload: { mentorEmail: user.email },
    });
    expect(asked.json()).toEqual({ outcome: 'asked' });
    // Nor is it in her waiting list.
    const pending = (await app.inject({ method: 'GET', url: '/api/disciples/pending', headers: { cookie } })).json();
    expect(JSON.stringify(pending)).not.toContain('lydia');
    // Her digest listed the address she invited.
    await app.db.insert(mailOutbox).values({
      toAddress: user.email,
      kind: 'mentor-digest',
      locale: 'en',
      subject: 'Your disciples this week',
      text: `Waiting: Boaz Field (boaz@example.org). Write to ${user.email}.`,
      html: '<p>…</p>',
    });
    const data = (await exportOf(cookie)).json();
    const text = JSON.stringify(data);
    for (const address of ['boaz@example.org', disciple.email, mentor.email, 'lydia.purple@example.org'])
      expect(text).not.toContain(address);
    expect(text).not.toContain('Lydia');
    expect(data.disciples).toEqual([{ name: 'Obed Son', since: expect.any(String) }]);
    expect(data.mails).toContainEqual(
      expect.objectContaining({ kind: 'mentor-digest', text: `Waiting: Boaz Field ([address hidden]). Write to ${user.email}.` }),
    );
  });

  it('holds their own safeguarding records: approvals, the concerns they raised with whom they named, never a concern about them (issue 25)', async () => {
    const { user, cookie } = await signedInUser(app, { firstName: 'Hannah' });
    const member = await createUser(app.db, { firstName: 'Eli', lastName: 'Priest' });
    await app.db.insert(mentorApprovals).values({
      userId: user.id,
      checks: 'Background check',
      approvedAt: new Date('2026-01-05T09:00:00Z'),
      expiresAt: new Date('2027-01-05T09:00:00Z'),
    });
    await app.db.insert(safeguardingConcerns).values([
      {
        source: 'member',
        raisedById: user.id,
        aboutUserId: member.id,
        body: 'About a member',
        createdAt: new Date('2026-11-01T10:00:00Z'),
      },
      {
        source: 'member',
        raisedById: user.id,
        aboutName: 'Someone Else',
        body: 'About a name',
        createdAt: new Date('2026-11-02T10:00:00Z'),
      },
      { source: 'member', raisedById: member.id, aboutUserId: user.id, body: 'About Hannah', createdAt: new Date('2026-11-03T10:00:00Z') },
    ]);
    const { safeguarding } = (await exportOf(cookie)).json();
    expect(safeguarding.approvals).toEqual([
      { approvedAt: '2026-01-05T09:00:00.000Z', expiresAt: '2027-01-05T09:00:00.000Z', checks: 'Background check', revokedAt: null },
    ]);
    expect(safeguarding.concernsRaised.map((c: { body: string; aboutName: string }) => [c.body, c.aboutName])).toEqual([
      ['About a member', 'Eli Priest'],
      ['About a name', 'Someone Else'],
    ]);
  });

  it("holds only the signed-in person's data, and needs a session", async () => {
    const { cookie: otherCookie, user: other } = await signedInUser(app, { firstName: 'Orpah' });
    const { user } = await personWithData();
    const data = (await exportOf(otherCookie)).json();
    expect(data.profile.id).toBe(other.id);
    expect(JSON.stringify(data)).not.toContain(user.email);
    expect(JSON.stringify(data)).not.toContain('Ruth');
    expect(data.certificates).toEqual([]);
    expect([data.challengeDays, data.sectionReads]).toEqual([[], []]);
    // There is no way to name another account: no id in the path, unknown query fields are ignored by design.
    expect(
      (await app.inject({ method: 'GET', url: `/api/me/export?id=${user.id}`, headers: { cookie: otherCookie } })).json().profile.id,
    ).toBe(other.id);
    expect((await app.inject({ method: 'GET', url: '/api/me/export' })).statusCode).toBe(401);
  });

  it('asks the password or a code again when the last one is older than the re-authentication window (decision 038)', async () => {
    const { user, cookie } = await signedInUser(app, { firstName: 'Naomi', password: PASSWORD });
    const { secret } = await enrolTotp(app, cookie);
    const age = async (minutes: number) => {
      await app.db
        .update(sessions)
        .set({ reauthAt: new Date(Date.now() - minutes * 60_000) })
        .where(eq(sessions.userId, user.id));
      app.sessionCache.clear();
    };
    const reauth = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/reauth', headers: { ...json, cookie }, payload });

    await age(REAUTH_WINDOW_MINUTES + 1);
    const stale = await exportOf(cookie);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'REAUTH_REQUIRED' });
    expect(stale.body).not.toContain(user.email);
    expect((await reauth({ password: 'not the passphrase' })).statusCode).not.toBe(200);
    expect((await exportOf(cookie)).statusCode).toBe(403);
    expect((await reauth({ password: PASSWORD })).statusCode).toBe(200);
    expect((await exportOf(cookie)).json().profile.id).toBe(user.id);

    // A code from the authenticator app does as well.
    await age(REAUTH_WINDOW_MINUTES + 1);
    expect((await exportOf(cookie)).statusCode).toBe(403);
    expect((await reauth({ code: await totpCodeFor(secret, 1) })).statusCode).toBe(200);
    expect((await exportOf(cookie)).statusCode).toBe(200);
  });
});

describe('DELETE /api/me', () => {
  it('deletes the account and its personal data at once, ends the session and keeps the certificate verifiable', async () => {
    const { user, cookie, mentor, disciple, requestId } = await personWithData();
    const statsBefore = (await app.db.select().from(mentorStats).where(eq(mentorStats.userId, mentor.id)))[0]!;

    const res = await deleteMe(cookie);
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json()).toBeNull();
    expect(await app.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    // Signing in again fails like any unknown email.
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: json,
      payload: { email: user.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);

    // The certificate: issued, holder removed.
    const verified = await app.inject({ method: 'GET', url: `/api/certificates/verify/${codeOf(user.id)}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ valid: true, holderName: null });
    // The disciple keeps their account and loses the link; the mentor's counts follow.
    expect((await app.db.select().from(users).where(eq(users.id, disciple.id)))[0]!.mentorId).toBeNull();
    const statsAfter = (await app.db.select().from(mentorStats).where(eq(mentorStats.userId, mentor.id)))[0];
    expect(statsAfter?.directDisciples ?? 0).toBe(statsBefore.directDisciples - 1);
    // Their callback request keeps its category for the statistics, not their name or phone.
    const [request] = await app.db.select().from(callbackRequests).where(eq(callbackRequests.id, requestId));
    expect(request).toMatchObject({ name: null, phone: null, userId: null });
    // Invitations naming their address and mail to them are gone.
    expect(
      await app.db
        .select()
        .from(discipleInvitations)
        .where(sql`lower(${discipleInvitations.email}) = lower(${user.email})`),
    ).toEqual([]);
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email))).toEqual([]);
    // The audit log keeps the id and the action, and no personal data.
    const entries = await app.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(entries.map((e) => e.action)).toContain('account.deleted');
    expect(JSON.stringify(entries)).not.toContain(user.email);
    expect(JSON.stringify(entries)).not.toContain('Ruth');
  });

  it("scrubs their name from other people's mails: a waiting one is not sent, a stored one loses its text (issue 24)", async () => {
    const { user, cookie, mentor, disciple } = await personWithData();
    // Written by the features that name another account: the mentor's digest (names Ruth), the
    // encouragement to her disciple Obed (names Ruth as mentor), and an unrelated mail to Obed.
    const digest = await app.db.transaction((tx) =>
      app.mail.enqueue(tx, {
        to: mentor.email,
        locale: 'en',
        kind: 'mentor-digest',
        about: [user.id, disciple.id],
        content: {
          subject: 'mentorDigest.subject',
          paragraphs: ['mentorDigest.intro'],
          after: [],
          vars: {},
          name: 'Miriam',
          sections: [{ title: 'mentorDigest.finished', items: ['Ruth Moabite finished week 2'] }],
        },
      }),
    );
    const [sent] = await app.db
      .insert(mailOutbox)
      .values({
        toAddress: disciple.email,
        kind: 'mentor-encouragement',
        locale: 'en',
        subject: 'A word from Ruth Moabite',
        text: 'Ruth Moabite thought of you',
        html: '<p>Ruth Moabite thought of you</p>',
        status: 'sent',
        sentAt: new Date(),
        aboutUserIds: [user.id],
      })
      .returning();
    const [other] = await app.db
      .insert(mailOutbox)
      .values({
        toAddress: disciple.email,
        kind: 'password-reset',
        locale: 'en',
        subject: 'Reset',
        text: 'Hi Obed',
        html: '<p>Hi Obed</p>',
      })
      .returning();
    // Her invitation to a new email, written by the feature itself, waits in the outbox with her name.
    const invite = await app.inject({
      method: 'POST',
      url: '/api/disciples',
      headers: { ...json, cookie },
      payload: { fullName: 'Naomi Mara', email: 'naomi.mara@example.org' },
    });
    expect(invite.statusCode).toBe(201);
    const [invitationMail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'naomi.mara@example.org'));
    expect(invitationMail!.text).toContain('Ruth');

    expect((await deleteMe(cookie)).statusCode).toBe(204);
    const [invitationAfter] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, invitationMail!.id));
    expect(invitationAfter!.status).toBe('cancelled');
    expect(JSON.stringify(invitationAfter)).not.toMatch(/Ruth|Moabite/);
    const rows = await app.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.id} in (${digest}, ${sent!.id}, ${other!.id})`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(digest)).toMatchObject({ status: 'cancelled', aboutUserIds: [disciple.id] });
    expect(byId.get(sent!.id)).toMatchObject({ status: 'sent', aboutUserIds: [] });
    for (const id of [digest, sent!.id]) expect(JSON.stringify(byId.get(id))).not.toMatch(/Ruth|Moabite/);
    // A mail that does not name them is left as it was.
    expect(byId.get(other!.id)).toMatchObject({ status: 'pending', text: 'Hi Obed' });
  });

  it('refuses a wrong or missing password, and keeps the account', async () => {
    const { user, cookie } = await signedInUser(app, { password: PASSWORD });
    const wrong = await deleteMe(cookie, { password: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    const missing = await deleteMe(cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('password');
    expect((await deleteMe(cookie, { password: 42 })).statusCode).toBe(400);
    expect((await deleteMe(cookie, { password: PASSWORD, userId: user.id })).statusCode).toBe(400);
    expect(await app.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });

  it("cannot delete someone else's account: only the session decides whose", async () => {
    const victim = await createUser(app.db, { password: PASSWORD });
    const { user: attacker, cookie } = await signedInUser(app, { password: 'the attacker passphrase' });
    // The victim's password does not delete the attacker's account, and no field names another account.
    expect((await deleteMe(cookie, { password: PASSWORD })).statusCode).toBe(400);
    expect((await deleteMe(cookie, { password: PASSWORD, id: victim.id })).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/me/${victim.id}`, headers: { ...json, cookie }, payload: { password: PASSWORD } }))
        .statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: '/api/me', headers: json, payload: { password: PASSWORD } })).statusCode).toBe(401);
    expect(await app.db.select().from(users).where(eq(users.id, victim.id))).toHaveLength(1);
    expect(await app.db.select().from(users).where(eq(users.id, attacker.id))).toHaveLength(1);
  });

  it('asks an OpenID account for a sign-in within the re-authentication window instead of a password', async () => {
    const { user, cookie } = await signedInUser(app, { oidcSubject: `https://id.example|${Math.random()}` });
    await app.db
      .update(sessions)
      .set({ reauthAt: new Date(Date.now() - (REAUTH_WINDOW_MINUTES + 1) * 60_000) })
      .where(eq(sessions.userId, user.id));
    app.sessionCache.clear();
    const stale = await deleteMe(cookie, {});
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'REAUTH_REQUIRED' });
    await app.db.update(sessions).set({ reauthAt: new Date() }).where(eq(sessions.userId, user.id));
    app.sessionCache.clear();
    expect((await deleteMe(cookie, {})).statusCode).toBe(204);
    expect(await app.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });

  it('keeps the last founder', async () => {
    const founders = await app.db.select().from(users).where(eq(users.role, 'founder'));
    expect(founders).toEqual([]);
    const { user, cookie } = await signedInUser(app, { role: 'founder', password: PASSWORD });
    const res = await deleteMe(cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LAST_FOUNDER' });
    const second = await createUser(app.db, { role: 'founder' });
    expect((await deleteMe(cookie)).statusCode).toBe(204);
    expect((await app.db.select().from(users).where(eq(users.role, 'founder'))).map((u) => u.id)).toEqual([second.id]);
    expect(await app.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });
});
