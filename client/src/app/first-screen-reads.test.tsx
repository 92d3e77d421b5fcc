import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { mentorLinksQuery } from '#client/components/mentor-links/use-mentor-links.ts';
import { useMyConcerns } from '#client/components/safeguarding/concern-form.tsx';
import { assessmentQuery } from '#client/features/course/api/get-assessment.ts';
import { courseLessonsQuery } from '#client/features/course/api/get-course-lessons.ts';
import { coursesQuery } from '#client/features/course/api/get-courses.ts';
import { disciplesSummaryQuery } from '#client/features/course/api/get-disciples-summary.ts';
import { lessonAttemptsQuery } from '#client/features/course/api/get-lesson-attempts.ts';
import { lessonQuery } from '#client/features/course/api/get-lesson.ts';
import { progressQuery } from '#client/features/course/api/get-progress.ts';
import { trackContentQuery } from '#client/features/course/api/get-track-content.ts';
import { trackQuery } from '#client/features/course/api/get-track.ts';
import { syncLearning } from '#client/features/course/api/sync-learning.ts';
import { localToday } from '#client/features/course/utils/learning-store.ts';
import { discipleTreeQuery } from '#client/features/mentoring/api/get-disciple-tree.ts';
import { mentorWeekQuery } from '#client/features/mentoring/api/get-mentor-week.ts';
import { pendingDisciplesQuery } from '#client/features/mentoring/api/get-pending-disciples.ts';
import { progressionQuery } from '#client/features/mentoring/api/get-progression.ts';
import { mfaStatusQuery } from '#client/features/settings/api/get-mfa-status.ts';
import { sessionsQuery } from '#client/features/settings/api/get-sessions.ts';
import { notificationSettingsQuery } from '#client/features/settings/api/notification-settings.ts';
import { prayerCalendarQuery } from '#client/features/settings/api/prayer-calendar.ts';
import { profileQuery } from '#client/features/settings/api/profile.ts';
import { currentUserQuery } from '#client/lib/current-user.ts';
import { publicConfigQuery } from '#client/lib/public-config.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { sharedKeys } from '#client/lib/query-keys.ts';
import { buildCurrentUser } from '#client/test/factories.ts';
import { stubApi } from '#client/test/fetch-stub.ts';

import { firstScreenReads } from './first-screen-reads.ts';

/**
 * The reads public/boot.js starts (written in by the build from first-screen-reads.ts) must be the
 * URLs the screens' own first GETs ask for, or the app asks again and boot.js's answer is wasted
 * (docs/decisions/078). Here: the templates filled in as boot.js fills them, against the URLs the
 * app's own queries fetch (the screen renders are e2e/platform.e2e.ts's).
 */
const lessonId = '0b6c1f3e-4d5a-4e8b-9c7d-2a1b3c4d5e6f';
const courseId = '7f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const lng = 'fr';

/** As boot.js's `fill`: the language, the path's id, the first course's id (encoded), the device's date. */
const fill = (template: string) =>
  template
    .replace('{lng}', lng)
    .replace('{id}', lessonId)
    .replace('{course}', encodeURIComponent(courseId))
    .replace('{today}', localToday());

/** The GET URLs `run` makes the app fetch, every one answered (the answers do not matter here). */
async function urlsFetchedBy(run: () => Promise<unknown>): Promise<string[]> {
  const api = stubApi();
  for (const screen of Object.values(firstScreenReads))
    for (const template of [...screen.api, ...(screen.courseApi ?? [])]) api.on('GET', fill(template).split('?')[0]!, { json: null });
  const fetchMock = vi.mocked(fetch);
  fetchMock.mockClear();
  await run();
  return fetchMock.mock.calls.map(([input]) => String(input));
}

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

/** Each query's fetch, one after the other (a failed answer is fine: only the URL is looked at). */
const fetchAll = (queries: { queryFn?: unknown }[]) => async () => {
  for (const q of queries) await (q.queryFn as () => Promise<unknown>)().catch(() => {});
};

describe("the first screens' early reads (public/boot.js)", () => {
  it('are URL templates with their placeholders left for boot.js, the query in the order the app writes it', () => {
    expect(firstScreenReads['/dashboard']!.courseApi).toEqual([
      '/api/progress/{course}',
      '/api/courses/{course}/lessons?lang={lng}',
      '/api/challenge?courseId={course}&today={today}',
    ]);
    expect(firstScreenReads['/dashboard']!.api).toContain(firstScreenReads['/dashboard']!.courseList);
    expect(firstScreenReads['/lesson/:id']!.api).toContain('/api/lessons/{id}/attempts?limit=5');
  });

  it("are the dashboard's first reads, those waiting for the course list included", async () => {
    const reads = firstScreenReads['/dashboard']!;
    queryClient.setQueryData(sharedKeys.currentUser, buildCurrentUser());
    const asked = await urlsFetchedBy(
      fetchAll([
        currentUserQuery,
        coursesQuery(lng),
        trackQuery,
        trackContentQuery(lng),
        mentorLinksQuery,
        disciplesSummaryQuery,
        publicConfigQuery,
      ]),
    );
    expect(asked).toEqual(reads.api.map(fill));
    const afterCourses = await urlsFetchedBy(async () => {
      await fetchAll([progressQuery(courseId), courseLessonsQuery(courseId, lng)])();
      // The challenge's state, asked by the learning sync the dashboard starts (nothing waiting to send).
      await syncLearning(courseId).catch(() => {});
    });
    expect(afterCourses).toEqual(reads.courseApi!.map(fill));
  });

  it("are the lesson's and the assessment's first reads", async () => {
    expect(
      await urlsFetchedBy(
        fetchAll([currentUserQuery, lessonQuery(lessonId, lng), lessonAttemptsQuery(lessonId), assessmentQuery(lessonId, lng)]),
      ),
    ).toEqual(firstScreenReads['/lesson/:id']!.api.map(fill));
    expect(await urlsFetchedBy(fetchAll([currentUserQuery, assessmentQuery(lessonId, lng), lessonQuery(lessonId, lng)]))).toEqual(
      firstScreenReads['/assessment/:id']!.api.map(fill),
    );
  });

  it("are the disciple tree's first reads", async () => {
    expect(
      await urlsFetchedBy(
        fetchAll([currentUserQuery, discipleTreeQuery, pendingDisciplesQuery, progressionQuery, mentorWeekQuery, mentorLinksQuery]),
      ),
    ).toEqual(firstScreenReads['/disciple-tree']!.api.map(fill));
  });

  it("are the settings' first reads", async () => {
    const asked = await urlsFetchedBy(async () => {
      await fetchAll([currentUserQuery, profileQuery, notificationSettingsQuery, mfaStatusQuery, sessionsQuery])();
      // The concerns the person raised: a hook of the concern form, not a shared query.
      const concerns = renderHook(() => useMyConcerns(), { wrapper });
      await waitFor(() => expect(concerns.result.current.isFetched).toBe(true));
      concerns.unmount();
      await fetchAll([prayerCalendarQuery])();
    });
    expect(asked).toEqual(firstScreenReads['/settings']!.api.map(fill));
  });
});
