import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { createTestApp, createUser, sessionCookie } from '#test/app.ts';

import { users } from '../../db/schema/index.ts';
import { unsubscribeLinksFactory } from './unsubscribe.ts';

const app = await createTestApp({ env: { PUBLIC_URL: 'https://god.example.org' } });
const links = unsubscribeLinksFactory({ db: app.db, siteUrl: 'https://god.example.org' });
const prefs = async (id: string) =>
  (await app.db.select({ e: users.notifyEncouragement, d: users.notifyMentorDigest }).from(users).where(eq(users.id, id)))[0]!;

describe('one-click unsubscribe (RFC 8058)', () => {
  it('turns the list off on a POST to the link, as a mail provider sends it, without sign-in', async () => {
    const user = await createUser(app.db);
    const { url, headers } = await links.headersFor('encouragement', user.id);
    expect(headers).toEqual({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(url).toMatch(/^https:\/\/god\.example\.org\/unsubscribe\//);
    const path = new URL(url).pathname;
    const res = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ list: 'encouragement' });
    expect(await prefs(user.id)).toEqual({ e: false, d: true });
    // Repeating it is harmless.
    const again = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--',
    });
    expect(again.statusCode).toBe(200);
  });

  it("does nothing on a GET (link scanners, the confirmation page), and the page's POST does it", async () => {
    const user = await createUser(app.db);
    const token = await links.tokenFor('mentor-digest', user.id);
    await app.inject({ method: 'GET', url: `/unsubscribe/${token}` });
    await app.inject({ method: 'GET', url: `/api/mail/unsubscribe/${token}` });
    expect(await prefs(user.id)).toEqual({ e: true, d: true });
    const res = await app.inject({ method: 'POST', url: `/api/mail/unsubscribe/${encodeURIComponent(token)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ list: 'mentor-digest' });
    expect(await prefs(user.id)).toEqual({ e: true, d: false });
  });

  it('refuses a link whose signature, list or user was changed (404 with a message)', async () => {
    const user = await createUser(app.db);
    const other = await createUser(app.db);
    const token = await links.tokenFor('encouragement', user.id);
    const [, , sig] = token.split('.');
    for (const bad of [
      `encouragement.${other.id}.${sig}`,
      `mentor-digest.${user.id}.${sig}`,
      // The first character (its last one carries only 4 bits: A-D there can decode to the same bytes).
      `encouragement.${user.id}.${sig![0] === 'A' ? 'B' : 'A'}${sig!.slice(1)}`,
      `newsletter.${user.id}.${sig}`,
      'x'.repeat(43),
    ]) {
      for (const url of [`/api/mail/unsubscribe/${encodeURIComponent(bad)}`, `/unsubscribe/${encodeURIComponent(bad)}`]) {
        const res = await app.inject({ method: 'POST', url });
        expect(res.statusCode, `${url}`).toBe(404);
        expect(res.json()).toMatchObject({
          code: 'LINK_INVALID',
          message: 'This unsubscribe link is not valid. You can turn these mails off in your settings.',
        });
      }
    }
    expect(await prefs(user.id)).toEqual({ e: true, d: true });
    expect(await prefs(other.id)).toEqual({ e: true, d: true });
  });

  it('signs with one key shared by every instance (kept in the database)', async () => {
    const user = await createUser(app.db);
    const second = unsubscribeLinksFactory({ db: app.db, siteUrl: 'https://god.example.org' });
    expect(await second.tokenFor('encouragement', user.id)).toBe(await links.tokenFor('encouragement', user.id));
    expect(await second.verify(await links.tokenFor('encouragement', user.id))).toEqual({ list: 'encouragement', userId: user.id });
  });
});

describe('notification settings', () => {
  it('show the account email and both choices, and change each one', async () => {
    const user = await createUser(app.db);
    const cookie = await sessionCookie(app, user.id);
    const get = await app.inject({ method: 'GET', url: '/api/account/notifications', headers: { cookie } });
    expect(get.json()).toEqual({ email: user.email, encouragement: true, mentorDigest: true });
    const off = await app.inject({
      method: 'PATCH',
      url: '/api/account/notifications',
      headers: { cookie },
      payload: { mentorDigest: false },
    });
    expect(off.json()).toEqual({ email: user.email, encouragement: true, mentorDigest: false });
    const both = await app.inject({
      method: 'PATCH',
      url: '/api/account/notifications',
      headers: { cookie },
      payload: { encouragement: false, mentorDigest: true },
    });
    expect(both.json()).toEqual({ email: user.email, encouragement: false, mentorDigest: true });
    expect(await prefs(user.id)).toEqual({ e: false, d: true });
  });

  it('refuse bad input and visitors', async () => {
    const user = await createUser(app.db);
    const cookie = await sessionCookie(app, user.id);
    for (const payload of [{}, { encouragement: 'yes' }, { encouragement: true, email: 'x@y.z' }]) {
      const res = await app.inject({ method: 'PATCH', url: '/api/account/notifications', headers: { cookie }, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await app.inject({ method: 'GET', url: '/api/account/notifications' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PATCH', url: '/api/account/notifications', payload: { encouragement: false } })).statusCode).toBe(
      401,
    );
  });
});
