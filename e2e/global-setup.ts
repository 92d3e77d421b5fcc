import path from 'node:path';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createDb } from '../server/db/client.ts';
import { seedContent } from '../server/db/seed/index.ts';
import { cloneTemplateDatabase, freePort, startTestPostgres } from '../test/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}

/** The production build served by the real server on a real PostgreSQL, as `npm start` would run it. */
export default async function setup(project: TestProject) {
  // E2E_CLIENT_DIR lets parallel work build and test separate copies of the client.
  const clientDir = path.resolve(process.env.E2E_CLIENT_DIR ?? 'dist/client');
  if (!existsSync(path.join(clientDir, 'index.html'))) throw new Error('Run `npm run build` before the end-to-end tests.');
  const pg = await startTestPostgres();
  const database = await cloneTemplateDatabase(pg.adminUrl);
  const { db, pool } = createDb(database.url, 1);
  await seedContent(db);
  await pool.end();
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'warn' }),
    databaseUrl: database.url,
    clientDir,
    scryptCost: 12,
    // Many sign-ups and form posts come from 127.0.0.1 here; the API tests check the real limits.
    rateLimits: { auth: 1000, forms: 1000 },
  });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('databaseUrl', database.url);
  return async () => {
    await app.close();
    await pg.stop();
  };
}
