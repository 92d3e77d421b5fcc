import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { PARENT_CONSENT_TEXT_VERSION } from '#common/domain/parent-consent.ts';
import { PRIVACY_NOTICE_VERSION } from '#common/domain/privacy.ts';
import { adultSignUp, createTestApp, createUser, sessionCookie, sessionTokenFrom, signedInUser, signUpAndConfirm } from '#test/app.ts';
import { linkIn, startTestSmtp, type ReceivedMail } from '#test/smtp.ts';

import { auditLog, callbackRequests, consents, mailOutbox, parentalConsents, users } from '../../db/schema/index.ts';
import { SIGN_UP_COOKIE } from '../auth/auth.routes.ts';
import { PARENT_MAILS_PER_HOUR } from './consent.routes.ts';

// The mails really leave through the outbox to a real SMTP server on loopback (decision 025).
const smtp = await startTestSmtp();
afterAll(() => smtp.stop());
const app = await createTestApp({
  env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://god.test' },
  jobs: { isRunningWorkers: true, pollingIntervalSeconds: 0.5 },
});
const json = { 'content-type': 'application/json' };

let n = 0;
/** Signs up and opens the mailed link (decision 037): the new account, or the refusal of the form. */
const signUp = (body: Record<string, unknown>) =>
  signUpAndConfirm(
    app,
    { firstName: 'Young', lastName: 'Person', email: `young${++n}@example.org`, password: 'walking in the light', ...adultSignUp, ...body },
    json,
    smtp,
  );
const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
const cookieOf = (res: Parameters<typeof sessionTokenFrom>[0]) => `sid=${sessionTokenFrom(res)}`;

/** The year and month `years` years and `months` months before this month. */
function monthsAgo(years: number, months = 0) {
  const now = new Date();
  const total = now.getUTCFullYear() * 12 + now.getUTCMonth() - years * 12 - months;
  return { birthYear: Math.floor(total / 12), birthMonth: (total % 12) + 1 };
}

/** The parent's mail as the outbox keeps it, and the token from the mail as it was delivered (the row keeps none, decision 063). */
async function parentLink(parentEmail: string) {
  const delivered = await smtp.waitFor((m) => m.to.includes(parentEmail) && m.text.includes('/parent-consent/'));
  const [mail] = await app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, parentEmail), eq(mailOutbox.kind, 'parent-consent')));
  const match = /\/parent-consent\/([A-Za-z0-9_-]+)/.exec(delivered.text);
  return { mail: mail!, token: match![1]! };
}

