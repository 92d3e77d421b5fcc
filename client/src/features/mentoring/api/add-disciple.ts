import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { mentoringApi, type AddDiscipleBody } from '#common/contracts/mentoring.ts';

import { mentoringKeys } from './keys.ts';

/** Adds a disciple (an invitation, whether or not the email has an account); the mentoring screens are fetched again. */
export function useAddDisciple() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddDiscipleBody) => call(mentoringApi.addDisciple, { body }),
    onSuccess: () => refreshAfterChange(qc, [mentoringKeys.all]),
  });
}
