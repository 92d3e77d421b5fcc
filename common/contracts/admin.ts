import { z } from 'zod';

import { auditActions } from '../domain/audit-actions.ts';
import { applicationStatuses } from '../domain/eligibility.ts';
import { callbackLanguages, contactMethods, scoreBands, supportCategories } from '../domain/support.ts';
import { roles } from './auth.ts';
import { contentLanguages } from './course.ts';
import { endpoint } from './endpoint.ts';
import { oneOf, plainText } from './text.ts';

/** The directory's filter chips (spec section 4). */
export const directoryFilters = ['all', 'completed', 'in-progress', 'ambassador', 'coordinator'] as const;
export type DirectoryFilter = (typeof directoryFilters)[number];

export const MAX_PAGE_SIZE = 100;
/** Rows of the user directory on one page unless the client asks for another size. */
export const DIRECTORY_PAGE_SIZE = 25;

const page = z.coerce
  .number('must be a whole number')
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(1_000_000, 'is too large')
  .default(1);
const pageSize = z.coerce
  .number('must be a whole number')
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`);

const searchAndFilter = {
  /** Case-insensitive on full name or email. */
  search: plainText(z.string().trim().max(100, 'must be at most 100 characters')).default(''),
  filter: oneOf(directoryFilters).default('all'),
};

export const directoryQuery = z.strictObject({ ...searchAndFilter, page, pageSize: pageSize.default(DIRECTORY_PAGE_SIZE) });
export type DirectoryQuery = z.input<typeof directoryQuery>;

export const exportQuery = z.strictObject({ ...searchAndFilter, lang: z.enum(contentLanguages, 'must be "en" or "fr"').default('en') });

/** One row of the user directory (spec section 3), every field computed in SQL. */
export const directoryRow = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  role: z.enum(roles),
  courseProgress: z.number().int().min(0).max(100),
  courseCompleted: z.boolean(),
  completedDisciplesCount: z.number().int().nonnegative(),
  pendingDisciplesCount: z.number().int().nonnegative(),
  isAmbassadorEligible: z.boolean(),
  isCoordinatorEligible: z.boolean(),
  isEmailVerified: z.boolean(),
  /** Mailed about callback requests like the admins (admins and founders always are). */
  isResponder: z.boolean(),
  /** The designated safeguarding lead (issue 25): opens the Safeguarding tab. */
  isSafeguardingLead: z.boolean(),
  /** An admin deactivated the account: sign-in is refused, the data is kept. */
  isDeactivated: z.boolean(),
});
export type DirectoryRow = z.infer<typeof directoryRow>;

export const directoryPage = z.object({
  users: z.array(directoryRow),
  /** Rows matching the search and filter, all pages together. */
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Founders right now, so the screen offers only role changes the server will accept. */
  founderCount: z.number().int().nonnegative(),
});
export type DirectoryPage = z.infer<typeof directoryPage>;

export const adminStats = z.object({
  totalUsers: z.number().int().nonnegative(),
  courseCompleted: z.number().int().nonnegative(),
  ambassadorEligible: z.number().int().nonnegative(),
  coordinatorEligible: z.number().int().nonnegative(),
  /** People who did at least one day of the 7-day new-believer track, and all 7 (docs/decisions/074). */
  trackStarted: z.number().int().nonnegative(),
  trackCompleted: z.number().int().nonnegative(),
});
export type AdminStats = z.infer<typeof adminStats>;

export const idParams = z.strictObject({ id: z.uuid('must be an id (a UUID)') });

export const roleChangeBody = z.strictObject({ role: oneOf(roles) });
export type RoleChangeBody = z.infer<typeof roleChangeBody>;
export const responderBody = z.strictObject({ isResponder: z.boolean('must be true or false') });
export type ResponderBody = z.infer<typeof responderBody>;
export const responderResult = z.object({ id: z.string(), isResponder: z.boolean() });
export type ResponderResult = z.infer<typeof responderResult>;

export const roleChangeResult = z.object({ id: z.string(), role: z.enum(roles) });
export type RoleChangeResult = z.infer<typeof roleChangeResult>;

/** Deactivate (true: sign-in refused, sessions ended, data kept) or reactivate (false) an account. */
export const deactivationBody = z.strictObject({ isDeactivated: z.boolean('must be true or false') });
export type DeactivationBody = z.infer<typeof deactivationBody>;
export const deactivationResult = z.object({ id: z.string(), isDeactivated: z.boolean() });
export type DeactivationResult = z.infer<typeof deactivationResult>;

const personRef = z.object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string() });
export type PersonRef = z.infer<typeof personRef>;

const listPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int().nonnegative(), page: z.number().int(), pageSize: z.number().int() });

// ---- Callback requests inbox ----

export const callbackStatuses = ['new', 'contacted', 'closed'] as const;
export type CallbackStatus = (typeof callbackStatuses)[number];
/** `open` is new + contacted. */
export const callbackViews = ['open', 'new', 'contacted', 'closed', 'all'] as const;
export type CallbackView = (typeof callbackViews)[number];

export const callbackListQuery = z.strictObject({ status: oneOf(callbackViews).default('open'), page });

export const callbackItem = z.object({
  id: z.string(),
  /** Null once the retention job removed it (closed for RETENTION_CALLBACK_DAYS). */
  name: z.string().nullable(),
  phone: z.string().nullable(),
  category: z.enum(supportCategories),
  scoreBand: z.enum(scoreBands),
  contactMethod: z.enum(contactMethods),
  isVoicemailSafe: z.boolean(),
  goodTime: z.string(),
  /** Null for requests made before the form asked it. */
  language: z.enum(callbackLanguages).nullable(),
  status: z.enum(callbackStatuses),
  assignee: personRef.nullable(),
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Hours it may stay new: callbackDeadlineHours() in common/domain/support.ts (24 or 48). */
  deadlineHours: z.number().int().positive(),
  /** Still new past its deadline (the admins were mailed about it). */
  isOverdue: z.boolean(),
  /** isPriorityRequest() in common/domain/support.ts: listed first. */
  isPriority: z.boolean(),
});
export type CallbackItem = z.infer<typeof callbackItem>;
export const callbackList = listPage(callbackItem);
export type CallbackList = z.infer<typeof callbackList>;

const notes = plainText(z.string().max(5000, 'must be at most 5000 characters'), { multiLine: true });
const atLeastOne = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);

export const callbackUpdateBody = z
  .strictObject({
    status: oneOf(callbackStatuses).optional(),
    /** A team member (ambassador, coordinator, admin or founder), or null to unassign. */
    assignedTo: z.uuid('must be a user id (a UUID)').nullable().optional(),
    notes: notes.optional(),
  })
  .refine(atLeastOne, 'Send at least one of status, assignedTo or notes');
export type CallbackUpdateBody = z.infer<typeof callbackUpdateBody>;

export const assignee = personRef.extend({ role: z.enum(roles) });
export const assigneeList = z.array(assignee);
export type AssigneeList = z.infer<typeof assigneeList>;
export type Assignee = z.infer<typeof assignee>;

// ---- WatchMoms applications ----

export const watchmomsStatuses = ['new', 'approved', 'declined', 'contacted'] as const;
export type WatchmomsStatus = (typeof watchmomsStatuses)[number];
export const watchmomsViews = [...watchmomsStatuses, 'all'] as const;
export type WatchmomsView = (typeof watchmomsViews)[number];
export const watchmomsListQuery = z.strictObject({ status: oneOf(watchmomsViews).default('all'), page });

export const watchmomsItem = z.object({
  id: z.string(),
  fullName: z.string(),
  phone: z.string(),
  birthdate: z.string().nullable(),
  country: z.string(),
  cityState: z.string(),
  streetAddress: z.string().nullable(),
  churchAffiliation: z.string(),
  reasonForJoining: z.string(),
  status: z.enum(watchmomsStatuses),
  notes: z.string(),
  createdAt: z.string(),
});
export type WatchmomsItem = z.infer<typeof watchmomsItem>;
export const watchmomsList = listPage(watchmomsItem);
export type WatchmomsList = z.infer<typeof watchmomsList>;

export const watchmomsUpdateBody = z
  .strictObject({ status: oneOf(watchmomsStatuses).optional(), notes: notes.optional() })
  .refine(atLeastOne, 'Send at least one of status or notes');
export type WatchmomsUpdateBody = z.infer<typeof watchmomsUpdateBody>;

// ---- Ambassador applications ----

export const applicationViews = [...applicationStatuses, 'all'] as const;
export type ApplicationView = (typeof applicationViews)[number];
export const applicationListQuery = z.strictObject({ status: oneOf(applicationViews).default('pending'), page });

export const applicationItem = z.object({
  id: z.string(),
  user: personRef.extend({ role: z.enum(roles) }),
  status: z.enum(applicationStatuses),
  /** The applicant's direct disciples who completed the course, now. */
  completedDisciples: z.number().int().nonnegative(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: personRef.nullable(),
});
export type ApplicationItem = z.infer<typeof applicationItem>;
export const applicationList = listPage(applicationItem);
export type ApplicationList = z.infer<typeof applicationList>;

export const applicationDecisions = ['approve', 'decline'] as const;
export type ApplicationDecision = (typeof applicationDecisions)[number];
export const applicationDecisionBody = z.strictObject({ decision: z.enum(applicationDecisions, 'must be approve or decline') });

// ---- Audit log ----

const auditInstant = z.iso.datetime({ offset: true, message: 'must be a date and time (ISO 8601)' });
/** "true" or "false" in a query string. */
const queryFlag = z.enum(['true', 'false'], 'must be true or false').transform((v) => v === 'true');

/**
 * The audit log's filters: one action (or every action but the list views, which every tab an admin
 * opens writes, unless `hideListViews=false`), a person who acted or was acted on (name or email,
 * matched on the server), and a time range [from, to) the client draws from whole days in the
 * admin's time zone.
 */
export const auditListQuery = z
  .strictObject({
    page,
    action: oneOf(auditActions).optional(),
    hideListViews: queryFlag.default(true),
    person: plainText(z.string().trim().max(100, 'must be at most 100 characters')).default(''),
    from: auditInstant.optional(),
    to: auditInstant.optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { message: 'from must be before to', path: ['to'] });
export type AuditListQuery = z.input<typeof auditListQuery>;
export type AuditFilters = Omit<z.output<typeof auditListQuery>, 'page'>;

export const auditEntry = z.object({
  id: z.number().int(),
  /** Null when the action came from the command line. */
  actor: personRef.nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** Ids and what changed, never names, emails or phones (they would outlive the person). */
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  /**
   * Who or what the entry is about, read from the live rows when the page is read (a user, the
   * applicant of an application, a WatchMoms applicant); null when it is gone or has no name.
   */
  target: z.object({ name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  /** The people whose ids appear in `details` (an assignee, a mentor), by id, while their accounts exist. */
  people: z.record(z.string(), personRef),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditList = listPage(auditEntry);
export type AuditList = z.infer<typeof auditList>;

export const LIST_PAGE_SIZE = 50;

/** CSV column titles of the directory export, in the admin's language. */
export const exportHeaders = {
  en: [
    'First name',
    'Last name',
    'Email',
    'Phone',
    'Address',
    'Role',
    'Course progress (%)',
    'Course completed',
    'Completed disciples',
    'Pending disciples',
    'Ambassador eligible',
    'Coordinator eligible',
    'Joined',
  ],
  fr: [
    'Prénom',
    'Nom',
    'E-mail',
    'Téléphone',
    'Adresse',
    'Rôle',
    'Progression du cours (%)',
    'Cours terminé',
    'Disciples ayant terminé',
    'Disciples en cours',
    'Éligible ambassadeur',
    'Éligible coordinateur',
    'Inscription',
  ],
} as const;
export const exportBooleans = { en: ['no', 'yes'], fr: ['non', 'oui'] } as const;
/** The interface's own words for the roles (admin.json `roles`), so the file and the screen agree. */
export const exportRoleNames = {
  en: { user: 'Member', ambassador: 'Ambassador', coordinator: 'Coordinator', admin: 'Admin', founder: 'Founder' },
  fr: { user: 'Membre', ambassador: 'Ambassadeur', coordinator: 'Coordinateur', admin: 'Administrateur', founder: 'Fondateur' },
} as const;

/**
 * The admin console's endpoints (docs/decisions/083): admins and founders only (registered inside
 * the admin gate, server/modules/admin/admin.routes.ts), but for the callback inbox's list and its
 * change, which responders open too (decision 015).
 */
export const adminApi = {
  /** The stat cards. */
  stats: endpoint('GET', '/api/admin/stats', { response: { 200: adminStats } }),
  /** One page of the user directory; search, filter and paging on the server. Its reads are audited. */
  users: endpoint('GET', '/api/admin/users', { query: directoryQuery, response: { 200: directoryPage } }),
  /** The directory's CSV export (a download): step-up, audited with its filters. */
  usersExport: endpoint('GET', '/api/admin/users/export.csv', { query: exportQuery }),
  /** A role change: step-up (decision 038). */
  userRole: endpoint('PUT', '/api/admin/users/:id/role', { params: idParams, body: roleChangeBody, response: { 200: roleChangeResult } }),
  /** Mailed about callback requests, or not: step-up as for a role (issue 24). */
  userResponder: endpoint('PUT', '/api/admin/users/:id/responder', {
    params: idParams,
    body: responderBody,
    response: { 200: responderResult },
  }),
  /** Deactivate or reactivate an account: step-up. */
  userDeactivation: endpoint('PUT', '/api/admin/users/:id/deactivation', {
    params: idParams,
    body: deactivationBody,
    response: { 200: deactivationResult },
  }),
  /** Erases the account and its personal data (as the person deleting it themself would): step-up, 204. */
  deleteUser: endpoint('DELETE', '/api/admin/users/:id', { params: idParams }),
  /** The callback inbox, one view and page at a time (responders too). Its reads are audited. */
  callbacks: endpoint('GET', '/api/admin/callbacks', { query: callbackListQuery, response: { 200: callbackList } }),
  /** Status, assignee and notes of a callback request (a responder who is not an admin: the status only). */
  updateCallback: endpoint('PATCH', '/api/admin/callbacks/:id', {
    params: idParams,
    body: callbackUpdateBody,
    response: { 200: callbackItem },
  }),
  /** Team members a callback request can be assigned to. */
  assignees: endpoint('GET', '/api/admin/assignees', { response: { 200: assigneeList } }),
  /** WatchMoms applications, one status (or all) and page at a time. Its reads are audited. */
  watchmoms: endpoint('GET', '/api/admin/watchmoms-applications', { query: watchmomsListQuery, response: { 200: watchmomsList } }),
  updateWatchmoms: endpoint('PATCH', '/api/admin/watchmoms-applications/:id', {
    params: idParams,
    body: watchmomsUpdateBody,
    response: { 200: watchmomsItem },
  }),
  /** Ambassador applications, pending first by default. Its reads are audited. */
  applications: endpoint('GET', '/api/admin/ambassador-applications', { query: applicationListQuery, response: { 200: applicationList } }),
  /** Approve (the applicant becomes an ambassador) or decline. */
  decideApplication: endpoint('POST', '/api/admin/ambassador-applications/:id/decision', {
    params: idParams,
    body: applicationDecisionBody,
    response: { 200: applicationItem },
  }),
  /** Who did what and when, newest first, filtered on the server. */
  audit: endpoint('GET', '/api/admin/audit-log', { query: auditListQuery, response: { 200: auditList } }),
};
