import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { AppError } from '../../lib/app-error.ts';

const READY_TIMEOUT_MS = 1_500;
const APP_VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Liveness: the process answers. */
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  /** The release running (package.json's version), so an operator can tell which instance runs what. */
  app.get('/api/version', { config: { access: 'public' }, schema: { response: { 200: z.object({ version: z.string() }) } } }, async () => ({
    version: APP_VERSION,
  }));

  /** Readiness: the database answers too. */
  app.get(
    '/api/ready',
    { config: { access: 'public' }, schema: { response: { 200: z.object({ status: z.literal('ready') }) } } },
    async () => {
      // A load balancer waits a few seconds at most: a database that does not answer in 2 s is not ready.
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('readiness check timed out')), READY_TIMEOUT_MS);
      });
      try {
        await Promise.race([app.db.execute(sql`select 1`), timeout]);
      } catch {
        throw new AppError('DATABASE_UNAVAILABLE', 'The database is not reachable.');
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ready' as const };
    },
  );
};

export default healthRoutes;
