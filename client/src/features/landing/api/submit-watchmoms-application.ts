import { useMutation } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { IDEMPOTENCY_HEADER, publicFormsApi, type WatchmomsApplicationBody } from '#common/contracts/public-forms.ts';

/** A random key for one application; works outside secure contexts too (no crypto.randomUUID needed). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const submitWatchmomsApplication = (body: WatchmomsApplicationBody, idempotencyKey: string) =>
  call(publicFormsApi.watchmoms, { body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

export const useSubmitWatchmomsApplication = () =>
  useMutation({
    mutationFn: ({ body, key }: { body: WatchmomsApplicationBody; key: string }) => submitWatchmomsApplication(body, key),
    meta: { errorToast: { title: 'public:watchMoms.form.errorTitle', fallback: 'public:watchMoms.form.errorMessage' } },
  });
