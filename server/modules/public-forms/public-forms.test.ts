import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { createTestApp, expectValidationFailed, signedInUser } from '#test/app.ts';

import { callbackRequests, watchmomsApplications } from '../../db/schema/index.ts';

const app = await createTestApp();
// A second app on its own database with a low limit, as a real deployment would have.
const limited = await createTestApp({ rateLimits: { auth: 1000, forms: 3 } });
const json = { 'content-type': 'application/json' };

const validApplication = () => ({
  fullName: 'Marie-Claire Joseph',
  phone: '+1 (305) 555-0142',
  birthdate: '1978-02-28',
  country: 'Haiti',
  cityState: 'Port-au-Prince, Ouest',
  streetAddress: '12 Rue Capois',
  churchAffiliation: 'Église Baptiste de la Grâce',
  reasonForJoining: 'I want to pray every week with other mothers for our children and our city.',
  consent: true,
});

const apply = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/watchmoms-applications', headers: { ...json, ...headers }, payload: payload as object });
/** What the form always sends besides name, phone and category. */
const preferences = { contactMethod: 'call', isVoicemailSafe: false, goodTime: '', language: 'en', consent: true };
const requestCallback = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/callback-requests', headers: { ...json, ...headers }, payload: { ...preferences, ...payload } });
const countApplications = async () => (await app.db.select().from(watchmomsApplications)).length;
const countCallbacks = async () => (await app.db.select().from(callbackRequests)).length;

beforeEach(async () => {
  await app.db.delete(watchmomsApplications);
  await app.db.delete(callbackRequests);
});

