import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPaths, type ApplicationItem } from '../../../../../common/contracts/admin.ts';
import { sendJson } from '../../../lib/api.ts';

/** Approve (the applicant becomes an ambassador) or decline; the directory, stats and team change too. */
export function useDecideApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'decline' }) => sendJson<ApplicationItem>('POST', adminPaths.applicationDecision(id), { decision }),
    onSuccess: () =>
      Promise.all([adminPaths.applications, adminPaths.audit, adminPaths.users, adminPaths.stats, adminPaths.assignees].map((p) => qc.invalidateQueries({ queryKey: [p] }))),
  });
}
