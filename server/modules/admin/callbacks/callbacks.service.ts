import type { CallbackItem, CallbackList, CallbackUpdateBody, CallbackView } from '../../../../common/contracts/admin.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { actorId, listPageOf, lockForChange, personRef, type Actor } from '../admin-shared.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { CallbackRow, CallbacksRepository } from './callbacks.repository.ts';

const toCallbackItem = (r: CallbackRow): CallbackItem => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  category: r.category,
  scoreBand: r.scoreBand,
  status: r.status,
  notes: r.notes,
  assignee: personRef(r.assignedTo, r.assigneeFirstName, r.assigneeLastName, r.assigneeEmail),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  isOverdue: r.isOverdue,
  deadlineHours: r.deadlineHours,
  isPriority: r.isPriority,
});

interface Deps {
  db: Db;
  callbacksRepo: CallbacksRepository;
  auditRepo: AuditRepository;
}

export const callbacksServiceFactory = ({ db, callbacksRepo, auditRepo }: Deps) => ({
  getPage: async (view: CallbackView, page: number): Promise<CallbackList> => listPageOf(await callbacksRepo.findPage(view, page), page, toCallbackItem),

  async update({ actor, id, body }: { actor: Actor; id: string; body: CallbackUpdateBody }): Promise<CallbackItem> {
    await db.transaction(async (tx) => {
      const { current, set, changes, isChanged } = await lockForChange(callbacksRepo.lock(id, tx), body, { notFound: 'No callback request with this id.', secret: ['notes'] });
      if (!isChanged) return;
      if (set.assignedTo) {
        const assignee = await callbacksRepo.lockTeamMember(set.assignedTo, tx);
        if (!assignee) throw new AppError('VALIDATION_FAILED', 'assignedTo: must be a team member (ambassador, coordinator, admin or founder)');
        changes.assignedTo = { ...(changes.assignedTo as object), email: assignee.email };
      }
      await callbacksRepo.update(id, set, tx);
      await auditRepo.insert({ actorId: actorId(actor), action: 'callback.updated', targetType: 'callback_request', targetId: id, details: { name: current.name, ...changes } }, tx);
    });
    return toCallbackItem((await callbacksRepo.findOne(id))!);
  },

  getAssignees: () => callbacksRepo.findTeam(),
});
export type CallbacksService = ReturnType<typeof callbacksServiceFactory>;
