import { describe, expect, it } from 'vitest';

import { createTestApp } from './app.ts';

/** A database that stops answering must not hang the app: readiness says so within 2 s. */
const app = await createTestApp();

describe('database timeouts', () => {
  it('answers /api/ready with 503 within 2 s while every connection is stuck', async () => {
    const max = app.pool.options.max;
    const stuck = Array.from({ length: max }, () => app.pool.query('select pg_sleep(4)').catch(() => {}));
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    const elapsed = Date.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('DATABASE_UNAVAILABLE');
    expect(elapsed).toBeLessThan(2_500);
    await Promise.all(stuck);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('sets statement and idle-in-transaction timeouts on every connection', async () => {
    const { rows } = await app.pool.query<{ statement_timeout: string; idle: string }>(
      `select current_setting('statement_timeout') as statement_timeout, current_setting('idle_in_transaction_session_timeout') as idle`,
    );
    expect(rows[0]!.statement_timeout).not.toBe('0');
    expect(rows[0]!.idle).not.toBe('0');
  });
});
