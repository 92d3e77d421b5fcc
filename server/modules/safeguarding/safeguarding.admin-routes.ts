import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  approvalResult,
  approveMentorBody,
  concernDetail,
  concernList,
  concernStatusBody,
  idParams,
  safeguardingPaths as paths,
  safeguardingAudit,
  safeguardingLeadBody,
  safeguardingLeadResult,
  safeguardingLinks,
  safeguardingMentors,
} from '#common/contracts/safeguarding.ts';

import { requireAdmin, requireRecentAuth, requireUser } from '../../plugins/session.ts';
import type { SafeguardingService } from './safeguarding.service.ts';

/**
 * The Safeguarding tab (registered inside the admin console's gate, which lets the safeguarding
 * lead through to these routes only, with two-step verification). Granting the lead role is an
 * admin's, with the password or a code typed again, as for a responder.
 */
const safeguardingAdminRoutes: FastifyPluginAsyncZod<{ safeguarding: SafeguardingService }> = async (app, { safeguarding: service }) => {
  app.get(paths.adminMentors, { schema: { response: { 200: safeguardingMentors } } }, async () => service.listMentors());
  app.post(paths.adminApprovals, { schema: { body: approveMentorBody, response: { 201: approvalResult } } }, async (req, reply) =>
    reply.status(201).send(await service.approve(requireUser(req), req.body)),
  );
  app.delete(paths.adminApproval, { schema: { params: idParams } }, async (req, reply) => {
    await service.revoke(requireUser(req), req.params.id);
    return reply.status(204).send();
  });
  app.get(paths.adminLinks, { schema: { response: { 200: safeguardingLinks } } }, async () => service.listLinks());
  app.post(paths.adminLinkPause, { schema: { params: idParams } }, async (req, reply) => {
    await service.pauseLink(requireUser(req), req.params.id);
    return reply.status(204).send();
  });
  app.post(paths.adminLinkResume, { schema: { params: idParams } }, async (req, reply) => {
    await service.resumeLink(requireUser(req), req.params.id);
    return reply.status(204).send();
  });
  app.get(paths.adminConcerns, { schema: { response: { 200: concernList } } }, async () => service.listConcerns());
  app.get(paths.adminConcern, { schema: { params: idParams, response: { 200: concernDetail } } }, async (req) =>
    service.openConcern(requireUser(req), req.params.id),
  );
  app.patch(paths.adminConcern, { schema: { params: idParams, body: concernStatusBody } }, async (req, reply) => {
    await service.setConcernStatus(requireUser(req), req.params.id, req.body.status);
    return reply.status(204).send();
  });
  app.get(paths.adminAudit, { schema: { response: { 200: safeguardingAudit } } }, async () => service.listAudit());
  app.put(
    paths.adminLead,
    { schema: { params: idParams, body: safeguardingLeadBody, response: { 200: safeguardingLeadResult } } },
    async (req) => {
      const admin = requireAdmin(req);
      requireRecentAuth(req);
      return service.setLead(admin, req.params.id, req.body.isSafeguardingLead);
    },
  );
};

export default safeguardingAdminRoutes;
