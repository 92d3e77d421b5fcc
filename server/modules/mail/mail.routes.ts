import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { mailApi, OUTBOX_PAGE_SIZE } from '#common/contracts/mail.ts';

import { AppError } from '../../lib/app-error.ts';
import { routeOf } from '../../lib/route.ts';
import { requireAdmin } from '../../plugins/session.ts';
import { isFromThisComputer, type LocalMailboxStore } from './local-mailbox.ts';
import type { MailRepository } from './mail.repository.ts';
import { hideSecretLinks } from './secret-links.ts';

/**
 * The admin console's outbox: every mail, its status, the SMTP server's reason for a failure, and its
 * text with secret links' tokens hidden (an admin must not be able to reset someone's password).
 */
const mailRoutes: FastifyPluginAsyncZod<{
  mailRepo: MailRepository;
  isSmtpConfigured: boolean;
  localMailbox: LocalMailboxStore | null;
}> = async (app, { mailRepo: repo, isSmtpConfigured, localMailbox }) => {
  /**
   * The local mailbox of a laptop install (decision 059): only where it is on, and only to a browser
   * on this computer (the socket's address, whatever a proxy header says). No sign-in: the person
   * reading it is the one who runs the app, signing up as a learner to try it.
   */
  app.route({
    ...routeOf(mailApi.localMailbox),
    config: { access: 'public' },
    handler: async (req) => {
      if (!localMailbox)
        throw new AppError('NOT_FOUND', 'This install has no local mailbox: its mail is sent through SMTP or waits in the outbox.');
      if (!isFromThisComputer(req.socket.remoteAddress))
        throw new AppError('FORBIDDEN', 'The local mailbox opens only on the computer that runs the app.');
      return { items: localMailbox.list() };
    },
  });

  app.route({
    ...routeOf(mailApi.outbox),
    onRequest: async (req) => void requireAdmin(req),
    handler: async (req) => {
      const { page, status } = req.query;
      const { rows, total } = await repo.findOutboxPage(status, (page - 1) * OUTBOX_PAGE_SIZE, OUTBOX_PAGE_SIZE);
      await repo.auditOutboxRead(req.user!.id, page, status);
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
        isLocalMailbox: localMailbox !== null,
      };
    },
  });
};

export default mailRoutes;
