import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics (docs/decisions/070), on a listener of their own (METRICS_PORT, on
 * METRICS_HOST, loopback by default; a bearer METRICS_TOKEN when set), never on the app's port:
 * - `http_requests_total` and `http_request_duration_seconds` by method, route pattern (never the
 *   URL's values: a pattern such as the one erasing an account, with its `:id`, so no id reaches the metrics) and status;
 * - `db_pool_connections` by state (total, idle, waiting) of this instance's pool;
 * - `job_queue_jobs` by queue and state (pg-boss, the whole database: every instance shares it);
 * - `mail_outbox_messages` by status;
 * - Node's own (memory, event loop lag, garbage collection), as `process_*` and `nodejs_*`.
 * The database counts are read at each scrape; while the database cannot be reached they are left
 * out and `metrics_database_up` is 0.
 */
declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      registry: Registry;
      /** Starts the metrics listener; closed with the app. Answers its address. */
      listen(port: number, host: string, token?: string): Promise<AddressInfo>;
    };
  }
}

/** A request no route answered: one label, so scans of random paths cannot grow the series. */
const UNMATCHED = '(unmatched)';

export default fp(async function metrics(app: FastifyInstance) {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'Answered HTTP requests', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (req, reply, done) => {
    const labels = { method: req.method, route: req.routeOptions.url ?? UNMATCHED, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  new Gauge({
    name: 'db_pool_connections',
    help: "Connections of this instance's database pool, by state (waiting: requests waiting for one)",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, app.pool.totalCount);
      this.set({ state: 'idle' }, app.pool.idleCount);
      this.set({ state: 'waiting' }, app.pool.waitingCount);
    },
  });
  const databaseUp = new Gauge({
    name: 'metrics_database_up',
    help: '1 when the last scrape could read the database counts',
    registers: [registry],
  });
  const jobs = new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs in the pg-boss queues, by queue and state',
    labelNames: ['queue', 'state'],
    registers: [registry],
  });
  const outbox = new Gauge({
    name: 'mail_outbox_messages',
    help: 'Mails in the outbox, by status',
    labelNames: ['status'],
    registers: [registry],
  });

  /** Database counts, read once per scrape (not per gauge). */
  async function readDatabaseCounts() {
    jobs.reset();
    outbox.reset();
    try {
      const jobRows = await app.db.execute<{ name: string; state: string; n: number }>(
        sql`select name, state::text as state, count(*)::int as n from pgboss.job group by 1, 2`,
      );
      for (const r of jobRows.rows) jobs.set({ queue: r.name, state: r.state }, r.n);
      const mailRows = await app.db.execute<{ status: string; n: number }>(
        sql`select status::text as status, count(*)::int as n from mail_outbox group by 1`,
      );
      for (const r of mailRows.rows) outbox.set({ status: r.status }, r.n);
      databaseUp.set(1);
    } catch {
      jobs.reset();
      outbox.reset();
      databaseUp.set(0);
    }
  }

  let server: http.Server | undefined;
  const digest = (v: string) => createHash('sha256').update(v).digest();
  app.decorate('metrics', {
    registry,
    listen(port: number, host: string, token?: string) {
      // Node's own metrics start with the listener: an app that serves none (the tests build many in
      // one process) keeps no garbage-collection observer or event-loop monitor running.
      collectDefaultMetrics({ register: registry });
      const expected = token ? digest(`Bearer ${token}`) : undefined;
      server = http.createServer((req, res) => {
        void (async () => {
          const pathname = (req.url ?? '').split('?')[0];
          if (req.method !== 'GET' || pathname !== '/metrics') {
            res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at GET /metrics\n');
            return;
          }
          if (expected && !timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
            res
              .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
              .end('A bearer token (METRICS_TOKEN) is required\n');
            return;
          }
          try {
            await readDatabaseCounts();
            const body = await registry.metrics();
            res.writeHead(200, { 'content-type': registry.contentType }).end(body);
          } catch (err) {
            app.log.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, 'metrics could not be collected');
            res.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be collected\n');
          }
        })();
      });
      // A scraper's keep-alive connection must not hold the stop.
      server.keepAliveTimeout = 5_000;
      return new Promise<AddressInfo>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, host, () => resolve(server!.address() as AddressInfo));
      });
    },
  });
  app.addHook('onClose', async () => {
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
  });
});
