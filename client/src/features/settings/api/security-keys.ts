/** Query keys of the settings page's security section. */
export const securityKeys = {
  all: ['account-security'] as const,
  sessions: ['account-security', 'sessions'] as const,
  mfa: ['account-security', 'mfa'] as const,
};
