import { describe, expect, it } from 'vitest';

import { averageScore, isPassingScore, overallProgress, PASS_MARK, scoreAnswers, scoreBand, unlockState } from './scoring.ts';

const key10 = [2, 0, 3, 1, 3, 2, 1, 3, 0, 2];
/** The key with the first `wrong` answers changed to another option. */
const withWrong = (key: number[], wrong: number) => key.map((a, i) => (i < wrong ? (a + 1) % 4 : a));

describe('scoreAnswers', () => {
  it('gives 100 for all correct and 0 for all wrong', () => {
    expect(scoreAnswers(key10, key10)).toEqual({ score: 100, correctCount: 10, totalQuestions: 10, passed: true });
    expect(scoreAnswers(withWrong(key10, 10), key10)).toMatchObject({ score: 0, correctCount: 0, passed: false });
  });

  it('passes at exactly 70% and fails just under', () => {
    expect(scoreAnswers(withWrong(key10, 3), key10)).toMatchObject({ score: 70, passed: true });
    expect(scoreAnswers(withWrong(key10, 4), key10)).toMatchObject({ score: 60, passed: false });
    const key100 = Array.from({ length: 100 }, (_, i) => i % 4);
    expect(scoreAnswers(withWrong(key100, 30), key100)).toMatchObject({ score: 70, passed: true });
    expect(scoreAnswers(withWrong(key100, 31), key100)).toMatchObject({ score: 69, passed: false });
  });

  it('never rounds a fail up to the pass mark', () => {
    // 699/1000 is 69.9%: shown as 69, and a fail.
    const key = Array.from({ length: 1000 }, () => 0);
    const answers = key.map((_, i) => (i < 699 ? 0 : 1));
    expect(scoreAnswers(answers, key)).toMatchObject({ score: 69, passed: false });
  });

  it('keeps passed consistent with the score for every size of assessment', () => {
    for (let total = 1; total <= 12; total++) {
      for (let correct = 0; correct <= total; correct++) {
        const key = Array.from({ length: total }, () => 1);
        const r = scoreAnswers(
          key.map((_, i) => (i < correct ? 1 : 2)),
          key,
        );
        expect(r.passed).toBe(r.score >= PASS_MARK);
        expect(r.passed).toBe(correct / total >= 0.7);
      }
    }
  });

  it('refuses a wrong number of answers', () => {
    expect(() => scoreAnswers([1, 2], key10)).toThrow(/expected 10 answers, got 2/);
  });
});

describe('course figures', () => {
  it('computes progress as a rounded percentage', () => {
    expect(overallProgress(0, 8)).toBe(0);
    expect(overallProgress(3, 8)).toBe(38);
    expect(overallProgress(8, 8)).toBe(100);
    expect(overallProgress(9, 8)).toBe(100);
    expect(overallProgress(0, 0)).toBe(0);
  });

  it('averages best passing scores, N/A (null) when none', () => {
    expect(averageScore([])).toBeNull();
    expect(averageScore([70, 100, 85])).toBe(85);
    expect(averageScore([70, 71])).toBe(71);
  });

  it('checks pass marks in integers', () => {
    expect(isPassingScore(7, 10)).toBe(true);
    expect(isPassingScore(6, 10)).toBe(false);
  });
});

describe('unlockState', () => {
  const lessons = [3, 1, 2, 4].map((w) => ({ id: `w${w}`, weekNumber: w }));

  it('opens only week 1 for a newcomer', () => {
    const s = unlockState(lessons, new Set());
    expect([...s.open]).toEqual(['w1']);
    expect(s.currentLessonId).toBe('w1');
    expect(s.completedLessons).toEqual([]);
  });

  it('opens the next week once the previous one is passed', () => {
    const s = unlockState(lessons, new Set(['w1', 'w2']));
    expect([...s.open].sort()).toEqual(['w1', 'w2', 'w3']);
    expect(s.currentLessonId).toBe('w3');
    expect(s.completedLessons).toEqual(['w1', 'w2']);
  });

  it('has no current lesson when everything is passed', () => {
    const s = unlockState(lessons, new Set(['w1', 'w2', 'w3', 'w4']));
    expect(s.currentLessonId).toBeNull();
    expect(s.open.size).toBe(4);
  });

  it('keeps a passed lesson open even when an earlier week appeared later', () => {
    // Content changed: a new week 2 was inserted after the user had passed weeks 1, 3 and 4.
    const s = unlockState(lessons, new Set(['w1', 'w3', 'w4']));
    expect(s.currentLessonId).toBe('w2');
    expect([...s.open].sort()).toEqual(['w1', 'w2', 'w3', 'w4']);
  });
});

describe('scoreBand', () => {
  it('gives the feedback band at each boundary: <50, 50-69, 70-89, 90+', () => {
    expect([0, 49, 50, 69, 70, 89, 90, 100].map(scoreBand)).toEqual([
      'low',
      'low',
      'close',
      'close',
      'good',
      'good',
      'excellent',
      'excellent',
    ]);
  });
});
