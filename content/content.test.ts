import { describe, expect, it } from 'vitest';
import { lookupPassage, loadBible, normaliseQuote } from './scripture.ts';
import { blindScores, MAX_BLIND_SCORE, readCourseFiles, validateCourseContent } from './validate.ts';
import { lessonFileSchema } from './schema.ts';

describe('course content', () => {
  it('is complete, has en/fr parity and quotes scripture exactly', () => {
    expect(validateCourseContent()).toEqual([]);
  });
});

describe('scripture lookup', () => {
  it('finds single verses and ranges in both translations', () => {
    expect(lookupPassage(loadBible('BSB.txt'), 'John 3:16')).toMatch(/^For God so loved the world/);
    expect(lookupPassage(loadBible('FreSynodale1921.txt'), 'Psalms 51:10')).toMatch(/^Dieu, crée en moi un coeur pur/);
    expect(lookupPassage(loadBible('BSB.txt'), 'Romans 8:38-39')).toContain('nor anything else in all creation');
  });

  it('ignores only white space and quote styles', () => {
    expect(normaliseQuote('“Hello,”  he said’s')).toBe(normaliseQuote('"Hello," he said\'s'));
    expect(normaliseQuote('loved the world')).not.toBe(normaliseQuote('loved the earth'));
  });
});

describe('quizzes test understanding', () => {
  it('no blind strategy (one letter, the longest, the shortest option) passes any quiz in either language', () => {
    const { lessons } = readCourseFiles(false);
    const best: string[] = [];
    for (const { file, data } of lessons) {
      const l = lessonFileSchema.parse(data);
      for (const lang of ['en', 'fr'] as const) {
        const s = blindScores(l[lang].questions.map((q) => q.options), l.answers);
        const top = Math.max(...s.letters, s.longest, s.shortest);
        if (top >= MAX_BLIND_SCORE) best.push(`${file} ${lang}: ${Math.round(top * 100)}%`);
      }
    }
    expect(best).toEqual([]);
  });

  it('counts the strategies the way a guesser would', () => {
    const options = [
      ['a', 'bb', 'the longest one', 'c'],
      ['x', 'yy', 'zzz', 'the longest'],
      ['tie!', 'tie?', 'no', 'abc'],
      ['short', 'longer', 'longest', 'z'],
    ];
    const s = blindScores(options, [2, 3, 0, 3]);
    expect(s.longest).toBe(0.75); // questions 1, 2 and the tie in 3
    expect(s.shortest).toBe(0.25); // question 4
    expect(s.letters).toEqual([0.25, 0, 0.25, 0.5]);
  });
});
