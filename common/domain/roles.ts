/** The roles, lowest first. The database enum `user_role` is made from this list and sorts in this order. */
export const roles = ['user', 'ambassador', 'coordinator', 'admin', 'founder'] as const;
export type Role = (typeof roles)[number];

/** Roles that open the admin console. */
export const isAdminRole = (role: Role) => role === 'admin' || role === 'founder';

/**
 * Who opens the callback requests inbox: admins and founders, and the responders an admin marked
 * (they get the staff alerts). A responder who is not an admin sees that inbox only (decision 015).
 */
export const opensCallbackInbox = (u: { role: Role; isResponder: boolean }) => isAdminRole(u.role) || u.isResponder;

/**
 * The ministry's team: ambassador and above, lowest first. Callback requests are assigned to them,
 * the command line lists them, and nobody holding one applies for the ambassador role.
 */
export const teamRoles: readonly Role[] = roles.filter((r) => r !== 'user');
export const isTeamRole = (role: Role) => teamRoles.includes(role);
