import { describe, expect, it } from 'vitest';

import { adultSignUp, createTestApp, signedInUser } from './app.ts';

/**
 * Control characters in any text field are refused with a 400 naming the field. A NUL used to
 * reach PostgreSQL (which refuses it in text) and come back as a 500.
 */
const app = await createTestApp();
const json = { 'content-type': 'application/json' };
const admin = await signedInUser(app, { role: 'admin' });
const member = await signedInUser(app, { onboardingStatus: 'pending' });

interface Endpoint {
  name: string;
  method: 'POST' | 'PATCH';
  url: string;
  cookie?: string;
  body: Record<string, unknown>;
  /** Fields that hold free text. */
  fields: string[];
  /** Fields that are people's names (bidi controls refused too). */
  names?: string[];
  /** Fields where line breaks are fine. */
  multiLine?: string[];
}

const someId = '00000000-0000-4000-8000-000000000000';
const endpoints: Endpoint[] = [
  {
    name: 'sign-up',
    method: 'POST',
    url: '/api/auth/sign-up',
    body: { ...adultSignUp, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', password: 'a fine passphrase' },
    fields: ['firstName', 'lastName', 'email'],
    names: ['firstName', 'lastName'],
  },
  {
    name: 'founder setup',
    method: 'POST',
    url: '/api/setup',
    body: { token: 'x'.repeat(43), firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', password: 'a fine passphrase' },
    fields: ['firstName', 'lastName'],
    names: ['firstName', 'lastName'],
  },
  {
    name: 'callback request',
    method: 'POST',
    url: '/api/callback-requests',
    body: {
      name: 'Jo Smith',
      phone: '+1 555 0100',
      category: 'spiritual',
      contactMethod: 'call',
      isVoicemailSafe: false,
      goodTime: 'evenings',
      language: 'en',
      consent: true,
    },
    fields: ['name', 'phone', 'goodTime'],
    names: ['name'],
  },
  {
    name: 'WatchMoms application',
    method: 'POST',
    url: '/api/watchmoms-applications',
    body: {
      fullName: 'Marie Joseph',
      phone: '+1 305 555 0142',
      country: 'Haiti',
      cityState: 'Port-au-Prince',
      streetAddress: '12 Rue Capois',
      churchAffiliation: 'Grace Baptist',
      reasonForJoining: 'I want to pray with other mothers for our children.',
      consent: true,
    },
    fields: ['fullName', 'phone', 'country', 'cityState', 'streetAddress', 'churchAffiliation', 'reasonForJoining'],
    names: ['fullName'],
    multiLine: ['streetAddress', 'reasonForJoining'],
  },
  {
    name: 'onboarding',
    method: 'POST',
    url: '/api/onboarding/complete',
    cookie: member.cookie,
    body: {
      firstName: 'Naomi',
      lastName: 'Baptiste',
      mentorName: 'Ruth Pierre',
      phone: '+1 514 555 0123',
      address: '45 Rue Sainte-Catherine',
      country: 'Canada',
      churchDenomination: 'Evangelical',
      pastorName: 'Daniel Joseph',
    },
    fields: ['firstName', 'lastName', 'mentorName', 'phone', 'address', 'churchDenomination', 'pastorName'],
    names: ['firstName', 'lastName', 'mentorName', 'pastorName'],
    multiLine: ['address'],
  },
  {
    name: 'add disciple',
    method: 'POST',
    url: '/api/disciples',
    cookie: member.cookie,
    body: { fullName: 'Timothy Lois', email: 'tim@example.org' },
    fields: ['fullName', 'email'],
    names: ['fullName'],
  },
  {
    name: 'callback notes',
    method: 'PATCH',
    url: `/api/admin/callbacks/${someId}`,
    cookie: admin.cookie,
    body: { notes: 'Called back' },
    fields: ['notes'],
    multiLine: ['notes'],
  },
  {
    name: 'WatchMoms notes',
    method: 'PATCH',
    url: `/api/admin/watchmoms-applications/${someId}`,
    cookie: admin.cookie,
    body: { notes: 'Called back' },
    fields: ['notes'],
    multiLine: ['notes'],
  },
];

const send = (e: Endpoint, body: Record<string, unknown>) =>
  app.inject({ method: e.method, url: e.url, headers: { ...json, ...(e.cookie ? { cookie: e.cookie } : {}) }, payload: body });

describe('control characters in request bodies', () => {
  for (const e of endpoints) {
    it.each(e.fields)(`${e.name}: NUL, escape and backspace in %s give 400 naming the field`, async (field) => {
      for (const bad of ['\u0000', '\u001b[31m', '\b', '\u0085', '\uD800']) {
        const res = await send(e, { ...e.body, [field]: `Mar${bad}ie st` });
        expect(res.statusCode, `${JSON.stringify(bad)} in ${field}`).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
        expect(res.json().message).toContain(field);
      }
    });
  }

  const names = endpoints.flatMap((e) => (e.names ?? []).map((f) => [e, f] as const));
  it.each(names.map(([e, f]) => [e.name, f, e] as const))(
    '%s: a right-to-left override in the name %s is refused',
    async (_n, field, e) => {
      const res = await send(e, { ...e.body, [field]: 'Ali \u202Egnp.exe' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`${field}: Must not contain text-direction characters`));
    },
  );

  const singleLine = endpoints.flatMap((e) =>
    e.fields.filter((f) => !e.multiLine?.includes(f) && f !== 'email').map((f) => [e.name, f, e] as const),
  );
  it.each(singleLine)('%s: a line break in the one-line field %s is refused', async (_n, field, e) => {
    const res = await send(e, { ...e.body, [field]: 'Marie\nJoseph' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`${field}: Must not contain control characters`);
  });

  it('keeps line breaks and tabs in multi-line text', async () => {
    const e = endpoints.find((x) => x.name === 'WatchMoms application')!;
    const res = await send(e, { ...e.body, reasonForJoining: 'First line\r\nSecond line\twith a tab, long enough.' });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a NUL in the directory search', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/users?search=a%00b', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('search');
  });
});
