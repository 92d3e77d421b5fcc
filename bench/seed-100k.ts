/**
 * Fills a database with 100,000 users, their course progress (passed and failed attempts), mentoring
 * trees (one of exactly 10,000 people under "Bench Root"), inbox items, ambassador applications and
 * an audit history, in a few set-based statements (generate_series): a minute, not hours.
 *
 *   npm run bench:seed -- <database-url>     seeds an empty, migrated database (e.g. to try the
 *                                            admin console at full size); refuses one with users
 *
 * The benchmark (bench/admin-bench.ts) calls seedBench() on its own throwaway PostgreSQL.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';

import { onboardingCountries } from '#common/contracts/onboarding.ts';
import { createDb, type Db } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { seedContent } from '#server/db/seed/index.ts';

export const BENCH_USERS = 100_000;
/** Users 1..TREE_SIZE all descend from user 1, "Bench Root". */
export const TREE_SIZE = 10_000;
export const ROOT_EMAIL = 'bench.root@bench.example';

const FIRST = [
  'Grace',
  'John',
  'Marie',
  'Zoë',
  'Samuel',
  'Esther',
  'David',
  'Ruth',
  'Élodie',
  'Joseph',
  'Naomi',
  'Paul',
  'Hannah',
  'Jean',
  'Chloé',
  'Daniel',
  'Miriam',
  'Timothée',
  'Lydia',
  'Noah',
  'Abigail',
  'Isaac',
  'Rebecca',
  'Caleb',
  'Priscilla',
  'Moïse',
  'Sarah',
  'Elijah',
  'Déborah',
  'Peter',
];
const LAST = [
  'Johnson',
  'Dupont',
  'Mensah',
  'Okafor',
  'Martin',
  'Nguyen',
  'Smith',
  'Pierre',
  'Béland',
  'Garcia',
  'Mwangi',
  'Brown',
  'Lefèvre',
  'Adeyemi',
  'Williams',
  'Joseph',
  'Moreau',
  'Kamau',
  'Davis',
  'Baptiste',
  'Owusu',
  'Taylor',
  'Girard',
  'Nkosi',
  'Clark',
  'Fontaine',
  'Diallo',
  'Lewis',
  'Roy',
  'Hall',
];
const pgArray = (xs: string[]) => `{${xs.map((x) => `"${x}"`).join(',')}}`;

export interface SeedReport {
  users: number;
  passedAttempts: number;
  failedAttempts: number;
  completedUsers: number;
  treeSize: number;
  seconds: number;
}

