import { describe, expect, it } from 'vitest';

import {
  answerKey,
  homeSafetyItem,
  isCheckComplete,
  isHomeConcern,
  isSectionComplete,
  levelForYesCount,
  progressPercent,
  QUESTION_COUNT,
  raisedRedFlags,
  redFlagItems,
  scoreBandFor,
  sectionResults,
  soulCheckSections,
  supportCategoryFor,
  type Answer,
  type Answers,
} from './soul-check.ts';

const NO: Answer = 2;

/**
 * Answers for every question of every section: `yes[s]` "Yes" answers in section s, taken from the
 * questions that raise no flag first, and `rest` for the others.
 */
function answersWith(yes: number[], rest: Answer = NO): Answers {
  const a: Answers = {};
  soulCheckSections.forEach((section, s) => {
    const flagged = [...redFlagItems, homeSafetyItem].filter((f) => f.section === section.id).map((f): number => f.question);
    const order = [...Array(section.questionCount).keys()].sort((x, y) => Number(flagged.includes(x)) - Number(flagged.includes(y)));
    order.forEach((q, i) => (a[answerKey(s, q)] = i < (yes[s] ?? 0) ? 0 : rest));
  });
  return a;
}

/** Every answer "No" but one. */
function onlyOne(section: string, question: number, answer: Answer): Answers {
  const a = answersWith([0, 0, 0, 0, 0]);
  a[
    answerKey(
      soulCheckSections.findIndex((s) => s.id === section),
      question,
    )
  ] = answer;
  return a;
}

describe('levels by number of "Yes" answers', () => {
  it.each([
    [0, 'healthy'],
    [1, 'healthy'],
    [2, 'growth'],
    [3, 'growth'],
    [4, 'support'],
    [5, 'support'],
  ] as const)('%i Yes is %s', (yes, level) => {
    expect(levelForYesCount(yes)).toBe(level);
  });

  it('counts up to the questions of a six-question section', () => {
    expect(levelForYesCount(6, 6)).toBe('support');
  });

  it('refuses counts that cannot happen', () => {
    expect(() => levelForYesCount(-1)).toThrow(RangeError);
    expect(() => levelForYesCount(6)).toThrow(RangeError);
    expect(() => levelForYesCount(7, 6)).toThrow(RangeError);
    expect(() => levelForYesCount(2.5)).toThrow(RangeError);
  });
});

describe('sectionResults', () => {
  it('counts only "Yes" (0), not "Sometimes" (1) or "No" (2)', () => {
    const results = sectionResults(answersWith([0, 1, 2, 4, 5], NO));
    expect(results.map((r) => r.yesCount)).toEqual([0, 1, 2, 4, 5]);
    expect(results.map((r) => r.level)).toEqual(['healthy', 'healthy', 'growth', 'support', 'support']);
    expect(results.map((r) => r.sectionIndex)).toEqual([0, 1, 2, 3, 4]);
    expect(results.map((r) => r.questionCount)).toEqual([5, 6, 5, 5, 5]);
  });

  it('gives every section its own level', () => {
    expect(sectionResults(answersWith([3, 0, 5, 2, 1])).map((r) => r.level)).toEqual(['growth', 'healthy', 'support', 'growth', 'healthy']);
  });
});

describe('red flags', () => {
  it('are hopelessness, self-harm or not wanting to live, and no purpose in life', () => {
    expect(redFlagItems.map((f) => [f.id, f.section, f.question])).toEqual([
      ['hopeless', 'mind', 4],
      ['selfHarm', 'mind', 5],
      ['noPurpose', 'purpose', 1],
    ]);
  });

  it.each([
    ['hopeless', 'mind', 4],
    ['selfHarm', 'mind', 5],
    ['noPurpose', 'purpose', 1],
  ] as const)('a lone Yes to %s raises it, makes its section "Room to grow" and the band red', (id, section, question) => {
    const answers = onlyOne(section, question, 0);
    expect(raisedRedFlags(answers)).toEqual([id]);
    const result = sectionResults(answers).find((r) => soulCheckSections[r.sectionIndex]!.id === section)!;
    expect(result).toMatchObject({ yesCount: 1, level: 'growth', redFlags: [id] });
    expect(sectionResults(answers).filter((r) => r.redFlags.length > 0)).toHaveLength(1);
    expect(scoreBandFor(answers)).toBe('red');
  });

  it('raises self-harm for "Sometimes" too, but not hopelessness or no purpose', () => {
    expect(raisedRedFlags(onlyOne('mind', 5, 1))).toEqual(['selfHarm']);
    expect(sectionResults(onlyOne('mind', 5, 1))[1]).toMatchObject({ yesCount: 0, level: 'growth' });
    expect(raisedRedFlags(onlyOne('mind', 4, 1))).toEqual([]);
    expect(raisedRedFlags(onlyOne('purpose', 1, 1))).toEqual([]);
  });

  it('raises nothing for "No"', () => {
    const answers = answersWith([0, 0, 0, 0, 0]);
    expect(raisedRedFlags(answers)).toEqual([]);
    expect(sectionResults(answers).every((r) => r.level === 'healthy' && r.redFlags.length === 0)).toBe(true);
  });

  it('keeps a section that needs support at "support"', () => {
    const answers = answersWith([0, 4, 0, 0, 0]);
    answers[answerKey(1, 5)] = 0;
    expect(sectionResults(answers)[1]).toMatchObject({ level: 'support', redFlags: ['selfHarm'] });
  });

  it('names every flag a section raises', () => {
    const answers = onlyOne('mind', 4, 0);
    answers[answerKey(1, 5)] = 0;
    expect(raisedRedFlags(answers)).toEqual(['hopeless', 'selfHarm']);
    expect(sectionResults(answers)[1]).toMatchObject({ yesCount: 2, level: 'growth', redFlags: ['hopeless', 'selfHarm'] });
  });
});

