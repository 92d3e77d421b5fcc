import type { Jobs } from '../../plugins/jobs.ts';
import { APPLICATIONS_DIGEST_QUEUE, CALLBACK_DIGEST_QUEUE, CALLBACK_ESCALATION_QUEUE, type StaffAlerts } from './staff-alerts.service.ts';

/** A scheduled run that fails is tried again a few times; a missed slot is caught up by the next one (nothing is marked until mailed). */
const scheduled = { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 300, retentionDays: 30 };

/**
 * The schedules (pg-boss cron, once per slot across instances): the callback and applications
 * digests every day at 8:00 in TZ_DEFAULT; overdue requests are looked for every 10 minutes.
 */
export function defineStaffAlertJobs(jobs: Pick<Jobs, 'define'>, alerts: StaffAlerts, timeZone: string) {
  jobs.define(CALLBACK_DIGEST_QUEUE, {
    cron: { expression: '0 8 * * *', tz: timeZone },
    options: scheduled,
    handler: () => alerts.sendCallbackDigest(),
  });
  jobs.define(APPLICATIONS_DIGEST_QUEUE, {
    cron: { expression: '0 8 * * *', tz: timeZone },
    options: scheduled,
    handler: () => alerts.sendApplicationsDigest(),
  });
  jobs.define(CALLBACK_ESCALATION_QUEUE, {
    cron: { expression: '*/10 * * * *', tz: timeZone },
    options: scheduled,
    handler: () => alerts.escalateOverdue(),
  });
}
