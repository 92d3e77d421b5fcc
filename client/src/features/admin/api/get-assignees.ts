import { useQuery } from '@tanstack/react-query';

import { getJson } from '#client/lib/api.ts';
import { adminPaths, type Assignee } from '#common/contracts/admin.ts';

import { adminKeys } from './keys.ts';

/** Team members (ambassadors, coordinators, admins, founders) a callback request can be assigned to (admins only: `enabled` false for a responder). */
export const useAssignees = (enabled = true) =>
  useQuery({ queryKey: adminKeys.assignees, queryFn: () => getJson<Assignee[]>(adminPaths.assignees), enabled });
