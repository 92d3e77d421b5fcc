import { describe, expect, it } from 'vitest';
import {
  answerKey, isCheckComplete, isSectionComplete, levelForYesCount, progressPercent, sectionResults, soulCheckSections, supportCategoryFor, type Answer, type Answers,
} from './soul-check.ts';

/** Answers for every question of every section, with `yes[s]` "Yes" answers in section s and the rest as given. */
function answersWith(yes: number[], rest: Answer = 2): Answers {
  const a: Answers = {};
  for (let s = 0; s < 5; s++) for (let q = 0; q < 5; q++) a[answerKey(s, q)] = q < (yes[s] ?? 0) ? 0 : rest;
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

  it('refuses counts that cannot happen', () => {
    expect(() => levelForYesCount(-1)).toThrow(RangeError);
    expect(() => levelForYesCount(6)).toThrow(RangeError);
    expect(() => levelForYesCount(2.5)).toThrow(RangeError);
  });
});

describe('sectionResults', () => {
  it('counts only "Yes" (0), not "Sometimes" (1) or "No" (2)', () => {
    const results = sectionResults(answersWith([0, 1, 2, 4, 5], 1));
    expect(results.map((r) => r.yesCount)).toEqual([0, 1, 2, 4, 5]);
    expect(results.map((r) => r.level)).toEqual(['healthy', 'healthy', 'growth', 'support', 'support']);
    expect(results.map((r) => r.sectionIndex)).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives every section its own level', () => {
    expect(sectionResults(answersWith([3, 0, 5, 2, 1])).map((r) => r.level)).toEqual(['growth', 'healthy', 'support', 'growth', 'healthy']);
  });
});

describe('completeness and progress', () => {
  it('needs all 5 answers of a section to move on, and all 25 for results', () => {
    const a: Answers = {};
    for (let q = 0; q < 4; q++) a[answerKey(0, q)] = 1;
    expect(isSectionComplete(a, 0)).toBe(false);
    a[answerKey(0, 4)] = 2;
    expect(isSectionComplete(a, 0)).toBe(true);
    expect(isCheckComplete(a)).toBe(false);
    expect(isCheckComplete(answersWith([1, 1, 1, 1, 1]))).toBe(true);
  });

  it('shows progress as current section / 5, rounded', () => {
    expect([0, 1, 2, 3, 4].map(progressPercent)).toEqual([0, 20, 40, 60, 80]);
  });
});

describe('sections', () => {
  it('are the five of the spec with their categories and scriptures', () => {
    expect(soulCheckSections.map((s) => [s.id, s.category, `${s.scripture.book} ${s.scripture.chapter}:${s.scripture.verse}`])).toEqual([
      ['heart', 'spiritual', 'Psalms 51:10'],
      ['mind', 'mental', 'Romans 12:2'],
      ['habits', 'wellness', 'I Corinthians 9:27'],
      ['relationships', 'emotional', 'Ephesians 4:32'],
      ['purpose', 'spiritual', 'Jeremiah 29:11'],
    ]);
  });

  it('invite to the mental-wellness ambassadors for habits, and to their own category otherwise', () => {
    expect(soulCheckSections.map((s) => supportCategoryFor(s.category))).toEqual(['spiritual', 'mental', 'mental', 'emotional', 'spiritual']);
  });
});
