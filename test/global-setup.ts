import PgBoss from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { seedContent } from '../server/db/seed/index.ts';
import { createDb } from '../server/db/client.ts';
import { startTestPostgres } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const pg = await startTestPostgres(async (templateUrl) => {
    // The template carries the seeded course content too, as a started app would.
    const { db, pool } = createDb(templateUrl, 1);
    await seedContent(db);
    await pool.end();
    // pg-boss's own schema, as the app's first start creates it: each test file's app then starts in milliseconds.
    const boss = new PgBoss({ connectionString: templateUrl, max: 1, supervise: false, schedule: false });
    await boss.start();
    await boss.stop({ graceful: false, wait: true });
  });
  project.provide('databaseAdminUrl', pg.adminUrl);
  return () => pg.stop();
}
