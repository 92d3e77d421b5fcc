/**
 * Account roles from the command line, for the operator (no sign-in needed: whoever can run this
 * can already read the database):
 *
 *   npm run users -- grant <email> <role>    roles: user, ambassador, coordinator, admin, founder
 *   npm run users -- list                    everyone above the user role
 *   npm run users -- forget-mfa-key          the two-step key was lost: the next start records a new one (decision 066)
 *
 * Uses DATABASE_URL when set, otherwise the embedded PostgreSQL under DATA_DIR: the running app's
 * one when the app is up, or started for the duration of the command when it is not.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

import { fullNameOf } from '#common/domain/names.ts';
import { roles, type Role } from '#common/domain/roles.ts';

import type { Config } from '../config.ts';
import { createDb } from '../db/client.ts';
import { isPostmasterRunning, startEmbeddedPostgres } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { forgetSecretKey } from '../lib/secret-box.ts';
import { adminServicesFactory } from '../modules/admin/admin.services.ts';
import { runCommand, UsageError } from './run-command.ts';

const USAGE = `Usage:
  npm run users -- grant <email> <role>   Give an account a role (${roles.join(', ')})
  npm run users -- list                   List everyone with a role above user
  npm run users -- forget-mfa-key         After losing the two-step verification key: the next start accepts a new one`;

/** The database to work on, and how to let go of it afterwards. */
async function openDatabase(config: Config): Promise<{ url: string; close: () => Promise<void> }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, close: async () => {} };
  const pgDir = path.resolve(config.DATA_DIR, 'pg');
  // server/db/embedded.ts serves the "app" database as postgres/postgres on loopback.
  const url = `postgres://postgres:postgres@127.0.0.1:${config.EMBEDDED_PG_PORT}/app`;
  if (isPostmasterRunning(pgDir)) {
    // The app is running on this data folder: use its server rather than stopping it.
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      const { rows } = await client.query<{ data_directory: string }>('show data_directory');
      if (path.resolve(rows[0]!.data_directory) !== pgDir) throw new Error(`port ${config.EMBEDDED_PG_PORT} serves another data folder`);
    } catch (err) {
      throw new Error(
        `The embedded PostgreSQL in ${pgDir} is running but could not be reached (${err instanceof Error ? err.message : err}). Set DATABASE_URL, or stop the app and retry.`,
        { cause: err },
      );
    } finally {
      await client.end().catch(() => {});
    }
    return { url, close: async () => {} };
  }
  if (!existsSync(path.join(pgDir, 'PG_VERSION')))
    throw new Error(`No database in ${pgDir} yet. Start the app once (npm start), or set DATA_DIR or DATABASE_URL.`);
  const embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
  return { url: embedded.url, close: () => embedded.stop() };
}

async function run(args: string[], config: Config, out: (line: string) => void): Promise<void> {
  const [command, ...rest] = args;
  if (command === 'grant') {
    if (rest.length !== 2) throw new UsageError('grant needs an email and a role.');
    const [email, role] = rest as [string, string];
    if (!roles.includes(role as Role)) throw new UsageError(`Unknown role "${role}". Roles: ${roles.join(', ')}.`);
    await withDatabase(config, async (db) => {
      const result = await adminServicesFactory(db).roles.grantRoleByEmail(email, role as Role);
      out(
        result.previousRole === result.role
          ? `${result.email} already has the role ${result.role}.`
          : `${result.email} is now ${result.role} (was ${result.previousRole}).`,
      );
    });
    return;
  }
  if (command === 'list') {
    if (rest.length) throw new UsageError('list takes no arguments.');
    await withDatabase(config, async (db) => {
      const staff = await adminServicesFactory(db).roles.listStaff();
      if (staff.length === 0) out('Nobody has a role above user yet.');
      for (const s of staff) out(`${s.role.padEnd(12)} ${s.email}${fullNameOf(s) ? `  (${fullNameOf(s)})` : ''}`);
    });
    return;
  }
  if (command === 'forget-mfa-key') {
    if (rest.length) throw new UsageError('forget-mfa-key takes no arguments.');
    await withDatabase(config, async (db) => {
      const forgotten = await forgetSecretKey(db);
      out(
        forgotten
          ? 'The two-step verification key is forgotten: the next start records its key. People who set up two-step verification before sign in with a recovery code and set it up again.'
          : 'No two-step verification key was recorded yet: the next start records its key.',
      );
    });
    return;
  }
  throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
}

async function withDatabase(config: Config, work: (db: ReturnType<typeof createDb>['db']) => Promise<void>) {
  const database = await openDatabase(config);
  const { db, pool } = createDb(database.url, 2);
  try {
    await runMigrations(db);
    await work(db);
  } finally {
    await pool.end();
    await database.close();
  }
}

// A command, never imported: it runs when started (through tsx, or compiled as the tests run it).
void runCommand(USAGE, run);
