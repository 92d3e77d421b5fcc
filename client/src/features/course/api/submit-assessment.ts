import { useMutation } from '@tanstack/react-query';

import { isOffline } from '#client/lib/connectivity.ts';
import type { Assessment, SubmitResult } from '#common/contracts/course.ts';

import { isWaitingForParent } from '../utils/learning-store.ts';
import {
  isNetworkFailure,
  isWaitingForParentRefusal,
  queueQuiz,
  refreshAfterSubmit,
  rememberAnswered,
  sendQuiz,
} from '../utils/quiz-outbox.ts';

interface SubmitInput {
  /** The draw answered, as shown (kept with the answers when they wait on this device). */
  assessment: Assessment | undefined;
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
    mutationFn: async ({ assessment, answers, key }: SubmitInput): Promise<SubmitResult | null> => {
      if (!assessment) throw new Error('No assessment');
      const queue = () => {
        queueQuiz({ key, assessmentId: assessment.id, drawId: assessment.drawId, assessment, courseId: courseId ?? '', answers });
        return null;
      };
      // Waiting for a parent: the answers are not even sent.
      if (isOffline() || isWaitingForParent()) return queue();
      try {
        const result = await sendQuiz(assessment.id, assessment.drawId, answers, key);
        rememberAnswered(assessment.drawId);
        return result;
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
