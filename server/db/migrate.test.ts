import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { createDb } from './client.ts';
import { migrationsFolder, runMigrations } from './migrate.ts';

// A database as it stood before lessons had their is_live column (migration 0009): retired
// lessons carried `retired: true` inside their content, and the triggers of migration 0006 ran.
const adminUrl = inject('databaseAdminUrl');
const name = `t_upgrade_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const { db, pool } = createDb(adminUrl.replace(/\/app$/, `/${name}`), 2);
afterAll(async () => {
  await pool.end();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

/** The committed migrations up to and including `lastTag`, in a folder of their own. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === lastTag) + 1);
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  return folder;
}

describe('upgrading a database from before lessons.is_live', () => {
  it('keeps retired lessons retired, keeps everyone’s progress, and the new triggers recount', async () => {
    const old = migrationsUpTo('0008_users-search-key');
    await migrate(db, { migrationsFolder: old });
    rmSync(old, { recursive: true, force: true });
    await pool.query(`
      with c as (insert into courses (slug, content_version, details, challenge) values ('c', 1, '{}', '{}') returning id),
      l as (insert into lessons (course_id, slug, week_number, content)
            select c.id, s.slug, s.week, s.content::jsonb from c,
              (values ('w1', 1, '{"en": {}, "fr": {}}'), ('w2', 2, '{"en": {}, "fr": {}, "retired": true}')) as s(slug, week, content)
            returning id),
      a as (insert into assessments (lesson_id, questions, answer_key) select id, '{}', '[]' from l returning id, lesson_id),
      u as (insert into users (email) values ('old@example.org') returning id)
      insert into assessment_attempts (user_id, assessment_id, lesson_id, answers, score, passed)
      select u.id, a.id, a.lesson_id, '[]', 100, true from u, a`);
    const passed = async () => (await pool.query<{ n: number }>('select passed_lessons as n from course_progress')).rows[0]!.n;
    expect(await passed()).toBe(1);

    await runMigrations(db);
    const lessons = (
      await pool.query<{ slug: string; is_live: boolean; has_key: boolean }>(
        `select slug, is_live, content ? 'retired' as has_key from lessons order by slug`,
      )
    ).rows;
    expect(lessons).toEqual([
      { slug: 'w1', is_live: true, has_key: false },
      { slug: 'w2', is_live: false, has_key: false },
    ]);
    expect(await passed()).toBe(1);

    await pool.query(`update lessons set is_live = true where slug = 'w2'`);
    expect(await passed()).toBe(2);
  });
});
