import { z } from 'zod';

import { endpoint } from './endpoint.ts';

/** Languages the course content exists in. */
export const contentLanguages = ['en', 'fr'] as const;
export type ContentLanguage = (typeof contentLanguages)[number];

/** `?lang=en|fr` on every read that returns course text; English when absent. */
export const langQuery = z.strictObject({
  lang: z.enum(contentLanguages, 'must be "en" or "fr"').default('en'),
});

export const courseIdParams = z.strictObject({ courseId: z.uuid('must be a course id (a UUID)') });
export const lessonIdParams = z.strictObject({ id: z.uuid('must be a lesson id (a UUID)') });
export const assessmentIdParams = z.strictObject({ assessmentId: z.uuid('must be an assessment id (a UUID)') });
/** Verification codes look like "7KQ4-M2XD-9TPA-H3VW"; case and spaces are forgiven. */
export const verificationCodeParams = z.strictObject({
  code: z
    .string()
    .trim()
    .min(4, 'is too short')
    .max(64, 'is too long')
    .regex(/^[A-Za-z0-9 -]+$/, 'may only hold letters, digits and dashes'),
});

export const challengeDay = z.object({ title: z.string(), practice: z.string() });
export const challenge = z.object({ title: z.string(), intro: z.string(), days: z.array(challengeDay) });
export type Challenge = z.infer<typeof challenge>;

export const courseSummary = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  totalLessons: z.number().int(),
  /** The 21-day challenge that goes with the course. */
  challenge,
});
export type CourseSummary = z.infer<typeof courseSummary>;
export const courseList = z.array(courseSummary);
export type CourseList = z.infer<typeof courseList>;

export const progress = z.object({
  courseId: z.string(),
  /** Ids of passed lessons, in week order. */
  completedLessons: z.array(z.string()),
  /** 0-100. */
  overallProgress: z.number().int().min(0).max(100),
  /** First lesson not yet passed; null once the whole course is passed. */
  currentLessonId: z.string().nullable(),
  totalLessons: z.number().int(),
  /** Mean of the best passing score of each passed lesson; null before the first pass. */
  averageScore: z.number().int().nullable(),
  /** Best passing score per passed lesson id. */
  bestScores: z.record(z.string(), z.number().int()),
});
export type Progress = z.infer<typeof progress>;

export const lessonListItem = z.object({
  id: z.string(),
  weekNumber: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
});
export type LessonListItem = z.infer<typeof lessonListItem>;
export const lessonList = z.array(lessonListItem);
export type LessonList = z.infer<typeof lessonList>;

export const scripture = z.object({
  text: z.string(),
  ref: z.string(),
  /** BSB, Synodale or LSG: every quotation names its translation. */
  translation: z.string(),
});

export const lesson = z.object({
  id: z.string(),
  courseId: z.string(),
  weekNumber: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  keyScriptures: z.array(scripture),
  /** Teaching sections. */
  content: z.array(z.object({ heading: z.string(), text: z.string() })),
  reflectionQuestions: z.array(z.string()),
  totalLessons: z.number().int(),
  isCompleted: z.boolean(),
  nextLessonId: z.string().nullable(),
});
export type Lesson = z.infer<typeof lesson>;

/**
 * An assessment as a learner sees it: the questions of their current draw (docs/decisions/073),
 * 10 from the week's bank with their options shuffled by the server, never the answer key.
 */
export const assessment = z.object({
  id: z.string(),
  /** The draw these questions are: the submit names it, and it is answered once. */
  drawId: z.string(),
  lessonId: z.string(),
  weekNumber: z.number().int(),
  lessonTitle: z.string(),
  passMark: z.number().int(),
  questions: z.array(
    z.object({
      /** Position in the draw, 1-based. */
      id: z.number().int(),
      questionText: z.string(),
      options: z.array(z.string()),
      /** The lesson section (1-based, an index into the lesson's `content`) that teaches the answer. */
      section: z.number().int(),
    }),
  ),
});
export type Assessment = z.infer<typeof assessment>;

export const submitBody = z.strictObject({
  /** The draw answered (the assessment's `drawId`). */
  drawId: z.uuid('must be the drawId of the assessment (a UUID)'),
  /** Chosen option index per question, in question order, as shown in the draw. */
  answers: z
    .array(z.number('must be option numbers').int('must be whole numbers').min(0, 'must be 0 or more'), 'must be a list of option numbers')
    .min(1, 'must not be empty')
    .max(50, 'has too many items'),
});
export type SubmitBody = z.infer<typeof submitBody>;

/** A quiz submitted offline carries a key so that sending it again stores nothing twice. */
export const submitHeaders = z.object({
  'idempotency-key': z.uuid('must be a UUID').optional(),
});