describe('sign-up by age and country', () => {
  it('France: 15 (birthday month passed) is granted; still 14 this month needs a parent', async () => {
    const fifteen = await signUp({ ...monthsAgo(15, 1), country: 'FR' });
    expect(fifteen.statusCode).toBe(200);
    expect(fifteen.json()).toMatchObject({ consentStatus: 'granted', consentNeeded: null });

    const fourteen = await signUp({ ...monthsAgo(15, 0), country: 'FR' });
    expect(fourteen.statusCode).toBe(400);
    expect(fourteen.json().message).toContain('parentEmail');

    const pending = await signUp({ ...monthsAgo(15, 0), country: 'FR', parentEmail: 'parent.fr@example.org' });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().consentStatus).toBe('pending_parent');
    expect((await me(cookieOf(pending))).json().consentStatus).toBe('pending_parent');
  });

  it('United States: 13 is granted, 12 needs a parent; Germany asks at 15', async () => {
    expect((await signUp({ ...monthsAgo(13, 1), country: 'US' })).json().consentStatus).toBe('granted');
    expect((await signUp({ ...monthsAgo(13, 0), country: 'US' })).statusCode).toBe(400);
    expect((await signUp({ ...monthsAgo(13, 0), country: 'US', parentEmail: 'parent.us@example.org' })).json().consentStatus).toBe(
      'pending_parent',
    );
    expect((await signUp({ ...monthsAgo(15, 6), country: 'DE', parentEmail: 'parent.de@example.org' })).json().consentStatus).toBe(
      'pending_parent',
    );
    // A country whose age could not be verified: the default, 16 (decision 062).
    expect((await signUp({ ...monthsAgo(16, 1), country: 'BR' })).json().consentStatus).toBe('granted');
    expect((await signUp({ ...monthsAgo(16, 0), country: 'BR' })).statusCode).toBe(400);
  });

  it('records who consented, when and to which notice version', async () => {
    const before = Date.now();
    const res = await signUp({ ...monthsAgo(30), country: 'BE' });
    const id = res.json().id as string;
    const rows = await app.db.select().from(consents).where(eq(consents.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'faith-data', givenBy: 'self', noticeVersion: PRIVACY_NOTICE_VERSION, parentEmail: null });
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [user] = await app.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ residenceCountry: 'BE', privacyNoticeVersion: PRIVACY_NOTICE_VERSION, consentStatus: 'granted' });
  });

  it.each([
    ['a month in the future', { ...monthsAgo(0, -1) }, 'birthYear'],
    ['more than 120 years ago', { ...monthsAgo(120, 1) }, 'birthYear'],
    ['a month 13', { birthYear: 2000, birthMonth: 13 }, 'birthMonth'],
    ['an unknown country', { country: 'ZZ' }, 'country'],
    ['a country name instead of its code', { country: 'France' }, 'country'],
    ['no faith-data consent', { faithDataConsent: false }, 'faithDataConsent'],
  ])('refuses %s with a 400 naming the field', async (_what, body, field) => {
    const res = await signUp(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().message).toContain(field);
  });

  it("refuses a parent's email equal to the child's, whatever its case", async () => {
    const res = await signUp({ ...monthsAgo(10), country: 'FR', email: 'kid@example.org', parentEmail: 'KID@example.org' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('parentEmail');
    expect(await app.db.select().from(users).where(eq(users.email, 'kid@example.org'))).toHaveLength(0);
  });
});

