import type { LangOption } from '../../../lib/query-keys.ts';

/** Query keys of the course screens, general to specific (`courseKeys.all` covers them all). */
export const courseKeys = {
  all: ['course'] as const,
  list: (opts: LangOption) => [...courseKeys.all, 'list', opts] as const,
  lessonList: (courseId: string, opts: LangOption) => [...courseKeys.all, 'lesson-list', courseId, opts] as const,
  progress: (courseId: string) => [...courseKeys.all, 'progress', courseId] as const,
  /** Every single lesson, in every language. */
  lessons: () => [...courseKeys.all, 'lesson'] as const,
  lesson: (id: string, opts: LangOption) => [...courseKeys.lessons(), id, opts] as const,
  /** Every lesson's attempts list (refetched after every submit). */
  allAttempts: () => [...courseKeys.all, 'attempts'] as const,
  attempts: (lessonId: string) => [...courseKeys.allAttempts(), lessonId] as const,
  assessment: (lessonId: string, opts: LangOption) => [...courseKeys.all, 'assessment', lessonId, opts] as const,
  certificate: (courseId: string, opts: LangOption) => [...courseKeys.all, 'certificate', courseId, opts] as const,
  verification: (code: string, opts: LangOption) => [...courseKeys.all, 'verification', code, opts] as const,
};
