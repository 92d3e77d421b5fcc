import { useEffect, useMemo, useSyncExternalStore } from 'react';

import { onReconnect } from '#client/lib/connectivity.ts';
import { computeStreak } from '#common/domain/streak.ts';

import { syncLearning } from '../api/sync-learning.ts';
import { activeDates, localToday, readLearning, readLearningOnServer, subscribeLearning } from '../utils/learning-store.ts';
import { flushQuizOutbox } from '../utils/quiz-outbox.ts';

/** This account's marks in this browser, re-read when they change (here or in another tab). */
export const useLearningData = () => useSyncExternalStore(subscribeLearning, () => readLearning(), readLearningOnServer);

/**
 * Keeps a course's marks in sync while a course screen is open: once on opening (a new device
 * gets the server's state), shortly after each change, and when the connection comes back; quiz
 * answers kept offline are sent at the same moments.
 */
export function useLearningSync(courseId: string | undefined) {
  useEffect(() => {
    if (!courseId) return;
    void syncLearning(courseId);
    void flushQuizOutbox();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void syncLearning(courseId), 400);
    };
    const unsubscribe = subscribeLearning(() => {
      const data = readLearning();
      if (Object.values(data.days).some((m) => m.isDirty) || Object.values(data.sections).some((m) => m.isDirty)) soon();
    });
    const stopWatching = onReconnect(() => {
      void syncLearning(courseId);
      void flushQuizOutbox();
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
      stopWatching();
    };
  }, [courseId]);
}

/** The private streak from the ticks and sections read in this browser (synced with every device). */
export function useStreak(courseId: string) {
  const data = useLearningData();
  return useMemo(() => {
    const today = localToday();
    const dates = activeDates(data, courseId);
    return { today, activeDates: new Set(dates), ...computeStreak(dates, today) };
  }, [data, courseId]);
}
