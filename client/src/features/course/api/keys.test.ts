import { describe, expect, it } from 'vitest';

import { isLanguageDependentKey, sharedKeys } from '#client/lib/query-keys.ts';

import { courseKeys } from './keys.ts';

describe('language-dependent queries', () => {
  it('are those with a lang parameter: courses, lesson lists, lessons; not progress or the current user', () => {
    expect(isLanguageDependentKey(courseKeys.list({ lang: 'en' }))).toBe(true);
    expect(isLanguageDependentKey(courseKeys.lessonList('1', { lang: 'en' }))).toBe(true);
    expect(isLanguageDependentKey(courseKeys.lesson('1', { lang: 'fr' }))).toBe(true);
    expect(isLanguageDependentKey(courseKeys.progress('1'))).toBe(false);
    expect(isLanguageDependentKey(sharedKeys.currentUser)).toBe(false);
  });
});

describe('course keys', () => {
  it('go from general to specific, so a prefix reaches every lesson but no assessment or lesson list', () => {
    const prefix = courseKeys.lessons();
    const startsWith = (key: readonly unknown[]) => prefix.every((part, i) => key[i] === part);
    expect(startsWith(courseKeys.lesson('1', { lang: 'en' }))).toBe(true);
    expect(startsWith(courseKeys.lesson('2', { lang: 'fr' }))).toBe(true);
    expect(startsWith(courseKeys.assessment('1', { lang: 'en' }))).toBe(false);
    expect(startsWith(courseKeys.lessonList('1', { lang: 'en' }))).toBe(false);
    expect(courseKeys.progress('1').slice(0, 1)).toEqual(courseKeys.all);
  });
});
