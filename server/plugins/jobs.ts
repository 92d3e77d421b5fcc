import { createHash } from 'node:crypto';
import type { PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';

import { scrubClientText } from '#common/contracts/client-errors.ts';

import type { Tx } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export interface QueueDefinition<T> {
  /** pg-boss queue options: retries, backoff, expiry, retention. */
  options?: Omit<PgBoss.Queue, 'name'>;
  /** Runs one job; throwing makes pg-boss retry it by the queue's policy. */
  handler: (data: T) => Promise<void>;
  /** Workers this instance runs for the queue (default 1). */
  workers?: number;
  /** A cron schedule (minute resolution) in `tz`; pg-boss sends the job once per slot across all instances. */
  cron?: { expression: string; tz: string };
  /** False: this instance does not work this queue (its jobs wait, e.g. mail without SMTP). */
  isEnabled?: boolean;
}

export interface Jobs {
  /** Declares a queue and its handler; call while the app is being built (queues are created when it is ready). */
  define<T extends object>(name: string, def: QueueDefinition<T>): void;
  /** Enqueues a job; with `tx` the job is written in that transaction, so a rollback drops it. */
  send(name: string, data: object, opts?: { tx?: Tx; options?: PgBoss.SendOptions }): Promise<void>;
  /** Wakes this instance's workers of `name` now instead of at their next poll (call after commit). */
  wake(name: string): void;
  /** Runs a queue's handler now, in this process (scripts and tests of the handler itself). */
  runNow<T extends object>(name: string, data: T): Promise<void>;
  boss: PgBoss;
}

/**
 * A job's or the queue's error as the log keeps it: name, code, message and stack, with addresses,
 * long numbers and tokens in the message replaced (an SMTP refusal can quote the recipient).
 */
export function loggableJobError(err: unknown): Record<string, string> {
  if (!(err instanceof Error)) return { message: scrubClientText(String(err), 500) };
  const { code } = err as { code?: unknown };
  return {
    type: err.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    message: scrubClientText(err.message, 500),
    // The frames only: the stack's first lines repeat the message.
    ...(err.stack
      ? {
          stack: err.stack
            .split('\n')
            .filter((line) => /^\s+at /.test(line))
            .slice(0, 12)
            .join('\n'),
        }
      : {}),
  };
}

/** Statement names by SQL text: pg-boss sends a handful of fixed statements (its job insert above all). */
const statementNames = new Map<string, string>();
const statementName = (text: string) => {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `pgboss_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`));
  return name;
};

/**
 * pg-boss's `executeSql` on a Drizzle transaction, as a named prepared statement on the
 * transaction's connection: its job insert is a large statement, and a request that writes a mail
 * (a sign-up) should not pay for parsing and planning it every time (decision 015).
 */
function executorOn(tx: Tx): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const result = await tx._.session
        .prepareQuery<PreparedQueryConfig & { execute: { rows: unknown[] } }>(
          { sql: text, params: values },
          undefined,
          statementName(text),
          false,
        )
        .execute();
      return { rows: result.rows };
    },
  };
}

export interface JobsOptions {
  databaseUrl: string;
  /** False: queues exist and jobs can be sent, but this instance runs no worker and no schedule (tests that don't need them). */
  isRunningWorkers: boolean;
  /** Seconds between polls of an idle worker (it is also woken at once by `wake`). */
  pollingIntervalSeconds?: number;
  /** Seconds between this instance's looks at the cron schedules (pg-boss default 30). */
  cronMonitorIntervalSeconds?: number;
}

/**
 * Durable jobs on the app's PostgreSQL (pg-boss, schema "pgboss"): they survive restarts, each job
 * runs on one instance even with several, failures retry with backoff, cron schedules fire once
 * per slot. docs/decisions/025.
 */
export default fp<JobsOptions>(async function jobs(app: FastifyInstance, opts) {
  const boss = new PgBoss({
    connectionString: opts.databaseUrl,
    max: 3,
    application_name: 'god-jobs',
    supervise: opts.isRunningWorkers,
    schedule: opts.isRunningWorkers,
    ...(opts.cronMonitorIntervalSeconds
      ? { cronMonitorIntervalSeconds: opts.cronMonitorIntervalSeconds, cronWorkerIntervalSeconds: 1 }
      : {}),
    migrate: true,
  });
  // Once the app is closing, a job-queue connection the stopping database ends is expected: said at
  // debug, so a clean stop prints no alarm (issue 28). Before that, every error is a warning.
  let isClosing = false;
  // With its stack: pg-boss's own errors (a lost connection, a failed maintenance query) say where they came from there.
  boss.on('error', (err) => (isClosing ? app.log.debug : app.log.warn).call(app.log, { error: loggableJobError(err) }, 'job queue error'));
  const definitions = new Map<string, QueueDefinition<object>>();
  const workerIds = new Map<string, string[]>();
  let started = false;

  const jobs: Jobs = {
    boss,
    define(name, def) {
      if (started) throw new Error(`queue ${name} defined after start`);
      definitions.set(name, def as QueueDefinition<object>);
    },
    async send(name, data, { tx, options } = {}) {
      await boss.send(name, data, { ...options, ...(tx ? { db: executorOn(tx) } : {}) });
    },
    wake(name) {
      for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
    },
    async runNow(name, data) {
      const def = definitions.get(name);
      if (!def) throw new Error(`no queue ${name}`);
      await def.handler(data);
    },
  };
  app.decorate('jobs', jobs);

  app.addHook('onReady', async () => {
    await boss.start();
    started = true;
    // Instances starting together would create the same queues at once (and deadlock in pg-boss):
    // one at a time, under a database-wide advisory lock.
    const lockClient = await app.pool.connect();
    try {
      await lockClient.query(`select pg_advisory_lock(hashtext('god-jobs-queues'))`);
      for (const [name, def] of definitions) {
        if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...def.options });
        await boss.updateQueue(name, { name, ...def.options });
      }
    } finally {
      await lockClient.query(`select pg_advisory_unlock(hashtext('god-jobs-queues'))`).catch(() => {});
      lockClient.release();
    }
    if (!opts.isRunningWorkers) return;
    for (const [name, def] of definitions) {
      if (def.isEnabled === false) continue;
      const ids: string[] = [];
      for (let i = 0; i < (def.workers ?? 1); i++) {
        // Set once work() answers (before any job can arrive: the first fetch is a round trip later).
        const worker = { id: '' };
        worker.id = await boss.work<object>(
          name,
          { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 },
          async ([job]) => {
            if (!job) return;
            try {
              await def.handler(job.data);
            } catch (err) {
              // pg-boss keeps only the error's text in its table: the log says which queue and job failed, and why
              // (never the job's data, which can hold a person's details). pg-boss retries it by the queue's policy.
              app.log.warn({ queue: name, jobId: job.id, error: loggableJobError(err) }, 'job failed');
              throw err;
            }
            // A worker that found a job looks for the next one at once, instead of waiting out its
            // polling interval after every job (one mail per worker per interval: 5 mails/s); an
            // empty fetch goes back to polling.
            if (worker.id) boss.notifyWorker(worker.id);
          },
        );
        ids.push(worker.id);
      }
      workerIds.set(name, ids);
      if (def.cron) await boss.schedule(name, def.cron.expression, {}, { tz: def.cron.tz });
    }
  });
  app.addHook('onClose', async () => {
    isClosing = true;
    // Lets running jobs finish (up to 10 s); an interrupted one is retried after its expiry.
    if (started) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  });
});
