import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createDb } from '../server/db/client.ts';
import { users } from '../server/db/schema/index.ts';
import { createSession } from '../server/modules/auth/session.ts';
const url = 'postgres://postgres:postgres@127.0.0.1:5799/app';
const { db, pool } = createDb(url, 2);
const [admin] = await db.select().from(users).where(sql`role = 'admin'`).limit(1);
let a = admin;
if (!a) [a] = await db.insert(users).values({ email: 'qa@bench.example', role: 'admin', onboardingStatus: 'completed' }).returning();
const [root] = await db.select().from(users).where(sql`email = 'bench.root@bench.example'`);
const policy = { idleMs: 86_400_000, absoluteMs: 86_400_000 };
const ac = `sid=${await createSession(db, a!.id, policy)}`; const rc = `sid=${await createSession(db, root!.id, policy)}`;
await pool.end();
const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), databaseUrl: url });
await app.ready();
const which = process.argv[2] ?? 'all';
for (let i = 0; i < 4; i++) {
  if (which !== 'csv') { const t = performance.now(); const r = await app.inject({ url: '/api/disciples/tree', headers: { cookie: rc } }); console.log('tree', r.statusCode, (performance.now() - t).toFixed(0), r.body.length); }
  if (which !== 'tree') { const t = performance.now(); const r = await app.inject({ url: '/api/admin/users/export.csv', headers: { cookie: ac } }); console.log('csv', r.statusCode, (performance.now() - t).toFixed(0), r.body.split('\r\n').length); }
}
await app.close();