describe('POST /api/watchmoms-applications', () => {
  it('stores a valid application with trimmed values and returns its id', async () => {
    const res = await apply({ ...validApplication(), fullName: '  Marie-Claire Joseph  ' });
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(watchmomsApplications);
    expect(res.json()).toEqual({ id: row!.id });
    expect(row).toMatchObject({
      fullName: 'Marie-Claire Joseph',
      birthdate: '1978-02-28',
      country: 'Haiti',
      streetAddress: '12 Rue Capois',
      consent: true,
      status: 'new',
    });
  });

  it('accepts an application without the optional birthdate and street address', async () => {
    const { birthdate: _b, streetAddress: _s, ...rest } = validApplication();
    const res = await apply(rest);
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(watchmomsApplications);
    expect(row).toMatchObject({ birthdate: null, streetAddress: null });
  });

  const refused: [string, Record<string, unknown>, string, string][] = [
    ['a missing name', { fullName: undefined }, 'fullName', 'Required'],
    ['a one-letter name', { fullName: ' A ' }, 'fullName', 'Name must be at least 2 characters'],
    ['a name that is not text', { fullName: 42 }, 'fullName', 'Must be text'],
    ['a huge name', { fullName: 'x'.repeat(5000) }, 'fullName', 'Must be at most 100 characters'],
    ['a short phone', { phone: '1234' }, 'phone', 'Please enter a valid phone number'],
    ['a phone with letters', { phone: 'call me maybe' }, 'phone', 'Please enter a valid phone number'],
    ['an empty country', { country: '' }, 'country', 'Country is required'],
    ['a country not on the list', { country: 'Atlantis' }, 'country', 'Please choose a country from the list'],
    ['a one-letter city', { cityState: 'X' }, 'cityState', 'City & State/Province is required'],
    ['a one-letter church', { churchAffiliation: 'C' }, 'churchAffiliation', 'Church affiliation is required'],
    ['a short reason', { reasonForJoining: 'I love to pray.' }, 'reasonForJoining', 'Please provide at least 20 characters'],
    ['a huge reason', { reasonForJoining: 'pray '.repeat(1000) }, 'reasonForJoining', 'Must be at most 2000 characters'],
    ['no consent', { consent: false }, 'consent', 'You must consent to continue'],
    ['consent as text', { consent: 'yes' }, 'consent', 'You must consent to continue'],
    ['31 February', { birthdate: '1990-02-31' }, 'birthdate', 'Please choose a date that exists'],
    ['29 February of a common year', { birthdate: '1991-02-29' }, 'birthdate', 'Please choose a date that exists'],
    [
      'a birthdate in the future',
      { birthdate: `${new Date().getFullYear() + 1}-01-01` },
      'birthdate',
      'Your birthday cannot be in the future',
    ],
    ['a birthdate in another format', { birthdate: '02/28/1978' }, 'birthdate', 'Use the form YYYY-MM-DD'],
    ['birth parts sent separately', { birthMonth: 2 }, 'birthMonth', 'Unrecognized key'],
    ['an extra field', { status: 'approved' }, 'status', 'Unrecognized key'],
  ];
  it.each(refused)('refuses %s with 400 naming the field and stores nothing', async (_case, change, field, message) => {
    const res = await apply({ ...validApplication(), ...change });
    expectValidationFailed(res, field, message);
    expect(await countApplications()).toBe(0);
  });

  it('accepts 29 February of a leap year', async () => {
    expect((await apply({ ...validApplication(), birthdate: '2000-02-29' })).statusCode).toBe(201);
  });

  it('refuses a body that is not JSON, and an empty body, without a 500', async () => {
    const text = await app.inject({
      method: 'POST',
      url: '/api/watchmoms-applications',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    const empty = await app.inject({ method: 'POST', url: '/api/watchmoms-applications', headers: json, payload: '{}' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('fullName');
    const broken = await app.inject({ method: 'POST', url: '/api/watchmoms-applications', headers: json, payload: '{"fullName": ' });
    expect(broken.statusCode).toBe(400);
    expect(await countApplications()).toBe(0);
  });

  it('stores a double submission with the same idempotency key once', async () => {
    const key = { 'idempotency-key': 'c0ffee00-aaaa-4bbb-8ccc-123456789abc' };
    const [first, second] = await Promise.all([apply(validApplication(), key), apply(validApplication(), key)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().id).toBe(second.json().id);
    const third = await apply(validApplication(), key);
    expect(third.statusCode).toBe(200);
    expect(third.json().id).toBe(first.json().id);
    expect(await countApplications()).toBe(1);
  });

  it('refuses a reused idempotency key for a different application, and a malformed key', async () => {
    const key = { 'idempotency-key': 'another-key-0123456789' };
    expect((await apply(validApplication(), key)).statusCode).toBe(201);
    const different = await apply({ ...validApplication(), fullName: 'Someone Else' }, key);
    expect(different.statusCode).toBe(409);
    const malformed = await apply(validApplication(), { 'idempotency-key': 'short' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('idempotency-key');
    expect(await countApplications()).toBe(1);
  });

  it('stores two applications sent with different keys, or without a key', async () => {
    await apply(validApplication(), { 'idempotency-key': 'key-one-0123456789abcdef' });
    await apply(validApplication(), { 'idempotency-key': 'key-two-0123456789abcdef' });
    await apply(validApplication());
    expect(await countApplications()).toBe(3);
  });
});

describe('POST /api/callback-requests', () => {
  it('stores a visitor request with scoreBand "unknown" when none is sent and no user', async () => {
    const res = await requestCallback({ name: '  Jordan  ', phone: ' 555 0199 ', category: 'mental' });
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(callbackRequests);
    expect(res.json()).toEqual({ id: row!.id });
    expect(row).toMatchObject({ name: 'Jordan', phone: '555 0199', category: 'mental', scoreBand: 'unknown', userId: null, status: 'new' });
  });

  it('stores how and when to reach the person and the language to speak', async () => {
    const res = await requestCallback({
      name: 'Ada',
      phone: '555 0100',
      category: 'mental',
      contactMethod: 'whatsapp',
      isVoicemailSafe: true,
      goodTime: ' after school ',
      language: 'fr',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(callbackRequests);
    expect(row).toMatchObject({
      contactMethod: 'whatsapp',
      isVoicemailSafe: true,
      goodTime: 'after school',
      language: 'fr',
      closedAt: null,
    });
  });

  it.each(['green', 'yellow', 'red'] as const)('keeps the score band %s sent by the Soul Health Check', async (band) => {
    await requestCallback({ name: 'Ada', phone: '555 0100', category: 'emotional', scoreBand: band });
    const [row] = await app.db.select().from(callbackRequests);
    expect(row!.scoreBand).toBe(band);
  });

  it('takes the requester from the session', async () => {
    const { user, cookie } = await signedInUser(app);
    const res = await requestCallback({ name: 'Sam', phone: '555 0101', category: 'spiritual' }, { cookie });
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(callbackRequests).where(eq(callbackRequests.id, res.json().id));
    expect(row!.userId).toBe(user.id);
  });

  it('never takes a userId from the body', async () => {
    const { user: someone } = await signedInUser(app);
    const res = await requestCallback({ name: 'Sam', phone: '555 0101', category: 'spiritual', userId: someone.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('userId');
    expect(await countCallbacks()).toBe(0);
  });

  const refused: [string, Record<string, unknown>, string, string][] = [
    ['a missing name', { name: undefined }, 'name', 'Required'],
    ['a blank name', { name: '   ' }, 'name', 'Required'],
    ['a blank phone', { phone: '  ' }, 'phone', 'Required'],
    ['a phone that is a number', { phone: 5550101 }, 'phone', 'Must be text'],
    ['a huge name', { name: 'n'.repeat(10_000) }, 'name', 'Must be at most 100 characters'],
    ['a missing category', { category: undefined }, 'category', 'Please choose a category'],
    ['an unknown category', { category: 'legal' }, 'category', 'Please choose a category'],
    ['an unknown score band', { scoreBand: 'purple' }, 'scoreBand', 'The score band must be green, yellow, red or unknown'],
    ['a score band that is not text', { scoreBand: 3 }, 'scoreBand', 'The score band must be green, yellow, red or unknown'],
    ['an extra field', { status: 'closed' }, 'status', 'Unrecognized key'],
    ['no consent', { consent: undefined }, 'consent', 'Please agree that the support team may see your request'],
    ['a refused consent', { consent: false }, 'consent', 'Please agree that the support team may see your request'],
    ['an unknown way of contact', { contactMethod: 'letter' }, 'contactMethod', 'Please choose how we should contact you'],
    ['a voicemail answer that is text', { isVoicemailSafe: 'yes' }, 'isVoicemailSafe', 'Please say whether we may leave a voicemail'],
    ['an unknown language', { language: 'klingon' }, 'language', 'Please choose a language'],
    ['a huge good time', { goodTime: 't'.repeat(101) }, 'goodTime', 'Must be at most 100 characters'],
  ];
  it.each(refused)('refuses %s with 400 naming the field and stores nothing', async (_case, change, field, message) => {
    const res = await requestCallback({ name: 'Ada', phone: '555 0100', category: 'spiritual', ...change });
    expectValidationFailed(res, field, message);
    expect(await countCallbacks()).toBe(0);
  });

  it('refuses a request sent from another site', async () => {
    const res = await requestCallback(
      { name: 'Ada', phone: '555 0100', category: 'spiritual' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(res.statusCode).toBe(403);
    expect(await countCallbacks()).toBe(0);
  });
});

describe('rate limits on public forms', () => {
  const post = (url: string, payload: object, ip: string) =>
    limited.inject({ method: 'POST', url, headers: json, payload, remoteAddress: ip });

  it('answers 429 after the per-minute limit on WatchMoms applications, per client', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await post('/api/watchmoms-applications', validApplication(), '203.0.113.5')).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
    const blocked = await post('/api/watchmoms-applications', validApplication(), '203.0.113.5');
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another client is not affected.
    expect((await post('/api/watchmoms-applications', validApplication(), '198.51.100.7')).statusCode).toBe(201);
    expect((await limited.db.select().from(watchmomsApplications)).length).toBe(4);
  });

  it('answers 429 after the per-minute limit on callback requests', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (await post('/api/callback-requests', { ...preferences, name: 'Ada', phone: '555 0100', category: 'spiritual' }, '203.0.113.9'))
          .statusCode,
      );
    expect(codes).toEqual([201, 201, 201, 429]);
    expect((await limited.db.select().from(callbackRequests)).length).toBe(3);
  });
});
