/**
 * The Soul Health Check: 5 sections of yes/sometimes/no questions (26 in all), scored in the browser only.
 * Texts (titles, questions, challenges, scripture quotations) live in the `public` locale files;
 * this module holds the structure and the rules, red flags included (docs/decisions/061).
 */
import type { ScoreBand, SupportCategory } from './support.ts';

export const SECTION_COUNT = 5;

/** 0 = Yes, 1 = Sometimes, 2 = No. Only "Yes" counts towards the level. */
export const answerValues = [0, 1, 2] as const;
export type Answer = (typeof answerValues)[number];
export const YES: Answer = 0;
export const SOMETIMES: Answer = 1;

export type SectionCategory = 'spiritual' | 'mental' | 'wellness' | 'emotional';
export type SectionId = 'heart' | 'mind' | 'habits' | 'relationships' | 'purpose';

export interface SoulCheckSection {
  /** Key of the section's texts in the locale files. */
  id: SectionId;
  category: SectionCategory;
  /** How many questions the section asks (the locale files hold as many). */
  questionCount: number;
  /** Where the section's scripture comes from, with the English book name used by the scripture files. */
  scripture: { book: string; chapter: number; verse: number };
}

export const soulCheckSections: readonly SoulCheckSection[] = [
  { id: 'heart', category: 'spiritual', questionCount: 5, scripture: { book: 'Psalms', chapter: 51, verse: 10 } },
  // The sixth question asks about self-harm and not wanting to live (a red flag below).
  { id: 'mind', category: 'mental', questionCount: 6, scripture: { book: 'Romans', chapter: 12, verse: 2 } },
  // Sleep, meals and rest as God's gift, not a body to subdue (1 Corinthians 9:27 beside a question on skipped meals).
  { id: 'habits', category: 'wellness', questionCount: 5, scripture: { book: 'Psalms', chapter: 127, verse: 2 } },
  { id: 'relationships', category: 'emotional', questionCount: 5, scripture: { book: 'Ephesians', chapter: 4, verse: 32 } },
  { id: 'purpose', category: 'spiritual', questionCount: 5, scripture: { book: 'Jeremiah', chapter: 29, verse: 11 } },
];

/** Every question of the check. */
export const QUESTION_COUNT = soulCheckSections.reduce((n, s) => n + s.questionCount, 0);

/** Answers keyed by section and question ("2-4" is section 3, question 5). */
export type Answers = Partial<Record<string, Answer>>;
export const answerKey = (section: number, question: number) => `${section}-${question}`;

export type Level = 'healthy' | 'growth' | 'support';

/** 0-1 "Yes" answers: healthy; 2-3: growth; 4 or more: support. */
export function levelForYesCount(yesCount: number, questionCount = 5): Level {
  if (!Number.isInteger(yesCount) || yesCount < 0 || yesCount > questionCount)
    throw new RangeError(`yesCount must be 0-${questionCount}, got ${yesCount}`);
  if (yesCount <= 1) return 'healthy';
  if (yesCount <= 3) return 'growth';
  return 'support';
}

/** A question whose answer changes what the results show, whatever its section's count. */
export interface FlagItem<Id extends string = string> {
  id: Id;
  section: SectionId;
  /** Index of the question in its section. */
  question: number;
  /** The answers that raise it. */
  raisedBy: readonly Answer[];
}

/**
 * The red flags: crisis help goes to the top of the results and the section is at least "Room to
 * grow". Hopelessness and no purpose in life are raised by a Yes; any thought of self-harm or of not
 * wanting to live, even "Sometimes", is.
 */
export const redFlagItems = [
  { id: 'hopeless', section: 'mind', question: 4, raisedBy: [YES] },
  { id: 'selfHarm', section: 'mind', question: 5, raisedBy: [YES, SOMETIMES] },
  { id: 'noPurpose', section: 'purpose', question: 1, raisedBy: [YES] },
] as const satisfies readonly FlagItem[];
export type RedFlagId = (typeof redFlagItems)[number]['id'];

/** "Tension, conflict or fear at home": a Yes shows the country's child-protection line. */
export const homeSafetyItem = { id: 'home', section: 'relationships', question: 2, raisedBy: [YES] } as const satisfies FlagItem;

const sectionIndex = (id: SectionId) => soulCheckSections.findIndex((s) => s.id === id);

const isRaised = (answers: Answers, item: FlagItem) => {
  const answer = answers[answerKey(sectionIndex(item.section), item.question)];
  return answer !== undefined && item.raisedBy.includes(answer);
};

/** The red flags the answers raise, in the order of the check. */
export const raisedRedFlags = (answers: Answers): RedFlagId[] =>
  redFlagItems.filter((item) => isRaised(answers, item)).map((item) => item.id);

/** Whether the answers say home may not be safe. */
export const isHomeConcern = (answers: Answers) => isRaised(answers, homeSafetyItem);

const questionIndexes = (section: number) => Array.from({ length: soulCheckSections[section]!.questionCount }, (_, q) => q);

export const isSectionComplete = (answers: Answers, section: number) =>
  questionIndexes(section).every((q) => answers[answerKey(section, q)] !== undefined);

export const isCheckComplete = (answers: Answers) => soulCheckSections.every((_, s) => isSectionComplete(answers, s));

/** The progress bar while answering: current section index out of 5, as a rounded percent (0 on the first section). */
export const progressPercent = (currentSection: number) => Math.round((currentSection / SECTION_COUNT) * 100);

export interface SectionResult {
  sectionIndex: number;
  yesCount: number;
  questionCount: number;
  level: Level;
  /** The section's raised red flags: its level is then at least "growth". */
  redFlags: RedFlagId[];
}

export function sectionResults(answers: Answers): SectionResult[] {
  return soulCheckSections.map(({ id, questionCount }, sectionIndex) => {
    const yesCount = questionIndexes(sectionIndex).filter((q) => answers[answerKey(sectionIndex, q)] === YES).length;
    const redFlags = redFlagItems.filter((item) => item.section === id && isRaised(answers, item)).map((item) => item.id);
    const byCount = levelForYesCount(yesCount, questionCount);
    // A red flag makes the section at least "growth".
    const level = redFlags.length > 0 && byCount === 'healthy' ? 'growth' : byCount;
    return { sectionIndex, yesCount, questionCount, level, redFlags };
  });
}

/**
 * The band a callback request from the results carries (the staff see it and answer red and yellow
 * within a day): red for a red flag or a section that needs support, yellow for a section with room
 * to grow or a worry at home, green otherwise.
 */
export function scoreBandFor(answers: Answers): Exclude<ScoreBand, 'unknown'> {
  const levels = sectionResults(answers).map((r) => r.level);
  if (raisedRedFlags(answers).length > 0 || levels.includes('support')) return 'red';
  if (levels.includes('growth') || isHomeConcern(answers)) return 'yellow';
  return 'green';
}

/**
 * The support category an ambassador invitation preselects for a section. "Wellness"
 * (habits and discipline) has no ambassadors of its own; the mental-wellness ambassadors cover it.
 */
export const supportCategoryFor = (category: SectionCategory): SupportCategory => (category === 'wellness' ? 'mental' : category);
