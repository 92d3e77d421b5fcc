import { z } from 'zod';
import { emailSchema, roles } from './auth.ts';
import { personName } from './text.ts';
import { applicationStatuses } from '../domain/eligibility.ts';

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
  disciples: DiscipleNode[];
}

/** A person in the tree and, nested, the people they mentor. The root is the signed-in user. */
export const discipleNode: z.ZodType<DiscipleNode> = z.object({
  ...discipleFields,
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
});
export type Invitation = z.infer<typeof invitation>;

/** Direct disciples who have not completed the course, and invitations nobody has accepted yet. */
export const pendingDisciples = z.object({
  disciples: z.array(pendingDisciple),
  invitations: z.array(invitation),
});
export type PendingDisciples = z.infer<typeof pendingDisciples>;

/** The add-disciple form (spec section 3): full name and email, both required. */
export const addDiscipleBody = z.strictObject({
  fullName: personName(z.string('Full name is required').trim().min(1, 'Full name is required').max(160, 'Full name must be at most 160 characters')),
  email: emailSchema,
});
export type AddDiscipleBody = z.infer<typeof addDiscipleBody>;

/** `linked`: the person already had an account without a mentor and is now your disciple; `invited`: they will be when they sign up. */
export const addDiscipleResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('linked'), disciple: pendingDisciple }),
  z.object({ outcome: z.literal('invited'), invitation }),
]);
export type AddDiscipleResult = z.infer<typeof addDiscipleResult>;

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
  application: ambassadorApplication.nullable(),
  canApply: z.boolean(),
});
export type Progression = z.infer<typeof progression>;

export const mentoringPaths = {
  summary: '/api/disciples/summary',
  tree: '/api/disciples/tree',
  pending: '/api/disciples/pending',
  /** POST: add a disciple. */
  disciples: '/api/disciples',
  progression: '/api/disciples/progression',
  /** POST: apply for the ambassador role. */
  ambassadorApplications: '/api/ambassador-applications',
} as const;
