import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiRequestError, call } from '#client/lib/api.ts';
import { sharedKeys } from '#client/lib/query-keys.ts';
import { mentoringApi, type DisciplesSummary } from '#common/contracts/mentoring.ts';

/** The counts behind the dashboard's "disciples mentored" card; zero when the mentoring API is not there. */
export const disciplesSummaryQuery = queryOptions({
  queryKey: sharedKeys.disciplesSummary,
  queryFn: async (): Promise<DisciplesSummary> => {
    try {
      return await call(mentoringApi.summary);
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 404) return { directDisciples: 0, totalImpact: 0 };
      throw err;
    }
  },
});

export const useDisciplesSummary = () => useQuery(disciplesSummaryQuery);
