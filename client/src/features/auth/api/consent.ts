import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { currentUserQuery } from '#client/lib/current-user.ts';
import { consentApi } from '#common/contracts/auth-paths.ts';
import type { ConsentBody } from '#common/contracts/auth.ts';

/** Agrees to the current privacy notice (with month of birth and country on a first arrival). */
export function useGiveConsent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsentBody) => call(consentApi.consent, { body }),
    onSuccess: (user) => qc.setQueryData(currentUserQuery.queryKey, user),
  });
}
