import { createHash } from 'node:crypto';
import { and, eq, notInArray, sql } from 'drizzle-orm';

import { courseFileSchema, lessonFileSchema, type CourseFile, type LessonFile } from '#content/schema.ts';
import { readCourseFiles } from '#content/validate.ts';

import type { Db } from '../client.ts';
import { assessments, courses, lessons } from '../schema/index.ts';

export interface CourseContent {
  course: CourseFile;
  lessons: LessonFile[];
}

/** Shape of `courses.details`: the texts, plus a fingerprint of the content that was loaded. */
export interface CourseDetails {
  en: CourseFile['en'];
  fr: CourseFile['fr'];
  contentHash: string;
}

type LessonTexts = Omit<LessonFile['en'], 'questions'>;
/** Shape of `lessons.content`. */
export interface LessonContent {
  en: LessonTexts;
  fr: LessonTexts;
}
/** Shape of `assessments.questions`: each question with the lesson section (1-based) that teaches it. */
export type AssessmentQuestions = Record<'en' | 'fr', (LessonFile['en']['questions'][number] & { section: number })[]>;

/** Reads and parses content/course; throws with every problem listed when a file is malformed. */
export function loadCourseContent(): CourseContent {
  const { course, lessons: files } = readCourseFiles();
  const problems: string[] = [];
  const parsedCourse = courseFileSchema.safeParse(course);
  if (!parsedCourse.success)
    problems.push(`course.json: ${parsedCourse.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const parsedLessons = files.map(({ file, data }) => {
    const r = lessonFileSchema.safeParse(data);
    if (!r.success) problems.push(`${file}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    return r.data;
  });
  if (problems.length) throw new Error(`The course content is invalid (run \`npx tsx content/check.ts\`):\n  ${problems.join('\n  ')}`);
  return { course: parsedCourse.data!, lessons: parsedLessons as LessonFile[] };
}

export const contentHash = (content: CourseContent) => createHash('sha256').update(JSON.stringify(content)).digest('hex');

const texts = ({ questions: _q, ...rest }: LessonFile['en']): LessonTexts => rest;

// Any constant works; it only has to be the same for every process seeding this database.
const SEED_LOCK = 72_410_003;

export type SeedOutcome = { courseId: string; status: 'created' | 'updated' | 'unchanged' };

/**
 * Loads the course into the database. Rows are matched by slug (course), course + slug (lesson)
 * and lesson (assessment) and updated in place, so ids never change and nobody's attempts or
 * certificates are lost. A lesson that disappeared from the files is retired (`is_live` false), not deleted.
 * When the stored version and fingerprint match the files, nothing is written.
 */
export async function seedCourse(db: Db, content: CourseContent): Promise<SeedOutcome> {
  const hash = contentHash(content);
  const { course } = content;
  return db.transaction(async (tx) => {
    // Several instances may start at once: one seeds, the others then find it unchanged.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx
      .select({ id: courses.id, version: courses.contentVersion, details: courses.details })
      .from(courses)
      .where(eq(courses.slug, course.slug));
    if (existing && existing.version === course.version && (existing.details as Partial<CourseDetails>).contentHash === hash)
      return { courseId: existing.id, status: 'unchanged' as const };

    const now = new Date();
    const details: CourseDetails = { en: course.en, fr: course.fr, contentHash: hash };
    const [row] = await tx
      .insert(courses)
      .values({ slug: course.slug, contentVersion: course.version, details, challenge: course.challenge })
      .onConflictDoUpdate({
        target: courses.slug,
        set: { contentVersion: course.version, details, challenge: course.challenge, updatedAt: now },
      })
      .returning({ id: courses.id });
    const courseId = row!.id;

    for (const l of content.lessons) {
      const lessonContent: LessonContent = { en: texts(l.en), fr: texts(l.fr) };
      const [lessonRow] = await tx
        .insert(lessons)
        .values({ courseId, slug: l.slug, weekNumber: l.week, content: lessonContent })
        .onConflictDoUpdate({
          target: [lessons.courseId, lessons.slug],
          set: { weekNumber: l.week, content: lessonContent, isLive: true, updatedAt: now },
        })
        .returning({ id: lessons.id });
      const withSections = (qs: LessonFile['en']['questions']) => qs.map((q, i) => ({ ...q, section: l.questionSections[i]! }));
      const questions: AssessmentQuestions = { en: withSections(l.en.questions), fr: withSections(l.fr.questions) };
      await tx
        .insert(assessments)
        .values({ lessonId: lessonRow!.id, questions, answerKey: l.answers })
        .onConflictDoUpdate({ target: assessments.lessonId, set: { questions, answerKey: l.answers, updatedAt: now } });
    }

    const kept = content.lessons.map((l) => l.slug);
    await tx
      .update(lessons)
      .set({ isLive: false, updatedAt: now })
      .where(and(eq(lessons.courseId, courseId), kept.length ? notInArray(lessons.slug, kept) : undefined, lessons.isLive));

    return { courseId, status: existing ? ('updated' as const) : ('created' as const) };
  });
}