describe("a parent's consent", () => {
  it('mails the parent; the link shows the page, grants, and later withdraws (the account is deleted)', async () => {
    const res = await signUp({
      ...monthsAgo(12),
      country: 'FR',
      firstName: 'Lina',
      email: 'lina@example.org',
      parentEmail: 'Mum@Example.org',
      locale: 'fr',
    });
    expect(res.statusCode).toBe(200);
    const cookie = cookieOf(res);
    const { mail, token } = await parentLink('mum@example.org');
    expect(mail.locale).toBe('fr');
    expect(mail.subject).toContain('Lina');

    const view = await app.inject({ method: 'GET', url: `/api/parent-consent/${token}` });
    // France under 15: Lina's own agreement and her parent's together (decision 062).
    expect(view.json()).toEqual({ childFirstName: 'Lina', isGranted: false, isJoint: true, noticeVersion: PRIVACY_NOTICE_VERSION });

    const grant = await app.inject({ method: 'POST', url: `/api/parent-consent/${token}`, headers: json, payload: { decision: 'grant' } });
    expect(grant.json()).toEqual({ status: 'granted' });
    expect((await me(cookie)).json().consentStatus).toBe('granted');
    const rows = await app.db.select().from(consents).where(eq(consents.userId, res.json().id));
    expect(rows.map((r) => [r.kind, r.givenBy, r.parentEmail, r.noticeVersion]).sort()).toEqual([
      ['faith-data', 'self', null, PRIVACY_NOTICE_VERSION],
      ['parental', 'parent', 'mum@example.org', PRIVACY_NOTICE_VERSION],
    ]);
    expect((await app.inject({ method: 'GET', url: `/api/parent-consent/${token}` })).json().isGranted).toBe(true);

    // Once allowed, Lina asked for a callback under her name.
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'lina@example.org'))).not.toEqual([]);
    const [request] = await app.db
      .insert(callbackRequests)
      .values({ name: 'Lina Young', phone: '+33 6 11 22 33 44', category: 'mental', userId: res.json().id })
      .returning();

    const withdraw = await app.inject({
      method: 'POST',
      url: `/api/parent-consent/${token}`,
      headers: json,
      payload: { decision: 'withdraw' },
    });
    expect(withdraw.json()).toEqual({ status: 'deleted' });
    expect(await app.db.select().from(users).where(eq(users.email, 'lina@example.org'))).toHaveLength(0);
    // The same erasure as a deletion from settings: the request keeps its category, not who asked;
    // mails to her address are gone; the log says a parent did it, by id.
    const [kept] = await app.db.select().from(callbackRequests).where(eq(callbackRequests.id, request!.id));
    expect(kept).toMatchObject({ name: null, phone: null, userId: null, category: 'mental' });
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'lina@example.org'))).toEqual([]);
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, res.json().id), eq(auditLog.action, 'account.deleted')));
    expect(audit.map((a) => [a.actorId, a.details])).toEqual([[null, { by: 'parent' }]]);
    expect((await me(cookie)).json()).toBeNull();
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: json,
      payload: { email: 'lina@example.org', password: 'walking in the light' },
    });
    expect(signIn.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/parent-consent/${token}` })).statusCode).toBe(404);
  });

  it('refuses a made-up link and a malformed decision', async () => {
    expect((await app.inject({ method: 'GET', url: `/api/parent-consent/${'x'.repeat(43)}` })).statusCode).toBe(404);
    const res = await signUp({ ...monthsAgo(12), country: 'FR', parentEmail: 'dad@example.org' });
    const { token } = await parentLink('dad@example.org');
    const bad = await app.inject({ method: 'POST', url: `/api/parent-consent/${token}`, headers: json, payload: { decision: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    expect((await me(cookieOf(res))).json().consentStatus).toBe('pending_parent');
  });
});

describe('agreeing again, and details on a first arrival', () => {
  const consent = (cookie: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/auth/consent', headers: { ...json, cookie }, payload });

  it('asks again after a new notice version, and records the new agreement', async () => {
    const { user, cookie } = await signedInUser(app, { privacyNoticeVersion: PRIVACY_NOTICE_VERSION - 1 });
    expect((await me(cookie)).json().consentNeeded).toBe('notice');
    expect((await consent(cookie, { faithDataConsent: false })).statusCode).toBe(400);
    const res = await consent(cookie, { faithDataConsent: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().consentNeeded).toBeNull();
    const rows = await app.db.select().from(consents).where(eq(consents.userId, user.id));
    expect(rows.map((r) => r.noticeVersion)).toEqual([PRIVACY_NOTICE_VERSION]);
  });

  it('asks an account without a month of birth (OpenID first arrival) for the sign-up details', async () => {
    const user = await createUser(app.db, {
      birthYear: null,
      birthMonth: null,
      residenceCountry: null,
      privacyNoticeVersion: null,
      email: 'oidc.teen@example.org',
    });
    const cookie = await sessionCookie(app, user.id);
    expect((await me(cookie)).json().consentNeeded).toBe('details');
    const missing = await consent(cookie, { faithDataConsent: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('CONSENT_DETAILS_REQUIRED');
    const same = await consent(cookie, {
      faithDataConsent: true,
      details: { ...monthsAgo(14), country: 'FR', parentEmail: 'oidc.teen@example.org' },
    });
    expect(same.statusCode).toBe(400);
    const res = await consent(cookie, {
      faithDataConsent: true,
      details: { ...monthsAgo(14), country: 'FR', parentEmail: 'oidc.parent@example.org' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ consentStatus: 'pending_parent', consentNeeded: null });
    expect((await parentLink('oidc.parent@example.org')).token).toBeTruthy();
  });

  it('is for signed-in people only', async () => {
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/consent', headers: json, payload: { faithDataConsent: true } })).statusCode,
    ).toBe(401);
  });
});

describe('an account waiting for a parent', () => {
  it('reads lessons but stores no profile, joins no tree and sends no callback request under its name', async () => {
    const res = await signUp({ ...monthsAgo(12), country: 'FR', parentEmail: 'wait.parent@example.org' });
    const cookie = cookieOf(res);
    const send = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
      app.inject({ method, url, headers: { ...json, cookie }, payload });
    expect((await app.inject({ method: 'GET', url: '/api/courses', headers: { cookie } })).statusCode).toBe(200);
    const profile = {
      firstName: 'Young',
      lastName: 'Person',
      mentorName: 'Ruth Pierre',
      phone: '+33 6 12 34 56 78',
      address: '1 rue de Paris',
      country: 'France',
      churchDenomination: 'Evangelical',
      pastorName: 'Daniel Joseph',
    };
    for (const [method, url, body] of [
      ['POST', '/api/onboarding/complete', profile],
      ['PUT', '/api/profile', profile],
      ['POST', '/api/callback-requests', { name: 'Young', phone: '+33 6 12 34 56 78', category: 'spiritual', scoreBand: 'red' }],
      ['POST', '/api/disciples', { fullName: 'Other Kid', email: 'other.kid@example.org' }],
    ] as const) {
      const answer = await send(method, url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json().code).toBe('PARENT_CONSENT_PENDING');
    }
    const [row] = await app.db.select().from(users).where(eq(users.id, res.json().id));
    expect(row).toMatchObject({ phone: null, address: null, churchDenomination: null, mentorId: null });

    const admin = await signedInUser(app, { role: 'admin' });
    const mentor = await createUser(app.db);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${res.json().id}/mentor`,
      headers: { ...json, cookie: admin.cookie },
      payload: { mentorEmail: mentor.email },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().code).toBe('PARENT_CONSENT_PENDING');
  });

  it('is not linked to a mentor who invited its email', async () => {
    const mentor = await signedInUser(app);
    const invite = await app.inject({
      method: 'POST',
      url: '/api/disciples',
      headers: { ...json, cookie: mentor.cookie },
      payload: { fullName: 'Invited Kid', email: 'invited.kid@example.org' },
    });
    expect(invite.statusCode).toBeLessThan(300);
    const res = await signUp({
      ...monthsAgo(12),
      country: 'FR',
      email: 'invited.kid@example.org',
      parentEmail: 'invited.parent@example.org',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await app.db.select().from(users).where(eq(users.id, res.json().id));
    expect(row!.mentorId).toBeNull();
  });
});

