import type { TestProject } from 'vitest/node';

import { seedAppTemplate, startTestPostgres } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const pg = await startTestPostgres(seedAppTemplate);
  project.provide('databaseAdminUrl', pg.adminUrl);
  return () => pg.stop();
}
