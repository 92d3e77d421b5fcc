import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { useLanguage } from '#client/lib/language.ts';
import type { ContentLanguage } from '#common/contracts/course.ts';
import { trackApi } from '#common/contracts/track.ts';

import { courseKeys } from './keys.ts';

export const trackContentQuery = (lang: ContentLanguage) =>
  queryOptions({
    queryKey: courseKeys.trackContent({ lang }),
    queryFn: () => call(trackApi.content, { query: { lang } }),
    placeholderData: keepPreviousData,
    // The same for everyone and only changed by a new deployment.
    staleTime: Infinity,
  });

/** The 7-day track's texts in the interface language (kept by the service worker for offline use). */
export const useTrackContent = () => useQuery(trackContentQuery(useLanguage()));