export const submitResult = z.object({
  passed: z.boolean(),
  /** Whole percentage. */
  score: z.number().int(),
  /** The answer key in the order shown, only when this attempt passed; empty on a fail so a retry cannot copy it. */
  correctAnswers: z.array(z.number().int()),
  /** Whether each answer was right, in question order, only when this attempt passed; empty on a fail (no elimination by retrying). */
  questionResults: z.array(z.boolean()),
  /** On a fail: the lesson sections (1-based) the missed questions come from, with how many were missed; empty on a pass. */
  sectionsToReview: z.array(z.object({ section: z.number().int(), missed: z.number().int() })),
  /** When the next attempt at this week opens, after 3 failed attempts within a day (ISO date-time); null when it is open now. */
  pausedUntil: z.string().nullable(),
  correctCount: z.number().int(),
  totalQuestions: z.number().int(),
  passMark: z.number().int(),
  /** The lesson the pass unlocked, when there is one. */
  nextLessonId: z.string().nullable(),
});
export type SubmitResult = z.infer<typeof submitResult>;

/** One of the signed-in user's own attempts at a lesson's assessment. */
export const attemptSummary = z.object({
  id: z.string(),
  /** ISO date-time. */
  submittedAt: z.string(),
  score: z.number().int(),
  passed: z.boolean(),
});
export type AttemptSummary = z.infer<typeof attemptSummary>;
/** `?limit=&offset=`: a page of the attempts list (the lesson page asks for the few it shows). */
export const attemptListQuery = z.strictObject({
  limit: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(20, 'must be 20 or less')
    .default(5),
  offset: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(1000, 'must be 1000 or less')
    .default(0),
});
/** A page of the learner's attempts at a week, newest first. */
export const attemptList = z.object({
  attempts: z.array(attemptSummary),
  /** Attempts kept for this week (the history is bounded, docs/decisions/073). */
  total: z.number().int(),
  /** When the next attempt opens after 3 failed attempts within a day (ISO date-time); null when open now. */
  pausedUntil: z.string().nullable(),
});
export type AttemptList = z.infer<typeof attemptList>;

export const certificate = z.object({
  id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  verificationCode: z.string(),
  /** Public page confirming the certificate, e.g. https://example.org/verify/7KQ4-M2XD-9TPA-H3VW. */
  verificationUrl: z.string(),
  /** ISO date-time the last week was passed. */
  completedAt: z.string(),
  certificateData: z.object({ name: z.string(), completionDate: z.string() }),
});
export type Certificate = z.infer<typeof certificate>;

/** What anyone holding the code may see: no email, no account id. */
export const certificateVerification = z.object({
  valid: z.literal(true),
  /** Null when the holder deleted their account: the certificate was issued, its holder removed. */
  holderName: z.string().nullable(),
  /** When the holder changed their name after the certificate was issued (holderName is the new one); null if they never did. */
  holderRenamedAt: z.string().nullable(),
  courseTitle: z.string(),
  completedAt: z.string(),
  verificationCode: z.string(),
});
export type CertificateVerification = z.infer<typeof certificateVerification>;

/** The course's endpoints (docs/decisions/083): everything but verification needs a signed-in user. */
export const courseApi = {
  courses: endpoint('GET', '/api/courses', { query: langQuery, response: { 200: courseList } }),
  /** No query parameters: progress is always the signed-in user's own (a ?userId= is refused, not ignored). */
  progress: endpoint('GET', '/api/progress/:courseId', { params: courseIdParams, query: z.strictObject({}), response: { 200: progress } }),
  courseLessons: endpoint('GET', '/api/courses/:courseId/lessons', {
    params: courseIdParams,
    query: langQuery,
    response: { 200: lessonList },
  }),
  lesson: endpoint('GET', '/api/lessons/:id', { params: lessonIdParams, query: langQuery, response: { 200: lesson } }),
  /** The learner's current draw (docs/decisions/073): the same until it is submitted, then a new one. */
  lessonAssessment: endpoint('GET', '/api/lessons/:id/assessment', {
    params: lessonIdParams,
    query: langQuery,
    response: { 200: assessment },
  }),
  /** An Idempotency-Key (a UUID) makes a resend of the same submission answer the first result without storing it again. */
  submit: endpoint('POST', '/api/assessments/:assessmentId/submit', {
    params: assessmentIdParams,
    headers: submitHeaders,
    body: submitBody,
    response: { 200: submitResult },
  }),
  /** Only paging parameters: the list is always the signed-in user's own attempts. */
  lessonAttempts: endpoint('GET', '/api/lessons/:id/attempts', {
    params: lessonIdParams,
    query: attemptListQuery,
    response: { 200: attemptList },
  }),
  certificate: endpoint('GET', '/api/certificates/:courseId', { params: courseIdParams, query: langQuery, response: { 200: certificate } }),
  /** 201 when this call issued it, 200 when it existed already. */
  createCertificate: endpoint('POST', '/api/certificates/:courseId', {
    params: courseIdParams,
    query: langQuery,
    response: { 200: certificate, 201: certificate },
  }),
  /** Public: anyone holding a printed certificate may check it. */
  verifyCertificate: endpoint('GET', '/api/certificates/verify/:code', {
    params: verificationCodeParams,
    query: langQuery,
    response: { 200: certificateVerification },
  }),
};
