import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { authApi } from '#common/contracts/auth-paths.ts';
import type { PublicConfig } from '#common/contracts/auth.ts';
import { mfaApi } from '#common/contracts/security.ts';
import { safeReturnPath } from '#common/domain/return-to.ts';

import { AppError } from '../../lib/app-error.ts';
import { toCurrentUser } from '../../lib/current-user.ts';
import { MFA_CHALLENGE_COOKIE, MFA_CHALLENGE_TTL_MS, type SecondFactorSignIn } from '../../lib/mfa-challenge.ts';
import { routeOf } from '../../lib/route.ts';
import {
  clearSessionCookie,
  createSession,
  destroySession,
  newToken,
  sessionCookieName,
  setSessionCookie,
  type UserRow,
} from '../../lib/session.ts';
import { rememberChildBrowser } from '../consent/child-browsers.ts';
import type { ConsentService } from '../consent/consent.service.ts';
import { SIGN_UP_TTL_MS, type AuthService } from './auth.service.ts';
import { OIDC_STATE_COOKIE, type OidcLogin } from './oidc.ts';

/** Names the browser that signed up, so the mailed link opened there needs no password (decision 037). */
export const SIGN_UP_COOKIE = 'signup';

interface Options {
  auth: AuthService;
  /** Marks the browsers of a young person waiting for a parent (decision 065). */
  consent: Pick<ConsentService, 'rememberChildDevice'>;
  /** Two-step verification: sign-ins of accounts that use it go through a second step. */
  security: SecondFactorSignIn;
  oidc: OidcLogin | null;
  publicConfig: PublicConfig;
  authRateLimit: number;
}

