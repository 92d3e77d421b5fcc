import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

import { seedAppTemplate, startTestPostgres } from '#test/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseAdminUrl: string;
  }
}

/**
 * One throwaway PostgreSQL for the run, with a migrated and seeded template database (pg-boss's schema included). Each test
 * file clones it and serves the production build on its own server (e2e/fixtures.ts), so files run
 * in parallel without sharing state (docs/decisions/011).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(clientDir(), 'index.html'))) throw new Error('Run `npm run build` before the end-to-end tests.');
  const pg = await startTestPostgres(seedAppTemplate);
  project.provide('databaseAdminUrl', pg.adminUrl);
  return () => pg.stop();
}

/** The built client: E2E_CLIENT_DIR lets parallel work build and test separate copies. */
export const clientDir = () => path.resolve(process.env.E2E_CLIENT_DIR ?? 'dist/client');
