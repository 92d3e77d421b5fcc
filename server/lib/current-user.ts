import type { CurrentUser } from '#common/contracts/auth.ts';
import { countries } from '#common/domain/countries.ts';
import { PRIVACY_NOTICE_VERSION } from '#common/domain/privacy.ts';

import type { UserRow } from './session.ts';

/** What the client is told about the signed-in person (every module that answers with the current user uses it). */
export function toCurrentUser(u: UserRow): CurrentUser {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    isResponder: u.isResponder,
    isSafeguardingLead: u.isSafeguardingLead,
    onboardingComplete: u.onboardingStatus !== 'pending',
    onboardingStatus: u.onboardingStatus,
    mentorName: u.mentorName,
    createdAt: u.createdAt.toISOString(),
    locale: u.locale === 'fr' ? 'fr' : 'en',
    isEmailVerified: u.emailVerifiedAt !== null,
    consentStatus: u.consentStatus,
    consentNeeded: u.birthYear === null ? 'details' : (u.privacyNoticeVersion ?? 0) < PRIVACY_NOTICE_VERSION ? 'notice' : null,
    country: ownCountry(u),
  };
}

/** The onboarding profile's country (stored as its English name, "Other" naming none), else the sign-up's ISO code. */
function ownCountry(u: Pick<UserRow, 'country' | 'residenceCountry'>): string | null {
  const fromProfile = u.country ? countries.find((c) => c.name === u.country)?.code : undefined;
  return fromProfile ?? (u.residenceCountry && /^[A-Z]{2}$/.test(u.residenceCountry) ? u.residenceCountry : null);
}
