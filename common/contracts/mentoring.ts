import { z } from 'zod';

/** Counts shown on the dashboard's "disciples mentored" card. */
export const disciplesSummary = z.object({
  /** People whose mentor is the signed-in user. */
  directDisciples: z.number().int().nonnegative(),
  /** Everyone in the signed-in user's mentoring subtree. */
  totalImpact: z.number().int().nonnegative(),
});
export type DisciplesSummary = z.infer<typeof disciplesSummary>;

export const mentoringPaths = {
  summary: '/api/disciples/summary',
} as const;
