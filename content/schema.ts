import { z } from 'zod';

import { TRACK_DAYS } from '#common/domain/track.ts';

/**
 * Shape of the course content files under content/course/.
 * One file per week holds both languages, so structure parity (same number of
 * sections, questions and options) is checked by the content test, and the
 * answer key is shared: a French learner is scored on the same key.
 */
const nonEmpty = z.string().trim().min(1);

export const scriptureSchema = z.object({
  /** Reference as shown to the reader, in the reader's language: "John 3:16", "Jean 3.16". */
  ref: nonEmpty,
  /** The quotation itself, exactly as in the translation file. */
  text: nonEmpty,
  /** BSB (English), Synodale (French NT and Psalms) or LSG (French Old Testament outside Psalms). */
  translation: z.enum(['BSB', 'Synodale', 'LSG']),
  /** Machine reference using the scripture files' English book names: "John 3:16", "I Corinthians 9:24-27". */
  source: z.string().regex(/^[1-3I]*\s?[A-Za-z ]+ \d+:\d+(-\d+)?$/, 'source must look like "Book 3:16" or "Book 3:16-18"'),
});

export const sectionSchema = z.object({ heading: nonEmpty, text: nonEmpty });

export const questionSchema = z.object({
  text: nonEmpty,
  options: z.array(nonEmpty).length(4),
});

export const lessonLanguageSchema = z.object({
  title: nonEmpty,
  subtitle: nonEmpty,
  keyScriptures: z.array(scriptureSchema).min(2).max(4),
  sections: z.array(sectionSchema).min(4).max(6),
  reflectionQuestions: z.array(nonEmpty).min(3).max(5),
  /**
   * The week's question bank (docs/decisions/073): each attempt draws 10 of them on the server and
   * shuffles their options. The content test asks for at least BANK_MIN (the schema still accepts an
   * 8-10-question quiz so a half-written bank keeps the app starting).
   */
  questions: z.array(questionSchema).min(8).max(30),
});

/** Questions per week the content test requires (the schema alone accepts 8, see above). */
export const BANK_MIN = 20;
/** Share of a bank that must be scenario items (the content test). */
export const SCENARIO_MIN_SHARE = 0.5;

/**
 * What a question asks: 'scenario' puts the learner in a situation and asks what the lesson teaches
 * them to do or think; 'recall' asks what the lesson or a verse says.
 */
export const questionKindSchema = z.enum(['scenario', 'recall']);

export const lessonFileSchema = z.object({
  week: z.number().int().min(1).max(8),
  /** Stable identity of the lesson across content versions. */
  slug: z.string().regex(/^[a-z0-9-]+$/),
  /** Index (0-3) of the correct option for each question, shared by en and fr. */
  answers: z.array(z.number().int().min(0).max(3)).min(8).max(30),
  /**
   * The teaching section (1-based, same in en and fr) each question comes from: after a failed
   * attempt the learner is sent back to it instead of being shown the right answer.
   */
  questionSections: z.array(z.number().int().min(1).max(6)).min(8).max(30),
  /** 'scenario' or 'recall' per question, same length as answers (required by the content test; optional while banks are written). */
  questionKinds: z.array(questionKindSchema).min(8).max(30).optional(),
  en: lessonLanguageSchema,
  fr: lessonLanguageSchema,
});

export const challengeDaySchema = z.object({ title: nonEmpty, practice: nonEmpty });

export const courseFileSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  /** Bumped whenever any course file changes; stored with the seeded rows. */
  version: z.number().int().positive(),
  en: z.object({ title: nonEmpty, description: nonEmpty }),
  fr: z.object({ title: nonEmpty, description: nonEmpty }),
  challenge: z.object({
    en: z.object({ title: nonEmpty, intro: nonEmpty, days: z.array(challengeDaySchema).length(21) }),
    fr: z.object({ title: nonEmpty, intro: nonEmpty, days: z.array(challengeDaySchema).length(21) }),
  }),
});

export type LessonFile = z.infer<typeof lessonFileSchema>;
export type CourseFile = z.infer<typeof courseFileSchema>;
export type LessonLanguage = z.infer<typeof lessonLanguageSchema>;
export type QuestionKind = z.infer<typeof questionKindSchema>;

/**
 * The 7-day new-believer track (content/track/new-believer.json, docs/decisions/074): seven short
 * days, both languages in one file. The check has one question and no pass mark: its answer (shared
 * by en and fr) only decides the feedback shown after answering.
 */

const trackDayLanguageSchema = z.object({
  title: nonEmpty,
  passage: scriptureSchema,
  explanation: nonEmpty,
  prayer: nonEmpty,
  action: nonEmpty,
  question: nonEmpty,
  check: z.object({ question: nonEmpty, options: z.array(nonEmpty).length(3), feedback: nonEmpty }),
});

export const trackDaySchema = z.object({
  day: z.number().int().min(1).max(TRACK_DAYS),
  slug: z.string().regex(/^[a-z0-9-]+$/),
  /** Index (0-2) of the check's right option, the same in en and fr. */
  checkAnswer: z.number().int().min(0).max(2),
  en: trackDayLanguageSchema,
  fr: trackDayLanguageSchema,
});

export const trackFileSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  version: z.number().int().positive(),
  en: z.object({ title: nonEmpty, description: nonEmpty }),
  fr: z.object({ title: nonEmpty, description: nonEmpty }),
  days: z.array(trackDaySchema).length(TRACK_DAYS),
});

export type TrackFile = z.infer<typeof trackFileSchema>;
export type TrackDay = z.infer<typeof trackDaySchema>;
export type TrackDayLanguage = z.infer<typeof trackDayLanguageSchema>;
