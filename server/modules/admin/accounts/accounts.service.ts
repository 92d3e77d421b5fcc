import type { DeactivationResult } from '#common/contracts/admin.ts';
import { accountActionRefusal, type AccountAction } from '#common/domain/eligibility.ts';
import type { Db, Transaction } from '#server/db/client.ts';
import { lockFoundersAndCount } from '#server/db/users.ts';
import { eraseAccount } from '#server/lib/account-erasure.ts';
import { AppError } from '#server/lib/app-error.ts';

import type { Actor } from '../admin-shared.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { AccountsRepository } from './accounts.repository.ts';

interface Deps {
  db: Db;
  accountsRepo: AccountsRepository;
  auditRepo: AuditRepository;
}

type UserActor = Actor & { kind: 'user' };

const refusals = {
  'not-admin': () => new AppError('FORBIDDEN', "You don't have permission to access the admin dashboard."),
  'own-account': (action: AccountAction) =>
    new AppError(
      'OWN_ACCOUNT',
      action === 'delete'
        ? 'Delete your own account from your settings, not from the directory.'
        : 'You cannot deactivate or reactivate your own account.',
    ),
  'founder-only': () => new AppError('ROLE_FOUNDER_ONLY', 'Only a founder can deactivate, reactivate or delete an admin or a founder.'),
  'last-founder': () => new AppError('LAST_FOUNDER', 'This is the last founder. Make someone else a founder first.'),
} as const;

/**
 * Deactivating (sign-in refused, sessions ended, data kept), reactivating and deleting accounts
 * from the directory, under the founder lock: two founders acting on each other at once cannot
 * leave no active founder. Every change is audited by id.
 */
export const accountsServiceFactory = ({ db, accountsRepo, auditRepo }: Deps) => {
  /** The locked target, once the rules allow `action` on it. */
  async function lockAllowed(tx: Transaction, actor: UserActor, targetId: string, action: AccountAction) {
    const activeFounders = await lockFoundersAndCount(tx);
    const target = await accountsRepo.lockUser(targetId, tx);
    if (!target) throw new AppError('NOT_FOUND', 'No user with this id.');
    const refusal = accountActionRefusal(
      actor,
      { id: target.id, role: target.role, isDeactivated: target.deactivatedAt !== null },
      action,
      activeFounders,
    );
    if (refusal) throw refusals[refusal](action);
    return target;
  }

  return {
    async setDeactivated({
      actor,
      targetId,
      isDeactivated,
    }: {
      actor: UserActor;
      targetId: string;
      isDeactivated: boolean;
    }): Promise<DeactivationResult> {
      return db.transaction(async (tx) => {
        const target = await lockAllowed(tx, actor, targetId, isDeactivated ? 'deactivate' : 'reactivate');
        if ((target.deactivatedAt !== null) === isDeactivated) return { id: target.id, isDeactivated };
        await accountsRepo.setDeactivatedAt(target.id, isDeactivated ? new Date() : null, tx);
        if (isDeactivated) await accountsRepo.endSessions(target.id, tx);
        await auditRepo.insert(
          { actorId: actor.id, action: isDeactivated ? 'user.deactivated' : 'user.reactivated', targetType: 'user', targetId: target.id },
          tx,
        );
        return { id: target.id, isDeactivated };
      });
    },

    /** Erases the account as `DELETE /api/me` does (server/lib/account-erasure.ts). */
    async deleteUser({ actor, targetId }: { actor: UserActor; targetId: string }): Promise<void> {
      await db.transaction(async (tx) => {
        const target = await lockAllowed(tx, actor, targetId, 'delete');
        await eraseAccount(tx, target, { actorId: actor.id, action: 'account.deleted', details: { by: 'admin' } });
      });
    },
  };
};
export type AccountsService = ReturnType<typeof accountsServiceFactory>;
