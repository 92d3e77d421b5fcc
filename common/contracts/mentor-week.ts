import { z } from 'zod';

import { endpoint } from './endpoint.ts';

/**
 * The words a mentor can send from the "This week" panel. Their texts live in the mail texts
 * (server/modules/mail/texts, what the disciple reads in their language) and in the client's
 * mentor-week namespace (what the mentor picks from); a test checks both say the same.
 */
export const encouragementMessages = ['keepGoing', 'thinkingOfYou', 'proudOfYou', 'oneStep', 'prayingForYou'] as const;
export type EncouragementMessage = (typeof encouragementMessages)[number];

/** One direct disciple's week, as the mentor sees it (rules in common/domain/mentor-week.ts). */
export const discipleWeek = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  /** Last lesson opened, quiz taken, challenge day ticked or section read; null when nothing yet. */
  lastActivityAt: z.string().nullable(),
  /** The week of the first lesson not passed yet; null once the course is completed. */
  currentWeek: z.number().int().nullable(),
  isCourseCompleted: z.boolean(),
  /** No activity for 7 days or more (counted from sign-up when there was none), course not completed. */
  isStalled: z.boolean(),
  /** A week whose quiz was failed twice or more and is still not passed. */
  failedTwiceWeek: z.number().int().nullable(),
  /** The latest week first passed in the last 7 days. */
  finishedWeek: z.number().int().nullable(),
  /** When this mentor last sent them an encouragement. */
  lastEncouragedAt: z.string().nullable(),
  /** When the next one may be sent (once a week per disciple); null when it may be sent now. */
  nextEncouragementAt: z.string().nullable(),
  /** False when they turned encouragement mails off. */
  acceptsEncouragement: z.boolean(),
  /** Days of the 7-day new-believer track done, 0-7 (docs/decisions/074). */
  trackDays: z.number().int().min(0),
});
export type DiscipleWeek = z.infer<typeof discipleWeek>;

/** Direct disciples, who needs attention first. */
export const mentorWeek = z.object({ disciples: z.array(discipleWeek) });
export type MentorWeek = z.infer<typeof mentorWeek>;

export const discipleIdParams = z.strictObject({ id: z.uuid('Unknown disciple') });

export const sendEncouragementBody = z.strictObject({
  message: z.enum(encouragementMessages, 'Choose one of the messages'),
});
export type SendEncouragementBody = z.infer<typeof sendEncouragementBody>;

export const encouragementSent = z.object({ sentAt: z.string(), nextEncouragementAt: z.string() });
export type EncouragementSent = z.infer<typeof encouragementSent>;

/** The "This week" panel of the disciple tree (docs/decisions/083): signed-in users, about their own direct disciples. */
export const mentorWeekApi = {
  week: endpoint('GET', '/api/disciples/week', { response: { 200: mentorWeek } }),
  /** Mail one of your direct disciples (:id) one of the listed messages, once a week each. */
  sendEncouragement: endpoint('POST', '/api/disciples/:id/encouragements', {
    params: discipleIdParams,
    body: sendEncouragementBody,
    response: { 201: encouragementSent },
  }),
};
