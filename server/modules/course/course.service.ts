import { randomGroupedCode } from '../../lib/random-code.ts';
import type { AttemptSummary, Certificate, CertificateVerification, ContentLanguage, Progress, SubmitResult } from '../../../common/contracts/course.ts';
import { averageScore, overallProgress, PASS_MARK, scoreAnswers, unlockState, type LessonRef } from '../../../common/domain/scoring.ts';
import type { Db } from '../../db/client.ts';
import { recentLessonOpenings } from '../../db/learner-activity.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../lib/session.ts';
import { loadCourseContentSnapshot, type AssessmentEntry, type CourseContentSnapshot, type CourseEntry } from './course.content.ts';
import * as repo from './course.repository.ts';
import { fullNameOf } from '../../../common/domain/names.ts';

// Crockford's base32: no I, L, O or U, so a code read aloud or retyped is hard to get wrong.
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 80 random bits as "XXXX-XXXX-XXXX-XXXX": unguessable, and short enough to type from paper. */
export const newVerificationCode = (): string => randomGroupedCode(10, CODE_ALPHABET);

/** Accepts a code typed with lower case, spaces, or the letters Crockford's alphabet reads as digits. */
export function normaliseVerificationCode(input: string): string {
  const raw = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  return (raw.match(/.{1,4}/g) ?? []).join('-');
}

/** The name printed on a certificate: full name, else username, else the email before the @. */
export function holderNameOf(user: Pick<UserRow, 'firstName' | 'lastName' | 'username' | 'email'>): string {
  return fullNameOf(user) || user.username?.trim() || user.email.split('@')[0] || 'Student';
}

const weekOf = (states: LessonState[], id: string) => states.find((s) => s.id === id)?.weekNumber;

export interface LessonState {
  id: string;
  weekNumber: number;
  /** Best passing score, or null while the lesson is not passed. */
  bestScore: number | null;
  /** When the lesson was first passed (ms since epoch), or null. */
  firstPassedAt: number | null;
}

/**
 * Course content is answered from memory (course.content.ts); the learner's passed lessons are the
 * one per-request read. Read answers are JSON text, serialized at start.
 */
