import type { ApplicationDecision, ApplicationItem, ApplicationList, ApplicationView } from '#common/contracts/admin.ts';
import { roleAfterApproval } from '#common/domain/eligibility.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';

import { listPageOf, personRef, type Actor } from '../admin-shared.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { RolesRepository } from '../roles/roles.repository.ts';
import type { ApplicationRow, ApplicationsRepository } from './applications.repository.ts';
import type { ApplicationDecisionHooks } from './decision-mail.ts';

const toApplicationItem = (r: ApplicationRow): ApplicationItem => ({
  id: r.id,
  status: r.status,
  user: { id: r.userId, firstName: r.userFirstName, lastName: r.userLastName, email: r.userEmail, role: r.userRole },
  completedDisciples: Number(r.completedDisciples),
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
  decidedBy: personRef(r.deciderId, r.deciderFirstName, r.deciderLastName, r.deciderEmail),
});

interface Deps {
  db: Db;
  applicationsRepo: ApplicationsRepository;
  rolesRepo: RolesRepository;
  auditRepo: AuditRepository;
  /** The applicant's decision mail (the users CLI, which decides no application, has none). */
  decisionHooks?: ApplicationDecisionHooks;
}

/** The team's decisions on ambassador applications (applying lives in mentoring). */
export const applicationsServiceFactory = ({ db, applicationsRepo, rolesRepo, auditRepo, decisionHooks }: Deps) => ({
  getPage: async (view: ApplicationView, page: number): Promise<ApplicationList> =>
    listPageOf(await applicationsRepo.findPage({ view, page }), page, toApplicationItem),

  /** Approve (the applicant becomes an ambassador, never lower than they are) or decline a pending application. */
  async decide({
    actor,
    id,
    decision,
  }: {
    actor: Actor & { kind: 'user' };
    id: string;
    decision: ApplicationDecision;
  }): Promise<ApplicationItem> {
    await db.transaction(async (tx) => {
      // Approval can change a role: serialized with role changes.
      await rolesRepo.lock(tx);
      const application = await applicationsRepo.lock(id, tx);
      if (!application) throw new AppError('NOT_FOUND', 'No ambassador application with this id.');
      if (application.status !== 'pending') throw new AppError('ALREADY_DECIDED', `This application was already ${application.status}.`);
      const status = decision === 'approve' ? 'approved' : 'declined';
      await applicationsRepo.decide({ id, status, deciderId: actor.id }, tx);
      const applicant = (await rolesRepo.findUserForUpdate(application.userId, tx))!;
      // Ids only: the audit view names the applicant from the live account while it exists.
      const details: Record<string, unknown> = { applicantId: applicant.id };
      if (status === 'approved') {
        const role = roleAfterApproval(applicant.role);
        if (role !== applicant.role) {
          await rolesRepo.setRole(applicant.id, role, tx);
          details.role = { from: applicant.role, to: role };
        }
      }
      await auditRepo.insert(
        { actorId: actor.id, action: `ambassador_application.${status}`, targetType: 'ambassador_application', targetId: id, details },
        tx,
      );
      await decisionHooks?.onDecided(tx, { applicantId: applicant.id, status });
    });
    decisionHooks?.afterCommit();
    const { rows } = await applicationsRepo.findPage({ view: 'all', page: 1, id });
    return toApplicationItem(rows[0]!);
  },
});
export type ApplicationsService = ReturnType<typeof applicationsServiceFactory>;
