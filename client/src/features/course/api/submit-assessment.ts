import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coursePaths, type SubmitResult } from '../../../../../common/contracts/course.ts';
import { sendJson } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

export const submitAssessment = (assessmentId: string | undefined, answers: number[]) => {
  if (!assessmentId) throw new Error('No assessment ID');
  return sendJson<SubmitResult>('POST', coursePaths.submit(assessmentId), { answers });
};

/** Sends the answers; afterwards progress is fetched again, and lessons (completed, newly unlocked) when it passed. */
export function useSubmitAssessment(courseId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ assessmentId, answers }: { assessmentId: string | undefined; answers: number[] }) => submitAssessment(assessmentId, answers),
    meta: { errorToast: {} },
    onSuccess: async (result) => {
      void qc.invalidateQueries({ queryKey: courseKeys.allAttempts() });
      if (result.passed) {
        // Lessons not on screen are dropped (a cached "locked" must not flash); those on screen reload.
        qc.removeQueries({ queryKey: courseKeys.lessons(), type: 'inactive' });
        void qc.invalidateQueries({ queryKey: courseKeys.lessons() });
      }
      // Refetched now, even though no screen shows it, so the dashboard never shows the old figures.
      if (courseId) await qc.invalidateQueries({ queryKey: courseKeys.progress(courseId), refetchType: 'all' });
    },
  });
}
