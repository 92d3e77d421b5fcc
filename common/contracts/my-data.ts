import { z } from 'zod';

/** Each person's data (issue 11): a copy of everything about them, and deleting their account. */
export const myDataPaths = {
  export: '/api/me/export',
  me: '/api/me',
} as const;

/** DELETE /api/me body: the password (accounts that have one). */
export const deleteAccountBody = z.strictObject({
  password: z.string({ error: 'Must be text' }).min(1, 'Required').max(1024, 'Must be at most 1024 characters').optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** Version of the export's layout: bumped when a field changes meaning. */
export const EXPORT_FORMAT = 1;

/** The download's top-level sections, in order (the settings page lists them). */
export const exportSections = [
  'profile',
  'consents',
  'progress',
  'attempts',
  'challengeDays',
  'sectionReads',
  'certificates',
  'mentor',
  'disciples',
  'invitationsSent',
  'applications',
  'callbackRequests',
  'sessions',
  'mails',
  'auditEntries',
  'prayerRhythm',
  'safeguarding',
  // The 7-day new-believer track (docs/decisions/074): the days done and a skip.
  'track',
] as const;
export type ExportSection = (typeof exportSections)[number];