describe('worry at home', () => {
  it('is a Yes to the question about tension, conflict or fear at home', () => {
    expect(homeSafetyItem).toMatchObject({ section: 'relationships', question: 2 });
    expect(isHomeConcern(onlyOne('relationships', 2, 0))).toBe(true);
    expect(isHomeConcern(onlyOne('relationships', 2, 1))).toBe(false);
    expect(isHomeConcern(onlyOne('relationships', 1, 0))).toBe(false);
  });
});

describe('the band a callback from the results carries', () => {
  it.each([
    ['every answer No', answersWith([0, 0, 0, 0, 0]), 'green'],
    ['one Yes per section, no flag', answersWith([1, 1, 1, 1, 1]), 'green'],
    ['"Sometimes" everywhere', answersWith([0, 0, 0, 0, 0], 1), 'red'],
    ['a section with room to grow', answersWith([0, 0, 2, 0, 0]), 'yellow'],
    ['a section that needs support', answersWith([0, 0, 0, 4, 0]), 'red'],
    ['a lone Yes about home', onlyOne('relationships', 2, 0), 'yellow'],
    ['a lone Yes about hopelessness', onlyOne('mind', 4, 0), 'red'],
    ['a lone "Sometimes" about self-harm', onlyOne('mind', 5, 1), 'red'],
  ] as const)('%s: %s', (_case, answers, band) => {
    expect(scoreBandFor(answers)).toBe(band);
  });
});

describe('completeness and progress', () => {
  it('needs every answer of a section to move on, and all 26 for results', () => {
    expect(QUESTION_COUNT).toBe(26);
    const a: Answers = {};
    for (let q = 0; q < 4; q++) a[answerKey(0, q)] = 1;
    expect(isSectionComplete(a, 0)).toBe(false);
    a[answerKey(0, 4)] = 2;
    expect(isSectionComplete(a, 0)).toBe(true);
    for (let q = 0; q < 5; q++) a[answerKey(1, q)] = 2;
    expect(isSectionComplete(a, 1)).toBe(false);
    a[answerKey(1, 5)] = 2;
    expect(isSectionComplete(a, 1)).toBe(true);
    expect(isCheckComplete(a)).toBe(false);
    expect(isCheckComplete(answersWith([1, 1, 1, 1, 1]))).toBe(true);
  });

  it('shows progress as current section / 5, rounded', () => {
    expect([0, 1, 2, 3, 4].map(progressPercent)).toEqual([0, 20, 40, 60, 80]);
  });
});

describe('sections', () => {
  it('are the five of the spec with their categories and scriptures (Psalm 127:2 beside eating and sleep)', () => {
    expect(soulCheckSections.map((s) => [s.id, s.category, `${s.scripture.book} ${s.scripture.chapter}:${s.scripture.verse}`])).toEqual([
      ['heart', 'spiritual', 'Psalms 51:10'],
      ['mind', 'mental', 'Romans 12:2'],
      ['habits', 'wellness', 'Psalms 127:2'],
      ['relationships', 'emotional', 'Ephesians 4:32'],
      ['purpose', 'spiritual', 'Jeremiah 29:11'],
    ]);
  });

  it('invite to the mental-wellness ambassadors for habits, and to their own category otherwise', () => {
    expect(soulCheckSections.map((s) => supportCategoryFor(s.category))).toEqual([
      'spiritual',
      'mental',
      'mental',
      'emotional',
      'spiritual',
    ]);
  });
});
