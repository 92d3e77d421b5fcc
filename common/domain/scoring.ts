/**
 * Pure course rules shared by the server (which decides) and the client (which explains).
 * Scores are whole percentages; the pass mark is inclusive.
 */
export const PASS_MARK = 70;

export interface ScoredAttempt {
  /** Whole percentage 0-100. */
  score: number;
  correctCount: number;
  totalQuestions: number;
  passed: boolean;
}

/**
 * Scores answers against the key. The percentage is rounded down, so a result just under the pass
 * mark (say 69.9% for a mark of 70) is shown as 69 and never rounds up to a misleading 70; `passed` is exactly
 * `score >= PASS_MARK`.
 */
export function scoreAnswers(answers: readonly number[], answerKey: readonly number[]): ScoredAttempt {
  if (answers.length !== answerKey.length) throw new RangeError(`expected ${answerKey.length} answers, got ${answers.length}`);
  if (answerKey.length === 0) throw new RangeError('an assessment needs at least one question');
  const correctCount = answers.reduce((n, a, i) => n + (a === answerKey[i] ? 1 : 0), 0);
  const score = Math.floor((correctCount * 100) / answerKey.length);
  return { score, correctCount, totalQuestions: answerKey.length, passed: isPassingScore(correctCount, answerKey.length) };
}

/** Feedback band of a score: below 50, 50-69 (close to the pass mark), 70-89, 90 and more. */
export type ScoreBand = 'low' | 'close' | 'good' | 'excellent';
export function scoreBand(score: number): ScoreBand {
  if (score >= 90) return 'excellent';
  if (score >= PASS_MARK) return 'good';
  if (score >= 50) return 'close';
  return 'low';
}

/** Exact comparison in integers (correct/total >= PASS_MARK/100), free of floating-point rounding. */
export function isPassingScore(correctCount: number, totalQuestions: number): boolean {
  return correctCount * 100 >= PASS_MARK * totalQuestions;
}

/** Percentage of lessons passed, 0-100, rounded to the nearest whole number. */
export function overallProgress(completedCount: number, totalLessons: number): number {
  if (totalLessons <= 0) return 0;
  return Math.round((Math.min(completedCount, totalLessons) * 100) / totalLessons);
}

/** Mean of the best passing score of each passed lesson, rounded; null when nothing is passed yet. */
export function averageScore(bestPassingScores: readonly number[]): number | null {
  if (bestPassingScores.length === 0) return null;
  return Math.round(bestPassingScores.reduce((a, b) => a + b, 0) / bestPassingScores.length);
}

export interface LessonRef {
  id: string;
  weekNumber: number;
}

/**
 * Lessons unlock in week order: a lesson is open when it is already passed or when every earlier
 * week is passed. Returns the open lesson ids and the current one (first not yet passed, or null
 * when the whole course is passed).
 */
export function unlockState(lessons: readonly LessonRef[], passedLessonIds: ReadonlySet<string>) {
  const ordered = [...lessons].sort((a, b) => a.weekNumber - b.weekNumber);
  const open = new Set<string>();
  let allEarlierPassed = true;
  let currentLessonId: string | null = null;
  for (const lesson of ordered) {
    const passed = passedLessonIds.has(lesson.id);
    if (passed || allEarlierPassed) open.add(lesson.id);
    if (!passed) {
      if (allEarlierPassed) currentLessonId = lesson.id;
      allEarlierPassed = false;
    }
  }
  return { open, currentLessonId, completedLessons: ordered.filter((l) => passedLessonIds.has(l.id)).map((l) => l.id) };
}
