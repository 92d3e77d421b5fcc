import { describe, expect, it } from 'vitest';

import { isCourseCompleted } from '#common/domain/eligibility.ts';
import { overallProgress } from '#common/domain/scoring.ts';
import { createTestApp } from '#test/app.ts';

import { applySqlSources, readSqlSources } from './migrate.ts';

const app = await createTestApp();

/** What the database holds: every app_* function and every trigger of our tables, as PostgreSQL prints them. */
async function databaseDefinitions() {
  const client = await app.pool.connect();
  try {
    // An empty search path makes PostgreSQL qualify every name, as the files do.
    await client.query(`set search_path = ''`);
    const functions = await client.query<{ name: string; def: string }>(`
      select p.proname as name, pg_catalog.pg_get_functiondef(p.oid) as def
      from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.proname like 'app\\_%'`);
    const triggers = await client.query<{ name: string; def: string }>(`
      select t.tgname as name, pg_catalog.pg_get_triggerdef(t.oid) as def from pg_catalog.pg_trigger t where not t.tgisinternal`);
    return [
      ...functions.rows.map((r) => ({ kind: 'function', name: r.name, statement: `${r.def.trim()};` })),
      ...triggers.rows.map((r) => ({ kind: 'trigger', name: r.name, statement: `${r.def.trim()};` })),
    ].sort((a, b) => `${a.kind} ${a.name}`.localeCompare(`${b.kind} ${b.name}`));
  } finally {
    await client.query('reset search_path');
    client.release();
  }
}

const sources = () => readSqlSources().sort((a, b) => `${a.kind} ${a.name}`.localeCompare(`${b.kind} ${b.name}`));

describe('database functions and triggers', () => {
  it('are exactly the files in server/db/sql after the migrations (no more, no fewer, same text)', async () => {
    expect(await databaseDefinitions()).toEqual(sources());
  });

  it('can be applied again on a database that already has them', async () => {
    await applySqlSources(app.db);
    expect(await databaseDefinitions()).toEqual(sources());
  });
});

/** Runs a one-value query. */
async function scalar<T>(text: string, values: unknown[]): Promise<T> {
  const res = await app.pool.query<{ v: T }>(text, values);
  return res.rows[0]!.v;
}

// The SQL rules the triggers and directory queries use must say what common/domain says.
const cases: [passed: number, total: number][] = [
  [0, 0],
  [1, 0],
  [0, 8],
  [1, 8],
  [3, 8],
  [4, 8],
  [5, 8],
  [7, 8],
  [8, 8],
  [9, 8],
  [1, 3],
  [2, 3],
  [1, 6],
  [5, 6],
  [1, 1],
];

describe('SQL rules agree with common/domain', () => {
  it.each(cases)('completed with %i of %i lessons passed', async (passed, total) => {
    expect(await scalar<boolean>('select public.app_is_course_completed($1::smallint, $2::int) as v', [passed, total])).toBe(
      isCourseCompleted(passed, total),
    );
  });

  it.each(cases)('progress percent with %i of %i lessons passed', async (passed, total) => {
    expect(await scalar<number>('select public.app_progress_percent($1::int, $2::int) as v', [passed, total])).toBe(
      overallProgress(passed, total),
    );
  });
});
