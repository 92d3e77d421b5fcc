import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

import type { Db } from './client.ts';
import * as schema from './schema/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const migrationsFolder = path.join(here, 'migrations');
/** The current source of every database function and trigger, one file each (docs/decisions/013). */
export const sqlSourcesFolder = path.join(here, 'sql');

export interface SqlSource {
  kind: 'function' | 'trigger';
  /** The function's or trigger's name: the file name without `.sql`. */
  name: string;
  /**
   * The file without its leading comment lines: exactly what PostgreSQL prints for the object
   * (`pg_get_functiondef`, `pg_get_triggerdef` with an empty search path), so the test can compare.
   */
  statement: string;
}

const FOLDERS = { function: 'functions', trigger: 'triggers' } as const;

export function readSqlSources(): SqlSource[] {
  return (['function', 'trigger'] as const).flatMap((kind) => {
    const folder = path.join(sqlSourcesFolder, FOLDERS[kind]);
    return readdirSync(folder)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((file) => ({
        kind,
        name: file.slice(0, -'.sql'.length),
        statement: readFileSync(path.join(folder, file), 'utf8')
          .replace(/^(--.*\n)+/, '')
          .trim(),
      }));
  });
}

// Any constant works; it only has to be the same for every process applying the sources.
const SQL_SOURCES_LOCK = 72_410_013;

/**
 * (Re)creates every function, then every trigger, from server/db/sql in one transaction. Idempotent:
 * `CREATE OR REPLACE` for both (PostgreSQL 14+). Function bodies are not checked while they are
 * created (as pg_restore does), so the files need no order among themselves.
 */
export async function applySqlSources(db: Db): Promise<void> {
  const sources = readSqlSources();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SQL_SOURCES_LOCK})`);
    await tx.execute(sql`set local check_function_bodies = off`);
    for (const s of sources) {
      await tx.execute(sql.raw(s.kind === 'trigger' ? s.statement.replace(/^CREATE TRIGGER /, 'CREATE OR REPLACE TRIGGER ') : s.statement));
    }
  });
}

// The lock every process applying migrations takes, whatever the other constants.
const MIGRATIONS_LOCK = 72_410_066;

/**
 * Applies committed migrations, then the current functions and triggers. Safe to run from several
 * instances at once: each takes a PostgreSQL advisory lock first, on the connection that then
 * applies them, so one instance migrates while the others wait and then find nothing left to do.
 * drizzle's own migrator takes no lock: two instances starting together both ran the first pending
 * migration, and one failed (issue 28, defect 2). The lock ends with the connection if the process dies.
 */
export async function runMigrations(db: Db, folder = migrationsFolder): Promise<void> {
  const pool = (db as Db & { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) throw new Error('runMigrations needs a database on a connection pool (createDb).');
  const client = await pool.connect();
  let isBroken = false;
  try {
    // Waiting for another instance's migrations may take longer than one statement may.
    await client.query(`set statement_timeout = 0`);
    await client.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
    try {
      const onLockedConnection = drizzle(client, { schema });
      await migrate(onLockedConnection, { migrationsFolder: folder });
      await applySqlSources(onLockedConnection);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK]).catch(() => (isBroken = true));
    }
    await client.query('reset statement_timeout');
  } catch (err) {
    isBroken = true;
    throw err;
  } finally {
    // A connection in an unknown state (still locked, timeout off) is closed rather than reused.
    client.release(isBroken);
  }
}
