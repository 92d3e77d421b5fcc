import { useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { adminApi } from '#common/contracts/admin.ts';

import { adminKeys } from './keys.ts';

/** Team members (ambassadors, coordinators, admins, founders) a callback request can be assigned to (admins only: `enabled` false for a responder). */
export const useAssignees = (enabled = true) =>
  useQuery({ queryKey: adminKeys.assignees, queryFn: () => call(adminApi.assignees), enabled });
