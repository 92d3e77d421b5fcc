import { and, asc, eq, sql } from 'drizzle-orm';

import type { Db, Transaction, Tx } from '../../db/client.ts';
import { courses, lessons, trackDays, trackSkips } from '../../db/schema/index.ts';
import type { CourseDetails } from '../../db/seed/course.ts';
import type { TrackDayContent } from '../../db/seed/track.ts';

export const trackRepositoryFactory = (db: Db) => ({
  /** The first track and its live days in order; null before any track was loaded. Read once at start. */
  async loadTrack(tx: Tx = db) {
    const [course] = await tx
      .select({ id: courses.id, slug: courses.slug, details: courses.details })
      .from(courses)
      .where(eq(courses.kind, 'track'))
      .orderBy(asc(courses.createdAt), asc(courses.slug))
      .limit(1);
    if (!course) return null;
    const days = await tx
      .select({ day: lessons.weekNumber, content: lessons.content })
      .from(lessons)
      .where(and(eq(lessons.courseId, course.id), eq(lessons.isLive, true)))
      .orderBy(asc(lessons.weekNumber));
    return {
      ...course,
      details: course.details as CourseDetails,
      days: days.map((d) => ({ day: d.day, content: d.content as TrackDayContent })),
    };
  },

  async listDays(userId: string, courseId: string, tx: Tx = db) {
    return tx
      .select({ day: trackDays.day, doneOn: trackDays.doneOn, answer: trackDays.answer })
      .from(trackDays)
      .where(and(eq(trackDays.userId, userId), eq(trackDays.courseId, courseId)))
      .orderBy(asc(trackDays.day));
  },

  async isSkipped(userId: string, courseId: string, tx: Tx = db): Promise<boolean> {
    return (await tx.$count(trackSkips, and(eq(trackSkips.userId, userId), eq(trackSkips.courseId, courseId)))) > 0;
  },

  /** Stores a day done; a day already stored is kept as it was (a resend changes nothing). */
  async insertDay(row: { userId: string; courseId: string; day: number; doneOn: string; answer: number }, tx: Transaction) {
    await tx.insert(trackDays).values(row).onConflictDoNothing();
  },

  async setSkipped(userId: string, courseId: string, isSkipped: boolean, tx: Tx = db) {
    if (isSkipped) await tx.insert(trackSkips).values({ userId, courseId }).onConflictDoNothing();
    else await tx.delete(trackSkips).where(and(eq(trackSkips.userId, userId), eq(trackSkips.courseId, courseId)));
  },

  /** Serializes the learner's own track writes (two devices sending day 2 at once), until the transaction ends. */
  async lockLearner(userId: string, tx: Transaction) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('track:' || ${userId}))`);
  },
});

export type TrackRepository = ReturnType<typeof trackRepositoryFactory>;
/** The track as read at start (`loadTrack`), when there is one. */
export type TrackRow = NonNullable<Awaited<ReturnType<TrackRepository['loadTrack']>>>;
