import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mentoringPaths, type AddDiscipleBody, type AddDiscipleResult } from '../../../../../common/contracts/mentoring.ts';
import { sendJson } from '../../../lib/api.ts';

/** Adds a disciple (linked now, or invited); everything that counts disciples is fetched again. */
export function useAddDisciple() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddDiscipleBody) => sendJson<AddDiscipleResult>('POST', mentoringPaths.disciples, body),
    onSuccess: () =>
      Promise.all(
        [mentoringPaths.tree, mentoringPaths.pending, mentoringPaths.progression, mentoringPaths.summary].map((path) => qc.invalidateQueries({ queryKey: [path] })),
      ),
  });
}
