import { z } from 'zod';

import { applicationStatuses } from '../domain/eligibility.ts';
import { emailSchema, roles } from './auth.ts';
import { personName } from './text.ts';

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

/** A person in the tree and, nested, the people they mentor. The root is the signed-in user. */
export const discipleNode: z.ZodType<DiscipleNode> = z.object({
  ...discipleFields,
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

/** The add-disciple form (spec section 3): full name and email, both required. */
export const addDiscipleBody = z.strictObject({
  fullName: /* @__PURE__ */ personName(
    z.string('Full name is required').trim().min(1, 'Full name is required').max(160, 'Full name must be at most 160 characters'),
  ),
  email: emailSchema,
});
export type AddDiscipleBody = z.infer<typeof addDiscipleBody>;

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

// The paths live apart from the schemas (docs/decisions/078): a screen that only calls them downloads no zod.
export { mentoringPaths } from './mentoring-paths.ts';
