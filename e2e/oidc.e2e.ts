import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp, type App } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { users } from '#server/db/schema/index.ts';
import { TEST_MFA_KEY } from '#test/app.ts';
import { freePort } from '#test/postgres.ts';

import { fillConsent, seriousViolations, useBrowser } from './fixtures.ts';
import { clientDir } from './global-setup.ts';

/**
 * The OpenID Connect sign-in end to end: a real provider (oidc-provider) on loopback, the app
 * configured against it, and Chromium clicking through the provider's login and consent pages.
 */
const ctx = useBrowser();
let app: App;
let appUrl: string;
let server: ReturnType<Provider['listen']>;

beforeAll(async () => {
  const providerPort = await freePort();
  const appPort = await freePort();
  const issuer = `http://127.0.0.1:${providerPort}`;
  appUrl = `http://127.0.0.1:${appPort}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'god-app',
        client_secret: 'a-test-client-secret',
        redirect_uris: [`${appUrl}/api/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'preferred_username'] },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: `${id}@provider.example`,
            email_verified: true,
            given_name: 'Olive',
            family_name: 'Branch',
            preferred_username: id,
          };
        },
      };
    },
  });
  server = provider.listen(providerPort);
  app = await buildApp({
    config: loadConfig({
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: 'god-app',
      OIDC_CLIENT_SECRET: 'a-test-client-secret',
      LOG_LEVEL: 'warn',
      MFA_ENCRYPTION_KEY: TEST_MFA_KEY,
    }),
    // The same database as this file's own server, which the browser fixture started first.
    databaseUrl: ctx.databaseUrl,
    clientDir: clientDir(),
    scryptCost: 10,
  });
  await app.listen({ port: appPort, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  server?.close();
});

describe('sign-in with an OpenID Connect provider', () => {
  it('runs the authorization-code flow with PKCE and signs the user in', async () => {
    const context = await ctx.newContext();
    const page = await context.newPage();
    const authRequests: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/auth?')) authRequests.push(new URL(r.url()));
    });
    await page.goto(`${appUrl}/api/login`);
    // The provider's own login page
    await page.locator('input[name="login"]').fill('olive');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    // Back in the app, signed in; on this first arrival asked what sign-up asks (issue 11), then the profile.
    await page.getByRole('heading', { name: 'Before you start' }).waitFor();
    expect(await seriousViolations(page, { where: 'the consent page' })).toEqual([]);
    await fillConsent(page, { year: '1999', month: '6', country: 'US' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('onboarding-page').waitFor();
    expect(new URL(page.url()).origin).toBe(appUrl);

    const auth = authRequests[0]!;
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('code_challenge')).toBeTruthy();
    expect(auth.searchParams.get('state')).toBeTruthy();

    const me = await page.evaluate(async () => (await fetch('/api/auth/user')).json());
    expect(me).toMatchObject({ email: 'olive@provider.example', firstName: 'Olive', lastName: 'Branch', username: 'olive' });
    const cookies = await context.cookies(appUrl);
    expect(cookies.find((c) => c.name === 'sid')?.httpOnly).toBe(true);

    // Signing in again maps to the same account.
    await page.goto(`${appUrl}/api/logout`);
    await page.goto(`${appUrl}/api/login`);
    await page.waitForURL(`${appUrl}/**`);
    const again = await page.evaluate(async () => (await fetch('/api/auth/user')).json());
    expect(again.id).toBe(me.id);
    await context.close();
  });

  it('an account the team deactivated is sent back to the sign-in page, which says why', async () => {
    const [olive] = await ctx.db.select().from(users).where(eq(users.email, 'olive@provider.example'));
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, olive!.id));
    const context = await ctx.newContext();
    const page = await context.newPage();
    await page.goto(`${appUrl}/api/login`);
    await page.locator('input[name="login"]').fill('olive');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByTestId('deactivated-notice')
      .getByText('This account was deactivated by the team. Write to us if you think this is a mistake.')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(async () => (await fetch('/api/auth/user')).json())).toBeNull();
    await ctx.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, olive!.id));
    await context.close();
  });

  it('refuses a callback without a matching pending login', async () => {
    const res = await fetch(`${appUrl}/api/callback?code=forged&state=forged`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/expired/i);
  });
});
