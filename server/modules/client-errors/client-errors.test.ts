import { describe, expect, it } from 'vitest';

import { createTestApp, signedInUser } from '#test/app.ts';

/** Crash reports from the browser (docs/decisions/069): validated, 204, limited per client, logged without personal data. */
const logLines: string[] = [];
const app = await createTestApp({ logLines, rateLimits: { auth: 1000, forms: 1000, clientErrors: 3 } });
const json = { 'content-type': 'application/json' };

const report = {
  kind: 'render',
  message: "Cannot read properties of undefined (reading 'map')",
  componentStack: '\n    at SettingsPage (http://127.0.0.1:5000/assets/settings-page-Co9KJVKL.js:1:234)\n    at Suspense\n    at App',
  path: '/settings',
  build: 'index-B9x8Qz1a.js',
};
/** Each test its own client address, so one test's reports do not count against another's limit. */
const post = (payload: unknown, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/client-errors', headers: { ...json, ...headers }, payload: payload as object, remoteAddress });
const clientErrorLines = () =>
  logLines
    .filter((line) => line.includes('"client error"'))
    .map((line) => JSON.parse(line) as { level: number; clientError: Record<string, string> });

describe('POST /api/client-errors', () => {
  it('answers 204 to a visitor and logs one warn line with the screen, the build and what was thrown', async () => {
    logLines.length = 0;
    const res = await post(report, '10.0.0.1');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const [line, ...more] = clientErrorLines();
    expect(more).toEqual([]);
    expect(line!.level).toBe(40);
    expect(line!.clientError).toMatchObject({ kind: 'render', message: report.message, path: '/settings', build: 'index-B9x8Qz1a.js' });
    // The stack keeps where it broke; the server's own address is dropped.
    expect(line!.clientError.componentStack).toBe('at SettingsPage (/assets/settings-page-Co9KJVKL.js:1:234)\nat Suspense\nat App');
  });

  it("takes a signed-in person's report too, and logs neither their email nor their name", async () => {
    const { cookie } = await signedInUser(app, { firstName: 'Crashina', lastName: 'Reportson', email: 'crashina.reportson@example.org' });
    logLines.length = 0;
    const res = await post(
      {
        ...report,
        // A message can quote what the page held: an address, a phone number, a link's token, a query string.
        message:
          'Invalid email crashina.reportson@example.org or phone +33 6 12 34 56 78 at /reset-password/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ?email=crashina',
        componentStack: 'at ResetPassword (https://god.example.org/reset-password/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ?x=1)',
        // A link's token, a certificate code and a query string in the path.
        path: '/reset-password/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ?email=crashina.reportson%40example.org',
      },
      '10.0.0.2',
      { cookie },
    );
    expect(res.statusCode).toBe(204);
    const log = logLines.join('');
    expect(log).toContain('client error');
    for (const secret of ['crashina', 'Crashina', 'Reportson', '12 34 56', 'abcdefghijklmnopqrstuvwxyz', 'example.org', '%40'])
      expect(log).not.toContain(secret);
    const [line] = clientErrorLines();
    expect(line!.clientError.path).toBe('/reset-password/:token');
    expect(line!.clientError.message).toBe('Invalid email [email] or phone [number] at /reset-password/[hidden]');
  });

  it("logs a service worker the browser refused to install, with the browser's reason and without the server's address", async () => {
    logLines.length = 0;
    const message =
      "TypeError: Failed to register a ServiceWorker for scope ('https://god.example.org/') with script ('https://god.example.org/service-worker.js'): A bad HTTP response code (404) was received when fetching the script.";
    const res = await post({ kind: 'service-worker', message, path: '/dashboard', build: 'index-B9x8Qz1a.js' }, '10.0.0.7');
    expect(res.statusCode).toBe(204);
    const [line] = clientErrorLines();
    expect(line!.clientError).toMatchObject({ kind: 'service-worker', path: '/dashboard' });
    expect(line!.clientError.message).toContain("with script ('/service-worker.js'): A bad HTTP response code (404)");
    expect(logLines.join('')).not.toContain('god.example.org');
  });

  it("logs a screen's route, not the id or code in its address", async () => {
    logLines.length = 0;
    expect((await post({ ...report, path: '/verify/ABCD-EFGH-JKLM-NPQR' }, '10.0.0.3')).statusCode).toBe(204);
    expect((await post({ ...report, path: '/lesson/4f1c2b8e-2a51-4c1e-9c4b-2f0e6a1d9b7c' }, '10.0.0.3')).statusCode).toBe(204);
    expect(clientErrorLines().map((l) => l.clientError.path)).toEqual(['/verify/:param', '/lesson/:param']);
    expect(logLines.join('')).not.toContain('ABCD-EFGH');
  });

  it.each([
    ['a missing message', { ...report, message: undefined }, 'message'],
    ['an unknown kind', { ...report, kind: 'fatal' }, 'kind'],
    ['a message longer than 500 characters', { ...report, message: 'x'.repeat(501) }, 'message'],
    ['a component stack longer than 2000 characters', { ...report, componentStack: 'x'.repeat(2001) }, 'componentStack'],
    ['a full address instead of a path', { ...report, path: 'https://elsewhere.example/settings' }, 'path'],
    ['a build id with other characters', { ...report, build: 'index.js"; drop' }, 'build'],
    ['a field the contract does not know', { ...report, userEmail: 'someone@example.org' }, 'userEmail'],
  ])('refuses %s with 400 and logs no report', async (name, payload, field) => {
    logLines.length = 0;
    const res = await post(payload, `10.0.4.${name.length}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().message).toContain(field);
    expect(clientErrorLines()).toEqual([]);
  });

  it('limits each client to its reports per minute (429), without limiting another client', async () => {
    for (let i = 0; i < 3; i++) expect((await post(report, '10.0.0.5')).statusCode).toBe(204);
    logLines.length = 0;
    const refused = await post(report, '10.0.0.5');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(clientErrorLines()).toEqual([]);
    expect((await post(report, '10.0.0.6')).statusCode).toBe(204);
  });
});
