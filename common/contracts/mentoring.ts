import { z } from 'zod';

import { applicationStatuses } from '../domain/eligibility.ts';
import { emailSchema, roles } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { addDiscipleBody } from './mentoring-forms.ts';

/** Counts shown on the dashboard's "disciples mentored" card. */
export const disciplesSummary = z.object({
  /** People whose mentor is the signed-in user. */
  directDisciples: z.number().int().nonnegative(),
  /** Everyone in the signed-in user's mentoring subtree. */
  totalImpact: z.number().int().nonnegative(),
});
export type DisciplesSummary = z.infer<typeof disciplesSummary>;

const discipleFields = {
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  /** Course progress, 0-100. */
  progress: z.number().int().min(0).max(100),
};

export interface DiscipleNode {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  progress: number;
  /** Days of the 7-day new-believer track done, 0-7 (docs/decisions/074); left out on a paused link. */
  trackDays?: number;
  /** Set (true) only on a disciple whose link with their mentor is paused (issue 25): no email, no progress, nobody below. */
  isPaused?: boolean;
  disciples: DiscipleNode[];
}

/**
 * A person in the tree and, nested, the people they mentor. The root is the signed-in user. The
 * fields are written out, not spread from `discipleFields`: the bundler counts a spread as a side
 * effect and would keep this schema, with zod, in every screen that calls a mentoring endpoint (decision 078).
 */
export const discipleNode: z.ZodType<DiscipleNode> = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  progress: z.number().int().min(0).max(100),
  trackDays: z.number().int().min(0).optional(),
  isPaused: z.boolean().optional(),
  get disciples() {
    return z.array(discipleNode);
  },
});

export const pendingDisciple = z.object(discipleFields);
export type PendingDisciple = z.infer<typeof pendingDisciple>;

export const invitation = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  createdAt: z.string(),
  /** When the invitation was last sent; it can be resent INVITATION_RESEND_HOURS later. */
  lastSentAt: z.string().nullable(),
});

/** An invitation is sent again at most once in this many hours. */
export const INVITATION_RESEND_HOURS = 24;

/** Where an invited person signs up: the sign-up form with their email filled in (the mail's link and the one a mentor shares). */
export const invitationSignUpPath = (email: string) => `/login?${new URLSearchParams({ tab: 'sign-up', email })}`;
export type Invitation = z.infer<typeof invitation>;

/** Direct disciples who have not completed the course, and invitations nobody has accepted yet. */
export const pendingDisciples = z.object({
  disciples: z.array(pendingDisciple),
  invitations: z.array(invitation),
});
export type PendingDisciples = z.infer<typeof pendingDisciples>;

// The add-disciple form's schema lives in mentoring-forms.ts (the browser runs it; see there).
export type { AddDiscipleBody } from './mentoring-forms.ts';

/**
 * The answer to "add disciple" is the same whether or not the email has an account: an invitation
 * that shows the name the mentor typed. An account's owner accepts or declines it on their dashboard;
 * someone without an account joins when they sign up with that email.
 */
export const addDiscipleResult = z.object({ outcome: z.literal('invited'), invitation });
export type AddDiscipleResult = z.infer<typeof addDiscipleResult>;

export const linkRequestKinds = ['named-you', 'invited-you'] as const;
export type LinkRequestKind = (typeof linkRequestKinds)[number];

/**
 * A mentoring link waiting for the signed-in user's answer. `named-you`: someone named you as their
 * mentor at onboarding (id: that request); `invited-you`: a mentor added your email (id: the invitation).
 * Only the other person's name is shown until the link is accepted.
 */
export const incomingLink = z.object({
  id: z.string(),
  kind: z.enum(linkRequestKinds),
  name: z.string(),
  createdAt: z.string(),
});
export type IncomingLink = z.infer<typeof incomingLink>;

/** Links the signed-in user is asked about, their own request to a mentor, and their mentor. */
export const mentorLinks = z.object({
  incoming: z.array(incomingLink),
  /** The mentor named at onboarding, while the request waits or once it was declined (until dismissed). */
  outgoing: z.object({ mentorName: z.string(), status: z.enum(['pending', 'declined']) }).nullable(),
  /** `isPaused`: the link is paused for now (issue 25); never why. */
  mentor: z.object({ id: z.string().optional(), name: z.string(), isPaused: z.boolean().optional() }).nullable(),
});
export type MentorLinks = z.infer<typeof mentorLinks>;

export const answerLinkBody = z.strictObject({ accept: z.boolean('Say whether you accept') });
export type AnswerLinkBody = z.infer<typeof answerLinkBody>;

export const idParams = z.strictObject({ id: z.uuid('must be an id (a UUID)') });

