import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { paths } from '#common/contracts/auth-paths.ts';
import {
  currentUser,
  loginQuery,
  mfaChallenge,
  publicConfig,
  setupBody,
  setupStatus,
  setupTokenParams,
  signInBody,
  signUpAccepted,
  signUpBody,
  signUpConfirmBody,
  type PublicConfig,
} from '#common/contracts/auth.ts';
import { mfaPaths, secondFactorBody } from '#common/contracts/security.ts';
import { safeReturnPath } from '#common/domain/return-to.ts';

import { AppError } from '../../lib/app-error.ts';
import { toCurrentUser } from '../../lib/current-user.ts';
import { MFA_CHALLENGE_COOKIE, MFA_CHALLENGE_TTL_MS, type SecondFactorSignIn } from '../../lib/mfa-challenge.ts';
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
      path: mfaPaths.signIn,
      httpOnly: true,
      sameSite: 'strict',
      secure: req.protocol === 'https',
      maxAge: MFA_CHALLENGE_TTL_MS / 1000,
    });
    return 'mfa';
  }

  app.get(paths.config, { config: { access: 'public' }, schema: { response: { 200: publicConfig } } }, async () => pub);

  app.get(paths.login, { config: { access: 'public' }, schema: { querystring: loginQuery } }, async (req, reply) => {
    const returnTo = safeReturnPath(req.query.returnTo);
    if (!oidc) return reply.redirect(`/login${returnTo === '/' ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`);
    const redirectUri = `${req.protocol}://${req.host}${paths.callback}`;
    const { url, stateId } = await oidc.start(redirectUri, returnTo);
    reply.setCookie(OIDC_STATE_COOKIE, stateId, {
      path: paths.callback,
      httpOnly: true,
      sameSite: 'lax',
      secure: req.protocol === 'https',
      maxAge: 600,
    });
    return reply.redirect(url);
  });

  app.get(paths.callback, { config: { access: 'public' } }, async (req, reply) => {
    if (!oidc) return reply.redirect('/login');
    const url = new URL(req.url, `${req.protocol}://${req.host}`);
    const { identity, returnTo } = await oidc.finish(url, req.cookies[OIDC_STATE_COOKIE]);
    reply.clearCookie(OIDC_STATE_COOKIE, { path: paths.callback });
    const back = safeReturnPath(returnTo);
    const user = await auth.signInWithOidc(identity);
    // A browser arrives here from the provider: it is sent to the sign-in page, which says why.
    if (user.deactivatedAt) return reply.redirect('/login?deactivated=1');
    if ((await signInOrChallenge(req, reply, user)) === 'mfa')
      return reply.redirect(`/login?mfa=1${back === '/' ? '' : `&returnTo=${encodeURIComponent(back)}`}`);
    return reply.redirect(back);
  });

  app.post(
    paths.signIn,
    { config: { access: 'public', rateLimit }, schema: { body: signInBody, response: { 200: currentUser, 202: mfaChallenge } } },
    async (req, reply) => {
      const user = await auth.signIn(req.body);
      if ((await signInOrChallenge(req, reply, user)) === 'mfa') return reply.status(202).send({ mfaRequired: true as const });
      return toCurrentUser(user);
    },
  );

  // The second step: a code from the app or a recovery code, for the challenge in the cookie.
  app.post(
    mfaPaths.signIn,
    { config: { access: 'public', rateLimit }, schema: { body: secondFactorBody, response: { 200: currentUser } } },
    async (req, reply) => {
      const { user, userAgent } = await security.completeChallenge({ token: req.cookies[MFA_CHALLENGE_COOKIE], body: req.body });
      reply.clearCookie(MFA_CHALLENGE_COOKIE, { path: mfaPaths.signIn });
      await startSession(req, reply, user, { isMfaVerified: true, userAgent: userAgent ?? undefined });
      return toCurrentUser(user);
    },
  );

  // The same answer (status, body, cookie) whether or not the address has an account (decision 037).
  // Its mail (the link, or the owner's warning) is committed before the answer and sent once the
  // answer is out, so the sign-up does not wait on the sending (decision 015).
  const wakeMailAfter = { onResponse: async () => auth.wakeMail() };
  app.post(
    paths.signUp,
    { config: { access: 'public', rateLimit }, schema: { body: signUpBody, response: { 202: signUpAccepted } }, ...wakeMailAfter },
    async (req, reply) => {
      const browser = newToken();
      await auth.signUp(req.body, browser);
      reply.setCookie(SIGN_UP_COOKIE, browser, {
        path: paths.signUp,
        httpOnly: true,
        sameSite: 'strict',
        secure: req.protocol === 'https',
        maxAge: SIGN_UP_TTL_MS / 1000,
      });
      return reply.status(202).send({ confirmEmail: true as const });
    },
  );

  // The link of the sign-up mail: the account is created and this browser signed in.
  app.post(
    paths.signUpConfirm,
    { config: { access: 'public', rateLimit }, schema: { body: signUpConfirmBody, response: { 200: currentUser } }, ...wakeMailAfter },
    async (req, reply) => {
      const user = await auth.confirmSignUp(req.body, req.cookies[SIGN_UP_COOKIE]);
      reply.clearCookie(SIGN_UP_COOKIE, { path: paths.signUp });
      await startSession(req, reply, user);
      return toCurrentUser(user);
    },
  );

  app.get(paths.logout, { config: { access: 'public' } }, async (req, reply) => {
    // A navigation (spec), but only the app's own pages or the address bar may end the session:
    // another site's <img src="/api/logout"> or link comes as cross-site and is ignored.
    const site = req.headers['sec-fetch-site'];
    if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return reply.redirect('/');
    const token = req.cookies[sessionCookieName(req)];
    if (token) await destroySession(app.db, token);
    app.sessionCache.clear();
    clearSessionCookie(req, reply);
    return reply.redirect('/');
  });

  // A visitor gets 200 with null, not a 401: asking "who am I?" is not an error, and a 401 would
  // show as a failed request in the browser console on every public page.
  app.get(paths.currentUser, { config: { access: 'public' }, schema: { response: { 200: currentUser.nullable() } } }, async (req) =>
    req.user ? toCurrentUser(req.user) : null,
  );

  app.get(
    `${paths.setup}/:token`,
    { config: { access: 'public', rateLimit }, schema: { params: setupTokenParams, response: { 200: setupStatus } } },
    async (req) => ({
      valid: await auth.isSetupTokenValid(req.params.token),
    }),
  );

  app.post(
    paths.setup,
    { config: { access: 'public', rateLimit }, schema: { body: setupBody, response: { 201: currentUser } } },
    async (req, reply) => {
      const user = await auth.createFounder(req.body);
      await startSession(req, reply, user);
      return reply.status(201).send(toCurrentUser(user));
    },
  );
};

export default authRoutes;
