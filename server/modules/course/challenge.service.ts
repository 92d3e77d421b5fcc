import type { ChallengeState, ChallengeSyncBody } from '#common/contracts/challenge.ts';
import { checkActivityDate, computeStreak } from '#common/domain/streak.ts';

import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChallengeRepository } from './challenge.repository.ts';
import type { CourseContentSnapshot } from './course.content.ts';

/** A client clock a little ahead of the server's is forgiven; further ahead is refused. */
const CLOCK_SKEW_MS = 5 * 60_000;

const utcToday = (now: Date) => now.toISOString().slice(0, 10);

interface Deps {
  db: Db;
  challengeRepo: ChallengeRepository;
  /** The course content in memory (course ids, challenge length, lessons and their sections). */
  content: () => CourseContentSnapshot;
  now?: () => Date;
}

type SyncInput = Required<Omit<ChallengeSyncBody, 'today'>> & { today?: string };

/**
 * The learner's 21-day challenge ticks and sections read, merged from every device by last write
 * per day (docs/decisions/043), and the private streak they make. Always the signed-in learner's own.
 */
export function challengeServiceFactory({ db, challengeRepo: repo, content, now = () => new Date() }: Deps) {
  function requireCourse(courseId: string) {
    const course = content().courses.get(courseId);
    if (!course) throw new AppError('NOT_FOUND', 'Course not found.');
    return course;
  }

  function checkToday(today: string | undefined, at: Date): string {
    if (today === undefined) return utcToday(at);
    if (checkActivityDate(today, at, at) === 'future')
      throw new AppError('VALIDATION_FAILED', `today: ${today} has not begun anywhere yet`);
    return today;
  }

  /** A mark's time and day, or a 400 naming the mark. */
  function checkMark(field: string, mark: { date: string; changedAt: string }, at: Date): Date {
    const changedAt = new Date(mark.changedAt);
    if (changedAt.getTime() > at.getTime() + CLOCK_SKEW_MS) throw new AppError('VALIDATION_FAILED', `${field}.changedAt: is in the future`);
    const check = checkActivityDate(mark.date, changedAt, at);
    if (check === 'future') throw new AppError('VALIDATION_FAILED', `${field}.date: ${mark.date} is in the future`);
    if (check === 'too-late') throw new AppError('VALIDATION_FAILED', `${field}.date: a missed day can only be caught up within 48 hours`);
    return changedAt;
  }

  async function state(userId: string, courseId: string, today: string): Promise<ChallengeState> {
    const course = requireCourse(courseId);
    const [days, sections] = await Promise.all([
      repo.listDays(userId, courseId),
      repo.listSections(
        userId,
        course.lessons.map((l) => l.id),
      ),
    ]);
    const active = new Set<string>();
    for (const d of days) if (d.isDone) active.add(d.activeOn);
    for (const s of sections) if (s.isRead) active.add(s.activeOn);
    const activeDates = [...active].sort();
    return {
      courseId,
      today,
      days: days.map((d) => ({ day: d.day, isDone: d.isDone, date: d.activeOn, changedAt: d.changedAt.toISOString() })),
      sections: sections.map((s) => ({
        lessonId: s.lessonId,
        section: s.section,
        isRead: s.isRead,
        date: s.activeOn,
        changedAt: s.changedAt.toISOString(),
      })),
      activeDates,
      streak: computeStreak(activeDates, today),
    };
  }

  return {
    async get(userId: string, courseId: string, today?: string): Promise<ChallengeState> {
      return state(userId, courseId, checkToday(today, now()));
    },

    /** Merges the marks (each checked first: nothing is stored unless all are valid) and answers the merged state. */
    async sync(userId: string, body: SyncInput): Promise<ChallengeState> {
      const at = now();
      const today = checkToday(body.today, at);
      const course = requireCourse(body.courseId);
      const seenDays = new Set<number>();
      const days = body.days.map((m, i) => {
        if (m.day > course.challengeDays)
          throw new AppError('VALIDATION_FAILED', `days.${i}.day: this challenge has days 1 to ${course.challengeDays}`);
        if (seenDays.has(m.day)) throw new AppError('VALIDATION_FAILED', `days.${i}.day: day ${m.day} is listed twice`);
        seenDays.add(m.day);
        return { day: m.day, isDone: m.isDone, activeOn: m.date, changedAt: checkMark(`days.${i}`, m, at) };
      });
      const seenSections = new Set<string>();
      const sections = body.sections.map((m, i) => {
        const lesson = content().lessons.get(m.lessonId);
        // Sections of any course's lessons may come along (the browser sends all it has waiting).
        if (!lesson) throw new AppError('VALIDATION_FAILED', `sections.${i}.lessonId: not a lesson of the course`);
        if (m.section >= lesson.sectionCount)
          throw new AppError('VALIDATION_FAILED', `sections.${i}.section: this lesson has sections 0 to ${lesson.sectionCount - 1}`);
        const key = `${m.lessonId}:${m.section}`;
        if (seenSections.has(key))
          throw new AppError('VALIDATION_FAILED', `sections.${i}: section ${m.section} of this lesson is listed twice`);
        seenSections.add(key);
        return {
          lessonId: m.lessonId,
          section: m.section,
          isRead: m.isRead,
          activeOn: m.date,
          changedAt: checkMark(`sections.${i}`, m, at),
        };
      });
      await db.transaction(async (tx) => {
        await repo.mergeDays(userId, body.courseId, days, tx);
        await repo.mergeSections(userId, sections, tx);
      });
      return state(userId, body.courseId, today);
    },
  };
}

export type ChallengeService = ReturnType<typeof challengeServiceFactory>;
