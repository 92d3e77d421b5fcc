import { loadTrackContent } from '#content/track.ts';

import type { Db } from '../client.ts';
import { loadCourseContent, seedCourse } from './course.ts';
import { seedTrack } from './track.ts';

/** Loads fixed content into the database; idempotent, run at every start after migrations. */
export async function seedContent(db: Db): Promise<void> {
  await seedCourse(db, loadCourseContent());
  // After the course, in its own transaction: the course stays the first one loaded.
  await seedTrack(db, loadTrackContent());
}
