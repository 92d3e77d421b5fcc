import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';

import { challengeApi } from '#common/contracts/challenge.ts';
import { courseApi } from '#common/contracts/course.ts';
import { routeKey } from '#common/contracts/endpoint.ts';
import { mentoringApi } from '#common/contracts/mentoring.ts';
import { onboardingApi } from '#common/contracts/onboarding.ts';
import { prayerApi } from '#common/contracts/prayer.ts';
import { publicFormsApi } from '#common/contracts/public-forms.ts';
import { trackApi } from '#common/contracts/track.ts';

import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { routeKeyOf } from '../../lib/route.ts';

const WAITING = 'Your parent has not agreed yet. Until then you can read the lessons; this will work once they agree.';
const KEPT_ON_DEVICE =
  'Your parent has not agreed yet, so nothing you do in the course is kept on our server. Your answers and ticks stay on your device and are sent once they agree.';

/**
 * What an account waiting for a parent's consent may not do (issue 11): store profile fields, be
 * linked into a mentor's tree (or build one), send a callback request under its name. Checked
 * before the body is read, whatever the client shows.
 */
const refusedWhilePending = new Set(
  [
    onboardingApi.complete,
    onboardingApi.saveProfile,
    publicFormsApi.callbackRequests,
    mentoringApi.addDisciple,
    mentoringApi.answerRequest,
    mentoringApi.answerInvitation,
    mentoringApi.applyForAmbassador,
    // Prayer times and a calendar of them say the person prays (docs/decisions/075): kept once a parent agrees.
    prayerApi.saveReminders,
    prayerApi.createCalendar,
  ].map(routeKey),
);

/**
 * Nor keep anything of its course, which reveals faith (decision 062): quiz attempts, challenge
 * ticks and sections read, a certificate, a day of the 7-day track. The app keeps them on the device until a parent agrees.
 * (Opening a lesson is not recorded either: course.service.ts.)
 */
const learningRefusedWhilePending = new Set([courseApi.submit, challengeApi.sync, courseApi.createCertificate, trackApi.day].map(routeKey));

export function pendingParentGuard(db: Db) {
  return async (req: FastifyRequest) => {
    const route = routeKeyOf(req);
    if (req.user?.consentStatus === 'pending_parent' && refusedWhilePending.has(route))
      throw new AppError('PARENT_CONSENT_PENDING', WAITING);
    if (req.user?.consentStatus === 'pending_parent' && learningRefusedWhilePending.has(route))
      throw new AppError('PARENT_CONSENT_PENDING', KEPT_ON_DEVICE);
    // An admin cannot put a young person who waits for a parent under a mentor either.
    if (route === routeKey(mentoringApi.setAdminMentor)) {
      const id = (req.params as { id?: string }).id;
      if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return;
      const [target] = await db.select({ status: users.consentStatus }).from(users).where(eq(users.id, id)).limit(1);
      if (target?.status === 'pending_parent')
        throw new AppError('PARENT_CONSENT_PENDING', 'This person waits for a parent to agree: they cannot be given a mentor yet.');
    }
  };
}
