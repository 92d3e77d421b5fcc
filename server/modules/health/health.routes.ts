import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { healthApi } from '#common/contracts/health.ts';

import { AppError } from '../../lib/app-error.ts';
import { routeOf } from '../../lib/route.ts';

const READY_TIMEOUT_MS = 1_500;
const APP_VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({ ...routeOf(healthApi.health), config: { access: 'public' }, handler: async () => ({ status: 'ok' as const }) });

  app.route({ ...routeOf(healthApi.version), config: { access: 'public' }, handler: async () => ({ version: APP_VERSION }) });

  app.route({
    ...routeOf(healthApi.ready),
    config: { access: 'public' },
    handler: async () => {
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
  });
};

export default healthRoutes;
