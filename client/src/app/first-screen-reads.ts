import { authApi } from '#common/contracts/auth-paths.ts';
import { challengeApi } from '#common/contracts/challenge.ts';
import { courseApi } from '#common/contracts/course.ts';
import { urlOf, type CallArgs, type Endpoint } from '#common/contracts/endpoint.ts';
import { mentorWeekApi } from '#common/contracts/mentor-week.ts';
import { mentoringApi } from '#common/contracts/mentoring.ts';
import { notificationsApi } from '#common/contracts/notifications.ts';
import { onboardingApi } from '#common/contracts/onboarding.ts';
import { prayerApi } from '#common/contracts/prayer.ts';
import { safeguardingApi } from '#common/contracts/safeguarding.ts';
import { mfaApi, securityApi } from '#common/contracts/security.ts';
import { trackApi } from '#common/contracts/track.ts';

/**
 * The API reads public/boot.js starts for each signed-in first screen (docs/decisions/078), as
 * URL templates made from the endpoints' definitions: the build writes them into boot.js
 * (scripts/vite-first-screens.ts), so boot.js writes no path of its own. Each must be the URL the
 * screen's first GET asks for, query keys in the same order (lib/api.ts takes boot.js's answer
 * only for the same URL; e2e/platform.e2e.ts fails when a read is not taken). Not imported by
 * the app: the build and first-screen-reads.test.tsx read it.
 *
 * boot.js fills in, at run time: `{lng}` the language it guessed, `{id}` the path's id, and, for
 * the reads that wait for the course list (`courseApi`), `{course}` the first course's id
 * (encoded) and `{today}` the device's date (YYYY-MM-DD).
 */
export type Placeholder = '{lng}' | '{id}' | '{course}' | '{today}';

type Templated<T> = { [K in keyof T]: T[K] | Placeholder };
type ReadArgs<E extends Endpoint> = {
  params?: Templated<NonNullable<CallArgs<E>['params']>>;
  query?: Templated<NonNullable<CallArgs<E>['query']>>;
};

/** A GET's URL with placeholders in place of values: urlOf's, the placeholders left unencoded for boot.js to find. */
export function readOf<E extends Endpoint<'GET'>>(ep: E, args?: ReadArgs<E>): string {
  return urlOf(ep as Endpoint, args as Parameters<typeof urlOf>[1]).replace(/%7B(lng|id|course|today)%7D/g, '{$1}');
}

export interface ScreenReads {
  /** Started at once, in this order. */
  api: string[];
  /** Of `api`, the course list: once it answers, `courseApi` is started for its first course. */
  courseList?: string;
  courseApi?: string[];
}

const courseList = readOf(courseApi.courses, { query: { lang: '{lng}' } });

/** By route pattern, as boot.js keys its first screens (`/` is the dashboard's). */
export const firstScreenReads: Record<string, ScreenReads> = {
  '/dashboard': {
    api: [
      readOf(authApi.currentUser),
      courseList,
      readOf(trackApi.state),
      readOf(trackApi.content, { query: { lang: '{lng}' } }),
      readOf(mentoringApi.links),
      readOf(mentoringApi.summary),
      readOf(authApi.config),
    ],
    courseList,
    courseApi: [
      readOf(courseApi.progress, { params: { courseId: '{course}' } }),
      readOf(courseApi.courseLessons, { params: { courseId: '{course}' }, query: { lang: '{lng}' } }),
      readOf(challengeApi.challenge, { query: { courseId: '{course}', today: '{today}' } }),
    ],
  },
  '/lesson/:id': {
    api: [
      readOf(authApi.currentUser),
      readOf(courseApi.lesson, { params: { id: '{id}' }, query: { lang: '{lng}' } }),
      readOf(courseApi.lessonAttempts, { params: { id: '{id}' }, query: { limit: 5 } }),
      readOf(courseApi.lessonAssessment, { params: { id: '{id}' }, query: { lang: '{lng}' } }),
    ],
  },
  '/assessment/:id': {
    api: [
      readOf(authApi.currentUser),
      readOf(courseApi.lessonAssessment, { params: { id: '{id}' }, query: { lang: '{lng}' } }),
      readOf(courseApi.lesson, { params: { id: '{id}' }, query: { lang: '{lng}' } }),
    ],
  },
  '/disciple-tree': {
    api: [
      readOf(authApi.currentUser),
      readOf(mentoringApi.tree),
      readOf(mentoringApi.pending),
      readOf(mentoringApi.progression),
      readOf(mentorWeekApi.week),
      readOf(mentoringApi.links),
    ],
  },
  '/settings': {
    api: [
      readOf(authApi.currentUser),
      readOf(onboardingApi.profile),
      readOf(notificationsApi.settings),
      readOf(mfaApi.status),
      readOf(securityApi.sessions),
      readOf(safeguardingApi.myConcerns),
      readOf(prayerApi.state),
    ],
  },
};
