import type { FastifyBaseLogger } from 'fastify';

import type { OptOutMailDeps } from '../mail/unsubscribe.ts';
import type { EncouragementRepository } from './encouragement.repository.ts';

export const ENCOURAGEMENT_QUEUE = 'encouragement-daily';

/** The first, second and third mail in a row say different things; the third says it is the last. */
const PARAGRAPHS = ['encouragement.first', 'encouragement.second', 'encouragement.third'] as const;
const BATCH = 500;

export type EncouragementService = ReturnType<typeof encouragementServiceFactory>;

/** Issue 9 flow 6: a learner who has not opened a lesson for a week gets one encouraging mail. */
export function encouragementServiceFactory(deps: OptOutMailDeps & { encouragementRepo: EncouragementRepository; log: FastifyBaseLogger }) {
  const repo = deps.encouragementRepo;
  /** The daily run: one mail per learner due, each written with its record in its own transaction. Returns how many were mailed. */
  async function sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await repo.findEncouragementCandidates(BATCH);
      for (const learner of batch) {
        const number = Math.min(learner.inRow, PARAGRAPHS.length - 1);
        const isMailed = await deps.db.transaction(async (tx) => {
          if (!(await repo.lockIfStillDue(learner.id, tx))) return false;
          await repo.insertAutoEncouragement(learner.id, `auto-${number + 1}`, tx);
          const { url, headers } = await deps.unsubscribe.headersFor('encouragement', learner.id);
          await deps.mail.enqueueFor(tx, learner, {
            kind: 'encouragement',
            headers,
            content: {
              subject: 'encouragement.subject',
              paragraphs: [PARAGRAPHS[number]!],
              action: { label: 'encouragement.action', url: deps.mail.link('/dashboard') },
              unsubscribe: { label: 'encouragement.unsubscribe', url },
              vars: { week: learner.currentWeek ?? 1 },
            },
          });
          return true;
        });
        if (isMailed) sent++;
      }
      if (batch.length < BATCH) break;
    }
    deps.mail.wake();
    deps.log.info({ sent }, 'encouragement mails written');
    return sent;
  }

  return { sendDue };
}
