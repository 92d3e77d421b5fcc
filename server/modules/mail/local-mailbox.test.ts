import { afterAll, describe, expect, it } from 'vitest';

import { adultSignUp, createTestApp } from '#test/app.ts';

import { loadConfig } from '../../config.ts';
import { isFromThisComputer, isLocalMailboxOn } from './local-mailbox.ts';

const config = (env: Record<string, string>) => loadConfig({ HOST: '127.0.0.1', ...env });

describe('the local mailbox of a laptop install (decision 059)', () => {
  it('is on only without SMTP_URL, on an address nobody else reaches, unless turned off', () => {
    expect(isLocalMailboxOn(config({}))).toBe(true);
    expect(isLocalMailboxOn(config({ PUBLIC_URL: 'http://localhost:5000' }))).toBe(true);
    expect(isLocalMailboxOn(config({ SMTP_URL: 'smtp://mail.example.org:587' }))).toBe(false);
    expect(isLocalMailboxOn(config({ LOCAL_MAILBOX: 'off' }))).toBe(false);
    // A public address: never, whatever else is set.
    expect(isLocalMailboxOn(config({ PUBLIC_URL: 'https://god.example.org' }))).toBe(false);
    expect(isLocalMailboxOn(config({ PUBLIC_URL: 'http://god.example.org' }))).toBe(false);
    expect(isLocalMailboxOn(config({ HOST: '192.0.2.10' }))).toBe(false);
  });

  it('trusts only the socket of this computer', () => {
    expect(isFromThisComputer('127.0.0.1')).toBe(true);
    expect(isFromThisComputer('::1')).toBe(true);
    expect(isFromThisComputer('::ffff:127.0.0.1')).toBe(true);
    expect(isFromThisComputer('192.168.1.20')).toBe(false);
    expect(isFromThisComputer(undefined)).toBe(false);
  });

  describe('on a laptop without SMTP_URL', async () => {
    const app = await createTestApp({
      env: { HOST: '127.0.0.1', LOCAL_MAILBOX: 'auto' },
      jobs: { isRunningWorkers: true, pollingIntervalSeconds: 0.5 },
    });
    afterAll(() => app.close());

    it("delivers a learner's sign-up mail there, with a link that creates the account", async () => {
      expect((await app.inject({ method: 'GET', url: '/api/config' })).json().localMailbox).toBe(true);
      const email = 'timothy@example.org';
      const signUp = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { ...adultSignUp, firstName: 'Timothy', lastName: 'Lystra', email, password: 'faith of your grandmother Lois' },
      });
      expect(signUp.statusCode).toBe(202);
      let mail: { to: string; subject: string; text: string } | undefined;
      await expect
        .poll(
          async () => {
            const res = await app.inject({ method: 'GET', url: '/api/local-mailbox' });
            mail = (res.json().items as { to: string; subject: string; text: string }[]).find((m) => m.to === email);
            return mail !== undefined;
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      const token = /\/confirm-sign-up\/([A-Za-z0-9_-]{43})/.exec(mail!.text)?.[1];
      expect(token).toBeDefined();
      const confirmed = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/confirm',
        payload: { token, password: 'faith of your grandmother Lois' },
      });
      expect(confirmed.statusCode).toBe(200);
    });

    it('does not open for another computer, even through a header that claims to be local', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/local-mailbox',
        remoteAddress: '192.168.1.20',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    });
  });

  describe('on a public address', async () => {
    const app = await createTestApp({
      env: {
        PUBLIC_URL: 'https://god.example.org',
        LOCAL_MAILBOX: 'auto',
        CONTROLLER_NAME: 'Test ministry',
        CONTROLLER_ADDRESS: '1 Test Street',
        PRIVACY_CONTACT: 'privacy@example.org',
      },
    });
    afterAll(() => app.close());

    it('has none: mail waits in the outbox', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/config' })).json().localMailbox).toBe(false);
      const res = await app.inject({ method: 'GET', url: '/api/local-mailbox' });
      expect(res.statusCode).toBe(404);
    });
  });
});
