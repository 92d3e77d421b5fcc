import { useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { mentoringApi } from '#common/contracts/mentoring.ts';

import { adminKeys } from './keys.ts';

/** Someone's current mentor, shown in the manage dialog before an admin sets another one. */
export const useMentorOf = (userId: string) =>
  useQuery({
    queryKey: adminKeys.mentor(userId),
    queryFn: () => call(mentoringApi.adminMentor, { params: { id: userId } }),
  });
