import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  careReport,
  funnelQuery,
  funnelReport,
  growthReport,
  insightsPaths,
  insightsQuery,
  multiplicationReport,
} from '../../../../common/contracts/insights.ts';
import type { Jobs } from '../../../plugins/jobs.ts';
import { adminActor, callbackStaffActor } from '../admin-actor.ts';
import type { InsightsService } from './insights.service.ts';

export const INSIGHTS_REFRESH_QUEUE = 'insights-refresh';
/** The precomputed figures are rebuilt when older than this (looked at every hour): about once a day. */
const REFRESH_AFTER_MS = 23.5 * 3_600_000;

/**
 * The Insights tab (registered inside the admin gate, decision 076): the funnel, growth and
 * multiplication charts for admins and founders; the care charts for them and for responders (the
 * figures of the inbox they work). Counts only, and none below 5.
 */
const insightsRoutes: FastifyPluginAsyncZod<{ insights: InsightsService; jobs: Pick<Jobs, 'define'> }> = async (
  app,
  { insights, jobs },
) => {
  // Every hour on one instance: rebuilt at once on a new install, then about once a day.
  jobs.define(INSIGHTS_REFRESH_QUEUE, {
    cron: { expression: '7 * * * *', tz: 'UTC' },
    options: { retryLimit: 2, retryDelay: 300, expireInSeconds: 900, retentionDays: 7 },
    handler: async () => {
      const last = await insights.refreshedAt();
      if (!last || Date.now() - last.getTime() > REFRESH_AFTER_MS) await insights.refresh();
    },
  });

  app.get(insightsPaths.funnel, { schema: { querystring: funnelQuery, response: { 200: funnelReport } } }, async (req) => {
    adminActor(req);
    const { course, ...filters } = req.query;
    return insights.getFunnel(filters, course);
  });
  app.get(insightsPaths.growth, { schema: { querystring: insightsQuery, response: { 200: growthReport } } }, async (req) => {
    adminActor(req);
    return insights.getGrowth(req.query);
  });
  app.get(
    insightsPaths.multiplication,
    { schema: { querystring: insightsQuery, response: { 200: multiplicationReport } } },
    async (req) => {
      adminActor(req);
      return insights.getMultiplication(req.query);
    },
  );
  app.get(insightsPaths.care, { schema: { querystring: insightsQuery, response: { 200: careReport } } }, async (req) => {
    callbackStaffActor(req);
    return insights.getCare(req.query);
  });
};

export default insightsRoutes;
