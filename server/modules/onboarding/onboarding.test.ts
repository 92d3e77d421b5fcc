import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { createTestApp, signedInUser } from '#test/app.ts';
import { passLessons } from '#test/course-progress.ts';

import { auditLog, users } from '../../db/schema/index.ts';

const app = await createTestApp();
const json = { 'content-type': 'application/json' };

const profile = () => ({
  ...{ firstName: ' Naomi ', lastName: 'Baptiste', mentorName: 'Ruth Pierre' },
  ...{ phone: '+1 514 555 0123', birthdate: '2007-09-14', address: '45 Rue Sainte-Catherine\nMontréal, QC', country: 'Canada' },
  ...{ churchDenomination: 'Evangelical', pastorName: 'Pastor Daniel Joseph' },
});

const complete = (cookie: string | undefined, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/onboarding/complete',
    headers: { ...json, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });
const skip = (cookie?: string) => app.inject({ method: 'POST', url: '/api/onboarding/skip', headers: cookie ? { cookie } : {} });
const userRow = async (id: string) => (await app.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('POST /api/onboarding/complete', () => {
  it('saves the trimmed profile, completes onboarding and returns the user', async () => {
    const { user, cookie } = await signedInUser(app, { onboardingStatus: 'pending' });
    const res = await complete(cookie, profile());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      firstName: 'Naomi',
      onboardingComplete: true,
      onboardingStatus: 'completed',
      mentorName: 'Ruth Pierre',
    });
    expect(await userRow(user.id)).toMatchObject({
      firstName: 'Naomi',
      lastName: 'Baptiste',
      phone: '+1 514 555 0123',
      birthdate: '2007-09-14',
      address: '45 Rue Sainte-Catherine\nMontréal, QC',
      country: 'Canada',
      churchDenomination: 'Evangelical',
      pastorName: 'Pastor Daniel Joseph',
      onboardingStatus: 'completed',
    });
  });

  it('lets a user who skipped complete the profile later, without a birthdate', async () => {
    const { user, cookie } = await signedInUser(app, { onboardingStatus: 'skipped' });
    const { birthdate: _b, ...rest } = profile();
    expect((await complete(cookie, rest)).statusCode).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ onboardingStatus: 'completed', birthdate: null });
  });

  it('runs the onboarding-completed hooks with the saved user', async () => {
    const seen: string[] = [];
    app.hooks.onboardingCompleted.push(async (_db, u) => void seen.push(`${u.id}:${u.mentorName}`));
    try {
      const { user, cookie } = await signedInUser(app, { onboardingStatus: 'pending' });
      await complete(cookie, profile());
      expect(seen).toEqual([`${user.id}:Ruth Pierre`]);
    } finally {
      app.hooks.onboardingCompleted.pop();
    }
  });

  it('keeps the profile unsaved when a hook fails', async () => {
    app.hooks.onboardingCompleted.push(async () => {
      throw new Error('mentor matching is down');
    });
    try {
      const { user, cookie } = await signedInUser(app, { onboardingStatus: 'pending', phone: null });
      expect((await complete(cookie, profile())).statusCode).toBe(500);
      expect(await userRow(user.id)).toMatchObject({ onboardingStatus: 'pending', phone: null });
    } finally {
      app.hooks.onboardingCompleted.pop();
    }
  });

  it('is one-time: a completed profile is not replaced', async () => {
    const { user, cookie } = await signedInUser(app, { onboardingStatus: 'completed', pastorName: 'Pastor Original' });
    const res = await complete(cookie, profile());
    expect(res.statusCode).toBe(409);
    expect((await userRow(user.id)).pastorName).toBe('Pastor Original');
  });

  it('answers 401 to a visitor, even with an invalid body', async () => {
    expect((await complete(undefined, profile())).statusCode).toBe(401);
    expect((await complete(undefined, {})).statusCode).toBe(401);
  });

  const refused: [string, Record<string, unknown>, string, string][] = [
    ['a blank first name', { firstName: '   ' }, 'firstName', 'Required'],
    ['a missing last name', { lastName: undefined }, 'lastName', 'Required'],
    ['a blank mentor name', { mentorName: ' ' }, 'mentorName', "Please enter your ambassador's name (required)"],
    ['a short phone', { phone: '12' }, 'phone', 'Please enter a valid phone number'],
    ['a blank address', { address: '' }, 'address', 'Required'],
    ['a country outside the list', { country: 'Narnia' }, 'country', 'Please choose your country'],
    ['a blank church', { churchDenomination: '  ' }, 'churchDenomination', 'Required'],
    ['a missing pastor', { pastorName: undefined }, 'pastorName', 'Required'],
    ['31 February', { birthdate: '2008-02-31' }, 'birthdate', 'Please choose a date that exists'],
    ['a huge address', { address: 'a'.repeat(20_000) }, 'address', 'Must be at most 300 characters'],
    ['a role', { role: 'admin' }, 'role', 'Unrecognized key'],
  ];
  it.each(refused)('refuses %s with 400 naming the field and saves nothing', async (_case, change, field, message) => {
    const { user, cookie } = await signedInUser(app, { onboardingStatus: 'pending', firstName: 'Before' });
    const res = await complete(cookie, { ...profile(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect(res.json().message).toContain(message);
    expect(await userRow(user.id)).toMatchObject({ onboardingStatus: 'pending', firstName: 'Before', role: 'user' });
  });
});

describe('POST /api/onboarding/skip', () => {
  it('lets a pending user in without the profile', async () => {
    const { user, cookie } = await signedInUser(app, { onboardingStatus: 'pending' });
    const res = await skip(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ onboardingComplete: true, onboardingStatus: 'skipped' });
    expect((await userRow(user.id)).onboardingStatus).toBe('skipped');
  });

  it('does not turn a completed profile back into a skipped one', async () => {
    const { user, cookie } = await signedInUser(app, { onboardingStatus: 'completed' });
    expect((await skip(cookie)).statusCode).toBe(409);
    expect((await userRow(user.id)).onboardingStatus).toBe('completed');
  });

  it('answers 401 to a visitor', async () => {
    expect((await skip()).statusCode).toBe(401);
  });
});

