import { z } from 'zod';

import { concernSources, concernStatuses, linkPauseReasons } from '../domain/safeguarding.ts';
import { emailSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { personName, plainText } from './text.ts';

/*
 * Safeguarding (issue 25, docs/decisions/072): approved mentors of minors, mentoring links paused or
 * listed for review, and concerns raised by members, parents and anyone on the public page.
 */

const concernText = plainText(
  z
    .string('Tell us what happened')
    .trim()
    .min(10, 'Tell us what happened in a few words (at least 10 characters)')
    .max(5000, 'Please keep it under 5,000 characters'),
  { multiLine: true },
);
const aboutNameSchema = personName(z.string().trim().max(160, 'The name must be at most 160 characters'));

/** A signed-in person raises a concern: about someone in their tree (by id), or about anyone by name. */
export const raiseConcernBody = z
  .strictObject({
    aboutUserId: z.uuid('must be an id (a UUID)').nullable().default(null),
    aboutName: aboutNameSchema.default(''),
    body: concernText,
    isAnonymous: z.boolean('Say whether you want to stay anonymous').default(false),
  })
  .refine((b) => b.aboutUserId !== null || b.aboutName !== '', { message: 'Say who the concern is about', path: ['aboutName'] });
export type RaiseConcernBody = z.input<typeof raiseConcernBody>;
export type RaiseConcern = z.output<typeof raiseConcernBody>;

/** The public page: anyone, with an optional address for the acknowledgement. */
export const publicConcernBody = z.strictObject({
  aboutName: aboutNameSchema.min(1, 'Say who the concern is about'),
  body: concernText,
  isAnonymous: z.boolean('Say whether you want to stay anonymous').default(false),
  contactEmail: z.union([z.literal(''), emailSchema]).default(''),
});
export type PublicConcernBody = z.input<typeof publicConcernBody>;
export type PublicConcern = z.output<typeof publicConcernBody>;

/**
 * A parent from their mailed link: the same fields, about one of their child's mentors (by id; the
 * service refuses any other account) or by name.
 */
export const parentConcernBody = raiseConcernBody;
export type ParentConcernBody = z.input<typeof parentConcernBody>;
export type ParentConcern = z.output<typeof parentConcernBody>;

/** What the person who raised a concern is told: it was received, and where to follow it. */
export const concernReceipt = z.object({
  id: z.string(),
  status: z.enum(concernStatuses),
  createdAt: z.string(),
  /** For someone without an account: the path of the page that shows the status (the token is the proof). */
  statusPath: z.string().nullable(),
});
export type ConcernReceipt = z.infer<typeof concernReceipt>;

/** A concern as the person who raised it sees it: its status, never the lead's notes. */
export const myConcern = z.object({
  id: z.string(),
  status: z.enum(concernStatuses),
  aboutName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyConcern = z.infer<typeof myConcern>;
export const myConcerns = z.object({ concerns: z.array(myConcern) });
export type MyConcerns = z.infer<typeof myConcerns>;

export const concernStatusView = z.object({ status: z.enum(concernStatuses), createdAt: z.string(), updatedAt: z.string() });
export type ConcernStatusView = z.infer<typeof concernStatusView>;

/** The signed-in person's own standing: an adult who may mentor minors only when approved. */
export const myMentorApproval = z.object({
  /** 18 or older by the birth month given (or no birth month given). */
  isAdult: z.boolean(),
  approvedUntil: z.string().nullable(),
});
export type MyMentorApproval = z.infer<typeof myMentorApproval>;

/** A parent's page: their child's mentors (name, since when, approved until). */
export const parentMentorsView = z.object({
  childFirstName: z.string(),
  mentors: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      since: z.string().nullable(),
      approvedUntil: z.string().nullable(),
      /** False for a peer (another minor): no approval is needed. */
      needsApproval: z.boolean(),
      isPaused: z.boolean(),
    }),
  ),
});
export type ParentMentorsView = z.infer<typeof parentMentorsView>;

