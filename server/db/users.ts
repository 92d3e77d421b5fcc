import { eq, sql } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { users } from './schema/index.ts';

/* Account lookups that several features need (auth, mentoring, roles), written once. */

/** The account with this email, compared case-insensitively (as the unique index does), or null. */
export async function findUserByEmail(tx: Tx, email: string) {
  const rows = await tx.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return rows[0] ?? null;
}

export async function findUserById(tx: Tx, id: string) {
  const rows = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function countFounders(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.role, 'founder'));
  return row?.n ?? 0;
}
