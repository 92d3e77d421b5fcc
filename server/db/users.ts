import { and, eq, isNull, sql } from 'drizzle-orm';

import type { Transaction, Tx } from './client.ts';
import { users } from './schema/index.ts';

/* Account lookups that several features need (auth, mentoring, roles), written once. */

/** The account with this email, compared case-insensitively (as the unique index does), or null. */
export async function findUserByEmail(tx: Tx, email: string) {
  const rows = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserById(tx: Tx, id: string) {
  const rows = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Founders who can act: a deactivated founder cannot sign in, so they do not count as the one who keeps the console. */
export async function countFounders(tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'founder'), isNull(users.deactivatedAt)));
  return row?.n ?? 0;
}

/** `countFounders` as a subquery, for a statement that reads it beside other things (the directory page). */
export const countFoundersSql = sql`select count(*) from users where role = 'founder' and deactivated_at is null`;

/** One advisory lock for every change that can remove a founder (role changes, deletions). */
export const FOUNDER_CHANGE_LOCK = 72_410_006;

/** Takes the founder-change lock for the transaction and returns how many founders there are now. */
export async function lockFoundersAndCount(tx: Transaction): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FOUNDER_CHANGE_LOCK})`);
  return countFounders(tx);
}
