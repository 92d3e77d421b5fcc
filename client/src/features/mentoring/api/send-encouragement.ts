import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sendJson } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { encouragementPath, type EncouragementMessage, type EncouragementSent } from '#common/contracts/mentor-week.ts';

import { mentoringKeys } from './keys.ts';

/** Mails a disciple one of the listed messages (once a week each); the panel is fetched again. */
export function useSendEncouragement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ discipleId, message }: { discipleId: string; message: EncouragementMessage }) =>
      sendJson<EncouragementSent>('POST', encouragementPath(discipleId), { message }),
    onSettled: () => refreshAfterChange(qc, [mentoringKeys.week]),
  });
}
