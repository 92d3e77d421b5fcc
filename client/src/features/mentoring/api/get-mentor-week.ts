import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '#client/lib/api.ts';
import { mentorWeekPaths, type MentorWeek } from '#common/contracts/mentor-week.ts';

import { mentoringKeys } from './keys.ts';

/** Direct disciples' week (last activity, current week, flags), who needs attention first. */
export const mentorWeekQuery = queryOptions({
  queryKey: mentoringKeys.week,
  queryFn: () => getJson<MentorWeek>(mentorWeekPaths.week),
});

export const useMentorWeek = () => useQuery(mentorWeekQuery);
