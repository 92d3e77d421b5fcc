import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sendJson } from '#client/lib/api.ts';
import { currentUserQuery } from '#client/lib/current-user.ts';
import { paths } from '#common/contracts/auth-paths.ts';
import type { ConsentBody, CurrentUser } from '#common/contracts/auth.ts';

/** Agrees to the current privacy notice (with month of birth and country on a first arrival). */
export function useGiveConsent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsentBody) => sendJson<CurrentUser>('POST', paths.consent, body),
    onSuccess: (user) => qc.setQueryData(currentUserQuery.queryKey, user),
  });
}
