import { z } from 'zod';

import { scoreBands, supportCategories } from '../domain/support.ts';
import { endpoint } from './endpoint.ts';
import { onboardingCountries } from './onboarding.ts';
import { oneOf } from './text.ts';

/**
 * The admin console's Insights tab (issue 31, docs/decisions/076): counts of the movement over time,
 * never people. Every count of 1 to 4 leaves the server as null ("fewer than 5"), so no cell of a
 * chart lets a viewer single out a young person.
 */

/** A count shown only from this many people up; below it the cell says "fewer than 5". */
export const MIN_CELL_COUNT = 5;

/** A count, or null when it was 1 to 4 (suppressed on the server). */
export const countCell = z.number().int().min(0).nullable();
export type CountCell = z.infer<typeof countCell>;

/** How far back the charts look. */
export const insightPeriods = ['3m', '6m', '12m'] as const;
export type InsightPeriod = (typeof insightPeriods)[number];
export const periodMonths: Record<InsightPeriod, number> = { '3m': 3, '6m': 6, '12m': 12 };

export const insightLanguages = ['all', 'en', 'fr'] as const;

/** A valid IANA time zone name (the browser's), in which weeks start. */
const timeZone = z
  .string()
  .max(64, 'must be a time zone name')
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(tz);
    } catch {
      return false;
    }
  }, 'must be a time zone name such as Europe/Paris')
  .default('UTC');

const filters = {
  period: oneOf(insightPeriods).default('6m'),
  language: oneOf(insightLanguages).default('all'),
  /** One of the onboarding form's countries, or '' for every country. */
  country: z.enum(['', ...onboardingCountries], 'must be one of the onboarding countries').default(''),
  tz: timeZone,
};

export const insightsQuery = z.strictObject(filters);
export type InsightsQuery = z.input<typeof insightsQuery>;
export type InsightsFilters = z.output<typeof insightsQuery>;

/** The funnel adds the course or track (its slug); the primary course when left out. */
export const funnelQuery = z.strictObject({
  ...filters,
  course: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, 'must be a course slug')
    .optional(),
});
export type FunnelQuery = z.input<typeof funnelQuery>;

/** The 8-week course or a track (such as the 7-day new-believer track). */
const courseChoice = z.object({ slug: z.string(), kind: z.enum(['course', 'track']), title: z.object({ en: z.string(), fr: z.string() }) });

export const funnelReport = z.object({
  courses: z.array(courseChoice),
  course: courseChoice,
  /**
   * Per week (course) or day (track): people who opened it in the period and who passed its quiz.
   * A track's days record only that they were done: `opened` is left out for them, `passed` is "done".
   */
  steps: z.array(z.object({ step: z.number().int(), opened: countCell.optional(), passed: countCell })),
  /** When the nightly figures were last rebuilt (null: never yet). */
  refreshedAt: z.string().nullable(),
});
export type FunnelReport = z.infer<typeof funnelReport>;

export const growthSeries = ['signups', 'firstLessons', 'certificates', 'links'] as const;
export type GrowthSeries = (typeof growthSeries)[number];

export const growthReport = z.object({
  /** Monday of each week (yyyy-mm-dd), oldest first, with the four counts. */
  weeks: z.array(z.object({ week: z.string(), signups: countCell, firstLessons: countCell, certificates: countCell, links: countCell })),
  refreshedAt: z.string().nullable(),
});
export type GrowthReport = z.infer<typeof growthReport>;

export const generationBuckets = ['1', '2', '3', '4+'] as const;
export const mentorLoadBuckets = ['1', '2', '3+'] as const;

export const multiplicationReport = z.object({
  /** Disciples by their generation below the first mentor of their tree (1: that mentor's own disciples). */
  generations: z.array(z.object({ generation: z.enum(generationBuckets), people: countCell })),
  /** Mentors by how many disciples they have now (accounts not deactivated). */
  mentorLoads: z.array(z.object({ disciples: z.enum(mentorLoadBuckets), mentors: countCell })),
  /** Ambassadors and coordinators at the end of each month (the last one: today), from the role changes the audit log holds. */
  roles: z.array(z.object({ month: z.string(), ambassadors: countCell, coordinators: countCell })),
  refreshedAt: z.string().nullable(),
});
export type MultiplicationReport = z.infer<typeof multiplicationReport>;

export const careGroups = ['urgent', 'standard'] as const;

export const careReport = z.object({
  weeks: z.array(
    z.object({
      week: z.string(),
      byCategory: z.object(
        Object.fromEntries(supportCategories.map((c) => [c, countCell])) as Record<(typeof supportCategories)[number], typeof countCell>,
      ),
      byBand: z.object(Object.fromEntries(scoreBands.map((b) => [b, countCell])) as Record<(typeof scoreBands)[number], typeof countCell>),
    }),
  ),
  /**
   * Time from request to first contact, for requests due within 24 hours (urgent) and 48 hours
   * (standard): how many there were, how many were contacted, median and 90th percentile in hours
   * (null below 5 contacted), and how many went overdue (contacted late, or still waiting past the deadline).
   */
  response: z.array(
    z.object({
      group: z.enum(careGroups),
      goalHours: z.number().int(),
      requests: countCell,
      contacted: countCell,
      medianHours: z.number().nullable(),
      p90Hours: z.number().nullable(),
      overdue: countCell,
    }),
  ),
});
export type CareReport = z.infer<typeof careReport>;

/** The Insights tab's endpoints (inside the admin gate): admins and founders only, but for the care charts. */
export const insightsApi = {
  funnel: endpoint('GET', '/api/admin/insights/funnel', { query: funnelQuery, response: { 200: funnelReport } }),
  growth: endpoint('GET', '/api/admin/insights/growth', { query: insightsQuery, response: { 200: growthReport } }),
  multiplication: endpoint('GET', '/api/admin/insights/multiplication', { query: insightsQuery, response: { 200: multiplicationReport } }),
  /** The only one a responder who is not an admin opens (their inbox's figures). */
  care: endpoint('GET', '/api/admin/insights/care', { query: insightsQuery, response: { 200: careReport } }),
};
