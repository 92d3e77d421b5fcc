import { desc, eq, inArray, sql } from 'drizzle-orm';

import { teamRoles, type Role } from '#common/domain/roles.ts';
import type { Db, Transaction, Tx } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import { countFounders, findUserByEmail, FOUNDER_CHANGE_LOCK } from '#server/db/users.ts';

export const rolesRepositoryFactory = (db: Db) => ({
  /** Serializes role changes so two founders demoting each other at once cannot leave none. */
  async lock(tx: Transaction) {
    await tx.execute(sql`select pg_advisory_xact_lock(${FOUNDER_CHANGE_LOCK})`);
  },

  countFounders: (tx: Tx = db) => countFounders(tx),

  async findUserForUpdate(id: string, tx: Transaction) {
    const rows = await tx.select().from(users).where(eq(users.id, id)).for('update');
    return rows[0] ?? null;
  },

  findUserByEmail: (email: string, tx: Tx = db) => findUserByEmail(tx, email),

  async setRole(id: string, role: Role, tx: Tx = db) {
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
  },

  async setResponder(id: string, isResponder: boolean, tx: Tx = db) {
    await tx.update(users).set({ isResponder, updatedAt: new Date() }).where(eq(users.id, id));
  },

  /** The team (every role above user), highest role first, for the command line's `list`. */
  async findStaff(tx: Tx = db) {
    return (
      tx
        .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role })
        .from(users)
        .where(inArray(users.role, [...teamRoles]))
        // An enum sorts in the order of its list (`roles`, lowest first).
        .orderBy(desc(users.role), users.email)
    );
  },
});
export type RolesRepository = ReturnType<typeof rolesRepositoryFactory>;
