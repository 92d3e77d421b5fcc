import { roleChangeRefusal } from '#common/domain/eligibility.ts';
import { roles, type Role } from '#common/domain/roles.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';

import { actorId, via, type Actor } from '../admin-shared.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { RolesRepository } from './roles.repository.ts';

interface Deps {
  db: Db;
  rolesRepo: RolesRepository;
  auditRepo: AuditRepository;
}

export const rolesServiceFactory = ({ db, rolesRepo, auditRepo }: Deps) => {
  /**
   * Role management. Admins move people between user, ambassador and coordinator; only a founder
   * (or the operator at the command line) grants or removes admin and founder; the last founder
   * keeps the role whoever asks.
   */
  async function changeRole({
    actor,
    targetId,
    role,
  }: {
    actor: Actor;
    targetId: string;
    role: Role;
  }): Promise<{ id: string; role: Role }> {
    return db.transaction(async (tx) => {
      await rolesRepo.lock(tx);
      const target = await rolesRepo.findUserForUpdate(targetId, tx);
      if (!target) throw new AppError('NOT_FOUND', 'No user with this id.');
      if (target.role === role) return { id: target.id, role };
      const refusal = roleChangeRefusal(
        actor.kind === 'cli' ? 'founder' : actor.role,
        target.role,
        role,
        await rolesRepo.countFounders(tx),
      );
      if (refusal === 'not-admin') throw new AppError('FORBIDDEN', "You don't have permission to access the admin dashboard.");
      if (refusal === 'founder-only')
        throw new AppError('ROLE_FOUNDER_ONLY', 'Only a founder can grant or remove the admin and founder roles.');
      if (refusal === 'last-founder') throw new AppError('LAST_FOUNDER', 'This is the last founder. Make someone else a founder first.');
      await rolesRepo.setRole(target.id, role, tx);
      await auditRepo.insert(
        {
          actorId: actorId(actor),
          action: 'user.role_changed',
          targetType: 'user',
          targetId: target.id,
          details: { from: target.role, to: role, ...via(actor) },
        },
        tx,
      );
      return { id: target.id, role };
    });
  }

  /** Marks someone as a responder (mailed about callback requests like the admins), or not; audited. */
  async function setResponder({
    actor,
    targetId,
    isResponder,
  }: {
    actor: Actor;
    targetId: string;
    isResponder: boolean;
  }): Promise<{ id: string; isResponder: boolean }> {
    return db.transaction(async (tx) => {
      const target = await rolesRepo.findUserForUpdate(targetId, tx);
      if (!target) throw new AppError('NOT_FOUND', 'No user with this id.');
      if (target.isResponder === isResponder) return { id: target.id, isResponder };
      await rolesRepo.setResponder(target.id, isResponder, tx);
      await auditRepo.insert(
        {
          actorId: actorId(actor),
          action: 'user.responder_changed',
          targetType: 'user',
          targetId: target.id,
          details: { from: target.isResponder, to: isResponder, ...via(actor) },
        },
        tx,
      );
      return { id: target.id, isResponder };
    });
  }

  return {
    changeRole,
    setResponder,

    /** The command line's `grant <email> <role>`. */
    async grantRoleByEmail(email: string, role: Role) {
      if (!roles.includes(role)) throw new AppError('VALIDATION_FAILED', `role: must be one of ${roles.join(', ')}`);
      const user = await rolesRepo.findUserByEmail(email);
      if (!user) throw new AppError('NOT_FOUND', `No account with the email ${email}.`);
      return { ...(await changeRole({ actor: { kind: 'cli' }, targetId: user.id, role })), email: user.email, previousRole: user.role };
    },

    listStaff: () => rolesRepo.findStaff(),
  };
};
export type RolesService = ReturnType<typeof rolesServiceFactory>;
