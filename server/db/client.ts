import { createHash } from 'node:crypto';
import os from 'node:os';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';

import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;

/**
 * Connections of the app's pool: three per core, at least six. More connections than PostgreSQL
 * can run at once only queue inside the database; a few spare ones let a long export or tree
 * query run without holding up the short reads.
 */
export const defaultPoolSize = () => Math.max(6, os.availableParallelism() * 3);

/**
 * Limits that keep a stuck database from hanging the app: waiting for a connection (from the pool
 * or a new one) gives up after 5 s, a statement after 60 s (the CSV export of 100,000 rows takes a
 * few seconds), and a transaction left idle is ended by PostgreSQL after 30 s, releasing its locks.
 */
export const DB_TIMEOUTS = { connectionMs: 5_000, statementMs: 60_000, idleInTransactionMs: 30_000 } as const;

export function createDb(connectionString: string, max = defaultPoolSize()): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: DB_TIMEOUTS.connectionMs,
    statement_timeout: DB_TIMEOUTS.statementMs,
    idle_in_transaction_session_timeout: DB_TIMEOUTS.idleInTransactionMs,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  return { db: drizzle(pool, { schema }), pool };
}

/** An open transaction (what `db.transaction()` hands its callback). */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a query can run: the database, or a transaction a caller opened. Repositories take it optionally. */
export type Tx = Db | Transaction;

const preparedNames = new Map<string, string>();
const pgDialect = new PgDialect();

/**
 * Runs a query as a named prepared statement (named by a hash of its text), so PostgreSQL parses and
 * plans it once per connection instead of on every request: for the hot statements built with `sql`
 * (a small disciple tree was planned in twice the time it ran). Values stay parameters; a query whose
 * text varies (the directory's filters) gets one statement per variant.
 */
export async function executePrepared<T>(db: Tx, query: SQL): Promise<T[]> {
  const { sql: text, params } = pgDialect.sqlToQuery(query);
  let name = preparedNames.get(text);
  if (!name) preparedNames.set(text, (name = `q_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`));
  const res = await db._.session
    .prepareQuery<PreparedQueryConfig & { execute: { rows: T[] } }>({ sql: text, params }, undefined, name, false)
    .execute();
  return res.rows;
}
