import { z } from 'zod';

import { emailSchema, passwordSchema, tokenSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';

export { tokenSchema };

/** `cancelled`: replaced before it went out (a newer mail made its link void), never sent. */
export const mailStatuses = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type MailStatus = (typeof mailStatuses)[number];

const page = z.coerce
  .number('must be a whole number')
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(1_000_000, 'is too large')
  .default(1);

export const outboxListQuery = z.strictObject({
  status: z.enum([...mailStatuses, 'all'], 'must be one of pending, sending, sent, failed, cancelled, all').default('all'),
  page,
});

/** One mail of the admin outbox, with the text exactly as rendered for the recipient. */
export const outboxItem = z.object({
  id: z.string(),
  to: z.string(),
  kind: z.string(),
  locale: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int().nonnegative(),
  /** The SMTP server's reason for the last failure. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof outboxItem>;

export const outboxList = z.object({
  items: z.array(outboxItem),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** False when SMTP_URL is not set: mail waits here and is not sent. */
  isSmtpConfigured: z.boolean(),
  /** True when, without SMTP_URL, mail goes to the local mailbox of this laptop install (decision 059). */
  isLocalMailbox: z.boolean(),
});
export type OutboxList = z.infer<typeof outboxList>;

export const OUTBOX_PAGE_SIZE = 25;

/** One mail delivered to the local mailbox of a laptop install (decision 059), links and all. */
export const localMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  receivedAt: z.string(),
});
export type LocalMail = z.infer<typeof localMail>;
export const localMailbox = z.object({ items: z.array(localMail) });
export type LocalMailbox = z.infer<typeof localMailbox>;

/** The mail endpoints (docs/decisions/083) of the outbox and the local mailbox. */
export const mailApi = {
  /** Admins: every mail, its status and its text with secret links hidden, one status (or all) and page at a time. */
  outbox: endpoint('GET', '/api/admin/outbox', { query: outboxListQuery, response: { 200: outboxList } }),
  /** Public, but only where it is on and only to a browser on this computer: a laptop install's mailbox without SMTP_URL (decision 059). */
  localMailbox: endpoint('GET', '/api/local-mailbox', { response: { 200: localMailbox } }),
};

// ---- Password reset and email verification ----

export const passwordResetBody = z.strictObject({ email: emailSchema });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;
export const passwordResetConfirmBody = z.strictObject({ token: tokenSchema, password: passwordSchema });
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;
export const verifyEmailBody = z.strictObject({ token: tokenSchema });

/** The one answer to every reset request, whether or not the address has an account. */
export const passwordResetAccepted = z.object({ message: z.string() });
export const PASSWORD_RESET_ACCEPTED = {
  message: 'If an account uses this address, a mail with a link to reset the password is on its way.',
};

export const localeBody = z.strictObject({ locale: z.enum(['en', 'fr'], 'must be "en" or "fr"') });
