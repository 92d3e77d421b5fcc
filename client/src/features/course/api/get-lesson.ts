import { queryOptions, useQuery } from '@tanstack/react-query';
import { coursePaths, type ContentLanguage, type Lesson } from '../../../../../common/contracts/course.ts';
import { getJson, withLang } from '../../../lib/api.ts';
import { useContentLanguage } from '../hooks/use-content-language.ts';

export const lessonQuery = (id: string, lang: ContentLanguage) => {
  const url = withLang(coursePaths.lesson(id), lang);
  return queryOptions({ queryKey: [url], queryFn: () => getJson<Lesson>(url) });
};

/** One lesson in the interface language; the previous language's text stays on screen while the new one loads. */
export function useLesson(id: string) {
  const lang = useContentLanguage();
  return useQuery({ ...lessonQuery(id, lang), placeholderData: (previous) => (previous?.id === id ? previous : undefined) });
}
