import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OUTBOX_PAGE_SIZE, outboxList, outboxListQuery } from '../../../common/contracts/mail.ts';
import { mailPaths } from '../../../common/contracts/mail-paths.ts';
import { requireAdmin } from '../../plugins/session.ts';
import * as repo from './mail.repository.ts';
import { hideSecretLinks } from './secret-links.ts';

/**
 * The admin console's outbox: every mail, its status, the SMTP server's reason for a failure, and its
 * text with secret links' tokens hidden (an admin must not be able to reset someone's password).
 */
const mailRoutes: FastifyPluginAsyncZod<{ isSmtpConfigured: boolean }> = async (app, { isSmtpConfigured }) => {
  app.get(mailPaths.outbox, { onRequest: async (req) => void requireAdmin(req), schema: { querystring: outboxListQuery, response: { 200: outboxList } } }, async (req) => {
    const { page, status } = req.query;
    const { rows, total } = await repo.findOutboxPage(app.db, status, (page - 1) * OUTBOX_PAGE_SIZE, OUTBOX_PAGE_SIZE);
    await repo.auditOutboxRead(app.db, req.user!.id, page, status);
    return {
      items: rows.map((r) => ({
        id: r.id,
        to: r.toAddress,
        kind: r.kind,
        locale: r.locale,
        subject: r.subject,
        text: hideSecretLinks(r.text),
        status: r.status,
        attempts: r.attempts,
        lastError: r.lastError,
        createdAt: r.createdAt.toISOString(),
        sentAt: r.sentAt?.toISOString() ?? null,
      })),
      total,
      page,
      pageSize: OUTBOX_PAGE_SIZE,
      isSmtpConfigured,
    };
  });
};

export default mailRoutes;
