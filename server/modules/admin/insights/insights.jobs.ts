import type { Jobs } from '#server/plugins/jobs.ts';

import type { InsightsService } from './insights.service.ts';

export const INSIGHTS_REFRESH_QUEUE = 'insights-refresh';

/**
 * The schedule (pg-boss cron, once per slot across instances): every hour, so the precomputed
 * figures are built at once on a new install, then rebuilt about once a day (decision 076).
 */
export function defineInsightsJobs(jobs: Pick<Jobs, 'define'>, insights: InsightsService) {
  jobs.define(INSIGHTS_REFRESH_QUEUE, {
    cron: { expression: '7 * * * *', tz: 'UTC' },
    options: { retryLimit: 2, retryDelay: 300, expireInSeconds: 900, retentionDays: 7 },
    handler: () => insights.refreshIfStale(),
  });
}
