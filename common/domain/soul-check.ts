/**
 * The Soul Health Check: 5 sections of 5 yes/sometimes/no questions, scored in the browser only.
 * Texts (titles, questions, challenges, scripture quotations) live in the `public` locale files;
 * this module holds the structure and the rules.
 */
import type { SupportCategory } from './support.ts';

export const SECTION_COUNT = 5;
export const QUESTIONS_PER_SECTION = 5;

/** 0 = Yes, 1 = Sometimes, 2 = No. Only "Yes" counts towards the level. */
export const answerValues = [0, 1, 2] as const;
export type Answer = (typeof answerValues)[number];
export const YES: Answer = 0;

export type SectionCategory = 'spiritual' | 'mental' | 'wellness' | 'emotional';

export interface SoulCheckSection {
  /** Key of the section's texts in the locale files. */
  id: 'heart' | 'mind' | 'habits' | 'relationships' | 'purpose';
  category: SectionCategory;
  /** Where the section's scripture comes from, with the English book name used by the scripture files. */
  scripture: { book: string; chapter: number; verse: number };
}

export const soulCheckSections: readonly SoulCheckSection[] = [
  { id: 'heart', category: 'spiritual', scripture: { book: 'Psalms', chapter: 51, verse: 10 } },
  { id: 'mind', category: 'mental', scripture: { book: 'Romans', chapter: 12, verse: 2 } },
  { id: 'habits', category: 'wellness', scripture: { book: 'I Corinthians', chapter: 9, verse: 27 } },
  { id: 'relationships', category: 'emotional', scripture: { book: 'Ephesians', chapter: 4, verse: 32 } },
  { id: 'purpose', category: 'spiritual', scripture: { book: 'Jeremiah', chapter: 29, verse: 11 } },
];

/** Answers keyed by section and question ("2-4" is section 3, question 5). */
export type Answers = Partial<Record<string, Answer>>;
export const answerKey = (section: number, question: number) => `${section}-${question}`;

export type Level = 'healthy' | 'growth' | 'support';

/** 0-1 "Yes" answers: healthy; 2-3: growth; 4-5: support. */
export function levelForYesCount(yesCount: number): Level {
  if (!Number.isInteger(yesCount) || yesCount < 0 || yesCount > QUESTIONS_PER_SECTION) throw new RangeError(`yesCount must be 0-${QUESTIONS_PER_SECTION}, got ${yesCount}`);
  if (yesCount <= 1) return 'healthy';
  if (yesCount <= 3) return 'growth';
  return 'support';
}

const questionIndexes = Array.from({ length: QUESTIONS_PER_SECTION }, (_, q) => q);

export const isSectionComplete = (answers: Answers, section: number) => questionIndexes.every((q) => answers[answerKey(section, q)] !== undefined);

export const isCheckComplete = (answers: Answers) => soulCheckSections.every((_, s) => isSectionComplete(answers, s));

/** The progress bar while answering: current section index out of 5, as a rounded percent (0 on the first section). */
export const progressPercent = (currentSection: number) => Math.round((currentSection / SECTION_COUNT) * 100);

export interface SectionResult {
  sectionIndex: number;
  yesCount: number;
  level: Level;
}

export function sectionResults(answers: Answers): SectionResult[] {
  return soulCheckSections.map((_, sectionIndex) => {
    const yesCount = questionIndexes.filter((q) => answers[answerKey(sectionIndex, q)] === YES).length;
    return { sectionIndex, yesCount, level: levelForYesCount(yesCount) };
  });
}

/**
 * The support category an ambassador invitation preselects for a section. "Wellness"
 * (habits and discipline) has no ambassadors of its own; the mental-wellness ambassadors cover it.
 */
export const supportCategoryFor = (category: SectionCategory): SupportCategory => (category === 'wellness' ? 'mental' : category);
