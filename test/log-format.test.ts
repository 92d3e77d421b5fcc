import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { compiled } from './compiled.ts';
import { freePort } from './postgres.ts';

/**
 * LOG_FORMAT=json (issue 28, point 5; decision 070): every line the real server writes, on stdout and
 * stderr, from the start's banner to its stop, is one JSON object; the setup link and the local
 * mailbox's address are still there, in fields of their own, whatever LOG_LEVEL says.
 */
const tmp = mkdtempSync(path.join(os.tmpdir(), 'god-log-format-'));
chmodSync(tmp, 0o755); // the postgres system user (when running as root) must reach it
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function runServer(env: Record<string, string>, untilOutput?: RegExp) {
  const child = spawn(process.execPath, [await compiled('server/main.ts')], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: '',
      MFA_ENCRYPTION_KEY: '',
      MFA_ENCRYPTION_KEY_FILE: path.join(tmp, 'secrets', 'mfa.key'),
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const started = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d;
      if (untilOutput?.test(output)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`the server exited:\n${output}`)));
  });
  started.catch(() => {}); // awaited only by the tests that wait for a start
  return { child, exited, started, output: () => output };
}

function parseLines(output: string) {
  const lines = output.split('\n').filter((l) => l.trim() !== '');
  expect(lines.length).toBeGreaterThan(0);
  return lines.map((line) => {
    let parsed: Record<string, unknown> | undefined;
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = undefined;
    }
    expect(parsed, `not a JSON line: ${line}`).toBeTypeOf('object');
    expect(parsed).toMatchObject({ level: expect.any(Number), time: expect.any(Number), msg: expect.any(String) });
    return parsed!;
  });
}

describe('LOG_FORMAT=json', () => {
  it(
    'writes only JSON lines from start to stop, the setup link and the local mailbox included (and the metrics listener answers)',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const metricsPort = await freePort();
      const server = await runServer(
        {
          PORT: String(port),
          DATA_DIR: path.join(tmp, 'data'),
          EMBEDDED_PG_PORT: String(await freePort()),
          LOG_LEVEL: 'warn',
          METRICS_PORT: String(metricsPort),
        },
        /\/setup\/[A-Za-z0-9_-]{40,}/,
      );
      await server.started;
      // A request that fails is logged at warn or above (a 404 of the API), then a clean stop.
      expect((await fetch(`http://127.0.0.1:${port}/api/nothing-here`)).status).toBe(404);
      // METRICS_PORT: the real server's metrics listener, on loopback.
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics).toContain('http_requests_total{method="GET",route="(unmatched)",status="404"} 1');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const lines = parseLines(server.output());
      const setup = lines.find((l) => typeof l.setupLink === 'string');
      expect(setup?.setupLink).toMatch(new RegExp(`^http://localhost:${port}/setup/[A-Za-z0-9_-]{40,}$`));
      expect(setup?.level).toBe(30);
      expect(lines.find((l) => typeof l.localMailbox === 'string')?.localMailbox).toBe(`http://localhost:${port}/local-mailbox`);
      expect(lines.some((l) => String(l.msg).startsWith('Starting the embedded PostgreSQL'))).toBe(true);
    },
  );

  it('says a configuration error as one JSON line', async () => {
    const server = await runServer({ PORT: 'eighty', DATA_DIR: path.join(tmp, 'unused') });
    expect(await server.exited).toBe(1);
    const lines = parseLines(server.output());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 60, msg: expect.stringContaining('PORT') });
  });
});