export async function seedBench(db: Db, log: (line: string) => void = () => {}): Promise<SeedReport> {
  const started = performance.now();
  let last = started;
  const step = (what: string) => {
    const now = performance.now();
    log(`  ${what}: ${((now - last) / 1000).toFixed(1)} s`);
    last = now;
  };
  await seedContent(db);
  step('course content');
  await db.transaction(async (tx) => {
    // Stable numbering 1..N for the generated people; dropped at commit.
    // Mentoring: 2..TREE_SIZE pick a random earlier person in 1..n-1, so all of them descend from
    // person 1 (a random recursive tree: ~log n deep, a few wide nodes). The others pick a random
    // earlier person outside that tree, or (15%) nobody. Mentors are set in the same insert (foreign
    // keys are checked at the end of the statement), so no second pass rewrites 100,000 rows.
    await tx.execute(sql`create temp table bench_people on commit drop as
      select g as n, gen_random_uuid() as id, random() as r,
             case
               when g = 1 or g = ${TREE_SIZE + 1} then null
               when g <= ${TREE_SIZE} then 1 + floor(random() * (g - 1))::int
               when random() < 0.15 then null
               else ${TREE_SIZE + 1} + floor(random() * (g - ${TREE_SIZE + 1}))::int
             end as mentor_n
      from generate_series(1, ${BENCH_USERS}) g`);
    await tx.execute(sql`create unique index on bench_people (n)`);

    await tx.execute(sql`
      insert into users (id, email, first_name, last_name, role, onboarding_status, phone, address, country, locale, mentor_id, created_at, updated_at)
      select p.id,
             case when p.n = 1 then ${ROOT_EMAIL} else 'user' || p.n || '@bench.example' end,
             case when p.n = 1 then 'Bench' when p.r < 0.02 then null else (${pgArray(FIRST)}::text[])[1 + (p.n * 7) % ${FIRST.length}] end,
             case when p.n = 1 then 'Root' when p.r < 0.02 then null else (${pgArray(LAST)}::text[])[1 + (p.n * 13 / 7) % ${LAST.length}] end,
             (case when p.n % 997 = 0 then 'ambassador' when p.n % 4999 = 0 then 'coordinator' when p.n % 20011 = 0 then 'admin' else 'user' end)::user_role,
             'completed',
             case when p.r < 0.7 then '+1 555 ' || lpad((p.n % 10000)::text, 4, '0') end,
             case when p.r < 0.6 then (p.n % 900 + 1) || ' Church Street, Apt ' || (p.n % 40 + 1) || E'\\nSpringfield' end,
             -- Spread over the onboarding countries and both languages, as the Insights filters find them (decision 076).
             (${pgArray([...onboardingCountries])}::text[])[1 + floor(p.r * ${onboardingCountries.length})::int],
             case when p.n % 3 = 0 then 'fr' else 'en' end,
             m.id,
             now() - make_interval(secs => (${BENCH_USERS} - p.n) * 600 + (p.n % 7)),
             now()
      from bench_people p left join bench_people m on m.n = p.mentor_n`);
    step('users and mentoring trees');

    // Progress: 30% nothing, 40% part of the course, 30% all of it. Passed attempts for the first k
    // lessons in week order, a day apart, from a day of the last 11 months (the Insights charts span a year); a failed attempt before the pass for some. One statement each, so the
    // course_progress trigger recounts once per statement.
    await tx.execute(sql`create temp table bench_progress on commit drop as
      select p.id, case when p.r2 < 0.3 then 0 when p.r2 < 0.7 then 1 + floor(random() * 7)::int else 99 end as k
      from (select id, random() as r2 from bench_people) p`);
    await tx.execute(sql`create temp table bench_lessons on commit drop as
      select l.id as lesson_id, a.id as assessment_id, row_number() over (order by l.week_number) as week
      from lessons l join assessments a on a.lesson_id = l.id
      where l.course_id = public.app_primary_course() and l.is_live`);
    await tx.execute(sql`
      insert into assessment_attempts (user_id, assessment_id, lesson_id, answers, score, passed, created_at)
      select bp.id, bl.assessment_id, bl.lesson_id, '[]'::jsonb, 50, false, now() - interval '30 days'
      from bench_progress bp join bench_lessons bl on bl.week = least(bp.k + 1, 8)
      where bp.k > 0 and random() < 0.35`);
    await tx.execute(sql`
      insert into assessment_attempts (user_id, assessment_id, lesson_id, answers, score, passed, created_at)
      select bp.id, bl.assessment_id, bl.lesson_id, '[]'::jsonb, 80 + (bl.week::int % 3) * 10, true, now() - make_interval(days => 20 - bl.week::int + (abs(hashtext(bp.id::text)) % 330))
      from bench_progress bp join bench_lessons bl on bl.week <= bp.k`);
    step('assessment attempts (and the progress triggers)');

    await tx.execute(sql`
      insert into callback_requests (name, phone, category, score_band, status, created_at)
      select 'Caller ' || g, '+1 555 ' || lpad(g::text, 4, '0'),
             (array['spiritual','mental','emotional','financial'])[1 + g % 4]::support_category,
             (array['green','yellow','red','unknown'])[1 + g % 4],
             (array['new','new','contacted','closed'])[1 + g % 4]::callback_status,
             now() - make_interval(hours => g)
      from generate_series(1, 2000) g`);
    await tx.execute(sql`
      insert into watchmoms_applications (full_name, phone, country, city_state, church_affiliation, reason_for_joining, consent, status, created_at)
      select 'Mother ' || g, '+1 555 ' || lpad(g::text, 4, '0'), 'Haiti', 'Port-au-Prince', 'Église ' || g,
             'I want to pray with other mothers for our children.', true,
             (array['new','approved','declined','contacted'])[1 + g % 4]::watchmoms_status, now() - make_interval(hours => g)
      from generate_series(1, 1000) g`);
    // Pending ambassador applications from people who qualify, and a history in the audit log.
    await tx.execute(sql`
      insert into ambassador_applications (user_id, status, created_at)
      select user_id, 'pending', now() - make_interval(hours => (row_number() over ())::int)
      from mentor_stats where completed_disciples >= 3 limit 300`);
    await tx.execute(sql`
      insert into audit_log (actor_id, action, target_type, target_id, details, created_at)
      select (select id from users where role = 'admin' limit 1), 'callback.updated', 'callback_request', gen_random_uuid()::text,
             jsonb_build_object('status', jsonb_build_object('from', 'new', 'to', 'contacted')), now() - make_interval(mins => g)
      from generate_series(1, 5000) g`);
  });
  step('inbox items and commit');
  // A database that has lived with its users is vacuumed (autovacuum runs after this many inserts
  // too): its visibility map lets the directory's index-only scans skip the table. Without it a
  // deep page read every skipped row from the table, which no settled database does.
  await db.execute(sql`vacuum analyze`);
  step('vacuum analyze');

  const counts = await db.execute<{ users: number; passed: number; failed: number; completed: number; tree: number }>(sql`
    with recursive tree(id) as (
      select id from users where email = ${ROOT_EMAIL}
      union select u.id from users u join tree on u.mentor_id = tree.id
    )
    select (select count(*) from users)::int as users,
           (select count(*) from assessment_attempts where passed)::int as passed,
           (select count(*) from assessment_attempts where not passed)::int as failed,
           (select count(*) from course_progress where passed_lessons >= 8)::int as completed,
           (select count(*) from tree)::int as tree`);
  const c = counts.rows[0]!;
  return {
    users: c.users,
    passedAttempts: c.passed,
    failedAttempts: c.failed,
    completedUsers: c.completed,
    treeSize: c.tree,
    seconds: (performance.now() - started) / 1000,
  };
}

async function main() {
  const url = process.argv[2] ?? process.env.DATABASE_URL;
  if (!url) {
    console.error('Usage: npm run bench:seed -- <database-url>   (an empty database: it gets 100,000 made-up users)');
    process.exit(2);
  }
  const { db, pool } = createDb(url, 2);
  try {
    await runMigrations(db);
    const existing = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
    if (existing.rows[0]!.n > 0) {
      console.error(`This database already has ${existing.rows[0]!.n} users; the bench seed only fills an empty one.`);
      process.exit(1);
    }
    const report = await seedBench(db, console.log);
    console.log(
      `Seeded in ${report.seconds.toFixed(1)} s: ${report.users} users, ${report.passedAttempts} passed and ${report.failedAttempts} failed attempts, ${report.completedUsers} completed the course, ${report.treeSize} people in the tree of ${ROOT_EMAIL}.`,
    );
  } finally {
    await pool.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
