import { describe, expect, it } from 'vitest';
import type { Role } from '../common/domain/roles.ts';
import { createTestApp, signedInUser } from './app.ts';

/**
 * Every registered API route (collected by an onRoute hook, so a new route is covered without
 * touching this file) × every kind of caller. Signed-in routes answer a visitor 401 before looking
 * at the request (even a malformed one); admin routes answer 403 to every non-admin role; public
 * routes are listed here by name, so making a route public is a visible decision. No 5xx anywhere.
 */
const app = await createTestApp({ rateLimits: { auth: 100_000, forms: 100_000 } });

const PUBLIC = new Set([
  'GET /api/health', 'GET /api/ready', 'GET /api/version', 'GET /api/config', 'GET /api/login', 'GET /api/logout', 'GET /api/callback',
  'POST /api/auth/sign-in', 'POST /api/auth/sign-up', 'POST /api/auth/sign-up/confirm', 'GET /api/auth/user', 'GET /api/setup/:token', 'POST /api/setup',
  'POST /api/watchmoms-applications', 'POST /api/callback-requests', 'GET /api/certificates/verify/:code',
  // Links in mails: asking for a reset link, using it, confirming an address (signed in or not).
  'POST /api/auth/password-reset', 'POST /api/auth/password-reset/confirm', 'POST /api/auth/verify-email', 'POST /api/auth/mfa',
  // One-click unsubscribe from a mail (the signed link is the proof).
  'POST /api/mail/unsubscribe/:token',
  // A parent's consent page, opened from the mail by someone without an account.
  'GET /api/parent-consent/:token', 'POST /api/parent-consent/:token',
  // A laptop install's mailbox (decision 059): no account, but only this computer's own browser.
  'GET /api/local-mailbox',
  // A screen that broke in anyone's browser, a visitor's too (decision 069): rate limited, answers 204, logs no personal data.
  'POST /api/client-errors',
]);
const ADMIN_ROLES: Role[] = ['admin', 'founder'];
const roles: Role[] = ['user', 'ambassador', 'coordinator', 'admin', 'founder'];

const routes = app.routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
const access = (r: { method: string; url: string }) => (PUBLIC.has(`${r.method} ${r.url}`) ? 'public' : r.url.startsWith('/api/admin/') ? 'admin' : 'signed-in');

const callers: { name: string; role: Role | null; cookie?: string }[] = [{ name: 'visitor', role: null }];
for (const role of roles) callers.push({ name: role, role, cookie: (await signedInUser(app, { role })).cookie });

/** The route with its parameters filled: well-formed placeholders, or junk. */
const fill = (url: string, junk: boolean) =>
  url.replace(/:(\w+)/g, (_m, name: string) =>
    junk ? 'not%20an%20id%00' : name === 'code' ? 'ABCD-EFGH-JKLM-NPQR' : name === 'token' ? 'x'.repeat(43) : crypto.randomUUID());

const send = (method: string, url: string, cookie: string | undefined, junk: boolean) =>
  app.inject({
    method: method as 'GET',
    url: junk ? `${url}?page=-1&zz=%00` : url,
    headers: { ...(cookie ? { cookie } : {}), ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    ...(method === 'GET' ? {} : { payload: junk ? '{"__proto__":{"x":1},"role":"founder","email":7}' : '{}' }),
  });

describe('role × route matrix', () => {
  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(40);
    // Routes marked public in code are exactly the ones listed here.
    expect(routes.filter((r) => r.isPublic).map((r) => `${r.method} ${r.url}`).sort()).toEqual([...PUBLIC].sort());
  });

  for (const caller of callers) {
    it(`${caller.name}: every route answers as its access rule says, malformed or not`, async () => {
      const problems: string[] = [];
      for (const r of routes) {
        const rule = access(r);
        for (const junk of [true, false]) {
          // Signing out ends the caller's session: that one request gets a session of its own.
          const cookie = caller.role && r.url === '/api/logout' ? (await signedInUser(app, { role: caller.role })).cookie : caller.cookie;
          const res = await send(r.method, fill(r.url, junk), cookie, junk);
          const where = `${r.method} ${r.url}${junk ? ' (malformed)' : ''} → ${res.statusCode} ${res.body.slice(0, 80)}`;
          if (res.statusCode >= 500) problems.push(`5xx: ${where}`);
          if (rule === 'public') continue;
          if (!caller.role) {
            if (res.statusCode !== 401) problems.push(`visitor not 401: ${where}`);
          } else if (rule === 'admin' && !ADMIN_ROLES.includes(caller.role)) {
            if (res.statusCode !== 403) problems.push(`non-admin not 403: ${where}`);
          } else if (res.statusCode === 401 || (rule === 'admin' && res.statusCode === 403)) {
            problems.push(`allowed role refused: ${where}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
