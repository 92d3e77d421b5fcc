/**
 * Admin console and mentoring tree at 100,000 users: real API requests through the whole app
 * (routing, validation, session, SQL, serialization; `app.inject`, so no network), median and
 * p95 per request, on a database filled by bench/seed-100k.ts. Ends with one CSV export of the
 * whole directory.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createDb } from '../server/db/client.ts';
import { users } from '../server/db/schema/index.ts';
import { createSession, SESSION_COOKIE } from '../server/lib/session.ts';
import { ROOT_EMAIL } from './seed-100k.ts';

const ITERATIONS = Number(process.env.ITERATIONS ?? 30);
const WARMUP = 3;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface AdminRow {
  key: string;
  label: string;
  median: number;
  p95: number;
  summary: string;
}

export async function runAdmin(databaseUrl: string, log: (line: string) => void) {
  const seedDb = createDb(databaseUrl, 2);
  const treeSize = (await seedDb.db.execute<{ n: number }>(sql`
    with recursive tree(id) as (select id from users where email = ${ROOT_EMAIL} union select u.id from users u join tree on u.mentor_id = tree.id)
    select count(*)::int as n from tree`)).rows[0]!.n;

  const adminEmail = 'bench.admin@bench.example';
  await seedDb.db.delete(users).where(sql`${users.email} = ${adminEmail}`);
  const [admin] = await seedDb.db.insert(users).values({ email: adminEmail, firstName: 'Bench', lastName: 'Admin', role: 'admin', onboardingStatus: 'completed' }).returning();
  const [root] = await seedDb.db.select().from(users).where(sql`${users.email} = ${ROOT_EMAIL}`);
  const policy = { idleMs: 86_400_000, absoluteMs: 86_400_000 };
  const adminCookie = `${SESSION_COOKIE}=${await createSession(seedDb.db, admin!.id, policy, { isMfaVerified: true })}`;
  const rootCookie = `${SESSION_COOKIE}=${await createSession(seedDb.db, root!.id, policy, { isMfaVerified: true })}`;
  await seedDb.pool.end();

  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), databaseUrl });
  await app.ready();

  const total = (await app.inject({ method: 'GET', url: '/api/admin/users?pageSize=1', headers: { cookie: adminCookie } })).json().total as number;
  const deepPage = Math.floor(total / 25 / 2);
  const cases: [key: string, label: string, url: string, cookie: string][] = [
    ['first', 'directory, first page (25 rows)', '/api/admin/users?page=1&pageSize=25', adminCookie],
    ['deep', `directory, deep page (page ${deepPage}, offset ${(deepPage - 1) * 25})`, `/api/admin/users?page=${deepPage}&pageSize=25`, adminCookie],
    ['last', 'directory, last page', `/api/admin/users?page=${Math.ceil(total / 25)}&pageSize=25`, adminCookie],
    ['search', 'directory, search "mar" (common)', '/api/admin/users?search=mar&pageSize=25', adminCookie],
    ['search', 'directory, search "moise moreau" (matches Moïse Moreau)', '/api/admin/users?search=moise%20moreau&pageSize=25', adminCookie],
    ['search', 'directory, search one email', '/api/admin/users?search=user54321%40bench&pageSize=25', adminCookie],
    ['filter', 'directory, filter completed', '/api/admin/users?filter=completed&pageSize=25', adminCookie],
    ['filter', 'directory, filter in-progress', '/api/admin/users?filter=in-progress&pageSize=25', adminCookie],
    ['filter', 'directory, filter ambassador', '/api/admin/users?filter=ambassador&pageSize=25', adminCookie],
    ['filter', 'directory, filter coordinator', '/api/admin/users?filter=coordinator&pageSize=25', adminCookie],
    ['filter', 'directory, search "mar" + filter completed', '/api/admin/users?search=mar&filter=completed&pageSize=25', adminCookie],
    ['stats', 'stat cards', '/api/admin/stats', adminCookie],
    ['inbox', 'callback inbox (open)', '/api/admin/callbacks', adminCookie],
    ['inbox', 'WatchMoms applications', '/api/admin/watchmoms-applications', adminCookie],
    ['inbox', 'ambassador applications (pending)', '/api/admin/ambassador-applications', adminCookie],
    ['inbox', 'audit log, first page', '/api/admin/audit-log', adminCookie],
    ['tree', `disciple tree of ${treeSize} people`, '/api/disciples/tree', rootCookie],
    ['summary', 'disciple summary (tree counts)', '/api/disciples/summary', rootCookie],
    ['progression', 'progression (eligibility)', '/api/disciples/progression', rootCookie],
  ];

  log(`Timing the admin console: ${ITERATIONS} requests per row after ${WARMUP} warm-ups...`);
  const rows: AdminRow[] = [];
  for (const [key, label, url, cookie] of cases) {
    const times: number[] = [];
    let summary = '';
    for (let i = 0; i < WARMUP + ITERATIONS; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      if (i >= WARMUP) times.push(ms);
      if (i === 0) {
        const body = res.json();
        summary = 'total' in body ? `${body.total} matching${'users' in body ? `, ${body.users.length} rows` : ''}` : 'disciples' in body ? `${(res.body.length / 1024).toFixed(0)} KiB` : JSON.stringify(body).slice(0, 60);
      }
    }
    times.sort((a, b) => a - b);
    rows.push({ key, label, median: percentile(times, 50), p95: percentile(times, 95), summary });
  }

  // The whole directory as CSV once: a streaming export of every row.
  const t0 = performance.now();
  const csv = await app.inject({ method: 'GET', url: '/api/admin/users/export.csv', headers: { cookie: adminCookie } });
  const csvSeconds = (performance.now() - t0) / 1000;
  const csvRows = csv.body.split('\r\n').length - 2;
  const csvMiB = csv.body.length / 1_048_576;
  await app.close();
  return { rows, csvSeconds, csvRows, csvMiB, treeSize, total };
}
