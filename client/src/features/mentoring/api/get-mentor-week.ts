import { queryOptions, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { mentorWeekApi } from '#common/contracts/mentor-week.ts';

import { mentoringKeys } from './keys.ts';

/** Direct disciples' week (last activity, current week, flags), who needs attention first. */
export const mentorWeekQuery = queryOptions({
  queryKey: mentoringKeys.week,
  queryFn: () => call(mentorWeekApi.week),
});

export const useMentorWeek = () => useQuery(mentorWeekQuery);
