import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { adminApi } from '#common/contracts/admin.ts';
import { isAdminRole } from '#common/contracts/auth.ts';
import { routeKey } from '#common/contracts/endpoint.ts';
import { insightsApi } from '#common/contracts/insights.ts';

import { AppError } from '../../lib/app-error.ts';
import { routeKeyOf } from '../../lib/route.ts';
import { requireAdmin, requireCallbackStaff, requireSafeguardingStaff } from '../../plugins/session.ts';
import type { MentoringService } from '../mentoring/mentoring.service.ts';
import safeguardingAdminRoutes from '../safeguarding/safeguarding.admin-routes.ts';
import type { SafeguardingService } from '../safeguarding/safeguarding.service.ts';
import accountsRoutes from './accounts/accounts.routes.ts';
import { adminServicesFactory } from './admin.services.ts';
import applicationsRoutes from './applications/applications.routes.ts';
import type { ApplicationDecisionHooks } from './applications/decision-mail.ts';
import { auditRepositoryFactory } from './audit/audit.repository.ts';
import auditRoutes from './audit/audit.routes.ts';
import callbacksRoutes from './callbacks/callbacks.routes.ts';
import directoryRoutes from './directory/directory.routes.ts';
import { defineInsightsJobs } from './insights/insights.jobs.ts';
import insightsRoutes from './insights/insights.routes.ts';
import mentorsRoutes from './mentors/mentors.routes.ts';
import rolesRoutes from './roles/roles.routes.ts';
import watchmomsRoutes from './watchmoms/watchmoms.routes.ts';

/** The routes of the console a responder who is not an admin may call (method and route pattern). */
const inboxRoutes = new Set([adminApi.callbacks, adminApi.updateCallback, insightsApi.care].map(routeKey));

/** The admin console's API, one module per area: admins and founders only (401 for visitors, 403 for everyone else), but for the callback inbox that responders open too. */
const adminRoutes: FastifyPluginAsyncZod<{
  rateLimit: number;
  mentoring: MentoringService;
  decisionHooks: ApplicationDecisionHooks;
  safeguarding: SafeguardingService;
}> = async (app, { rateLimit, mentoring, decisionHooks, safeguarding }) => {
  // Before the body is even parsed: a visitor or a non-admin learns nothing about what the endpoint accepts.
  // Registered here, the hook covers every area below (they are child plugins of this one).
  // A signed-in account refused here is audited (by id): probing the console is worth knowing about.
  const auditRepo = auditRepositoryFactory(app.db);
  // Responders who are not admins get the callback inbox only: its list and its status change (decision 015),
  // and the inbox's figures in Insights (care charts, decision 076).
  const isInboxRoute = (req: FastifyRequest) => inboxRoutes.has(routeKeyOf(req));
  // The safeguarding lead who is not an admin gets the Safeguarding tab's routes only (issue 25).
  const isSafeguardingRoute = (req: FastifyRequest) => (req.routeOptions.url ?? '').startsWith('/api/admin/safeguarding/');
  app.addHook('onRequest', async (req) => {
    const isResponderAllowed = !!req.user?.isResponder && isInboxRoute(req);
    const isLeadAllowed = !!req.user?.isSafeguardingLead && isSafeguardingRoute(req);
    if (req.user && !isAdminRole(req.user.role) && !isResponderAllowed && !isLeadAllowed)
      await auditRepo.insert({
        actorId: req.user.id,
        action: 'admin.refused',
        targetType: 'route',
        targetId: null,
        details: { method: req.method, route: req.routeOptions.url ?? '', role: req.user.role },
      });
    if (isResponderAllowed) requireCallbackStaff(req);
    else if (isLeadAllowed) requireSafeguardingStaff(req);
    else requireAdmin(req);
  });
  // Per admin account (after the gate, so req.user is an admin): a stolen admin session or a
  // runaway script cannot read the whole directory at full speed. Counted across instances.
  app.addHook('onRequest', app.rateLimit({ max: rateLimit, timeWindow: '1 minute', keyGenerator: (req) => `admin|${req.user!.id}` }));
  // Reads of personal data are audited too (issue 10, defect 16): who opened which list, which page,
  // filtered by what (whether there was a search, not its text: it may be an email). The CSV export is
  // audited by its service, with its filters.
  const personalDataReads: Record<string, string> = {
    [adminApi.users.path]: 'directory',
    [adminApi.callbacks.path]: 'callbacks',
    [adminApi.watchmoms.path]: 'watchmoms-applications',
    [adminApi.applications.path]: 'ambassador-applications',
  };
  // Written before the answer leaves (onSend): no list of personal data goes out unrecorded.
  app.addHook('onSend', async (req, reply, payload) => {
    const area = personalDataReads[req.routeOptions.url ?? ''];
    if (!area || req.method !== 'GET' || reply.statusCode !== 200 || !req.user) return payload;
    const { page = 1, pageSize: _pageSize, search, ...filters } = (req.query ?? {}) as Record<string, unknown>;
    await auditRepo.insert({
      actorId: req.user.id,
      action: 'admin.read',
      targetType: area,
      targetId: null,
      details: { page: Number(page), isSearch: Boolean(search), filters },
    });
    return payload;
  });
  // An admin's action the rules refuse (granting founder without being one, removing the last
  // founder, deciding twice...) is recorded with the reason's code.
  app.addHook('onError', async (req, _reply, err) => {
    if (
      !req.user ||
      !(isAdminRole(req.user.role) || req.user.isResponder || req.user.isSafeguardingLead) ||
      !(err instanceof AppError) ||
      (err.status !== 403 && err.status !== 409)
    )
      return;
    await auditRepo.insert({
      actorId: req.user.id,
      action: 'admin.action-refused',
      targetType: 'route',
      targetId: (req.params as { id?: string } | undefined)?.id ?? null,
      details: { method: req.method, route: req.routeOptions.url ?? '', code: err.code },
    });
  });
  const services = adminServicesFactory(app.db, { decisionHooks });
  await app.register(directoryRoutes, { directory: services.directory });
  await app.register(rolesRoutes, { roles: services.roles });
  await app.register(accountsRoutes, { accounts: services.accounts });
  await app.register(callbacksRoutes, { callbacks: services.callbacks });
  await app.register(watchmomsRoutes, { watchmoms: services.watchmoms });
  await app.register(applicationsRoutes, { applications: services.applications });
  await app.register(auditRoutes, { audit: services.audit });
  await app.register(mentorsRoutes, { mentoring });
  defineInsightsJobs(app.jobs, services.insights);
  await app.register(insightsRoutes, { insights: services.insights });
  await app.register(safeguardingAdminRoutes, { safeguarding });
};

export default adminRoutes;
