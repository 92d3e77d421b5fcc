import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { loadConfig } from '#server/config.ts';
import { mailOutbox } from '#server/db/schema/index.ts';

import { createTestApp, TEST_MFA_KEY } from './app.ts';

/**
 * Prometheus metrics (issue 28, point 5; decision 070): read as Prometheus reads them, from their own
 * listener, never from the app's port; counts that match what happened.
 */
const app = await createTestApp();

async function scrape(port: number, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The value of one series, e.g. `http_requests_total{method="GET",route="/api/health",status="200"}`. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics', () => {
  const token = 'a-token-of-the-scraper-0123456789';
  let port = 0;

  it("counts requests and their time by route pattern, never by the URL's values", async () => {
    port = (await app.metrics.listen(0, '127.0.0.1', token)).port;
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/certificates/verify/NOT-A-REAL-CODE-123' })).statusCode).toBeGreaterThanOrEqual(
      400,
    );
    expect((await app.inject({ method: 'GET', url: '/api/no-such-route-4f7a' })).statusCode).toBe(404);
    const { status, type, text } = await scrape(port, token);
    expect(status).toBe(200);
    expect(type).toContain('text/plain');
    expect(valueOf(text, 'http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(3);
    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}')).toBe(3);
    expect(valueOf(text, 'http_requests_total{method="GET",route="(unmatched)",status="404"}')).toBe(1);
    expect(text).not.toContain('no-such-route-4f7a');
    expect(text).not.toContain('NOT-A-REAL-CODE-123');
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('tells the pool, the job queue and the outbox by status', async () => {
    const [queue] = await app.jobs.boss.getQueues();
    expect(queue).toBeDefined();
    await app.jobs.boss.send(queue!.name, {});
    await app.db.insert(mailOutbox).values([
      { toAddress: 'a@example.org', kind: 'test', locale: 'en', subject: 's', text: 't', html: 'h' },
      { toAddress: 'b@example.org', kind: 'test', locale: 'en', subject: 's', text: 't', html: 'h', status: 'failed' },
    ]);
    const { text } = await scrape(port, token);
    const pending = (await app.db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox where status = 'pending'`)).rows[0]!
      .n;
    expect(valueOf(text, 'mail_outbox_messages{status="pending"}')).toBe(pending);
    expect(valueOf(text, 'mail_outbox_messages{status="failed"}')).toBe(1);
    const created = (
      await app.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = ${queue!.name} and state = 'created'`)
    ).rows[0]!.n;
    expect(created).toBeGreaterThan(0);
    expect(valueOf(text, `job_queue_jobs{queue="${queue!.name}",state="created"}`)).toBe(created);
    expect(valueOf(text, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(valueOf(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    expect(valueOf(text, 'metrics_database_up')).toBe(1);
  });

  it("asks for the token, and is not on the app's port", async () => {
    expect((await scrape(port)).status).toBe(401);
    expect((await scrape(port, 'a-wrong-token-of-the-same-size')).status).toBe(401);
    const onApp = await app.inject({ method: 'GET', url: '/metrics' });
    expect(onApp.body).not.toContain('http_requests_total');
  });

  it('refuses a metrics listener open beyond this machine without a token', () => {
    expect(() => loadConfig({ MFA_ENCRYPTION_KEY: TEST_MFA_KEY, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(
      /METRICS_TOKEN: is required when METRICS_HOST \(0\.0\.0\.0\) is not a loopback address/,
    );
    expect(loadConfig({ MFA_ENCRYPTION_KEY: TEST_MFA_KEY, METRICS_PORT: '9464' }).METRICS_HOST).toBe('127.0.0.1');
    expect(loadConfig({ MFA_ENCRYPTION_KEY: TEST_MFA_KEY, METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
  });
});
