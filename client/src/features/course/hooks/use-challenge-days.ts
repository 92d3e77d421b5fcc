import { useCallback, useMemo } from 'react';

import { dayKey, doneDays, setMark } from '../utils/learning-store.ts';
import { useLearningData } from './use-learning.ts';

/**
 * Days (1-21) of the 21-day challenge ticked, and a setter: `date` is the day a tick counts for
 * (today, or a missed day being caught up).
 */
export function useChallengeDays(courseId: string) {
  const data = useLearningData();
  const done = useMemo(() => new Set(doneDays(data, courseId)), [data, courseId]);
  const setDone = useCallback(
    (day: number, isDone: boolean, date?: string) => setMark('days', dayKey(courseId, day), isDone, date),
    [courseId],
  );
  return [done, setDone] as const;
}
