import { z } from 'zod';

import { endpoint } from './endpoint.ts';

/** The mails a person can turn off, each with its own one-click unsubscribe link. */
export const notificationLists = ['encouragement', 'mentor-digest', 'prayer'] as const;
export type NotificationList = (typeof notificationLists)[number];

/** The settings page's "Notifications" section. */
export const notificationSettings = z.object({
  /** Where mail goes (the account's address). */
  email: z.string(),
  /** Reminders after a week without opening a lesson, and a mentor's words of encouragement. */
  encouragement: z.boolean(),
  /** The weekly summary of one's disciples (sent only to mentors). */
  mentorDigest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const updateNotificationSettingsBody = z
  .strictObject({ encouragement: z.boolean().optional(), mentorDigest: z.boolean().optional() })
  .refine((b) => b.encouragement !== undefined || b.mentorDigest !== undefined, 'Send encouragement or mentorDigest');
export type UpdateNotificationSettingsBody = z.infer<typeof updateNotificationSettingsBody>;

/** `<list>.<user id>.<signature>` from an unsubscribe link. */
export const unsubscribeParams = z.strictObject({ token: z.string().min(1).max(120, 'This unsubscribe link is not valid') });

export const unsubscribeResult = z.object({ list: z.enum(notificationLists) });
export type UnsubscribeResult = z.infer<typeof unsubscribeResult>;

/** The list an unsubscribe token is about (its first part), for the confirmation page's wording. */
export const listOfToken = (token: string): NotificationList | null => {
  const list = token.split('.')[0];
  return (notificationLists as readonly string[]).includes(list ?? '') ? (list as NotificationList) : null;
};

/** Which mails a person receives (docs/decisions/083): the settings are the signed-in person's own. */
export const notificationsApi = {
  settings: endpoint('GET', '/api/account/notifications', { response: { 200: notificationSettings } }),
  updateSettings: endpoint('PATCH', '/api/account/notifications', {
    body: updateNotificationSettingsBody,
    response: { 200: notificationSettings },
  }),
  /** Public, the signed link is the proof: the confirmation page's button (JSON, or no body). */
  unsubscribe: endpoint('POST', '/api/mail/unsubscribe/:token', { params: unsubscribeParams, response: { 200: unsubscribeResult } }),
};

/**
 * The link in mails, outside the API: GET is the client's confirmation page, POST the RFC 8058
 * one-click (the server registers it with the unsubscribe's schemas).
 */
export const oneClickUnsubscribePath = '/unsubscribe/:token';
