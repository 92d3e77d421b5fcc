import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { createTestApp, createUser, signedInUser } from '#test/app.ts';
import { failLesson, passLessons, primaryCourseLessons } from '#test/course-progress.ts';

import { assessmentAttempts, users } from './schema/index.ts';

const app = await createTestApp();

/** What the counters say and what counting every row says, side by side. */
async function countersAndTruth() {
  const { rows } = await app.db.execute<{ users: number; counted_users: number; histogram: string; counted_histogram: string }>(sql`
    select (select coalesce(sum(n), 0) from row_counts where counter = 'users')::int as users,
           (select count(*) from users)::int as counted_users,
           (select coalesce(string_agg(course_id || ':' || passed_lessons || '=' || n, ' ' order by course_id, passed_lessons), '')
              from (select course_id, passed_lessons, sum(n) as n from course_progress_counts group by 1, 2 having sum(n) <> 0) h) as histogram,
           (select coalesce(string_agg(course_id || ':' || passed_lessons || '=' || n, ' ' order by course_id, passed_lessons), '')
              from (select course_id, passed_lessons, count(*) as n from course_progress group by 1, 2) c) as counted_histogram`);
  const r = rows[0]!;
  return { counters: { users: r.users, histogram: r.histogram }, truth: { users: r.counted_users, histogram: r.counted_histogram } };
}

describe('row counters kept by triggers (the directory totals, issue 29)', () => {
  it('match a full count after sign-ups, progress going up and down, and deletions', async () => {
    const before = await countersAndTruth();
    expect(before.counters).toEqual(before.truth);

    const people = await Promise.all(Array.from({ length: 6 }, (_, i) => createUser(app.db, { email: `count${i}@example.org` })));
    // Several statements at once, on different connections (different slots).
    await Promise.all([
      passLessons(app.db, people[0]!.id),
      passLessons(app.db, people[1]!.id, 3),
      passLessons(app.db, people[2]!.id, 1),
      failLesson(app.db, people[3]!.id),
    ]);
    let now = await countersAndTruth();
    expect(now.counters).toEqual(now.truth);
    expect(now.counters.users).toBe(before.counters.users + 6);

    // Progress goes down (a passed attempt removed), and a person with progress leaves.
    const [week1] = await primaryCourseLessons(app.db);
    await app.db
      .delete(assessmentAttempts)
      .where(sql`${assessmentAttempts.userId} = ${people[1]!.id} and ${assessmentAttempts.lessonId} = ${week1!.lessonId}`);
    await app.db.delete(users).where(eq(users.id, people[0]!.id));
    await app.db.delete(users).where(sql`${users.email} in ('count4@example.org', 'count5@example.org')`);
    now = await countersAndTruth();
    expect(now.counters).toEqual(now.truth);
    expect(now.counters.users).toBe(before.counters.users + 3);
  });

  it('give the directory its totals and stat cards', async () => {
    const { rows } = await app.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
    // An admin whose session passed two-step verification (the console requires it).
    const { cookie } = await signedInUser(app, { email: 'count-admin@example.org', role: 'admin' });
    const stats = await app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } });
    expect(stats.statusCode).toBe(200);
    expect(stats.json().totalUsers).toBe(rows[0]!.n + 1);
  });
});
