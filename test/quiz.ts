import type { Assessment, ContentLanguage } from '#common/contracts/course.ts';
import type { LessonFile } from '#content/schema.ts';
import { loadCourseContent } from '#server/db/seed/course.ts';

/**
 * Answers for a drawn assessment (docs/decisions/073), read from the content files' answer key
 * as a learner who studied would: each shown question is found in the week's bank by its text,
 * and the right option by its text among the shown (shuffled) options. The first `wrong` questions
 * are answered with another option. Used by API tests, browser tests and benchmarks.
 */
export function answersFor(
  a: Pick<Assessment, 'weekNumber' | 'questions'>,
  wrong = 0,
  lang: ContentLanguage = 'en',
  lessons: LessonFile[] = loadCourseContent().lessons,
): number[] {
  const lesson = lessons.find((l) => l.week === a.weekNumber);
  if (!lesson) throw new Error(`no week ${a.weekNumber} in the content files`);
  return a.questions.map((shown, i) => {
    const right = rightOptionText(lesson, shown, lang);
    const at = shown.options.indexOf(right);
    if (at < 0) throw new Error(`week ${a.weekNumber}: the right option of "${shown.questionText}" is not among the shown options`);
    return i < wrong ? (at + 1) % shown.options.length : at;
  });
}

/** The right option's text of a shown question (found in the bank by its text and options). */
export function rightOptionText(lesson: LessonFile, shown: Assessment['questions'][number], lang: ContentLanguage = 'en'): string {
  const same = (options: string[]) => options.length === shown.options.length && options.every((o) => shown.options.includes(o));
  const k = lesson[lang].questions.findIndex((q) => q.text === shown.questionText && same(q.options));
  if (k < 0) throw new Error(`week ${lesson.week}: "${shown.questionText}" is not in the ${lang} bank`);
  return lesson[lang].questions[k]!.options[lesson.answers[k]!]!;
}
