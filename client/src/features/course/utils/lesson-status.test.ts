import { describe, expect, it } from 'vitest';

import { isNewLearner, lessonStatus, welcomeName, whatsappLink } from './lesson-status.ts';

describe('lessonStatus', () => {
  it('marks passed lessons completed, the current one current and the rest locked', () => {
    const p = { completedLessons: ['a', 'b'], currentLessonId: 'c' };
    expect(['a', 'b', 'c', 'd'].map((id) => lessonStatus(id, p, 'a'))).toEqual(['completed', 'completed', 'current', 'locked']);
  });

  it('treats the first lesson as current when there is no current lesson yet', () => {
    expect(lessonStatus('a', { completedLessons: [], currentLessonId: null }, 'a')).toBe('current');
    expect(lessonStatus('b', { completedLessons: [], currentLessonId: null }, 'a')).toBe('locked');
  });

  it('keeps everything completed once the course is done', () => {
    expect(lessonStatus('a', { completedLessons: ['a', 'b'], currentLessonId: null }, 'a')).toBe('completed');
  });
});

describe('welcomeName', () => {
  it('falls back from first name to username to the email', () => {
    expect(welcomeName({ firstName: 'Ada', username: 'ada7', email: 'ada@example.org' })).toBe('Ada');
    expect(welcomeName({ firstName: ' ', username: 'ada7', email: 'ada@example.org' })).toBe('ada7');
    expect(welcomeName({ firstName: null, username: null, email: 'grace.h@example.org' })).toBe('grace.h');
    expect(welcomeName(null)).toBeNull();
  });
});

it('builds WhatsApp links from formatted numbers', () => {
  expect(whatsappLink('+1 (555) 010-2030')).toBe('https://wa.me/15550102030');
});

describe('isNewLearner', () => {
  it('is new until a week is passed or a section is read', () => {
    expect(isNewLearner({ completedLessons: [] }, [0, 0, 0])).toBe(true);
    expect(isNewLearner({ completedLessons: [] }, [])).toBe(true);
    expect(isNewLearner({ completedLessons: [] }, [0, 2, 0])).toBe(false);
    expect(isNewLearner({ completedLessons: ['l1'] }, [0, 0, 0])).toBe(false);
  });
});