describe("the young person's request to a parent", () => {
  const request = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/consent/parent', headers: { cookie } });
  const resend = (cookie: string) => app.inject({ method: 'POST', url: '/api/auth/consent/parent/resend', headers: { cookie } });
  const change = (cookie: string, parentEmail: unknown) =>
    app.inject({ method: 'PUT', url: '/api/auth/consent/parent', headers: { ...json, cookie }, payload: { parentEmail } });
  const view = (token: string) => app.inject({ method: 'GET', url: `/api/parent-consent/${token}` });
  const tokenIn = (mail: ReceivedMail) => linkIn(mail, '/parent-consent/').split('/').pop()!;
  /** The mails that reached `email`, waiting for the `count`-th. */
  async function mailsTo(email: string, count: number) {
    for (let i = 0; i < 100 && smtp.received.filter((m) => m.to.includes(email)).length < count; i++)
      await new Promise((r) => setTimeout(r, 100));
    return smtp.received.filter((m) => m.to.includes(email));
  }
  const pendingChild = async (parentEmail: string, extra: Record<string, unknown> = {}) => {
    const res = await signUp({ ...monthsAgo(12), country: 'FR', firstName: 'Noa', parentEmail, ...extra });
    expect(res.statusCode).toBe(200);
    return { id: res.json().id as string, cookie: cookieOf(res) };
  };

  it('holds another address for a day and tells the first one; then the corrected address gets a working link and the old link stops working', async () => {
    const child = await pendingChild('mum.first@example.org');
    const first = tokenIn((await mailsTo('mum.first@example.org', 1))[0]!);
    const shown = await request(child.cookie);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ parentEmail: 'mum.first@example.org' });

    // Right after giving it, another address is held (decision 065): refused with the wait, nothing
    // goes to it, and the first address is told, with a link that replaces the first one.
    const held = await change(child.cookie, ' Mum.Right@Example.org ');
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'PARENT_EMAIL_CHANGE_WAIT', message: expect.stringContaining('less than 24 hours ago') });
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect((await request(child.cookie)).json().parentEmail).toBe('mum.first@example.org');
    const notice = (await mailsTo('mum.first@example.org', 2))[1]!;
    expect(notice.subject).toBe('Noa asked to send your consent request to another address');
    expect(notice.text).toContain('24 hours');
    const told = tokenIn(notice);
    expect((await view(first)).statusCode).toBe(404);
    expect((await view(told)).json()).toMatchObject({ childFirstName: 'Noa', isGranted: false });
    // Asking again is refused again, and the first address is not told twice.
    expect((await change(child.cookie, 'mum.right@example.org')).json().code).toBe('PARENT_EMAIL_CHANGE_WAIT');
    const notices = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, 'mum.first@example.org'), eq(mailOutbox.kind, 'parent-address-change')));
    expect(notices).toHaveLength(1);
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'mum.right@example.org'))).toEqual([]);

    // A day after the first address was given, the change goes through.
    await app.db
      .update(parentalConsents)
      .set({ emailSetAt: new Date(Date.now() - 24 * 3_600_000 - 1_000) })
      .where(eq(parentalConsents.userId, child.id));
    const changed = await change(child.cookie, ' Mum.Right@Example.org ');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().parentEmail).toBe('mum.right@example.org');
    expect((await request(child.cookie)).json().parentEmail).toBe('mum.right@example.org');
    const mail = await smtp.waitFor((m) => m.to.includes('mum.right@example.org'));
    expect(mail.subject).toContain('Noa');
    const token = tokenIn(mail);
    expect((await view(told)).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: `/api/parent-consent/${told}`, headers: json, payload: { decision: 'grant' } })).statusCode,
    ).toBe(404);
    expect((await view(token)).json()).toMatchObject({ childFirstName: 'Noa', isGranted: false });
    // The wait starts again from the new address, which is told in turn (with the link that now decides).
    expect((await change(child.cookie, 'mum.third@example.org')).statusCode).toBe(429);
    const latest = tokenIn((await mailsTo('mum.right@example.org', 2))[1]!);
    expect((await view(token)).statusCode).toBe(404);
    const grant = await app.inject({ method: 'POST', url: `/api/parent-consent/${latest}`, headers: json, payload: { decision: 'grant' } });
    expect(grant.json()).toEqual({ status: 'granted' });
    expect((await me(child.cookie)).json().consentStatus).toBe('granted');
    const [parental] = await app.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, child.id), eq(consents.kind, 'parental')));
    expect(parental!.parentEmail).toBe('mum.right@example.org');

    // Audited by id, with no address anywhere in the entry.
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.targetId, child.id));
    expect(audit.map((a) => [a.action, a.actorId, a.details]).sort()).toEqual([
      ['consent.parent_email_change_held', child.id, {}],
      ['consent.parent_email_change_held', child.id, {}],
      ['consent.parent_email_change_held', child.id, {}],
      ['consent.parent_email_changed', child.id, {}],
    ]);
    expect(JSON.stringify(audit)).not.toContain('@');

    // Once agreed, there is nothing left to resend or redirect (the sixth mail of the hour would be rate limited first).
    for (const res of [await request(child.cookie), await resend(child.cookie)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PARENT_CONSENT_NOT_PENDING');
    }
  });

  it('takes another address at once when the mail server refused the first one for good, and tells it nothing', async () => {
    // Signed up by hand: the young person's own mail goes through, then the parent's address is refused.
    const signUpRes = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: json,
      payload: {
        firstName: 'Noa',
        lastName: 'Person',
        email: 'noa.typo@example.org',
        password: 'walking in the light',
        ...adultSignUp,
        ...monthsAgo(12),
        parentEmail: 'mum.nobody@example.org',
      },
    });
    const own = await smtp.waitFor((m) => m.to.includes('noa.typo@example.org'));
    let child: { cookie: string };
    smtp.refuseWith = { code: 550, message: 'No such mailbox' };
    try {
      const confirmed = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/confirm',
        headers: { ...json, cookie: `${SIGN_UP_COOKIE}=${signUpRes.cookies.find((c) => c.name === SIGN_UP_COOKIE)!.value}` },
        payload: { token: linkIn(own, '/confirm-sign-up/').split('/').pop() },
      });
      expect(confirmed.statusCode).toBe(200);
      child = { cookie: cookieOf(confirmed) };
      for (let i = 0; i < 100; i++) {
        const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'mum.nobody@example.org'));
        if (row?.status === 'failed') break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      smtp.refuseWith = null;
    }
    const changed = await change(child.cookie, 'mum.somebody@example.org');
    expect(changed.statusCode).toBe(200);
    await smtp.waitFor((m) => m.to.includes('mum.somebody@example.org'));
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'parent-address-change'))).not.toContainEqual(
      expect.objectContaining({ toAddress: 'mum.nobody@example.org' }),
    );
  });

  it('sends the mail again with a fresh working link; the earlier link stops working', async () => {
    const child = await pendingChild('dad.spam@example.org');
    const first = tokenIn((await mailsTo('dad.spam@example.org', 1))[0]!);
    const res = await resend(child.cookie);
    expect(res.statusCode).toBe(202);
    expect(res.json().parentEmail).toBe('dad.spam@example.org');
    const mails = await mailsTo('dad.spam@example.org', 2);
    expect(mails).toHaveLength(2);
    const second = tokenIn(mails[1]!);
    expect(second).not.toBe(first);
    expect((await view(first)).statusCode).toBe(404);
    expect((await view(second)).json()).toMatchObject({ childFirstName: 'Noa', isGranted: false });
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.targetId, child.id));
    expect(audit.map((a) => [a.action, a.details])).toEqual([['consent.parent_mail_resent', {}]]);
  });

  it('cancels the mail to a mistyped address that has not gone out yet: only the corrected address gets one', async () => {
    // The mail server turns the parent's mail away for now (451): it waits in the outbox for its next try.
    smtp.refuseWith = { code: 451, message: 'Mailbox busy, try again later' };
    let child: Awaited<ReturnType<typeof pendingChild>>;
    let waiting: typeof mailOutbox.$inferSelect;
    try {
      child = await pendingChild('mum.typo@example.con');
      for (let i = 0; i < 100; i++) {
        const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'mum.typo@example.con'));
        waiting = row!;
        if (row!.attempts > 0 && row!.status === 'pending') break; // tried, turned away, waiting for its next try
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(waiting!).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('451') });
    } finally {
      smtp.refuseWith = null;
    }

    // A day later (decision 065: another address is taken a day after the first at the earliest).
    await app.db
      .update(parentalConsents)
      .set({ emailSetAt: new Date(Date.now() - 24 * 3_600_000 - 1_000) })
      .where(eq(parentalConsents.userId, child.id));
    expect((await change(child.cookie, 'mum.fixed@example.org')).statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes('mum.fixed@example.org'));
    expect(mail.subject).toContain('Noa');
    const [cancelled] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, waiting!.id));
    expect(cancelled!.status).toBe('cancelled');
    // Its next try (the job comes back later) sends nothing; the admin outbox lists it as cancelled.
    await app.mail.deliver({ outboxId: waiting!.id });
    expect(smtp.received.filter((m) => m.to.includes('mum.typo@example.con'))).toEqual([]);
    expect((await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, waiting!.id)))[0]!.status).toBe('cancelled');

    // Sent again to the right address: the mail that already went out stays sent.
    let sent: typeof mailOutbox.$inferSelect | undefined;
    for (let i = 0; i < 100 && sent?.status !== 'sent'; i++) {
      [sent] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'mum.fixed@example.org'));
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await resend(child.cookie)).statusCode).toBe(202);
    expect((await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, sent!.id)))[0]!.status).toBe('sent');
  });

  it("refuses the person's own address (any case) and a malformed one, and changes nothing", async () => {
    const child = await pendingChild('keep.parent@example.org', { email: 'noa.own@example.org' });
    const own = await change(child.cookie, 'NOA.OWN@example.org');
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe("Your parent's email must be different from yours.");
    const bad = await change(child.cookie, 'not an address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect((await change(child.cookie, undefined)).statusCode).toBe(400);
    expect((await request(child.cookie)).json().parentEmail).toBe('keep.parent@example.org');
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'noa.own@example.org'))).toHaveLength(1); // only her own sign-up link
  });

  it('refuses an account that needs no parent (409), and a visitor (401)', async () => {
    const { cookie } = await signedInUser(app);
    for (const res of [await request(cookie), await resend(cookie), await change(cookie, 'someone@example.org')]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PARENT_CONSENT_NOT_PENDING');
    }
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'someone@example.org'))).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/auth/consent/parent' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/auth/consent/parent/resend' })).statusCode).toBe(401);
  });

  it(`sends at most ${PARENT_MAILS_PER_HOUR} mails an hour per account, resent or redirected (429 after)`, async () => {
    const child = await pendingChild('flood.target@example.org');
    for (let i = 0; i < PARENT_MAILS_PER_HOUR; i++) {
      const res = i % 2 ? await resend(child.cookie) : await change(child.cookie, 'flood.target@example.org');
      expect(res.statusCode, `mail ${i + 1}`).toBeLessThan(300);
    }
    const limited = [await resend(child.cookie), await change(child.cookie, 'another.target@example.org')];
    for (const res of limited) {
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('RATE_LIMITED');
    }
    expect((await request(child.cookie)).json().parentEmail).toBe('flood.target@example.org');
    const queued = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, 'flood.target@example.org'), eq(mailOutbox.kind, 'parent-consent')));
    expect(queued).toHaveLength(1 + PARENT_MAILS_PER_HOUR);
  });
});

