import { and, eq, gt } from 'drizzle-orm';
import * as client from 'openid-client';

import type { Db } from '../../db/client.ts';
import { authStates } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/session.ts';

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

export const OIDC_STATE_COOKIE = 'oidc_login';
const STATE_TTL_MS = 10 * 60_000;

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/** Authorization-code flow with PKCE, state and nonce; pending logins live in the database so any instance can finish them. */
export class OidcLogin {
  private config?: Promise<client.Configuration>;
  constructor(
    private readonly db: Db,
    private readonly settings: OidcSettings,
  ) {}

  private discover(): Promise<client.Configuration> {
    const issuer = new URL(this.settings.issuerUrl);
    this.config ??= client
      .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
        // Plain http is only accepted for a provider on this machine (development and tests).
        execute: issuer.protocol === 'http:' && isLoopback(issuer) ? [client.allowInsecureRequests] : [],
      })
      .catch((err: unknown) => {
        this.config = undefined;
        throw err;
      });
    return this.config;
  }

  /** Returns the provider URL to redirect to and the random id to keep in a short-lived cookie. */
  async start(redirectUri: string, returnTo: string): Promise<{ url: string; stateId: string }> {
    const config = await this.discover();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const stateId = newToken();
    await this.db.insert(authStates).values({
      idHash: hashToken(stateId),
      state,
      nonce,
      codeVerifier,
      returnTo,
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, stateId };
  }

  /** Completes the login from the callback URL; the pending state is used once. */
  async finish(callbackUrl: URL, stateId: string | undefined) {
    if (!stateId) throw new AppError('BAD_REQUEST', 'Your sign-in session expired. Please try again.');
    const [pending] = await this.db
      .delete(authStates)
      .where(and(eq(authStates.idHash, hashToken(stateId)), gt(authStates.expiresAt, new Date())))
      .returning();
    if (!pending) throw new AppError('BAD_REQUEST', 'Your sign-in session expired. Please try again.');
    const config = await this.discover();
    let tokens;
    try {
      tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      // The person is told to try again; the log says what the provider or the checks refused (issue 30).
      throw new AppError('BAD_REQUEST', 'Sign-in with your identity provider failed. Please try again.', { cause: err });
    }
    const idClaims = tokens.claims();
    if (!idClaims) throw new AppError('BAD_REQUEST', 'Sign-in with your identity provider failed. Please try again.');
    // Many providers keep email and names out of the ID token: ask the UserInfo endpoint then.
    const claims: Record<string, unknown> =
      idClaims.email === undefined && config.serverMetadata().userinfo_endpoint
        ? { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims }
        : idClaims;
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    return {
      returnTo: pending.returnTo,
      identity: {
        subject: `${claims.iss}|${claims.sub}`,
        email: str(claims.email),
        emailVerified: claims.email_verified === true,
        givenName: str(claims.given_name),
        familyName: str(claims.family_name),
        username: str(claims.preferred_username),
      },
    };
  }
}
