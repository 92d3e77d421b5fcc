import type { CallbackItem, CallbackList, CallbackUpdateBody, CallbackView } from '#common/contracts/admin.ts';
import { isAdminRole } from '#common/domain/roles.ts';
import { callbackLanguages, type CallbackLanguage } from '#common/domain/support.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';

import { actorId, listPageOf, lockForChange, personRef, type Actor } from '../admin-shared.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { CallbackRow, CallbacksRepository } from './callbacks.repository.ts';

const isCallbackLanguage = (v: string | null): v is CallbackLanguage => callbackLanguages.includes(v as CallbackLanguage);

const toCallbackItem = (r: CallbackRow): CallbackItem => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  category: r.category,
  scoreBand: r.scoreBand,
  contactMethod: r.contactMethod,
  isVoicemailSafe: r.isVoicemailSafe,
  goodTime: r.goodTime,
  language: isCallbackLanguage(r.language) ? r.language : null,
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
  getPage: async (view: CallbackView, page: number): Promise<CallbackList> =>
    listPageOf(await callbacksRepo.findPage(view, page), page, toCallbackItem),

  async update({ actor, id, body }: { actor: Actor; id: string; body: CallbackUpdateBody }): Promise<CallbackItem> {
    // A responder who is not an admin marks a request contacted or closed; assigning and notes stay with the admins.
    if (actor.kind === 'user' && !isAdminRole(actor.role) && (body.assignedTo !== undefined || body.notes !== undefined))
      throw new AppError('FORBIDDEN', 'Only admins assign callback requests and write their notes; you can change the status.');
    await db.transaction(async (tx) => {
      const { set, changes, isChanged } = await lockForChange(callbacksRepo.lock(id, tx), body, {
        notFound: 'No callback request with this id.',
        secret: ['notes'],
      });
      if (!isChanged) return;
      if (set.assignedTo) {
        if (!(await callbacksRepo.lockTeamMember(set.assignedTo, tx)))
          throw new AppError('VALIDATION_FAILED', 'assignedTo: must be a team member (ambassador, coordinator, admin or founder)');
      }
      // Closing starts the retention clock; reopening stops it.
      const closedAt = set.status === undefined ? {} : { closedAt: set.status === 'closed' ? new Date() : null };
      await callbacksRepo.update(id, { ...set, ...closedAt }, tx);
      // Ids and what changed, never the person's name or phone (the entry outlives them).
      await auditRepo.insert(
        { actorId: actorId(actor), action: 'callback.updated', targetType: 'callback_request', targetId: id, details: changes },
        tx,
      );
    });
    return toCallbackItem((await callbacksRepo.findOne(id))!);
  },

  getAssignees: () => callbacksRepo.findTeam(),
});
export type CallbacksService = ReturnType<typeof callbacksServiceFactory>;
