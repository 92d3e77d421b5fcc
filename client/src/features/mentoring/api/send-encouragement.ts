import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { mentorWeekApi, type EncouragementMessage } from '#common/contracts/mentor-week.ts';

import { mentoringKeys } from './keys.ts';

/** Mails a disciple one of the listed messages (once a week each); the panel is fetched again. */
export function useSendEncouragement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ discipleId, message }: { discipleId: string; message: EncouragementMessage }) =>
      call(mentorWeekApi.sendEncouragement, { params: { id: discipleId }, body: { message } }),
    onSettled: () => refreshAfterChange(qc, [mentoringKeys.week]),
  });
}
