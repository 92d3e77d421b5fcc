import { and, asc, eq, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { courses, lessons, trackDays, trackSkips } from '../../db/schema/index.ts';
import type { CourseDetails } from '../../db/seed/course.ts';
import type { TrackDayContent } from '../../db/seed/track.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The first track and its live days in order; null before any track was loaded. Read once at start. */
export async function loadTrack(db: Db) {
  const [course] = await db
    .select({ id: courses.id, slug: courses.slug, details: courses.details })
    .from(courses)
    .where(eq(courses.kind, 'track'))
    .orderBy(asc(courses.createdAt), asc(courses.slug))
    .limit(1);
  if (!course) return null;
  const days = await db
    .select({ day: lessons.weekNumber, content: lessons.content })
    .from(lessons)
    .where(and(eq(lessons.courseId, course.id), eq(lessons.isLive, true)))
    .orderBy(asc(lessons.weekNumber));
  return {
    ...course,
    details: course.details as CourseDetails,
    days: days.map((d) => ({ day: d.day, content: d.content as TrackDayContent })),
  };
}

export async function listDays(db: Db | Tx, userId: string, courseId: string) {
  return db
    .select({ day: trackDays.day, doneOn: trackDays.doneOn, answer: trackDays.answer })
    .from(trackDays)
    .where(and(eq(trackDays.userId, userId), eq(trackDays.courseId, courseId)))
    .orderBy(asc(trackDays.day));
}

export async function isSkipped(db: Db, userId: string, courseId: string): Promise<boolean> {
  return (await db.$count(trackSkips, and(eq(trackSkips.userId, userId), eq(trackSkips.courseId, courseId)))) > 0;
}

/** Stores a day done; a day already stored is kept as it was (a resend changes nothing). */
export async function insertDay(tx: Tx, row: { userId: string; courseId: string; day: number; doneOn: string; answer: number }) {
  await tx.insert(trackDays).values(row).onConflictDoNothing();
}

export async function setSkipped(db: Db, userId: string, courseId: string, isSkipped: boolean) {
  if (isSkipped) await db.insert(trackSkips).values({ userId, courseId }).onConflictDoNothing();
  else await db.delete(trackSkips).where(and(eq(trackSkips.userId, userId), eq(trackSkips.courseId, courseId)));
}

/** Serializes the learner's own track writes (two devices sending day 2 at once). */
export async function lockLearner(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('track:' || ${userId}))`);
}
