import { queryOptions, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { useLanguage } from '#client/lib/language.ts';
import { courseApi, type ContentLanguage } from '#common/contracts/course.ts';

import { courseKeys } from './keys.ts';

export const lessonQuery = (id: string, lang: ContentLanguage) =>
  queryOptions({ queryKey: courseKeys.lesson(id, { lang }), queryFn: () => call(courseApi.lesson, { params: { id }, query: { lang } }) });

/** One lesson in the interface language; the previous language's text stays on screen while the new one loads. */
export function useLesson(id: string) {
  const lang = useLanguage();
  return useQuery({ ...lessonQuery(id, lang), placeholderData: (previous) => (previous?.id === id ? previous : undefined) });
}
