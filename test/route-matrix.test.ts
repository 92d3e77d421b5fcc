import { describe, expect, it } from 'vitest';

import type { Role } from '#common/domain/roles.ts';

import { createTestApp, enrolTotp, signedInUser } from './app.ts';

/**
 * Every registered API route (collected by an onRoute hook, so a new route is covered without
 * touching this file) × every kind of caller. Signed-in routes answer a visitor 401 before looking
 * at the request (even a malformed one); admin routes answer 403 to every non-admin role; public
 * routes are listed here by name, so making a route public is a visible decision. No 5xx anywhere.
 */
const app = await createTestApp({ rateLimits: { auth: 100_000, forms: 100_000 } });

const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/version',
  'GET /api/config',
  'GET /api/login',
  'GET /api/logout',
  'GET /api/callback',
  'POST /api/auth/sign-in',
  'POST /api/auth/sign-up',
  'POST /api/auth/sign-up/confirm',
  'GET /api/auth/user',
  'GET /api/setup/:token',
  'POST /api/setup',
  'POST /api/watchmoms-applications',
  'POST /api/callback-requests',
  'GET /api/certificates/verify/:code',
  // Links in mails: asking for a reset link, using it, confirming an address (signed in or not).
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  'POST /api/auth/verify-email',
  'POST /api/auth/mfa',
  // One-click unsubscribe from a mail (the signed link is the proof).
  'POST /api/mail/unsubscribe/:token',
  // A parent's consent page, opened from the mail by someone without an account.
  'GET /api/parent-consent/:token',
  'POST /api/parent-consent/:token',
  // A laptop install's mailbox (decision 059): no account, but only this computer's own browser.
  'GET /api/local-mailbox',
  // A screen that broke in anyone's browser, a visitor's too (decision 069): rate limited, answers 204, logs no personal data.
  'POST /api/client-errors',
  // Safeguarding (issue 25): anyone raises a concern; a concern's status and a parent's page of their
  // child's mentors are opened by the unguessable link in a mail or on the receipt.
  'POST /api/safeguarding/public-concerns',
  'GET /api/safeguarding/concern-status/:token',
  'GET /api/safeguarding/parent/:token',
  'POST /api/safeguarding/parent/:token/concerns',
  // The prayer calendars (docs/decisions/075): a person's private feed (its secret is the credential) and the prayer nights for anyone.
  'GET /api/prayer/feed/:token',
  'GET /api/prayer/nights.ics',
]);
const ADMIN_ROLES: Role[] = ['admin', 'founder'];
const roles: Role[] = ['user', 'ambassador', 'coordinator', 'admin', 'founder'];

const routes = app.routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
const access = (r: { method: string; url: string }) =>
  PUBLIC.has(`${r.method} ${r.url}`)
    ? 'public'
    : r.url.startsWith('/api/admin/safeguarding/')
      ? 'safeguarding'
      : r.url.startsWith('/api/admin/')
        ? 'admin'
        : 'signed-in';

const callers: { name: string; role: Role | null; cookie?: string; isLead?: boolean; isResponder?: boolean }[] = [
  { name: 'visitor', role: null },
];
for (const role of roles) callers.push({ name: role, role, cookie: (await signedInUser(app, { role })).cookie });
// The safeguarding lead (issue 25): a user with the lead role and two-step verification opens the Safeguarding tab's routes only.
const leadCookie = (await signedInUser(app, { role: 'user', isSafeguardingLead: true })).cookie;
await enrolTotp(app, leadCookie);
callers.push({ name: 'safeguarding lead', role: 'user', cookie: leadCookie, isLead: true });
// A responder who is not an admin (decision 015): the callback inbox and its figures in Insights (decision 076), no other admin route.
const RESPONDER_ROUTES = new Set(['GET /api/admin/callbacks', 'PATCH /api/admin/callbacks/:id', 'GET /api/admin/insights/care']);
const responderCookie = (await signedInUser(app, { role: 'user', isResponder: true })).cookie;
await enrolTotp(app, responderCookie);
callers.push({ name: 'responder', role: 'user', cookie: responderCookie, isResponder: true });

/** The route with its parameters filled: well-formed placeholders, or junk. */
const fill = (url: string, junk: boolean) =>
  url.replace(/:(\w+)/g, (_m, name: string) =>
    junk ? 'not%20an%20id%00' : name === 'code' ? 'ABCD-EFGH-JKLM-NPQR' : name === 'token' ? 'x'.repeat(43) : crypto.randomUUID(),
  );

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
    expect(
      routes
        .filter((r) => r.isPublic)
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([...PUBLIC].sort());
  });

  for (const caller of callers) {
    it(`${caller.name}: every route answers as its access rule says, malformed or not`, async () => {
      const problems: string[] = [];
      for (const r of routes) {
        const rule = access(r);
        for (const junk of [true, false]) {
          // Signing out ends the caller's session: that one request gets a session of its own.
          const cookie =
            caller.role && r.url === '/api/logout'
              ? (await signedInUser(app, { role: caller.role, isSafeguardingLead: !!caller.isLead })).cookie
              : caller.cookie;
          const res = await send(r.method, fill(r.url, junk), cookie, junk);
          const where = `${r.method} ${r.url}${junk ? ' (malformed)' : ''} → ${res.statusCode} ${res.body.slice(0, 80)}`;
          if (res.statusCode >= 500) problems.push(`5xx: ${where}`);
          if (rule === 'public') continue;
          if (!caller.role) {
            if (res.statusCode !== 401) problems.push(`visitor not 401: ${where}`);
          } else if (caller.isResponder && RESPONDER_ROUTES.has(`${r.method} ${r.url}`)) {
            if (res.statusCode === 401 || res.statusCode === 403) problems.push(`responder refused its inbox: ${where}`);
          } else if (rule === 'admin' && !ADMIN_ROLES.includes(caller.role)) {
            if (res.statusCode !== 403) problems.push(`non-admin not 403: ${where}`);
          } else if (rule === 'safeguarding' && !ADMIN_ROLES.includes(caller.role) && !caller.isLead) {
            if (res.statusCode !== 403) problems.push(`not the lead or an admin, not 403: ${where}`);
          } else if (res.statusCode === 401 || ((rule === 'admin' || rule === 'safeguarding') && res.statusCode === 403)) {
            problems.push(`allowed role refused: ${where}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