describe("a parent's decision the young person cannot make (decision 065)", () => {
  const view = (token: string, cookie?: string) =>
    app.inject({ method: 'GET', url: `/api/parent-consent/${token}`, headers: cookie ? { cookie } : {} });
  const decide = (token: string, decision: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/parent-consent/${token}`,
      headers: { ...json, ...(cookie ? { cookie } : {}) },
      payload: { decision },
    });
  const deviceOf = (res: { cookies: { name: string; value: string }[] }) => `did=${res.cookies.find((c) => c.name === 'did')!.value}`;
  const expectChildBrowser = (res: { statusCode: number; json: () => { code: string; message: string } }) => {
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PARENT_CONSENT_CHILD_BROWSER');
    expect(res.json().message).toContain('Open the link from the mail on your own phone or computer');
  };

  it("refuses the link in the young person's own session, and in their browser after they signed out or signed in to another account", async () => {
    const res = await signUp({
      ...monthsAgo(12),
      country: 'FR',
      firstName: 'Ezra',
      email: 'ezra@example.org',
      parentEmail: 'ezra.parent@example.org',
    });
    expect(res.statusCode).toBe(200);
    const session = cookieOf(res);
    const device = deviceOf(res);
    const { token } = await parentLink('ezra.parent@example.org');

    // The session alone (a browser that dropped the device cookie), and the whole browser.
    expectChildBrowser(await view(token, session));
    expectChildBrowser(await decide(token, 'grant', session));
    expectChildBrowser(await decide(token, 'grant', `${session}; ${device}`));
    expectChildBrowser(await decide(token, 'withdraw', session));
    // Signed out: the browser still has its device cookie.
    await app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: `${session}; ${device}` } });
    expectChildBrowser(await view(token, device));
    expectChildBrowser(await decide(token, 'grant', device));
    // Signed in to another account (an adult one they made) in that browser.
    const other = await signedInUser(app);
    expectChildBrowser(await decide(token, 'grant', `${other.cookie}; ${device}`));
    const [row] = await app.db.select().from(users).where(eq(users.id, res.json().id));
    expect(row!.consentStatus).toBe('pending_parent');
    expect(
      await app.db
        .select()
        .from(consents)
        .where(and(eq(consents.userId, row!.id), eq(consents.kind, 'parental'))),
    ).toEqual([]);

    // The parent's own browser (nothing of the young person's in it) decides.
    expect((await view(token)).json()).toMatchObject({ childFirstName: 'Ezra', isGranted: false });
    const before = Date.now();
    expect((await decide(token, 'grant')).json()).toEqual({ status: 'granted' });
    const [parental] = await app.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, row!.id), eq(consents.kind, 'parental')));
    expect(parental).toMatchObject({ givenBy: 'parent', parentEmail: 'ezra.parent@example.org', noticeVersion: PRIVACY_NOTICE_VERSION });
    expect(parental!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(parental!.evidence).toEqual({
      method: 'mailed-link',
      linkSentAt: expect.any(String),
      addressGivenAt: expect.any(String),
      textVersion: PARENT_CONSENT_TEXT_VERSION,
      mailLocale: 'en',
      checks: ['not-child-session', 'not-child-browser'],
      isSignedInToOtherAccount: false,
    });
    expect(new Date(parental!.evidence!.linkSentAt).getTime()).toBeLessThanOrEqual(parental!.createdAt.getTime());
    expect(JSON.stringify(parental!.evidence)).not.toMatch(/\d+\.\d+\.\d+\.\d+|::1/);
  });

  it('marks a browser signed in before the device cookie existed when the waiting banner loads; a parent signed in to their own account may decide', async () => {
    const res = await signUp({
      ...monthsAgo(12),
      country: 'FR',
      firstName: 'Mia',
      email: 'mia@example.org',
      parentEmail: 'mia.parent@example.org',
      locale: 'fr',
    });
    const session = cookieOf(res);
    const { token } = await parentLink('mia.parent@example.org');
    // An older session, in a browser without the device cookie: the banner's request gives it one.
    const banner = await app.inject({ method: 'GET', url: '/api/auth/consent/parent', headers: { cookie: session } });
    expect(banner.statusCode).toBe(200);
    const device = deviceOf(banner);
    expectChildBrowser(await view(token, device));

    const parent = await signedInUser(app, { email: 'mia.parent@example.org' });
    expect((await decide(token, 'grant', parent.cookie)).json()).toEqual({ status: 'granted' });
    const [parental] = await app.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, res.json().id), eq(consents.kind, 'parental')));
    expect(parental!.evidence).toMatchObject({ isSignedInToOtherAccount: true, mailLocale: 'fr' });
  });

  it('tells the first address in French when the young person writes in French', async () => {
    const res = await signUp({
      ...monthsAgo(12),
      country: 'FR',
      firstName: 'Léo',
      email: 'leo@example.org',
      parentEmail: 'leo.maman@example.org',
      locale: 'fr',
    });
    await parentLink('leo.maman@example.org');
    const held = await app.inject({
      method: 'PUT',
      url: '/api/auth/consent/parent',
      headers: { ...json, cookie: cookieOf(res) },
      payload: { parentEmail: 'leo.autre@example.org' },
    });
    expect(held.json().code).toBe('PARENT_EMAIL_CHANGE_WAIT');
    const notice = await smtp.waitFor((m) => m.to.includes('leo.maman@example.org') && m.subject.includes('autre adresse'));
    expect(notice.subject).toBe("Léo a demandé d'envoyer ta demande d'accord à une autre adresse");
    expect(notice.text).toContain('24\u00a0heures');
  });
});
