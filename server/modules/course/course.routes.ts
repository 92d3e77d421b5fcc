import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  assessment,
  assessmentIdParams,
  attemptList,
  attemptListQuery,
  certificate,
  certificateVerification,
  courseIdParams,
  courseList,
  courseRoutes,
  langQuery,
  lesson,
  lessonIdParams,
  lessonList,
  progress,
  submitBody,
  submitHeaders,
  submitResult,
  verificationCodeParams,
} from '#common/contracts/course.ts';

import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/session.ts';
import type { CourseService } from './course.service.ts';
import { RHYTHM } from './draws.ts';

interface Options {
  course: CourseService;
  /** PUBLIC_URL: the address printed in verification links; the request's own origin when absent. */
  publicUrl?: string;
}

/** Course, lessons, assessments, progress and certificates (spec section 7). Everything but verification needs a signed-in user. */
const courseRoutesPlugin: FastifyPluginAsyncZod<Options> = async (app, opts) => {
  const { course } = opts;
  // Read answers are JSON text serialized at start through the same contracts (course.content.ts).
  const json = (reply: FastifyReply, text: string | Buffer) => reply.type('application/json; charset=utf-8').send(text);
  const baseUrl = (req: FastifyRequest) => opts.publicUrl?.replace(/\/$/, '') ?? `${req.protocol}://${req.host}`;

  app.get(courseRoutes.courses, { schema: { querystring: langQuery, response: { 200: courseList } } }, async (req, reply) => {
    requireUser(req);
    return json(reply, course.listCoursesJson(req.query.lang));
  });

  // No query parameters: progress is always the signed-in user's own (a ?userId= is refused, not ignored).
  app.get(
    courseRoutes.progress,
    { schema: { params: courseIdParams, querystring: z.strictObject({}), response: { 200: progress } } },
    async (req) => course.getProgress(requireUser(req).id, req.params.courseId),
  );

  app.get(
    courseRoutes.courseLessons,
    { schema: { params: courseIdParams, querystring: langQuery, response: { 200: lessonList } } },
    async (req, reply) => {
      requireUser(req);
      return json(reply, course.listLessonsJson(req.params.courseId, req.query.lang));
    },
  );

  app.get(
    courseRoutes.lesson,
    { schema: { params: lessonIdParams, querystring: langQuery, response: { 200: lesson } } },
    async (req, reply) => {
      // Also records the opening (the mentor's week), in the same statement; not while a parent has not agreed.
      const user = requireUser(req);
      return json(
        reply,
        await course.getLessonJson(user.id, req.params.id, req.query.lang, { isRecorded: user.consentStatus !== 'pending_parent' }),
      );
    },
  );

  // The learner's current draw (docs/decisions/073): the same until it is submitted, then a new one.
  // Fetched with the lesson (and kept by the service worker) so a quiz can be taken offline.
  app.get(
    courseRoutes.lessonAssessment,
    { schema: { params: lessonIdParams, querystring: langQuery, response: { 200: assessment } } },
    async (req) => {
      // Waiting for a parent (decision 062): a draw is made without storing it.
      const user = requireUser(req);
      return course.getAssessment(user.id, req.params.id, req.query.lang, { isRecorded: user.consentStatus !== 'pending_parent' });
    },
  );

  // Per learner, all weeks together: a real learner sends a quiz every few minutes, an offline outbox a few at once.
  const submitsPerLearner = app.createRateLimit({
    max: RHYTHM.submitsPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (req) => `quiz-submit:${req.user!.id}`,
  });

  // An Idempotency-Key (a UUID) makes a resend of the same submission answer the first result without storing it again.
  app.post(
    courseRoutes.submit,
    // An attempt changes no account and no session: the remembered sessions stay (decision 031).
    {
      config: { keepsSessions: true },
      schema: { params: assessmentIdParams, headers: submitHeaders, body: submitBody, response: { 200: submitResult } },
    },
    async (req) => {
      const user = requireUser(req);
      const limit = await submitsPerLearner(req);
      if (!limit.isAllowed && limit.isExceeded)
        throw new AppError('RATE_LIMITED', 'You sent many quiz answers in a short time. Please wait a minute and try again.', {
          retryAfterSeconds: Math.max(1, Math.ceil(limit.ttlInSeconds ?? 60)),
        });
      return course.submit(user.id, req.params.assessmentId, req.body.drawId, req.body.answers, req.headers['idempotency-key']);
    },
  );

  // Only paging parameters: the list is always the signed-in user's own attempts.
  app.get(
    courseRoutes.lessonAttempts,
    { schema: { params: lessonIdParams, querystring: attemptListQuery, response: { 200: attemptList } } },
    async (req) => course.listAttempts(requireUser(req).id, req.params.id, req.query),
  );

  app.get(
    courseRoutes.certificate,
    { schema: { params: courseIdParams, querystring: langQuery, response: { 200: certificate } } },
    async (req) => course.getCertificate(requireUser(req), req.params.courseId, req.query.lang, baseUrl(req)),
  );

  app.post(
    courseRoutes.certificate,
    { schema: { params: courseIdParams, querystring: langQuery, response: { 200: certificate, 201: certificate } } },
    async (req, reply) => {
      const { certificate: cert, created } = await course.createCertificate(
        requireUser(req),
        req.params.courseId,
        req.query.lang,
        baseUrl(req),
      );
      return reply.status(created ? 201 : 200).send(cert);
    },
  );

  // Public: anyone holding a printed certificate may check it. Limited per client so codes cannot be swept.
  app.get(
    courseRoutes.verifyCertificate,
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { params: verificationCodeParams, querystring: langQuery, response: { 200: certificateVerification } },
    },
    async (req) => course.verify(req.params.code, req.query.lang),
  );
};

export default courseRoutesPlugin;
