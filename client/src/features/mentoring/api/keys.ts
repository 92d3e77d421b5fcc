import { sharedKeys } from '#client/lib/query-keys.ts';

/** Query keys of the mentoring screens; `all` also covers the dashboard's disciples summary. */
export const mentoringKeys = {
  all: sharedKeys.mentoring,
  tree: [...sharedKeys.mentoring, 'tree'] as const,
  pending: [...sharedKeys.mentoring, 'pending'] as const,
  progression: [...sharedKeys.mentoring, 'progression'] as const,
  week: [...sharedKeys.mentoring, 'week'] as const,
};
