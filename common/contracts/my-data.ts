import { z } from 'zod';

import { endpoint } from './endpoint.ts';

/** Deleting the account: the password (accounts that have one). */
export const deleteAccountBody = z.strictObject({
  password: z.string({ error: 'Must be text' }).min(1, 'Required').max(1024, 'Must be at most 1024 characters').optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** Each person's data (issue 11, docs/decisions/083): a copy of everything about them, and deleting their account. Only ever their own. */
export const myDataApi = {
  /** The download of everything about the person (a JSON file), after the password or a code within the last minutes. */
  export: endpoint('GET', '/api/me/export'),
  /** Deletes the signed-in account; the session ends with it. */
  deleteAccount: endpoint('DELETE', '/api/me', { body: deleteAccountBody }),
};

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
