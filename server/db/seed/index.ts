import type { Db } from '../client.ts';
import { loadCourseContent, seedCourse } from './course.ts';

/** Loads fixed content into the database; idempotent, run at every start after migrations. */
export async function seedContent(db: Db): Promise<void> {
  await seedCourse(db, loadCourseContent());
}