/** An admin sets the mentor of someone who asks (by the mentor's email), or clears it (null). */
export const setMentorBody = z.strictObject({ mentorEmail: z.nullable(emailSchema) });
export type SetMentorBody = z.infer<typeof setMentorBody>;
/**
 * What the admin's request did: `asked`, the person sees the mentor's invitation on their dashboard and
 * is linked only when they accept (decision 039, issue 24); `linked`, they had already named that mentor
 * themselves (or already have them); `removed`, their mentor link was cleared.
 */
export const setMentorResult = z.object({ outcome: z.enum(['asked', 'linked', 'removed']) });
export type SetMentorResult = z.infer<typeof setMentorResult>;

/** An admin's view of someone's current mentor, shown before setting another one. */
export const adminMentorView = z.object({ mentor: z.object({ name: z.string(), email: z.string() }).nullable() });
export type AdminMentorView = z.infer<typeof adminMentorView>;

export const ambassadorApplication = z.object({
  id: z.string(),
  status: z.enum(applicationStatuses),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AmbassadorApplication = z.infer<typeof ambassadorApplication>;

/** Where the signed-in user stands on the way to ambassador and coordinator. */
export const progression = z.object({
  role: z.enum(roles),
  directDisciples: z.number().int().nonnegative(),
  completedDisciples: z.number().int().nonnegative(),
  isCoordinatorEligible: z.boolean(),
  /** coordinatorRemaining() in common/domain/eligibility.ts. */
  coordinatorRemaining: z.number().int().nonnegative(),
  isAmbassadorEligible: z.boolean(),
  ambassadorRemaining: z.number().int().nonnegative(),
  /** The latest application, whatever its status. */
  application: z.nullable(ambassadorApplication),
  canApply: z.boolean(),
});
export type Progression = z.infer<typeof progression>;

/**
 * The mentoring endpoints (docs/decisions/083). Every one needs a session (401 otherwise); the
 * signed-in user's own disciples, invitations, links and progression, and the admins' mentor placement.
 */
export const mentoringApi = {
  /** Counts shown on the dashboard's "disciples mentored" card. */
  summary: endpoint('GET', '/api/disciples/summary', { response: { 200: disciplesSummary } }),
  /** The signed-in user's whole subtree (the root is the user). */
  tree: endpoint('GET', '/api/disciples/tree', { response: { 200: discipleNode } }),
  pending: endpoint('GET', '/api/disciples/pending', { response: { 200: pendingDisciples } }),
  progression: endpoint('GET', '/api/disciples/progression', { response: { 200: progression } }),
  /** Add a disciple: always an invitation, whether or not the email has an account. */
  addDisciple: endpoint('POST', '/api/disciples', { body: addDiscipleBody, response: { 201: addDiscipleResult } }),
  /** Send one of your pending invitations again (once a day). */
  resendInvitation: endpoint('POST', '/api/disciples/invitations/:id/resend', { params: idParams, response: { 200: invitation } }),
  /** Cancel one of your pending invitations. */
  cancelInvitation: endpoint('DELETE', '/api/disciples/invitations/:id', { params: idParams }),
  /** A mentor removes one of their direct disciples. */
  removeDisciple: endpoint('DELETE', '/api/disciples/:id', { params: idParams }),
  /** Links waiting for the user's answer, their own request, their mentor. */
  links: endpoint('GET', '/api/mentor-links', { response: { 200: mentorLinks } }),
  /** Answer someone who named you as their mentor. */
  answerRequest: endpoint('POST', '/api/mentor-links/requests/:id', { params: idParams, body: answerLinkBody }),
  /** Answer a mentor's invitation to your email. */
  answerInvitation: endpoint('POST', '/api/mentor-links/invitations/:id', { params: idParams, body: answerLinkBody }),
  /** Withdraw your request, or close the notice that it was declined. */
  dismissOutgoing: endpoint('DELETE', '/api/mentor-links/outgoing'),
  /** Leave your mentor. */
  leaveMentor: endpoint('DELETE', '/api/mentor-links/mentor'),
  /** Apply for the ambassador role. */
  applyForAmbassador: endpoint('POST', '/api/ambassador-applications', { response: { 201: ambassadorApplication } }),
  /** Admins: someone's current mentor, shown before setting another one. */
  adminMentor: endpoint('GET', '/api/admin/users/:id/mentor', { params: idParams, response: { 200: adminMentorView } }),
  /** Admins: set or clear someone's mentor (the password or a code typed again recently). */
  setAdminMentor: endpoint('PUT', '/api/admin/users/:id/mentor', {
    params: idParams,
    body: setMentorBody,
    response: { 200: setMentorResult },
  }),
};
