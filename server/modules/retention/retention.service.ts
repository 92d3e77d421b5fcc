import type { FastifyBaseLogger } from 'fastify';

import {
  AUDIT_LOG_RETENTION_DAYS,
  DECLINED_APPLICATION_RETENTION_DAYS,
  MAIL_LOG_RETENTION_DAYS,
  PENDING_PARENT_RETENTION_DAYS,
} from '#common/domain/privacy.ts';

import type { Db } from '../../db/client.ts';
import { eraseAccount } from '../../lib/account-erasure.ts';
import type { RetentionRepository } from './retention.repository.ts';

/** The daily retention job's queue (pg-boss). */
export const RETENTION_QUEUE = 'retention-daily';

const DAY_MS = 86_400_000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

interface Deps {
  db: Db;
  retentionRepo: RetentionRepository;
  /** Days a closed callback request keeps its name and phone (RETENTION_CALLBACK_DAYS). */
  callbackDays: number;
  log: FastifyBaseLogger;
  /** Called after accounts were erased (the app forgets their remembered sessions). */
  onAccountsErased?: () => void;
}

export interface RetentionResult {
  callbacksCleared: number;
  watchmomsDeleted: number;
  ambassadorApplicationsDeleted: number;
  accountsErased: number;
  mailsDeleted: number;
  auditEntriesDeleted: number;
}

/**
 * The retention periods the privacy notice promises (docs/decisions/012), applied once a day:
 * closed callback requests lose who asked after `callbackDays`; declined applications are deleted
 * 180 days after the decision; accounts still waiting for a parent's consent are erased 30 days
 * after sign-up, by the same erasure as a person deleting their own account; mails that went out
 * are deleted from the outbox after 90 days and audit entries after two years (decision 063).
 * Expired sessions are swept hourly by the session plugin. Running twice changes nothing more.
 */
export const retentionServiceFactory = ({ db, retentionRepo, callbackDays, log, onAccountsErased }: Deps) => ({
  async run(now = new Date()): Promise<RetentionResult> {
    const applicationCutoff = daysBefore(now, DECLINED_APPLICATION_RETENTION_DAYS);
    const pendingCutoff = daysBefore(now, PENDING_PARENT_RETENTION_DAYS);
    const result = await db.transaction(async (tx) => ({
      callbacksCleared: await retentionRepo.clearClosedCallbacks(daysBefore(now, callbackDays), tx),
      watchmomsDeleted: await retentionRepo.deleteDeclinedWatchmoms(applicationCutoff, tx),
      ambassadorApplicationsDeleted: await retentionRepo.deleteDeclinedAmbassadorApplications(applicationCutoff, tx),
      accountsErased: 0,
      mailsDeleted: await retentionRepo.deleteOldMails(daysBefore(now, MAIL_LOG_RETENTION_DAYS), tx),
      auditEntriesDeleted: await retentionRepo.deleteOldAuditEntries(daysBefore(now, AUDIT_LOG_RETENTION_DAYS), tx),
    }));
    // One transaction per account: a failure leaves the others erased, and the retry picks up the rest.
    for (;;) {
      const erased = await db.transaction(async (tx) => {
        const account = await retentionRepo.lockNextPendingParentAccount(pendingCutoff, tx);
        if (!account) return false;
        await eraseAccount(tx, account, {
          actorId: null,
          action: 'account.deleted',
          details: { by: 'retention', reason: 'parental-consent-not-given' },
        });
        return true;
      });
      if (!erased) break;
      result.accountsErased++;
    }
    if (result.accountsErased > 0) onAccountsErased?.();
    if (Object.values(result).some((n) => n > 0)) {
      // Counts only: what was removed is gone, and the log of it must not bring it back.
      await retentionRepo.insertRunAudit({ ...result });
    }
    log.info({ retention: result }, 'retention job done');
    return result;
  },
});
export type RetentionService = ReturnType<typeof retentionServiceFactory>;
