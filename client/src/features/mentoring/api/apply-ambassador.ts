import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { mentoringApi } from '#common/contracts/mentoring.ts';

import { mentoringKeys } from './keys.ts';

/** Applies for the ambassador role; the progression card then shows the pending application. */
export function useApplyForAmbassador() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(mentoringApi.applyForAmbassador),
    meta: { errorToast: { ns: 'mentoring' } },
    onSuccess: () => refreshAfterChange(qc, [mentoringKeys.progression]),
  });
}
