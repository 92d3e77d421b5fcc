import { useMemo } from 'react';
import { readLocalIndexes, useLocalIndexes } from './use-local-indexes.ts';

/** Keyed by lesson id only, so marks survive reloads and language changes (sections match across languages). */
const storageKey = (lessonId: string) => `course:read-sections:${lessonId}`;

/** Section indexes marked read for a lesson (the dashboard uses it to tell "in progress" from "not started"). */
export const readSectionsOf = (lessonId: string): number[] => readLocalIndexes(storageKey(lessonId));

/** Which teaching sections of a lesson are marked read, one by one (spec section 4). */
export function useReadSections(lessonId: string, sectionCount: number) {
  const [stored, setRead] = useLocalIndexes(storageKey(lessonId));
  const read = useMemo(() => new Set([...stored].filter((i) => i < sectionCount)), [stored, sectionCount]);
  return { read, readCount: read.size, allRead: sectionCount > 0 && read.size >= sectionCount, setRead };
}