export function courseServiceFactory({ db, content: loaded }: { db: Db; content: CourseContentSnapshot }) {
  let content = loaded;
  const passedLessons = repo.passedLessonsQuery(db);
  const passedLessonsOpening = repo.passedLessonsOpeningQuery(db);
  const passedLessonsSubmit = repo.passedLessonsSubmitQuery(db);
  const openings = recentLessonOpenings();

  /** Reads the content again (after the content was seeded anew while the app runs: tests only). */
  async function reload(): Promise<void> {
    content = await loadCourseContentSnapshot(db);
  }

  /** The content as loaded (read by the challenge service). */
  function snapshot(): CourseContentSnapshot {
    return content;
  }

  function listCoursesJson(lang: ContentLanguage): string {
    return content.coursesJson[lang];
  }

  function requireCourse(courseId: string): CourseEntry {
    const course = content.courses.get(courseId);
    if (!course) throw new AppError('NOT_FOUND', 'Course not found.');
    return course;
  }

  /** Who may open what, from the user's lesson states. */
  function unlock(states: LessonState[]) {
    const refs: LessonRef[] = states.map((s) => ({ id: s.id, weekNumber: s.weekNumber }));
    const passed = new Set(states.filter((s) => s.bestScore !== null).map((s) => s.id));
    return { states, passed, ...unlockState(refs, passed) };
  }

  /** The user's state of every live lesson of the course, in week order. */
  async function lessonStates(userId: string, course: CourseEntry): Promise<LessonState[]> {
    return statesOf(course, await passedLessons(userId));
  }

  function statesOf(course: CourseEntry, passedRows: repo.PassedLesson[]): LessonState[] {
    const passed = new Map(passedRows.map((p) => [p.lessonId, p]));
    return course.lessons.map((l) => ({ id: l.id, weekNumber: l.weekNumber, bestScore: passed.get(l.id)?.bestScore ?? null, firstPassedAt: passed.get(l.id)?.firstPassedAt ?? null }));
  }

  async function state(userId: string, courseId: string) {
    return unlock(await lessonStates(userId, requireCourse(courseId)));
  }

  function requireOpen(states: LessonState[], lessonId: string) {
    const s = unlock(states);
    if (!s.open.has(lessonId)) {
      const week = weekOf(states, lessonId) ?? 0;
      throw new AppError('LESSON_LOCKED', `This lesson is locked. Pass the week ${week - 1} assessment to unlock week ${week}.`);
    }
    return s;
  }

  async function getProgress(userId: string, courseId: string): Promise<Progress> {
    const s = await state(userId, courseId);
    const best = s.states.filter((x) => x.bestScore !== null);
    return {
      courseId,
      completedLessons: s.completedLessons,
      overallProgress: overallProgress(s.completedLessons.length, s.states.length),
      currentLessonId: s.currentLessonId,
      totalLessons: s.states.length,
      averageScore: averageScore(best.map((x) => x.bestScore!)),
      bestScores: Object.fromEntries(best.map((x) => [x.id, x.bestScore!])),
    };
  }

  function listLessonsJson(courseId: string, lang: ContentLanguage): string {
    return requireCourse(courseId).lessonListJson[lang];
  }

  /**
   * The lesson as JSON, UTF-8 bytes of the `Lesson` contract; 404 when unknown or retired, 403 while locked.
   * Opening it is recorded (the activity the mentor's week and the encouragement mails look at), in
   * the same statement as the read of the passed lessons, and only when it is open; not again for
   * five minutes after this process recorded it (`recentLessonOpenings`). Not recorded at all for
   * an account whose parent has not agreed yet (`isRecorded` false, decision 062).
   */
  async function getLessonJson(userId: string, id: string, lang: ContentLanguage, { isRecorded = true } = {}): Promise<Buffer> {
    const lesson = content.lessons.get(id);
    if (!lesson) throw new AppError('NOT_FOUND', 'Lesson not found.');
    const course = requireCourse(lesson.courseId);
    const recent = !isRecorded || openings.isRecent(userId);
    const passedRows = recent ? await passedLessons(userId) : await passedLessonsOpening(userId, id, lesson.earlierLessonIds);
    const s = requireOpen(statesOf(course, passedRows), id);
    if (!recent) openings.recorded(userId);
    const bodies = lesson.json[lang];
    return s.passed.has(id) ? bodies.completed : bodies.notCompleted;
  }

  /** The assessment as JSON text (the `Assessment` contract); 404 when unknown, 403 while its lesson is locked. */
  async function getAssessmentJson(userId: string, lessonId: string, lang: ContentLanguage): Promise<string> {
    const a = content.assessmentsByLesson.get(lessonId);
    if (!a) throw new AppError('NOT_FOUND', 'Assessment not found.');
    requireOpen(await lessonStates(userId, requireCourse(a.courseId)), lessonId);
    return a.json[lang];
  }

  /**
   * Scores and stores an attempt. With an idempotency key (a quiz submitted offline and sent when
   * back online, perhaps twice), the key's first attempt is stored once and every replay answers
   * the same result; the key reused for other answers is a 409.
   */
  async function submit(userId: string, assessmentId: string, answers: number[], idempotencyKey?: string): Promise<SubmitResult> {
    const a = content.assessments.get(assessmentId);
    if (!a) throw new AppError('NOT_FOUND', 'Assessment not found.');
    const replayed = idempotencyKey ? await repo.findAttemptByKey(db, userId, idempotencyKey) : null;
    if (replayed) return replay(userId, a, answers, replayed);
    const course = requireCourse(a.courseId);
    const invalid = answersRefusal(a, answers);
    if (invalid) {
      // A locked lesson is said first, as it always was.
      requireOpen(await lessonStates(userId, course), a.lessonId);
      throw invalid;
    }
    const result = scoreAnswers(answers, a.answerKey);
    const lesson = content.lessons.get(a.lessonId)!;
    // One statement: the passed lessons (before this attempt) and the attempt stored if the lesson is open.
    const { passed, stored } = await passedLessonsSubmit(userId, {
      lessonId: a.lessonId, earlierLessonIds: lesson.earlierLessonIds, assessmentId, answers, score: result.score, passed: result.passed, idempotencyKey: idempotencyKey ?? null,
    });
    const s = requireOpen(statesOf(course, passed), a.lessonId);
    // Two sends of one key at the same moment: the other one stored it.
    if (!stored && idempotencyKey) {
      const stored = await repo.findAttemptByKey(db, userId, idempotencyKey);
      if (stored) return replay(userId, a, answers, stored);
    }
    return resultOf(a, answers, s.states);
  }

  /** Why these answers cannot be scored (not one per question, or a choice that names no option), or null. */
  function answersRefusal(a: AssessmentEntry, answers: number[]): AppError | null {
    if (answers.length !== a.answerKey.length)
      return new AppError('VALIDATION_FAILED', `answers: expected ${a.answerKey.length} answers (one per question), got ${answers.length}`);
    const i = answers.findIndex((choice, i) => choice >= (a.optionCounts[i] ?? 0));
    if (i >= 0) return new AppError('VALIDATION_FAILED', `answers.${i}: question ${i + 1} has options 0 to ${(a.optionCounts[i] ?? 0) - 1}, got ${answers[i]}`);
    return null;
  }

  function resultOf(a: AssessmentEntry, answers: number[], states: LessonState[]): SubmitResult {
    const result = scoreAnswers(answers, a.answerKey);
    const index = states.findIndex((x) => x.id === a.lessonId);
    return {
      passed: result.passed,
      score: result.score,
      correctAnswers: result.passed ? a.answerKey : [],
      questionResults: answers.map((choice, i) => choice === a.answerKey[i]),
      correctCount: result.correctCount,
      totalQuestions: result.totalQuestions,
      passMark: PASS_MARK,
      nextLessonId: result.passed ? (states[index + 1]?.id ?? null) : null,
    };
  }

  /** The stored attempt's result again, when the replay is the same submission. */
  async function replay(userId: string, a: AssessmentEntry, answers: number[], stored: repo.StoredAttempt): Promise<SubmitResult> {
    const isSame = stored.assessmentId === a.id && stored.answers.length === answers.length && stored.answers.every((x, i) => x === answers[i]);
    if (!isSame) throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different submission.');
    return resultOf(a, stored.answers, await lessonStates(userId, requireCourse(a.courseId)));
  }

  /** The user's own attempts at a live lesson, newest first; 404 for an unknown lesson, 403 while it is locked. */
  async function listAttempts(userId: string, lessonId: string): Promise<AttemptSummary[]> {
    const lesson = content.lessons.get(lessonId);
    if (!lesson) throw new AppError('NOT_FOUND', 'Lesson not found.');
    requireOpen(await lessonStates(userId, requireCourse(lesson.courseId)), lessonId);
    const rows = await repo.listAttempts(db, userId, lessonId);
    return rows.map((r) => ({ id: r.id, submittedAt: r.createdAt.toISOString(), score: r.score, passed: r.passed }));
  }

  function toCertificate(
    row: NonNullable<Awaited<ReturnType<typeof repo.findCertificate>>>,
    courseTitle: string,
    baseUrl: string,
  ): Certificate {
    const completedAt = row.completedAt.toISOString();
    return {
      id: row.id,
      courseId: row.courseId,
      courseTitle,
      verificationCode: row.verificationCode,
      verificationUrl: `${baseUrl}/verify/${row.verificationCode}`,
      completedAt,
      // A certificate read by its holder always has their name (only deleted accounts' lose it).
      certificateData: { name: row.holderName ?? '', completionDate: completedAt },
    };
  }

  /** The user's certificate; 403 while the course is not complete, 404 when complete but not yet created. */
  async function getCertificate(user: UserRow, courseId: string, lang: ContentLanguage, baseUrl: string): Promise<Certificate> {
    const course = requireCourse(courseId);
    const row = await repo.findCertificate(db, user.id, courseId);
    if (row) return toCertificate(row, course.details[lang].title, baseUrl);
    await completionTime(user.id, courseId);
    throw new AppError('NOT_FOUND', 'No certificate has been created yet.');
  }

  /** When the last week was first passed; 403 when some week is not passed yet. */
  async function completionTime(userId: string, courseId: string): Promise<Date> {
    const { states } = await state(userId, courseId);
    const missing = states.filter((x) => x.firstPassedAt === null).length;
    if (states.length === 0 || missing > 0)
      throw new AppError('COURSE_NOT_COMPLETE', `You need to complete all ${states.length} weeks of the course to receive your certificate (${missing} to go).`);
    return new Date(Math.max(...states.map((x) => x.firstPassedAt!)));
  }

  /** Creates the certificate once; later calls return the same one. */
  async function createCertificate(user: UserRow, courseId: string, lang: ContentLanguage, baseUrl: string): Promise<{ certificate: Certificate; created: boolean }> {
    const course = requireCourse(courseId);
    const title = course.details[lang].title;
    const existing = await repo.findCertificate(db, user.id, courseId);
    if (existing) return { certificate: toCertificate(existing, title, baseUrl), created: false };
    const completedAt = await completionTime(user.id, courseId);
    // A clash on the random code is astronomically unlikely; a clash on (user, course) means a parallel request won.
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await repo.insertCertificate(db, {
        userId: user.id,
        courseId,
        verificationCode: newVerificationCode(),
        holderName: holderNameOf(user),
        completedAt,
      });
      if (row) return { certificate: toCertificate(row, title, baseUrl), created: true };
      const raced = await repo.findCertificate(db, user.id, courseId);
      if (raced) return { certificate: toCertificate(raced, title, baseUrl), created: false };
    }
    throw new AppError('INTERNAL', 'Could not create the certificate. Please try again.');
  }

  async function verify(code: string, lang: ContentLanguage): Promise<CertificateVerification> {
    const row = await repo.findCertificateByCode(db, normaliseVerificationCode(code));
    if (!row) throw new AppError('NOT_FOUND', 'No certificate has this verification code.');
    return {
      valid: true,
      holderName: row.holderName,
      // Only while there is a holder: a removed holder's certificate says just that.
      holderRenamedAt: row.holderName !== null && row.holderRenamedAt ? row.holderRenamedAt.toISOString() : null,
      courseTitle: row.details[lang].title,
      completedAt: row.completedAt.toISOString(),
      verificationCode: row.verificationCode,
    };
  }

  return { reload, snapshot, listCoursesJson, getProgress, listLessonsJson, getLessonJson, getAssessmentJson, submit, listAttempts, getCertificate, createCertificate, verify };
}

export type CourseService = ReturnType<typeof courseServiceFactory>;