const personRef = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** A mentor's approval in force (or the last one), as the lead's list shows it. */
export const approvalView = z.object({
  id: z.string(),
  checks: z.string(),
  approvedAt: z.string(),
  expiresAt: z.string(),
  approvedBy: z.string().nullable(),
});

/** Adults the lead looks at: awaiting approval (refused, or in a link to review), approved (with renewal due), by person. */
export const safeguardingMentor = z.object({
  person: personRef,
  /** When they were last refused a link with a minor; null when never. */
  requestedAt: z.string().nullable(),
  /** The approval in force, or null. */
  approval: approvalView.nullable(),
  /** Within 30 days of its expiry: renewal is due. */
  isRenewalDue: z.boolean(),
  /** Minors they are linked with now. */
  minorLinks: z.number().int().nonnegative(),
});
export type SafeguardingMentor = z.infer<typeof safeguardingMentor>;
export const safeguardingMentors = z.object({ mentors: z.array(safeguardingMentor) });
export type SafeguardingMentors = z.infer<typeof safeguardingMentors>;

export const approveMentorBody = z.strictObject({
  email: emailSchema,
  checks: plainText(
    z
      .string('Say what was checked')
      .trim()
      .min(3, 'Say what was checked (background check, reference, training)')
      .max(1000, 'At most 1,000 characters'),
    {
      multiLine: true,
    },
  ),
  /** YYYY-MM-DD; default three years from today. */
  expiresOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Choose a date that exists')
    .optional(),
});
export type ApproveMentorBody = z.input<typeof approveMentorBody>;
export type ApproveMentor = z.output<typeof approveMentorBody>;
/** The approval just given: its id and when it ends. */
export const approvalResult = z.object({ id: z.string(), expiresAt: z.string() });
export type ApprovalResult = z.infer<typeof approvalResult>;

/** An adult-minor mentoring link (the disciple's id identifies it: each person has one mentor). */
export const safeguardingLink = z.object({
  id: z.string(),
  mentor: personRef,
  disciple: personRef,
  /** Which of the two is the adult who must be approved. */
  adultId: z.string(),
  isApproved: z.boolean(),
  pausedAt: z.string().nullable(),
  pauseReason: z.enum(linkPauseReasons).nullable(),
});
export type SafeguardingLink = z.infer<typeof safeguardingLink>;
export const safeguardingLinks = z.object({ links: z.array(safeguardingLink) });
export type SafeguardingLinks = z.infer<typeof safeguardingLinks>;

export const concernSummary = z.object({
  id: z.string(),
  source: z.enum(concernSources),
  status: z.enum(concernStatuses),
  aboutName: z.string(),
  createdAt: z.string(),
  isOverdue: z.boolean(),
});
export type ConcernSummary = z.infer<typeof concernSummary>;
export const concernList = z.object({ concerns: z.array(concernSummary) });
export type ConcernList = z.infer<typeof concernList>;

/** One concern, for the lead and admins: what was said, by whom, and the links of the person concerned. */
export const concernDetail = concernSummary.extend({
  body: z.string(),
  isAnonymous: z.boolean(),
  raisedBy: personRef.nullable(),
  contactEmail: z.string().nullable(),
  about: personRef.nullable(),
  /** The mentoring links of the person concerned, as mentor or as disciple, that the lead can pause. */
  links: z.array(z.object({ id: z.string(), mentor: personRef, disciple: personRef, pausedAt: z.string().nullable() })),
});
export type ConcernDetail = z.infer<typeof concernDetail>;

export const concernStatusBody = z.strictObject({ status: z.enum(concernStatuses, `must be one of ${concernStatuses.join(', ')}`) });

export const safeguardingLeadBody = z.strictObject({ isSafeguardingLead: z.boolean('must be true or false') });
export const safeguardingLeadResult = z.object({ id: z.string(), isSafeguardingLead: z.boolean() });

