import { useTranslation } from 'react-i18next';
import type { ContentLanguage } from '../../../../../common/contracts/course.ts';

/** The interface language as a course content language; components re-render (and queries re-key) when it changes. */
export function useContentLanguage(): ContentLanguage {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'fr' ? 'fr' : 'en';
}
