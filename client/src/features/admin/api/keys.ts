import type { CallbackView, WatchmomsView } from '#common/contracts/admin.ts';
import type { ApplicationStatus } from '#common/domain/eligibility.ts';

import type { AuditParams } from './get-audit-log.ts';
import type { DirectoryParams } from './get-directory.ts';

const ADMIN = ['admin'] as const;

/** A paged list: `all` (every page and view, for invalidation) and one `page`. */
const pagedList = <P>(name: string) => ({
  all: [...ADMIN, name] as const,
  page: (params: P) => [...ADMIN, name, params] as const,
});

/** Query keys of the admin console, general to specific (`adminKeys.all` covers them all). */
export const adminKeys = {
  all: ADMIN,
  stats: [...ADMIN, 'stats'] as const,
  assignees: [...ADMIN, 'assignees'] as const,
  mentor: (userId: string) => [...ADMIN, 'mentor', userId] as const,
  users: pagedList<DirectoryParams>('users'),
  callbacks: pagedList<{ status: CallbackView; page: number }>('callbacks'),
  watchmoms: pagedList<{ status: WatchmomsView; page: number }>('watchmoms'),
  applications: pagedList<{ status: ApplicationStatus | 'all'; page: number }>('applications'),
  audit: pagedList<AuditParams>('audit'),
};
