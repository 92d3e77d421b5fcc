/**
 * Cold start and idle memory of the product as `npm start` runs it with its embedded PostgreSQL:
 * a first start creates a data folder (not timed), then the app is stopped and started again on
 * that existing folder, timed from the process start to the first 200 from GET /api/ready. The idle
 * resident memory of the server process is read a few seconds later.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freePort } from '#test/postgres.ts';

import { rssMB, startApp, stopApp, waitReady } from './processes.ts';

export async function runStartup(log: (line: string) => void) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'god-bench-start-'));
  // The postgres system user (used when running as root) must be able to reach the folder.
  chmodSync(dataDir, 0o755);
  const env = {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
  };
  const port = Number(env.PORT);
  try {
    log('First start on an empty data folder (builds the client when needed; not timed)...');
    const first = startApp(env);
    try {
      await waitReady(port, first, 600_000);
    } finally {
      await stopApp(first);
    }

    const t0 = performance.now();
    const app = startApp(env);
    try {
      await waitReady(port, app);
      const coldStartMs = performance.now() - t0;
      // A few requests, as a freshly started instance behind a load balancer would see, then idle.
      for (let i = 0; i < 20; i++) await fetch(`http://127.0.0.1:${port}/api/health`);
      await new Promise((r) => setTimeout(r, 3000));
      // Three seconds after its start an instance still holds the garbage of starting (migrations,
      // the course content serialized once, module loading); V8's memory reducer collects it once
      // the process has been quiet for some seconds. Idle is what it settles at: the lowest RSS over
      // 30 quiet seconds (sampled each second), with the 3-second figure beside it.
      const afterStartRss = rssMB(app.pid!);
      let idleRss = afterStartRss;
      for (let i = 0; i < 30; i++) {
        await new Promise((r) => setTimeout(r, 1000));
        idleRss = Math.min(idleRss, rssMB(app.pid!));
      }
      return { coldStartMs, afterStartRss, idleRss };
    } finally {
      // Also when it never got ready: no app (and its embedded PostgreSQL) is left running.
      await stopApp(app);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
