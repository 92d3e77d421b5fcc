import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Liveness: the process answers. */
  app.get('/api/health', { config: { access: 'public' }, schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));

  /** Readiness: the database answers too. */
  app.get('/api/ready', { config: { access: 'public' }, schema: { response: { 200: z.object({ status: z.literal('ready') }) } } }, async () => {
    try {
      await app.db.execute(sql`select 1`);
    } catch {
      throw new AppError('DATABASE_UNAVAILABLE', 'The database is not reachable.');
    }
    return { status: 'ready' as const };
  });
};

export default healthRoutes;
