import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';

import { createDb, type Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    pool: pg.Pool;
  }
}

export default fp<{ databaseUrl: string; poolSize?: number }>(async function database(app: FastifyInstance, opts) {
  const { db, pool } = createDb(opts.databaseUrl, opts.poolSize);
  app.decorate('db', db);
  app.decorate('pool', pool);
  app.addHook('onClose', async () => {
    await pool.end();
  });
});
