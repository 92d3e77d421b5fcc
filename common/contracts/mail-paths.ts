/** Route paths of mail-related endpoints, apart from the zod schemas so that every screen can use them cheaply. */
export const mailPaths = {
  outbox: '/api/admin/outbox',
  passwordReset: '/api/auth/password-reset',
  passwordResetConfirm: '/api/auth/password-reset/confirm',
  verifyEmail: '/api/auth/verify-email',
  resendVerification: '/api/auth/verify-email/resend',
  locale: '/api/account/locale',
  /** A laptop install's mailbox without SMTP_URL (decision 059): this computer only. */
  localMailbox: '/api/local-mailbox',
} as const;
