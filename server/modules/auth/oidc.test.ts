import Provider from 'oidc-provider';
import { afterAll, describe, expect, it } from 'vitest';

import { createTestApp } from '#test/app.ts';
import { freePort } from '#test/postgres.ts';

/**
 * A callback the provider refuses (issue 30): the person gets 400 "try again", and the log keeps why
 * (the provider's OAuth error), without the code or state from the address.
 */
const providerPort = await freePort();
const issuer = `http://127.0.0.1:${providerPort}`;
const appOrigin = 'http://127.0.0.1:5999';
const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'god-app',
      client_secret: 'a-test-client-secret',
      redirect_uris: [`${appOrigin}/api/callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
});
const server = provider.listen(providerPort);
afterAll(() => void server.close());

const logLines: string[] = [];
const app = await createTestApp({
  logLines,
  env: { OIDC_ISSUER_URL: issuer, OIDC_CLIENT_ID: 'god-app', OIDC_CLIENT_SECRET: 'a-test-client-secret' },
});

describe('GET /api/callback', () => {
  it('logs what the provider refused, and tells the person to try again', async () => {
    const login = await app.inject({ method: 'GET', url: '/api/login', headers: { host: '127.0.0.1:5999' } });
    expect(login.statusCode).toBe(302);
    const state = new URL(login.headers.location!).searchParams.get('state')!;
    const cookie = login.cookies.find((c) => c.name === 'oidc_login')!;
    logLines.length = 0;
    const code = 'a-forged-authorization-code-0123456789';
    const res = await app.inject({
      method: 'GET',
      url: `/api/callback?code=${code}&state=${encodeURIComponent(state)}&iss=${encodeURIComponent(issuer)}`,
      headers: { host: '127.0.0.1:5999', cookie: `${cookie.name}=${cookie.value}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'Sign-in with your identity provider failed. Please try again.' });
    const refused = logLines
      .map((line) => JSON.parse(line) as { msg: string; code?: string; cause?: Record<string, string> })
      .find((l) => l.msg === 'request refused after a failure');
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', cause: { error: 'invalid_grant' } });
    const log = logLines.join('');
    expect(log).not.toContain(code);
    expect(log).not.toContain(state);
  });
});
