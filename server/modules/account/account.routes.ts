import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { accountApi } from '#common/contracts/auth-paths.ts';
import { PASSWORD_RESET_ACCEPTED } from '#common/contracts/mail.ts';
import { mfaApi } from '#common/contracts/security.ts';

import { AppError } from '../../lib/app-error.ts';
import { toCurrentUser } from '../../lib/current-user.ts';
import { MFA_CHALLENGE_COOKIE, MFA_CHALLENGE_TTL_MS } from '../../lib/mfa-challenge.ts';
import { routeOf } from '../../lib/route.ts';
import { createSession, setSessionCookie } from '../../lib/session.ts';
import { requireUser } from '../../plugins/session.ts';
import type { AccountService } from './account.service.ts';
import type { SecurityService } from './security.service.ts';

interface Options {
  account: AccountService;
  security: Pick<SecurityService, 'isTotpEnabled' | 'startChallenge'>;
  /** Requests per minute per client. */
  authRateLimit: number;
}

/**
 * A password-reset request is answered this long after it arrived, whatever the address (ASVS 5.0
 * 6.3.8: forgot-password must not reveal an account by its response time). Far above the work of
 * either answer; people asking for a reset do not notice a quarter of a second.
 */
export const PASSWORD_RESET_ANSWER_MS = 250;

const accountRoutes: FastifyPluginAsyncZod<Options> = async (app, { account, security, authRateLimit }) => {
  const perClient = { rateLimit: { max: authRateLimit, timeWindow: '1 minute' } };
  // Reached from a link in a mail, signed in or not.
  const publicPerClient = { access: 'public' as const, ...perClient };
  // Per address as well as per client: nobody floods someone's mailbox from many addresses. The
  // same limit applies to unknown addresses, so a 429 reveals nothing about accounts.
  const perAddress = app.createRateLimit({
    max: 3,
    timeWindow: '15 minutes',
    keyGenerator: (req) => `password-reset:${(req.body as { email: string }).email}`,
  });

  app.route({
    ...routeOf(accountApi.passwordReset),
    config: publicPerClient,
    handler: async (req, reply) => {
      const answerAt = performance.now() + PASSWORD_RESET_ANSWER_MS;
      const limit = await perAddress(req);
      if (!limit.isAllowed && limit.isExceeded)
        throw new AppError('RATE_LIMITED', 'Too many requests for this address. Please wait a few minutes and try again.');
      await account.requestPasswordReset(req.body.email);
      // An address with an account costs a transaction (the link and its mail), an unknown one a lookup:
      // both answer at the same moment, so the time does not tell whether the address has an account.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, answerAt - performance.now())));
      return reply.status(202).send(PASSWORD_RESET_ACCEPTED);
    },
  });

  app.route({
    ...routeOf(accountApi.passwordResetConfirm),
    config: publicPerClient,
    handler: async (req, reply) => {
      const user = await account.confirmPasswordReset(req.body);
      // The ended sessions are forgotten before the answer, not after it.
      app.sessionCache.clear();
      // The new password is kept (the data stays), but a deactivated account does not sign in: told after the mailbox proved who asks.
      if (user.deactivatedAt)
        throw new AppError('ACCOUNT_DEACTIVATED', 'This account was deactivated by the team. Write to us if you think this is a mistake.');
      // A mailed link proves the mailbox, not the second factor: an account with two-step
      // verification signs in with its code next (docs/decisions/038).
      if (await security.isTotpEnabled(user.id)) {
        const challenge = await security.startChallenge({ user, userAgent: req.headers['user-agent'] });
        reply.setCookie(MFA_CHALLENGE_COOKIE, challenge, {
          path: mfaApi.signIn.path,
          httpOnly: true,
          sameSite: 'strict',
          secure: req.protocol === 'https',
          maxAge: MFA_CHALLENGE_TTL_MS / 1000,
        });
        return reply.status(202).send({ mfaRequired: true as const });
      }
      // Every session of the user ended, this browser's included: it gets a new one.
      setSessionCookie(
        req,
        reply,
        await createSession(app.db, user.id, app.sessionPolicy, { userAgent: req.headers['user-agent'] }),
        app.sessionPolicy,
      );
      return toCurrentUser(user);
    },
  });

  app.route({
    ...routeOf(accountApi.verifyEmail),
    config: publicPerClient,
    handler: async (req, reply) => {
      await account.verifyEmail(req.body.token);
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(accountApi.resendVerification),
    config: perClient,
    handler: async (req, reply) => {
      await account.sendVerification(requireUser(req));
      return reply.status(202).send({ message: 'A new confirmation link is on its way.' });
    },
  });

  app.route({
    ...routeOf(accountApi.locale),
    handler: async (req, reply) => {
      const user = requireUser(req);
      await account.setLocale(user.id, req.body.locale);
      return reply.status(204).send();
    },
  });
};

export default accountRoutes;
