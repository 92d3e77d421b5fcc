import type { Jobs } from '../../plugins/jobs.ts';
import { CONCERN_ESCALATION_QUEUE, SAFEGUARDING_DAILY_QUEUE, type SafeguardingService } from './safeguarding.service.ts';

/** A failed run is tried again a few times; a missed one is caught up by the next (nothing is marked until done). */
const scheduled = { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 600, retentionDays: 30 };

/**
 * Every day at 7:00 in TZ_DEFAULT: approvals that ran out pause their links with minors (both told
 * in neutral words), renewal reminders 30 days before, and records past their retention removed.
 * Every 10 minutes: concerns nobody opened within 24 hours are mailed to every admin.
 */
export function defineSafeguardingJobs(jobs: Pick<Jobs, 'define'>, safeguarding: SafeguardingService, timeZone: string) {
  jobs.define(SAFEGUARDING_DAILY_QUEUE, {
    cron: { expression: '0 7 * * *', tz: timeZone },
    options: scheduled,
    handler: () => safeguarding.runDaily(),
  });
  jobs.define(CONCERN_ESCALATION_QUEUE, {
    cron: { expression: '*/10 * * * *', tz: timeZone },
    options: scheduled,
    handler: () => safeguarding.escalateOverdue(),
  });
}
