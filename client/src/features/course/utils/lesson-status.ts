import type { Progress } from '#common/contracts/course.ts';

export type LessonStatus = 'completed' | 'current' | 'locked';

/**
 * Spec section 4: completed lessons; the current one (currentLessonId, or the first lesson when
 * there is none); everything else locked.
 */
export function lessonStatus(
  lessonId: string,
  progress: Pick<Progress, 'completedLessons' | 'currentLessonId'>,
  firstLessonId: string | undefined,
): LessonStatus {
  if (progress.completedLessons.includes(lessonId)) return 'completed';
  if (lessonId === (progress.currentLessonId ?? firstLessonId)) return 'current';
  return 'locked';
}

/** The welcome name: first name, else username, else the part of the email before the @, else null. */
export function welcomeName(user: { firstName: string | null; username: string | null; email: string } | null | undefined): string | null {
  return user?.firstName?.trim() || user?.username?.trim() || user?.email.split('@')[0] || null;
}

/**
 * A learner is new until they have done anything in the course: no week passed and no section
 * marked read (on this device). Their dashboard says "Welcome", not "Welcome back".
 */
export function isNewLearner(progress: Pick<Progress, 'completedLessons'>, sectionsReadPerLesson: readonly number[]): boolean {
  return progress.completedLessons.length === 0 && sectionsReadPerLesson.every((n) => n === 0);
}

/** A WhatsApp chat link for a number written any way ("+1 (555) 010-2030"). */
export const whatsappLink = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;
