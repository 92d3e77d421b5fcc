import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';

import { executePrepared, type Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;
interface StoreOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for @fastify/rate-limit that keeps its counters in PostgreSQL, so every instance behind a
 * load balancer counts against one limit (issue 10). One upsert per limited request: a window that
 * has ended starts again at 1. Keys are hashed (route + client address): the table holds no
 * address. Expired rows are pruned hourly (`pruneRateLimitCounters`).
 */
export function postgresRateLimitStore(db: Db) {
  return class PostgresRateLimitStore {
    private readonly prefix: string;

    // The plugin hands the route's merged limit options, `routeInfo` being the route (its types say otherwise).
    constructor(options: unknown = {}) {
      const route = (options as StoreOptions).routeInfo;
      this.prefix = route?.url ? `${[route.method].flat().join(',')} ${route.url}|` : '';
    }

    private keyOf(key: string) {
      return createHash('sha256')
        .update(this.prefix + key)
        .digest('base64url');
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      executePrepared<{ count: number; ttl: number }>(
        db,
        sql`
        insert into rate_limit_counters as c (key, count, expires_at)
        values (${this.keyOf(key)}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
        on conflict (key) do update set
          count = case when c.expires_at <= now() then 1 else c.count + 1 end,
          expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
        returning count, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl`,
      ).then(
        (rows) => cb(null, { current: rows[0]!.count, ttl: rows[0]!.ttl }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback): void {
      db.execute<{ count: number; ttl: number }>(
        sql`
        select count, ceil(extract(epoch from (expires_at - now())) * 1000)::int as ttl
        from rate_limit_counters where key = ${this.keyOf(key)} and expires_at > now()`,
      ).then(
        (r) => cb(null, r.rows[0] ? { current: r.rows[0].count, ttl: r.rows[0].ttl } : { current: 0, ttl: 0 }),
        (err: Error) => cb(err),
      );
    }

    child(options: unknown) {
      return new PostgresRateLimitStore(options);
    }
  };
}

export async function pruneRateLimitCounters(db: Db): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, sql`now()`));
}