/** The decisions of the Safeguarding tab, ids and dates only (the audit log's rows). */
export const safeguardingAudit = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      actorName: z.string().nullable(),
      targetId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type SafeguardingAudit = z.infer<typeof safeguardingAudit>;

export const idParams = z.strictObject({ id: z.uuid('must be an id (a UUID)') });
export const tokenParams = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid') });

/** Safeguarding's endpoints (docs/decisions/083). */
export const safeguardingApi = {
  /** A signed-in person raises a concern. */
  raiseConcern: endpoint('POST', '/api/safeguarding/concerns', { body: raiseConcernBody, response: { 201: concernReceipt } }),
  /** The concerns the signed-in person raised, with their status. */
  myConcerns: endpoint('GET', '/api/safeguarding/concerns', { response: { 200: myConcerns } }),
  /** The signed-in adult's approval as a mentor of minors. */
  myApproval: endpoint('GET', '/api/safeguarding/my-approval', { response: { 200: myMentorApproval } }),
  /** Public: anyone, signed in or not, raises a concern (the public page). */
  raisePublicConcern: endpoint('POST', '/api/safeguarding/public-concerns', { body: publicConcernBody, response: { 201: concernReceipt } }),
  /** Public, the unguessable link is the permission: a concern's status for someone without an account. */
  concernStatus: endpoint('GET', '/api/safeguarding/concern-status/:token', { params: tokenParams, response: { 200: concernStatusView } }),
  /** Public, the parent's mailed link: their child's mentors. */
  parentMentors: endpoint('GET', '/api/safeguarding/parent/:token', { params: tokenParams, response: { 200: parentMentorsView } }),
  /** Public, the parent's mailed link: a parent's concern. */
  raiseParentConcern: endpoint('POST', '/api/safeguarding/parent/:token/concerns', {
    params: tokenParams,
    body: parentConcernBody,
    response: { 201: concernReceipt },
  }),

  // The Safeguarding tab (the lead and admins).
  adminMentors: endpoint('GET', '/api/admin/safeguarding/mentors', { response: { 200: safeguardingMentors } }),
  approveMentor: endpoint('POST', '/api/admin/safeguarding/approvals', { body: approveMentorBody, response: { 201: approvalResult } }),
  revokeApproval: endpoint('DELETE', '/api/admin/safeguarding/approvals/:id', { params: idParams }),
  adminLinks: endpoint('GET', '/api/admin/safeguarding/links', { response: { 200: safeguardingLinks } }),
  /** The link is named by its disciple's id (each person has one mentor). */
  pauseLink: endpoint('POST', '/api/admin/safeguarding/links/:id/pause', { params: idParams }),
  resumeLink: endpoint('POST', '/api/admin/safeguarding/links/:id/resume', { params: idParams }),
  adminConcerns: endpoint('GET', '/api/admin/safeguarding/concerns', { response: { 200: concernList } }),
  /** Opening a concern is recorded (and stops its 24-hour clock). */
  adminConcern: endpoint('GET', '/api/admin/safeguarding/concerns/:id', { params: idParams, response: { 200: concernDetail } }),
  setConcernStatus: endpoint('PATCH', '/api/admin/safeguarding/concerns/:id', { params: idParams, body: concernStatusBody }),
  adminAudit: endpoint('GET', '/api/admin/safeguarding/audit', { response: { 200: safeguardingAudit } }),
  /** Admins only, with the password or a code typed again: grant or remove the safeguarding lead role. */
  setLead: endpoint('PUT', '/api/admin/users/:id/safeguarding-lead', {
    params: idParams,
    body: safeguardingLeadBody,
    response: { 200: safeguardingLeadResult },
  }),
};

/** Client pages opened from mails. */
export const parentMentorsPagePath = (token: string) => `/parent-mentors/${token}`;
export const concernStatusPagePath = (token: string) => `/concern-status/${token}`;
