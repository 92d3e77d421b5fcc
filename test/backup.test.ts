import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { backupEmbedded, walNamesBetween } from '#server/db/backup.ts';
import { createDb } from '#server/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '#server/db/embedded.ts';

import { compiled } from './compiled.ts';
import { freePort } from './postgres.ts';

/**
 * `npm run backup` and `npm run restore` of the embedded database (issue 28, defect 3; decision 070):
 * a backup taken while rows are being written, restored into a fresh data folder, holds every row
 * whose insert was acknowledged before the backup ended.
 */
const tmp = mkdtempSync(path.join(os.tmpdir(), 'god-backup-'));
chmodSync(tmp, 0o755); // the postgres system user (when running as root) must reach it
const servers: EmbeddedDatabase[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => {});
  rmSync(tmp, { recursive: true, force: true });
});

function folder(name: string) {
  const dir = path.join(tmp, name);
  return dir;
}

/** Runs the compiled command (as `npm run backup`/`restore` run it) and answers its exit code and output. */
async function runCli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [await compiled('server/cli/backup.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, output };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((p) => statSync(p).isFile());
}

async function startWriters(url: string, acknowledged: number[]) {
  // The app's own pool, which ignores an idle connection's error: its `end()` resolves before its
  // connections have closed, and the database stopped after it may end one of them first.
  const { pool } = createDb(url, 4);
  let running = true;
  const loops = Array.from({ length: 4 }, async () => {
    while (running) {
      const { rows } = await pool.query<{ id: string }>(`insert into writes (payload) values (repeat('x', 200)) returning id`);
      acknowledged.push(Number(rows[0]!.id));
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
    await pool.end();
  };
}

describe('backup and restore of the embedded database', () => {
  it(
    'a live backup under concurrent writes, restored into a fresh data folder, holds every acknowledged write',
    { timeout: 180_000 },
    async () => {
      const dataDir = folder('live');
      const port = await freePort();
      const server = await startEmbeddedPostgres({ dataDir, port });
      servers.push(server);
      // A key an earlier version kept in DATA_DIR: whatever DATA_DIR holds besides the database stays out.
      const key = Buffer.alloc(32, 0x5a).toString('base64');
      writeFileSync(path.join(dataDir, 'mfa-encryption.key'), key, { mode: 0o600 });
      const setup = new pg.Client({ connectionString: server.url });
      await setup.connect();
      await setup.query('create table writes (id bigserial primary key, payload text not null)');
      // Some bulk, so the copy takes a while and the writers keep committing during it.
      await setup.query(`create table bulk as select g as id, md5(g::text) || repeat('y', 500) as filler from generate_series(1, 8000) g`);
      await setup.end();

      const acknowledged: number[] = [];
      const stopWriters = await startWriters(server.url, acknowledged);
      let atStart = 0;
      let atCopyEnd = 0;
      let beforeStop: number[] = [];
      const outDir = folder('backup-1');
      const manifest = await backupEmbedded({
        url: server.url,
        pgDir: server.pgDir,
        outDir,
        hooks: {
          onStarted() {
            atStart = acknowledged.length;
          },
          async onStopping() {
            atCopyEnd = acknowledged.length;
            // And some only in the WAL: committed after the files were copied, before the backup's end.
            while (acknowledged.length < atCopyEnd + 50) await new Promise((r) => setImmediate(r));
            // Several WAL segments between the copy and the end: a change, then the log moved on to new
            // segments twice (cheaper than writing 16 MB, the same for the backup).
            const big = new pg.Client({ connectionString: server.url });
            await big.connect();
            await big.query(`update bulk set filler = filler || 'z'`);
            await big.query('select pg_switch_wal()');
            await big.query(`insert into writes (payload) values ('after the first switch')`);
            await big.query('select pg_switch_wal()');
            await big.end();
            beforeStop = [...acknowledged];
          },
        },
      });
      // Writes go on after the backup, as on a live server.
      while (acknowledged.length < beforeStop.length + 50) await new Promise((r) => setImmediate(r));
      await stopWriters();
      // Rows were acknowledged while the files were being copied.
      expect(atCopyEnd).toBeGreaterThan(atStart);
      expect(manifest.walFiles.length).toBeGreaterThan(1);

      // The backup folder is private, complete, and has neither the key file nor the key.
      expect(statSync(outDir).mode & 0o777).toBe(0o700);
      expect(existsSync(`${outDir}.partial`)).toBe(false);
      const files = filesUnder(outDir);
      expect(files.some((f) => f.endsWith('backup_label'))).toBe(true);
      expect(files.some((f) => path.basename(f) === 'mfa-encryption.key' || path.basename(f) === 'postmaster.pid')).toBe(false);
      for (const f of files) expect(readFileSync(f).includes(key)).toBe(false);

      // Restored with the command into a fresh data folder, on another port, while the original still runs.
      const restoreDir = folder('restored');
      const restorePort = await freePort();
      const restored = await runCli(['restore', outDir], { DATA_DIR: restoreDir, EMBEDDED_PG_PORT: String(restorePort) });
      expect(restored.output).toContain('Restored the backup');
      expect(restored.code).toBe(0);

      const copy = await startEmbeddedPostgres({ dataDir: restoreDir, port: restorePort });
      servers.push(copy);
      const client = new pg.Client({ connectionString: copy.url });
      await client.connect();
      const { rows } = await client.query<{ id: string }>('select id from writes');
      const found = new Set(rows.map((r) => Number(r.id)));
      const lost = beforeStop.filter((id) => !found.has(id));
      expect(lost).toEqual([]);
      expect((await client.query(`select count(*)::int as n from bulk where filler like '%z'`)).rows[0].n).toBe(8000);
      await client.end();
    },
  );

  it('backs up through the command while the database runs, and restores over an existing folder keeping it aside', async () => {
    const dataDir = folder('cli');
    const port = await freePort();
    const server = await startEmbeddedPostgres({ dataDir, port });
    servers.push(server);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.query(`create table notes (body text); insert into notes values ('before the backup')`);
    const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) };
    const outDir = folder('backup-2');
    const backup = await runCli(['backup', outDir], env);
    expect(backup.output).toContain(`Backup written to ${outDir}`);
    expect(backup.code).toBe(0);
    await client.query(`insert into notes values ('after the backup')`);
    await client.end();

    // The app (here its database, holding the folder's lock) still runs: the restore refuses.
    const refused = await runCli(['restore', outDir], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Stop the app before restoring');

    await server.stop();
    const restored = await runCli(['restore', outDir], env);
    expect(restored.code).toBe(0);
    const aside = readdirSync(dataDir).find((n) => n.startsWith('pg.before-restore-'));
    expect(aside).toBeDefined();
    const again = await startEmbeddedPostgres({ dataDir, port });
    servers.push(again);
    const after = new pg.Client({ connectionString: again.url });
    await after.connect();
    expect((await after.query('select body from notes order by body')).rows.map((r) => r.body)).toEqual(['before the backup']);
    await after.end();
  });

  it("refuses with DATABASE_URL, naming the external server's own tools", async () => {
    const result = await runCli(['backup'], {
      DATABASE_URL: 'postgres://u:p@127.0.0.1:1/x',
      MFA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('pg_dump');
  });

  it('names every WAL segment between two, across a log boundary', () => {
    expect(walNamesBetween('0000000100000000000000FE', '000000010000000100000001', 16 * 1024 * 1024)).toEqual([
      '0000000100000000000000FE',
      '0000000100000000000000FF',
      '000000010000000100000000',
      '000000010000000100000001',
    ]);
  });
});
