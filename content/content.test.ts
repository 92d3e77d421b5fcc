import { describe, expect, it } from 'vitest';
import { lookupPassage, loadBible, normaliseQuote } from './scripture.ts';
import { validateCourseContent } from './validate.ts';

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