const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { auth, consent, security, oidc, publicConfig: pub, authRateLimit }) => {
  const rateLimit = { max: authRateLimit, timeWindow: '1 minute' };

  type Req = Parameters<typeof setSessionCookie>[0];
  type Reply = Parameters<typeof setSessionCookie>[1];
  /** Told only after the right password, code or provider's word: nobody learns it from an email alone. */
  function refuseDeactivated(user: UserRow) {
    if (user.deactivatedAt)
      throw new AppError('ACCOUNT_DEACTIVATED', 'This account was deactivated by the team. Write to us if you think this is a mistake.');
  }

  async function startSession(req: Req, reply: Reply, user: UserRow, opts: { isMfaVerified?: boolean; userAgent?: string } = {}) {
    refuseDeactivated(user);
    // A new session id at every sign-in; an older session of this browser is ended.
    const previous = req.cookies[sessionCookieName(req)];
    if (previous) await destroySession(app.db, previous);
    app.sessionCache.clear();
    const token = await createSession(app.db, user.id, app.sessionPolicy, {
      userAgent: opts.userAgent ?? req.headers['user-agent'],
      isMfaVerified: opts.isMfaVerified,
    });
    setSessionCookie(req, reply, token, app.sessionPolicy);
    // The parent's link will not work in a browser the young person waiting for them signed in from (decision 065).
    if (user.consentStatus === 'pending_parent') await rememberChildBrowser(consent, req, reply, user.id);
  }

  /**
   * A right password (or OpenID sign-in): a session at once, or, when the account uses two-step
   * verification, a challenge cookie and no session until the code (docs/decisions/038).
   */
  async function signInOrChallenge(req: Req, reply: Reply, user: UserRow): Promise<'signed-in' | 'mfa'> {
    refuseDeactivated(user);
    if (!(await security.isTotpEnabled(user.id))) {
      await startSession(req, reply, user);
      return 'signed-in';
    }
    const challenge = await security.startChallenge({ user, userAgent: req.headers['user-agent'] });
    reply.setCookie(MFA_CHALLENGE_COOKIE, challenge, {
      path: mfaApi.signIn.path,
      httpOnly: true,
      sameSite: 'strict',
      secure: req.protocol === 'https',
      maxAge: MFA_CHALLENGE_TTL_MS / 1000,
    });
    return 'mfa';
  }

  app.route({ ...routeOf(authApi.config), config: { access: 'public' }, handler: async () => pub });

  app.route({
    ...routeOf(authApi.login),
    config: { access: 'public' },
    handler: async (req, reply) => {
      const returnTo = safeReturnPath(req.query.returnTo);
      if (!oidc) return reply.redirect(`/login${returnTo === '/' ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`);
      const redirectUri = `${req.protocol}://${req.host}${authApi.callback.path}`;
      const { url, stateId } = await oidc.start(redirectUri, returnTo);
      reply.setCookie(OIDC_STATE_COOKIE, stateId, {
        path: authApi.callback.path,
        httpOnly: true,
        sameSite: 'lax',
        secure: req.protocol === 'https',
        maxAge: 600,
      });
      return reply.redirect(url);
    },
  });

  app.route({
    ...routeOf(authApi.callback),
    config: { access: 'public' },
    handler: async (req, reply) => {
      if (!oidc) return reply.redirect('/login');
      const url = new URL(req.url, `${req.protocol}://${req.host}`);
      const { identity, returnTo } = await oidc.finish(url, req.cookies[OIDC_STATE_COOKIE]);
      reply.clearCookie(OIDC_STATE_COOKIE, { path: authApi.callback.path });
      const back = safeReturnPath(returnTo);
      const user = await auth.signInWithOidc(identity);
      // A browser arrives here from the provider: it is sent to the sign-in page, which says why.
      if (user.deactivatedAt) return reply.redirect('/login?deactivated=1');
      if ((await signInOrChallenge(req, reply, user)) === 'mfa')
        return reply.redirect(`/login?mfa=1${back === '/' ? '' : `&returnTo=${encodeURIComponent(back)}`}`);
      return reply.redirect(back);
    },
  });

  app.route({
    ...routeOf(authApi.signIn),
    config: { access: 'public', rateLimit },
    handler: async (req, reply) => {
      const user = await auth.signIn(req.body);
      if ((await signInOrChallenge(req, reply, user)) === 'mfa') return reply.status(202).send({ mfaRequired: true as const });
      return toCurrentUser(user);
    },
  });

  // The second step: a code from the app or a recovery code, for the challenge in the cookie.
  app.route({
    ...routeOf(mfaApi.signIn),
    config: { access: 'public', rateLimit },
    handler: async (req, reply) => {
      const { user, userAgent } = await security.completeChallenge({ token: req.cookies[MFA_CHALLENGE_COOKIE], body: req.body });
      reply.clearCookie(MFA_CHALLENGE_COOKIE, { path: mfaApi.signIn.path });
      await startSession(req, reply, user, { isMfaVerified: true, userAgent: userAgent ?? undefined });
      return toCurrentUser(user);
    },
  });

  // The same answer (status, body, cookie) whether or not the address has an account (decision 037).
  // Its mail (the link, or the owner's warning) is committed before the answer and sent once the
  // answer is out, so the sign-up does not wait on the sending (decision 015).
  const wakeMailAfter = { onResponse: async () => auth.wakeMail() };
  app.route({
    ...routeOf(authApi.signUp),
    config: { access: 'public', rateLimit },
    ...wakeMailAfter,
    handler: async (req, reply) => {
      const browser = newToken();
      await auth.signUp(req.body, browser);
      reply.setCookie(SIGN_UP_COOKIE, browser, {
        path: authApi.signUp.path,
        httpOnly: true,
        sameSite: 'strict',
        secure: req.protocol === 'https',
        maxAge: SIGN_UP_TTL_MS / 1000,
      });
      return reply.status(202).send({ confirmEmail: true as const });
    },
  });

  // The link of the sign-up mail: the account is created and this browser signed in.
  app.route({
    ...routeOf(authApi.signUpConfirm),
    config: { access: 'public', rateLimit },
    ...wakeMailAfter,
    handler: async (req, reply) => {
      const user = await auth.confirmSignUp(req.body, req.cookies[SIGN_UP_COOKIE]);
      reply.clearCookie(SIGN_UP_COOKIE, { path: authApi.signUp.path });
      await startSession(req, reply, user);
      return toCurrentUser(user);
    },
  });

  app.route({
    ...routeOf(authApi.logout),
    config: { access: 'public' },
    handler: async (req, reply) => {
      // A navigation (spec), but only the app's own pages or the address bar may end the session:
      // another site's <img> or link to the sign-out comes as cross-site and is ignored.
      const site = req.headers['sec-fetch-site'];
      if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return reply.redirect('/');
      const token = req.cookies[sessionCookieName(req)];
      if (token) await destroySession(app.db, token);
      app.sessionCache.clear();
      clearSessionCookie(req, reply);
      return reply.redirect('/');
    },
  });

  // A visitor gets 200 with null, not a 401: asking "who am I?" is not an error, and a 401 would
  // show as a failed request in the browser console on every public page.
  app.route({
    ...routeOf(authApi.currentUser),
    config: { access: 'public' },
    handler: async (req) => (req.user ? toCurrentUser(req.user) : null),
  });

  app.route({
    ...routeOf(authApi.setupStatus),
    config: { access: 'public', rateLimit },
    handler: async (req) => ({ valid: await auth.isSetupTokenValid(req.params.token) }),
  });

  app.route({
    ...routeOf(authApi.setup),
    config: { access: 'public', rateLimit },
    handler: async (req, reply) => {
      const user = await auth.createFounder(req.body);
      await startSession(req, reply, user);
      return reply.status(201).send(toCurrentUser(user));
    },
  });
};

export default authRoutes;
