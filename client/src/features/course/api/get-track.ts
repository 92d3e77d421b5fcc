import { queryOptions } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { trackApi } from '#common/contracts/track.ts';

import { courseKeys } from './keys.ts';

/**
 * The learner's own days of the track, asked without `today` so the service worker keeps one copy
 * for offline use; the pace is computed in the browser (hooks/use-track.ts).
 */
export const trackQuery = queryOptions({ queryKey: courseKeys.track(), queryFn: () => call(trackApi.state) });
