import { existsSync, mkdirSync, chmodSync } from 'node:fs';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { createDb } from '../server/db/client.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { seedBench } from '../bench/seed-100k.ts';
const dir = '/tmp/ss-pg';
const fresh = !existsSync(dir + '/pg');
mkdirSync(dir, { recursive: true }); chmodSync(dir, 0o755);
const s = await startEmbeddedPostgres({ dataDir: dir, port: 5799 });
if (fresh) {
  const { db, pool } = createDb(s.url, 2);
  await runMigrations(db);
  console.log(await seedBench(db));
  await pool.end();
}
console.log('ready', s.url);
process.on('SIGTERM', async () => { await s.stop(); process.exit(0); });
setInterval(() => {}, 1 << 30);
