import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { courseApi } from '#common/contracts/course.ts';

import { AppError } from '../../lib/app-error.ts';
import { routeOf } from '../../lib/route.ts';
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

  app.route({
    ...routeOf(courseApi.courses),
    handler: async (req, reply) => {
      requireUser(req);
      return json(reply, course.listCoursesJson(req.query.lang));
    },
  });

  app.route({ ...routeOf(courseApi.progress), handler: async (req) => course.getProgress(requireUser(req).id, req.params.courseId) });

  app.route({
    ...routeOf(courseApi.courseLessons),
    handler: async (req, reply) => {
      requireUser(req);
      return json(reply, course.listLessonsJson(req.params.courseId, req.query.lang));
    },
  });

  app.route({
    ...routeOf(courseApi.lesson),
    handler: async (req, reply) => {
      // Also records the opening (the mentor's week), in the same statement; not while a parent has not agreed.
      const user = requireUser(req);
      return json(
        reply,
        await course.getLessonJson(user.id, req.params.id, req.query.lang, { isRecorded: user.consentStatus !== 'pending_parent' }),
      );
    },
  });

  // Fetched with the lesson (and kept by the service worker) so a quiz can be taken offline.
  app.route({
    ...routeOf(courseApi.lessonAssessment),
    handler: async (req) => {
      // Waiting for a parent (decision 062): a draw is made without storing it.
      const user = requireUser(req);
      return course.getAssessment(user.id, req.params.id, req.query.lang, { isRecorded: user.consentStatus !== 'pending_parent' });
    },
  });

  // Per learner, all weeks together: a real learner sends a quiz every few minutes, an offline outbox a few at once.
  const submitsPerLearner = app.createRateLimit({
    max: RHYTHM.submitsPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (req) => `quiz-submit:${req.user!.id}`,
  });

  app.route({
    ...routeOf(courseApi.submit),
    // An attempt changes no account and no session: the remembered sessions stay (decision 031).
    config: { keepsSessions: true },
    handler: async (req) => {
      const user = requireUser(req);
      const limit = await submitsPerLearner(req);
      if (!limit.isAllowed && limit.isExceeded)
        throw new AppError('RATE_LIMITED', 'You sent many quiz answers in a short time. Please wait a minute and try again.', {
          retryAfterSeconds: Math.max(1, Math.ceil(limit.ttlInSeconds ?? 60)),
        });
      return course.submit(user.id, req.params.assessmentId, req.body.drawId, req.body.answers, req.headers['idempotency-key']);
    },
  });

  app.route({
    ...routeOf(courseApi.lessonAttempts),
    handler: async (req) => course.listAttempts(requireUser(req).id, req.params.id, req.query),
  });

  app.route({
    ...routeOf(courseApi.certificate),
    handler: async (req) => course.getCertificate(requireUser(req), req.params.courseId, req.query.lang, baseUrl(req)),
  });

  app.route({
    ...routeOf(courseApi.createCertificate),
    handler: async (req, reply) => {
      const { certificate: cert, created } = await course.createCertificate(
        requireUser(req),
        req.params.courseId,
        req.query.lang,
        baseUrl(req),
      );
      return reply.status(created ? 201 : 200).send(cert);
    },
  });

  // Limited per client so codes cannot be swept.
  app.route({
    ...routeOf(courseApi.verifyCertificate),
    config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (req) => course.verify(req.params.code, req.query.lang),
  });
};

export default courseRoutesPlugin;
