import { useMutation } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { trackApi } from '#common/contracts/track.ts';

import { courseKeys } from './keys.ts';

/** Skips the track (the dashboard then leads to the 8-week course), or takes it up again. */
export const useSkipTrack = () =>
  useMutation({
    mutationFn: (isSkipped: boolean) => call(trackApi.skip, { body: { isSkipped } }),
    onSuccess: (state) => queryClient.setQueryData(courseKeys.track(), state),
  });
