import { useMutation } from '@tanstack/react-query';
import { isOffline } from '../../../lib/connectivity.ts';
import type { SubmitResult } from '../../../../../common/contracts/course.ts';
import { isWaitingForParent } from '../utils/learning-store.ts';
import { isNetworkFailure, isWaitingForParentRefusal, queueQuiz, refreshAfterSubmit, sendQuiz } from '../utils/quiz-outbox.ts';

interface SubmitInput {
  assessmentId: string | undefined;
  answers: number[];
  /** One per attempt: sending the same attempt again never stores it twice. */
  key: string;
}

/**
 * Sends the answers, or, without a connection or while a parent has not agreed yet (the server
 * keeps nothing of the course then, decision 062), keeps them on this device to send later (the
 * result is then null). Afterwards progress is fetched again, and lessons (completed, newly unlocked) when it passed.
 */
export function useSubmitAssessment(courseId: string | undefined) {
  return useMutation({
    mutationFn: async ({ assessmentId, answers, key }: SubmitInput): Promise<SubmitResult | null> => {
      if (!assessmentId) throw new Error('No assessment ID');
      const queue = () => {
        queueQuiz({ key, assessmentId, courseId: courseId ?? '', answers });
        return null;
      };
      // Waiting for a parent: the answers are not even sent.
      if (isOffline() || isWaitingForParent()) return queue();
      try {
        return await sendQuiz(assessmentId, answers, key);
      } catch (err) {
        if (isNetworkFailure(err) || isWaitingForParentRefusal(err)) return queue();
        throw err;
      }
    },
    meta: { errorToast: {} },
    onSuccess: async (result) => {
      if (result && courseId) await refreshAfterSubmit(courseId, result);
    },
  });
}