describe('the profile on /settings (GET/PUT /api/profile)', () => {
  const edited = () => ({
    firstName: 'Naomi',
    lastName: 'Baptiste-Pierre',
    phone: '+33 6 12 34 56 78',
    birthdate: null,
    address: '8 rue des Lilas\nParis',
    country: 'France',
    churchDenomination: 'Protestante',
    pastorName: 'Pasteur Marc',
  });
  const put = (cookie: string | undefined, payload: unknown) =>
    app.inject({ method: 'PUT', url: '/api/profile', headers: { ...json, ...(cookie ? { cookie } : {}) }, payload: payload as object });

  it('edits every field with the onboarding rules, and refuses what onboarding refuses', async () => {
    const { user, cookie } = await signedInUser(app, { onboardingStatus: 'pending' });
    await complete(cookie, profile());
    const got = await app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(got.json()).toEqual({
      firstName: 'Naomi',
      lastName: 'Baptiste',
      phone: '+1 514 555 0123',
      address: '45 Rue Sainte-Catherine\nMontréal, QC',
      country: 'Canada',
      churchDenomination: 'Evangelical',
      pastorName: 'Pastor Daniel Joseph',
      birthdate: '2007-09-14',
    });

    const res = await put(cookie, { ...edited(), firstName: ' Naomi ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(edited());
    expect(await userRow(user.id)).toMatchObject({ ...edited(), mentorName: 'Ruth Pierre' });

    for (const [change, field] of [
      [{ pastorName: ' ' }, 'pastorName'],
      [{ phone: 'call me' }, 'phone'],
      [{ country: 'Atlantis' }, 'country'],
      [{ birthdate: '2999-01-01' }, 'birthdate'],
      [{ role: 'admin' }, 'role'],
    ] as const) {
      const bad = await put(cookie, { ...edited(), ...change });
      expect(bad.statusCode, field).toBe(400);
      expect(bad.json().message).toContain(field);
    }
    expect(await userRow(user.id)).toMatchObject(edited());
    expect((await put(undefined, edited())).statusCode).toBe(401);
  });

  it('a new name goes onto the certificate, which still verifies with the same code; the change is audited', async () => {
    const { user, cookie } = await signedInUser(app, { firstName: 'Amara', lastName: 'Okafor' });
    await passLessons(app.db, user.id);
    const courseId = (await app.inject({ method: 'GET', url: '/api/courses', headers: { cookie } })).json()[0].id;
    const created = await app.inject({ method: 'POST', url: `/api/certificates/${courseId}`, headers: { cookie } });
    expect(created.statusCode).toBe(201);
    const code = created.json().verificationCode;

    expect((await put(cookie, { ...edited(), firstName: 'Amara', lastName: 'Okafor-Mensah' })).statusCode).toBe(200);
    const cert = await app.inject({ method: 'GET', url: `/api/certificates/${courseId}`, headers: { cookie } });
    expect(cert.json()).toMatchObject({ verificationCode: code, certificateData: { name: 'Amara Okafor-Mensah' } });
    const verified = await app.inject({ method: 'GET', url: `/api/certificates/verify/${code}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().holderName).toBe('Amara Okafor-Mensah');
    // Whoever checks a printout with the old name learns that the name changed after issue, and when.
    const renamedAt = Date.parse(verified.json().holderRenamedAt);
    expect(Date.now() - renamedAt).toBeLessThan(60_000);
    expect(renamedAt).toBeGreaterThanOrEqual(Date.parse(created.json().completedAt));
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'profile.updated')));
    // Which fields changed and how many certificates followed, never the names themselves (the entry outlives them).
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: user.id,
        details: { fields: expect.arrayContaining(['lastName', 'phone']), renamedCertificates: 1 },
      }),
    ]);
  });
});
