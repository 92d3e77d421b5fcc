import type { LangOption } from '#client/lib/query-keys.ts';

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
  /** Every lesson's current quiz draw (asked again after every submit: the next try is a new draw). */
  allAssessments: () => [...courseKeys.all, 'assessment'] as const,
  assessment: (lessonId: string, opts: LangOption) => [...courseKeys.allAssessments(), lessonId, opts] as const,
  certificate: (courseId: string, opts: LangOption) => [...courseKeys.all, 'certificate', courseId, opts] as const,
  verification: (code: string, opts: LangOption) => [...courseKeys.all, 'verification', code, opts] as const,
  /** The 7-day track's texts, and the learner's own days (docs/decisions/074). */
  trackContent: (opts: LangOption) => [...courseKeys.all, 'track-content', opts] as const,
  track: () => [...courseKeys.all, 'track'] as const,
};
