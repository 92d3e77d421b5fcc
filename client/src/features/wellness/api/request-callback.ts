import { useMutation } from '@tanstack/react-query';

import { sendJson } from '#client/lib/api.ts';
import { publicFormPaths, type CallbackRequestBody, type CreatedResponse } from '#common/contracts/public-forms.ts';

/** The requester's account, if signed in, is taken from the session by the server; it is never sent. */
export const requestCallback = (body: CallbackRequestBody) => sendJson<CreatedResponse>('POST', publicFormPaths.callbackRequests, body);

export const useRequestCallback = () =>
  useMutation({
    mutationFn: requestCallback,
    meta: { errorToast: { title: 'public:support.form.failedTitle', description: 'public:support.form.failed' } },
  });
