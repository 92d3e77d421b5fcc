import { useCallback, useMemo } from 'react';

import { readLearning, readSectionIndexes, sectionKey, setMark } from '../utils/learning-store.ts';
import { useLearningData } from './use-learning.ts';

/** Section indexes marked read for a lesson (the dashboard uses it to tell "in progress" from "not started"). */
export const readSectionsOf = (lessonId: string): number[] => readSectionIndexes(readLearning(), lessonId);

/**
 * Which teaching sections of a lesson are marked read, one by one (spec section 4): kept in this
 * browser and synced, keyed by lesson id only (sections match across languages).
 */
export function useReadSections(lessonId: string, sectionCount: number) {
  const data = useLearningData();
  const read = useMemo(() => new Set(readSectionIndexes(data, lessonId).filter((i) => i < sectionCount)), [data, lessonId, sectionCount]);
  const setRead = useCallback((index: number, isRead: boolean) => setMark('sections', sectionKey(lessonId, index), isRead), [lessonId]);
  return { read, readCount: read.size, allRead: sectionCount > 0 && read.size >= sectionCount, setRead };
}
