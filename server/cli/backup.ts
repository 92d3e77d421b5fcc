/**
 * Backups of the embedded database, for the operator (docs/decisions/070):
 *
 *   npm run backup [-- <folder>]        a live backup into <folder> (default ./backups/backup-<date and time>)
 *   npm run restore -- <folder>         the app stopped: DATA_DIR/pg becomes the backup's database
 *
 * The backup works while the app runs (through its embedded PostgreSQL) or while it is stopped (the
 * database is started for the duration of the command). With DATABASE_URL both refuse: that server's
 * own tools back it up.
 */
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

import type { Config } from '../config.ts';
import { backupEmbedded, BackupError, placeBackup, readBackupManifest } from '../db/backup.ts';
import { DataDirInUseError, isPostmasterRunning, lockDataDir, startEmbeddedPostgres } from '../db/embedded.ts';
import { runCommand, UsageError } from './run-command.ts';

const USAGE = `Usage:
  npm run backup [-- <folder>]     Back up the embedded database while the app runs (or not) into a new folder
                                   (default ./backups/backup-<date>T<time>Z)
  npm run restore -- <folder>      With the app stopped, replace the embedded database by a backup's
                                   (the current one is kept aside as DATA_DIR/pg.before-restore-<date>)`;

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

function refuseExternal(config: Config, what: string) {
  if (config.DATABASE_URL)
    throw new BackupError(
      `DATABASE_URL is set: ${what} works on the embedded database only. Back up an external PostgreSQL with its own tools (pg_dump of its version or newer, or its provider's backups).`,
    );
}

async function backup(args: string[], config: Config, out: (line: string) => void) {
  if (args.length > 1) throw new UsageError('backup takes at most one folder.');
  refuseExternal(config, 'npm run backup');
  const outDir = path.resolve(args[0] ?? path.join('backups', `backup-${stamp()}`));
  mkdirSync(path.dirname(outDir), { recursive: true, mode: 0o700 });
  const pgDir = path.resolve(config.DATA_DIR, 'pg');
  if (!existsSync(path.join(pgDir, 'PG_VERSION')))
    throw new BackupError(`No database in ${pgDir} yet. Start the app once (npm start), or set DATA_DIR.`);
  const url = `postgres://postgres:postgres@127.0.0.1:${config.EMBEDDED_PG_PORT}/app`;
  let stop = async () => {};
  let serverUrl = url;
  if (!isPostmasterRunning(pgDir)) {
    out(`The app is not running: starting its database for the backup (port ${config.EMBEDDED_PG_PORT})...`);
    const embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
    serverUrl = embedded.url;
    stop = () => embedded.stop();
  }
  try {
    const manifest = await backupEmbedded({ url: serverUrl, pgDir, outDir });
    out(`Backup written to ${outDir} (PostgreSQL ${manifest.postgresVersion}, WAL ${manifest.startLsn} to ${manifest.stopLsn}).`);
    out("It holds everyone's data: keep it as safe as the server. It holds no two-step verification key: keep a copy of");
    out('MFA_ENCRYPTION_KEY or the key file (MFA_ENCRYPTION_KEY_FILE) apart from it; a restore needs the same key.');
  } finally {
    await stop();
  }
}

async function restore(args: string[], config: Config, out: (line: string) => void) {
  if (args.length !== 1) throw new UsageError('restore needs the backup folder.');
  refuseExternal(config, 'npm run restore');
  const backupDir = path.resolve(args[0]!);
  const manifest = readBackupManifest(backupDir);
  mkdirSync(config.DATA_DIR, { recursive: true });
  const pgDir = path.resolve(config.DATA_DIR, 'pg');
  let unlock: () => void;
  try {
    unlock = lockDataDir(config.DATA_DIR);
  } catch (err) {
    if (err instanceof DataDirInUseError) throw new BackupError(`Stop the app before restoring. ${err.message}`);
    throw err;
  }
  let keptAside: string | undefined;
  try {
    if (existsSync(pgDir)) {
      keptAside = `${pgDir}.before-restore-${stamp()}`;
      renameSync(pgDir, keptAside);
      out(`The current database is kept aside in ${keptAside}.`);
    }
    await placeBackup(backupDir, pgDir);
  } finally {
    unlock();
  }
  // Starting it replays the backup's WAL; a backup that cannot be made whole refuses to open here.
  out(`Starting the restored database to replay its write-ahead log (port ${config.EMBEDDED_PG_PORT})...`);
  const logs: string[] = [];
  let embedded;
  try {
    embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT, onLog: (line) => logs.push(line) });
  } catch (err) {
    throw new BackupError(
      `The restored database did not start: ${err instanceof Error ? err.message : String(err)}\n${logs.slice(-10).join('\n')}\n` +
        (keptAside ? `To go back, remove ${pgDir} and rename ${keptAside} to ${pgDir}.` : ''),
    );
  }
  try {
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    await client.query('select count(*) from pg_class');
    await client.end();
  } finally {
    await embedded.stop();
  }
  out(
    `Restored the backup of ${manifest.createdAt} into ${pgDir}. Start the app (npm start) with the same two-step verification key as when the backup was taken.`,
  );
  if (keptAside) out(`Once the app works, delete ${keptAside}.`);
}

async function run(args: string[], config: Config, out: (line: string) => void): Promise<void> {
  const [command, ...rest] = args;
  if (command === 'backup') return backup(rest, config, out);
  if (command === 'restore') return restore(rest, config, out);
  throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
}

// A command, never imported: it runs when started (through tsx, or compiled as the tests run it).
void runCommand(USAGE, run);
