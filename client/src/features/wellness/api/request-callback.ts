import { useMutation } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { publicFormsApi, type CallbackRequestBody } from '#common/contracts/public-forms.ts';

/** The requester's account, if signed in, is taken from the session by the server; it is never sent. */
export const requestCallback = (body: CallbackRequestBody) => call(publicFormsApi.callbackRequests, { body });

export const useRequestCallback = () =>
  useMutation({
    mutationFn: requestCallback,
    meta: { errorToast: { title: 'public:support.form.failedTitle', description: 'public:support.form.failed' } },
  });
