import { isAdminRole, isTeamRole, type Role } from './roles.ts';

/**
 * Progression rules (spec sections 4, 6 and 9), shared by the server, which decides, and the
 * screens, which explain. "Disciples" are the people whose mentor is the user (direct disciples).
 */
export const COORDINATOR_MIN_DIRECT_DISCIPLES = 3;
export const AMBASSADOR_MIN_COMPLETED_DISCIPLES = 3;

/** Coordinator (Level 2): at least COORDINATOR_MIN_DIRECT_DISCIPLES direct disciples. */
export const isCoordinatorEligible = (directDisciples: number) => directDisciples >= COORDINATOR_MIN_DIRECT_DISCIPLES;

/** How many more direct disciples the coordinator card asks for (never below 0). */
export const coordinatorRemaining = (directDisciples: number) => Math.max(0, COORDINATOR_MIN_DIRECT_DISCIPLES - directDisciples);

/** Ambassador: at least AMBASSADOR_MIN_COMPLETED_DISCIPLES direct disciples who completed the course. */
export const isAmbassadorEligible = (completedDisciples: number) => completedDisciples >= AMBASSADOR_MIN_COMPLETED_DISCIPLES;

export const ambassadorRemaining = (completedDisciples: number) => Math.max(0, AMBASSADOR_MIN_COMPLETED_DISCIPLES - completedDisciples);

/** A course is completed when every one of its lessons is passed; a course without lessons is never completed. */
export const isCourseCompleted = (passedLessons: number, totalLessons: number) => totalLessons > 0 && passedLessons >= totalLessons;

export const applicationStatuses = ['pending', 'approved', 'declined'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** Ambassador or above (a team role): nobody holding one applies for the ambassador role. */
export const isAmbassadorOrAbove = isTeamRole;

export type ApplyBlocker = 'already-ambassador' | 'not-eligible' | 'pending';

/** Why the user may not apply for the ambassador role now, or null when they may. */
export function ambassadorApplyBlocker(
  role: Role,
  completedDisciples: number,
  latestStatus: ApplicationStatus | null,
): ApplyBlocker | null {
  if (isAmbassadorOrAbove(role)) return 'already-ambassador';
  if (latestStatus === 'pending') return 'pending';
  if (!isAmbassadorEligible(completedDisciples)) return 'not-eligible';
  return null;
}

/** The role an approved application gives: ambassador, unless the user already holds a higher role. */
export const roleAfterApproval = (current: Role): Role => (current === 'user' ? 'ambassador' : current);

/** Roles only a founder may grant or take away. */
export const FOUNDER_ONLY_ROLES: readonly Role[] = ['admin', 'founder'];

export type RoleChangeRefusal = 'not-admin' | 'founder-only' | 'last-founder';

/**
 * Role management: admins move people between user, ambassador and coordinator; only a founder
 * grants or removes admin and founder; the last founder can never lose the role.
 * `founderCount` is the number of founders before the change.
 */
export function roleChangeRefusal(actorRole: Role, currentRole: Role, newRole: Role, founderCount: number): RoleChangeRefusal | null {
  if (!isAdminRole(actorRole)) return 'not-admin';
  if (actorRole !== 'founder' && (FOUNDER_ONLY_ROLES.includes(currentRole) || FOUNDER_ONLY_ROLES.includes(newRole))) return 'founder-only';
  if (currentRole === 'founder' && newRole !== 'founder' && founderCount <= 1) return 'last-founder';
  return null;
}

/** The roles `actorRole` may set on someone who now holds `currentRole` (the current role included). */
export function grantableRoles(actorRole: Role, currentRole: Role, founderCount: number, all: readonly Role[]): Role[] {
  return all.filter((r) => r === currentRole || roleChangeRefusal(actorRole, currentRole, r, founderCount) === null);
}

export type AccountAction = 'deactivate' | 'reactivate' | 'delete';
export type AccountActionRefusal = 'not-admin' | 'own-account' | 'founder-only' | 'last-founder';

/**
 * Deactivating, reactivating and deleting an account from the admin console: not one's own (an
 * admin cannot lock themself out; deleting oneself is done in one's settings), only a founder acts
 * on an admin or a founder, and the last active founder is never deactivated or deleted.
 * `activeFounders` counts founders who are not deactivated, before the change.
 */
export function accountActionRefusal(
  actor: { id: string; role: Role },
  target: { id: string; role: Role; isDeactivated: boolean },
  action: AccountAction,
  activeFounders: number,
): AccountActionRefusal | null {
  if (!isAdminRole(actor.role)) return 'not-admin';
  if (actor.id === target.id) return 'own-account';
  if (actor.role !== 'founder' && FOUNDER_ONLY_ROLES.includes(target.role)) return 'founder-only';
  if (action !== 'reactivate' && target.role === 'founder' && !target.isDeactivated && activeFounders <= 1) return 'last-founder';
  return null;
}
