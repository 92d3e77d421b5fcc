import { accessSync, constants, existsSync, mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

import { DB_TIMEOUTS } from './client.ts';

/** A start-up problem with what failed and how to fix it; main.ts prints the message and exits 1. */
export class StartupError extends Error {}

const VIRTUAL_FILE_SYSTEMS = ['/proc', '/sys', '/dev'];

function nearestExisting(folder: string): string {
  let current = folder;
  while (!existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

const whoAmI = () => {
  try {
    return os.userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? '?'}`;
  }
};

/**
 * DATA_DIR must be a writable folder on a real file system, checked before anything is written: a
 * read-only file system was reported as ENOENT by PostgreSQL's initdb, and a folder under /proc
 * made the start spin at 100% CPU (issue 10, defect 11).
 */
export function checkDataDir(dataDir: string): void {
  const folder = path.resolve(dataDir);
  const existing = realpathSync(nearestExisting(folder));
  const virtual = VIRTUAL_FILE_SYSTEMS.find((v) => existing === v || existing.startsWith(`${v}/`) || folder.startsWith(`${v}/`));
  if (virtual)
    throw new StartupError(
      `DATA_DIR=${dataDir} is under ${virtual}, a virtual file system of the kernel, not a place to keep data. Set DATA_DIR to a folder on disk, e.g. DATA_DIR=./data.`,
    );
  const problem = (err: NodeJS.ErrnoException, doing: string) => {
    switch (err.code) {
      case 'EROFS':
        return new StartupError(
          `DATA_DIR=${dataDir} (${folder}) is on a read-only file system, so the database cannot be kept there. Set DATA_DIR to a writable folder, or mount that one read-write.`,
        );
      case 'EACCES':
      case 'EPERM':
        return new StartupError(
          `The app runs as ${whoAmI()}, who may not ${doing} ${folder} (DATA_DIR). Give that user write access (chown/chmod) or set DATA_DIR to a folder it owns.`,
        );
      case 'ENOTDIR':
      case 'EEXIST':
        return new StartupError(`DATA_DIR=${dataDir}: ${folder} or a part of its path is a file, not a folder. Set DATA_DIR to a folder.`);
      case 'ENOSPC':
        return new StartupError(`DATA_DIR=${dataDir}: the disk holding ${folder} is full. Free some space or set DATA_DIR elsewhere.`);
      default:
        return new StartupError(`DATA_DIR=${dataDir}: could not ${doing} ${folder} (${err.code ?? err.message}).`);
    }
  };
  try {
    mkdirSync(folder, { recursive: true });
  } catch (err) {
    throw problem(err as NodeJS.ErrnoException, 'create');
  }
  const probe = path.join(folder, `.write-check-${process.pid}`);
  try {
    accessSync(folder, constants.W_OK);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (err) {
    throw problem(err as NodeJS.ErrnoException, 'write to');
  }
}

/** The server and database of a connection string, without its password, for messages. */
function describeTarget(url: string) {
  try {
    const u = new URL(url);
    return {
      host: u.hostname || 'localhost',
      port: u.port || '5432',
      user: decodeURIComponent(u.username) || '(none)',
      database: decodeURIComponent(u.pathname.slice(1)) || '(default)',
    };
  } catch {
    return { host: '?', port: '?', user: '?', database: '?' };
  }
}

/** What a failed first connection means and how to fix it (drizzle wraps the driver's error as `cause`). */
export function describeDatabaseError(err: unknown, url: string, setting = 'DATABASE_URL'): string {
  let e = err as { code?: string; message?: string; cause?: unknown } | undefined;
  while (e && !e.code && e.cause) e = e.cause as typeof e;
  const { host, port, user, database } = describeTarget(url);
  const where = `${host}:${port}`;
  switch (e?.code) {
    case '28P01':
      return `${setting}: PostgreSQL at ${where} refused the password of user "${user}". Check the user and password in ${setting}.`;
    case '28000':
      return `${setting}: PostgreSQL at ${where} does not let user "${user}" connect to "${database}" (no pg_hba.conf entry or no such role). Check the user in ${setting} and the server's pg_hba.conf.`;
    case '3D000':
      return `${setting}: the database "${database}" does not exist on ${where}. Create it (createdb -h ${host} -p ${port} -U ${user} ${database}) or fix its name in ${setting}.`;
    case '42501':
      return `${setting}: user "${user}" may not create tables in "${database}" on ${where} (the migrations need it). Grant it (GRANT CREATE ON DATABASE ${database} TO ${user}, and on schema public) or use the owner.`;
    case 'ECONNREFUSED':
      return `${setting}: nothing accepts connections at ${where} (connection refused). Start PostgreSQL there, or fix the host and port in ${setting}.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${setting}: the host "${host}" was not found. Fix the host name in ${setting}.`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${setting}: ${where} did not answer (${e.code}). Check the host and port, and that a firewall lets this machine reach it.`;
    default:
      if (/timeout/i.test(e?.message ?? ''))
        return `${setting}: PostgreSQL at ${where} did not answer within ${DB_TIMEOUTS.connectionMs / 1000} s. Check the host and port, and that the server is up.`;
      if (/ssl|tls/i.test(e?.message ?? ''))
        return `${setting}: the TLS connection to ${where} failed (${e?.message}). Check the sslmode in ${setting} and the server's certificate.`;
      return `${setting}: could not use PostgreSQL at ${where} as "${user}" on "${database}": ${e?.message ?? String(err)}`;
  }
}

/** Connects once and runs `select 1`, turning a failure into a StartupError that says what to fix. */
export async function checkDatabase(url: string, setting = 'DATABASE_URL'): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: DB_TIMEOUTS.connectionMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    throw new StartupError(describeDatabaseError(err, url, setting), { cause: err });
  } finally {
    await client.end().catch(() => {});
  }
}
