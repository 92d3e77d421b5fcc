import {
  consentBody,
  currentUser,
  loginQuery,
  mfaChallenge,
  parentConsentParams,
  parentConsentView,
  parentDecisionBody,
  parentDecisionResult,
  parentRequestBody,
  parentRequestView,
  publicConfig,
  setupBody,
  setupStatus,
  setupTokenParams,
  signInBody,
  signUpAccepted,
  signUpBody,
  signUpConfirmBody,
} from './auth.ts';
import { endpoint } from './endpoint.ts';
import { localeBody, passwordResetAccepted, passwordResetBody, passwordResetConfirmBody, verifyEmailBody } from './mail.ts';

/**
 * Sign-in, the session, the public configuration, the founder's setup (docs/decisions/083).
 * Kept apart from the schemas in auth.ts, which the browser build leaves out of these definitions
 * (docs/decisions/023-landing-page-weight.md).
 */
export const authApi = {
  /** Public: what every page needs before anyone signs in (support addresses, whether OpenID sign-in exists). */
  config: endpoint('GET', '/api/config', { response: { 200: publicConfig } }),
  /** Public, a browser navigation: to the provider's sign-in (OpenID Connect), else to the sign-in page; `returnTo` is where to come back. */
  login: endpoint('GET', '/api/login', { query: loginQuery }),
  /** Public: where the OpenID provider sends the browser back. */
  callback: endpoint('GET', '/api/callback'),
  /** Public: email and password; 202 when the account uses two-step verification (a code comes next). */
  signIn: endpoint('POST', '/api/auth/sign-in', { body: signInBody, response: { 200: currentUser, 202: mfaChallenge } }),
  /** Public: the same answer whether or not the address has an account (decision 037). */
  signUp: endpoint('POST', '/api/auth/sign-up', { body: signUpBody, response: { 202: signUpAccepted } }),
  /** Public, the link mailed at sign-up: creates the account and signs this browser in. */
  signUpConfirm: endpoint('POST', '/api/auth/sign-up/confirm', { body: signUpConfirmBody, response: { 200: currentUser } }),
  /** Public, a navigation: ends this browser's session. */
  logout: endpoint('GET', '/api/logout'),
  /** Public: the signed-in user, or null for a visitor. */
  currentUser: endpoint('GET', '/api/auth/user', { response: { 200: currentUser.nullable() } }),
  /** Public: whether a founder setup link still works. */
  setupStatus: endpoint('GET', '/api/setup/:token', { params: setupTokenParams, response: { 200: setupStatus } }),
  /** Public, with the setup link's token: creates the founder's account. */
  setup: endpoint('POST', '/api/setup', { body: setupBody, response: { 201: currentUser } }),
};

/** A young person's consent and their parent's (docs/decisions/062, 065). */
export const consentApi = {
  /** Agree to the current privacy notice (with month of birth and country on a first OpenID arrival). */
  consent: endpoint('POST', '/api/auth/consent', { body: consentBody, response: { 200: currentUser } }),
  /** The signed-in young person's request to a parent: where it went. */
  parentRequest: endpoint('GET', '/api/auth/consent/parent', { response: { 200: parentRequestView } }),
  /** The same request to a corrected address, with a fresh link. */
  updateParentRequest: endpoint('PUT', '/api/auth/consent/parent', { body: parentRequestBody, response: { 200: parentRequestView } }),
  /** The same mail again, with a fresh link. */
  parentRequestResend: endpoint('POST', '/api/auth/consent/parent/resend', { response: { 202: parentRequestView } }),
  /** Public, the page a parent opens from the mail: what it is about. */
  parentConsent: endpoint('GET', '/api/parent-consent/:token', { params: parentConsentParams, response: { 200: parentConsentView } }),
  /** Public: the parent agrees, or refuses / takes the agreement back (the account is deleted). */
  parentDecision: endpoint('POST', '/api/parent-consent/:token', {
    params: parentConsentParams,
    body: parentDecisionBody,
    response: { 200: parentDecisionResult },
  }),
};

/** The account's password reset, email confirmation and language. */
export const accountApi = {
  /** Public: the same answer whether or not the address has an account. */
  passwordReset: endpoint('POST', '/api/auth/password-reset', { body: passwordResetBody, response: { 202: passwordResetAccepted } }),
  /** Public, the mailed link: the new password; 202 when the account's second step comes next. */
  passwordResetConfirm: endpoint('POST', '/api/auth/password-reset/confirm', {
    body: passwordResetConfirmBody,
    response: { 200: currentUser, 202: mfaChallenge },
  }),
  /** Public, the mailed link: confirms the address. */
  verifyEmail: endpoint('POST', '/api/auth/verify-email', { body: verifyEmailBody }),
  /** A new confirmation link for the signed-in user (202, a message saying it is on its way). */
  resendVerification: endpoint('POST', '/api/auth/verify-email/resend'),
  /** The signed-in user's interface language: mail to them is written in it. */
  locale: endpoint('PUT', '/api/account/locale', { body: localeBody }),
};
