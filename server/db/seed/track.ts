import { createHash } from 'node:crypto';
import { and, eq, notInArray, sql } from 'drizzle-orm';

import type { TrackDayLanguage, TrackFile } from '#content/schema.ts';

import type { Db } from '../client.ts';
import { courses, lessons } from '../schema/index.ts';
import type { CourseDetails } from './course.ts';

/** Shape of a track day's `lessons.content`: the texts of each language and the check's right option. */
export interface TrackDayContent {
  en: TrackDayLanguage;
  fr: TrackDayLanguage;
  checkAnswer: number;
}

// The course seed's lock: a course and a track loaded by instances starting together never interleave.
const SEED_LOCK = 72_410_003;

/**
 * Loads a track (docs/decisions/074) the way the course is loaded (decision 006): a `courses` row
 * of kind `track` matched by slug, one live lesson per day matched by course + slug (`week_number`
 * is the day), a day that left the file retired. Nothing is written when version and fingerprint match.
 */
export async function seedTrack(db: Db, track: TrackFile): Promise<{ courseId: string; status: 'created' | 'updated' | 'unchanged' }> {
  const hash = createHash('sha256').update(JSON.stringify(track)).digest('hex');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx
      .select({ id: courses.id, version: courses.contentVersion, details: courses.details })
      .from(courses)
      .where(eq(courses.slug, track.slug));
    if (existing && existing.version === track.version && (existing.details as Partial<CourseDetails>).contentHash === hash)
      return { courseId: existing.id, status: 'unchanged' as const };
    const now = new Date();
    const details: CourseDetails = { en: track.en, fr: track.fr, contentHash: hash };
    const [row] = await tx
      .insert(courses)
      .values({ slug: track.slug, kind: 'track', contentVersion: track.version, details, challenge: null })
      .onConflictDoUpdate({ target: courses.slug, set: { contentVersion: track.version, details, updatedAt: now } })
      .returning({ id: courses.id });
    const courseId = row!.id;
    for (const d of track.days) {
      const content: TrackDayContent = { en: d.en, fr: d.fr, checkAnswer: d.checkAnswer };
      await tx
        .insert(lessons)
        .values({ courseId, slug: d.slug, weekNumber: d.day, content })
        .onConflictDoUpdate({
          target: [lessons.courseId, lessons.slug],
          set: { weekNumber: d.day, content, isLive: true, updatedAt: now },
        });
    }
    await tx
      .update(lessons)
      .set({ isLive: false, updatedAt: now })
      .where(
        and(
          eq(lessons.courseId, courseId),
          notInArray(
            lessons.slug,
            track.days.map((d) => d.slug),
          ),
          lessons.isLive,
        ),
      );
    return { courseId, status: existing ? ('updated' as const) : ('created' as const) };
  });
}
