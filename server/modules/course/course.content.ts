import { createHash } from 'node:crypto';

import {
  contentLanguages,
  courseList as courseListContract,
  lesson as lessonContract,
  lessonList as lessonListContract,
  type ContentLanguage,
} from '#common/contracts/course.ts';
import type { LessonRef } from '#common/domain/scoring.ts';

import type { CourseDetails } from '../../db/seed/course.ts';
import type { CourseRepository } from './course.repository.ts';

type PerLanguage<T> = Record<ContentLanguage, T>;

export interface CourseEntry {
  id: string;
  details: CourseDetails;
  /** Live lessons in week order. */
  lessons: LessonRef[];
  /** Days of the course's challenge (the same in every language). */
  challengeDays: number;
  /** GET /api/courses/:id/lessons, per language, serialized. */
  lessonListJson: PerLanguage<string>;
}

export interface LessonEntry {
  id: string;
  courseId: string;
  weekNumber: number;
  /** The live lessons of earlier weeks: the lesson is open once they are all passed. */
  earlierLessonIds: string[];
  /** Teaching sections (the same in every language). */
  sectionCount: number;
  /**
   * GET /api/lessons/:id serialized with each value of its one per-learner field, as UTF-8 bytes
   * ready to send (no 7 KB string to join and encode per request).
   */
  json: PerLanguage<{ notCompleted: Buffer; completed: Buffer }>;
}

export interface AssessmentEntry {
  id: string;
  lessonId: string;
  courseId: string;
  weekNumber: number;
  lessonTitle: PerLanguage<string>;
  /** The week's question bank per language (never sent whole: each attempt gets a draw of it, docs/decisions/073). */
  bank: PerLanguage<{ text: string; options: string[]; section: number }[]>;
  /** Fingerprint of the bank and its key: an open draw of another bank is drawn again. */
  bankHash: string;
  answerKey: number[];
  /** Options per bank question. */
  optionCounts: number[];
}

export interface CourseContentSnapshot {
  /** GET /api/courses, per language, serialized. */
  coursesJson: PerLanguage<string>;
  courses: Map<string, CourseEntry>;
  lessons: Map<string, LessonEntry>;
  assessmentsByLesson: Map<string, AssessmentEntry>;
  assessments: Map<string, AssessmentEntry>;
}

const byLanguage = <T>(f: (lang: ContentLanguage) => T) => Object.fromEntries(contentLanguages.map((l) => [l, f(l)])) as PerLanguage<T>;

/**
 * Every live course, lesson and assessment, read once and serialized once per language through
 * its response contract (so an answer holds exactly the contract's fields). Course content only
 * changes when the content files change, and they are loaded at start, before the app serves
 * (docs/decisions/020-course-content-in-memory.md).
 */
export async function loadCourseContentSnapshot(courseRepo: CourseRepository): Promise<CourseContentSnapshot> {
  const rows = await courseRepo.loadLiveContent();
  const courses = new Map<string, CourseEntry>();
  const lessons = new Map<string, LessonEntry>();
  const assessmentsByLesson = new Map<string, AssessmentEntry>();
  const assessments = new Map<string, AssessmentEntry>();

  for (const c of rows.courses) {
    const live = rows.lessons.filter((l) => l.courseId === c.id).sort((a, b) => a.weekNumber - b.weekNumber);
    courses.set(c.id, {
      id: c.id,
      details: c.details,
      lessons: live.map((l) => ({ id: l.id, weekNumber: l.weekNumber })),
      challengeDays: c.challenge.en.days.length,
      lessonListJson: byLanguage((lang) =>
        JSON.stringify(
          lessonListContract.parse(
            live.map((l) => ({ id: l.id, weekNumber: l.weekNumber, title: l.content[lang].title, subtitle: l.content[lang].subtitle })),
          ),
        ),
      ),
    });
    live.forEach((l, index) => {
      const json = byLanguage((lang) => {
        const { title, subtitle, keyScriptures, sections, reflectionQuestions } = l.content[lang];
        const whole = JSON.stringify(
          lessonContract.parse({
            id: l.id,
            courseId: c.id,
            weekNumber: l.weekNumber,
            title,
            subtitle,
            keyScriptures,
            content: sections,
            reflectionQuestions,
            totalLessons: live.length,
            isCompleted: false,
            nextLessonId: live[index + 1]?.id ?? null,
          }),
        );
        // The contract puts isCompleted after every text, so the last match is the field itself.
        const marker = '"isCompleted":false';
        const at = whole.lastIndexOf(marker);
        const withCompleted = (value: boolean) =>
          Buffer.from(`${whole.slice(0, at)}"isCompleted":${value}${whole.slice(at + marker.length)}`);
        return { notCompleted: withCompleted(false), completed: withCompleted(true) };
      });
      lessons.set(l.id, {
        id: l.id,
        courseId: c.id,
        weekNumber: l.weekNumber,
        earlierLessonIds: live.slice(0, index).map((e) => e.id),
        sectionCount: l.content.en.sections.length,
        json,
      });
      const a = rows.assessments.find((x) => x.lessonId === l.id);
      if (!a) return;
      const entry: AssessmentEntry = {
        id: a.id,
        lessonId: l.id,
        courseId: c.id,
        weekNumber: l.weekNumber,
        lessonTitle: byLanguage((lang) => l.content[lang].title),
        bank: byLanguage((lang) => a.questions[lang].map((q) => ({ text: q.text, options: q.options, section: q.section }))),
        bankHash: createHash('sha256')
          .update(JSON.stringify([a.questions, a.answerKey]))
          .digest('base64url')
          .slice(0, 22),
        answerKey: a.answerKey,
        optionCounts: a.questions.en.map((q) => q.options.length),
      };
      assessmentsByLesson.set(l.id, entry);
      assessments.set(a.id, entry);
    });
  }

  const coursesJson = byLanguage((lang) =>
    JSON.stringify(
      courseListContract.parse(
        rows.courses.map((c) => ({
          id: c.id,
          slug: c.slug,
          title: c.details[lang].title,
          description: c.details[lang].description,
          totalLessons: courses.get(c.id)!.lessons.length,
          challenge: c.challenge[lang],
        })),
      ),
    ),
  );
  return { coursesJson, courses, lessons, assessmentsByLesson, assessments };
}
