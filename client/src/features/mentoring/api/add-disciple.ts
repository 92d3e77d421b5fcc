import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sendJson } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { mentoringPaths, type AddDiscipleBody, type AddDiscipleResult } from '#common/contracts/mentoring.ts';

import { mentoringKeys } from './keys.ts';

/** Adds a disciple (an invitation, whether or not the email has an account); the mentoring screens are fetched again. */
export function useAddDisciple() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddDiscipleBody) => sendJson<AddDiscipleResult>('POST', mentoringPaths.disciples, body),
    onSuccess: () => refreshAfterChange(qc, [mentoringKeys.all]),
  });
}
