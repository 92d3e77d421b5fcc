import { useLocalIndexes } from './use-local-indexes.ts';

/** Days of the 21-day challenge ticked off in this browser. */
export const useChallengeDays = (courseId: string) => useLocalIndexes(`course:challenge-days:${courseId}`);
