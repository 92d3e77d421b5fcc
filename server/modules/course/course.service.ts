import type {
  Assessment,
  AttemptList,
  Certificate,
  CertificateVerification,
  ContentLanguage,
  Progress,
  SubmitResult,
} from '#common/contracts/course.ts';
import { fullNameOf } from '#common/domain/names.ts';
import { averageScore, overallProgress, PASS_MARK, scoreAnswers, unlockState, type LessonRef } from '#common/domain/scoring.ts';

import { recentLessonOpenings } from '../../db/learner-activity.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomGroupedCode } from '../../lib/random-code.ts';
import type { UserRow } from '../../lib/session.ts';
import { loadCourseContentSnapshot, type AssessmentEntry, type CourseContentSnapshot, type CourseEntry } from './course.content.ts';
import type { CertificateRow, CourseRepository, PassedLesson, StoredAttempt } from './course.repository.ts';
import { drawQuestions, fitsBank, pausedUntil, RHYTHM, shownKey, unstoredDraw, type DrawnQuestion } from './draws.ts';

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
export function courseServiceFactory({
  courseRepo: repo,
  content: loaded,
}: {
  courseRepo: CourseRepository;
  content: CourseContentSnapshot;
}) {
  let content = loaded;
  const openings = recentLessonOpenings();

  /** Reads the content again (after the content was seeded anew while the app runs: tests only). */
  async function reload(): Promise<void> {
    content = await loadCourseContentSnapshot(repo);
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
    return statesOf(course, await repo.passedLessons(userId));
  }

  function statesOf(course: CourseEntry, passedRows: PassedLesson[]): LessonState[] {
    const passed = new Map(passedRows.map((p) => [p.lessonId, p]));
    return course.lessons.map((l) => ({
      id: l.id,
      weekNumber: l.weekNumber,
      bestScore: passed.get(l.id)?.bestScore ?? null,
      firstPassedAt: passed.get(l.id)?.firstPassedAt ?? null,
    }));
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
    const passedRows = recent ? await repo.passedLessons(userId) : await repo.passedLessonsOpening(userId, id, lesson.earlierLessonIds);
    const s = requireOpen(statesOf(course, passedRows), id);
    if (!recent) openings.recorded(userId);
    const bodies = lesson.json[lang];
    return s.passed.has(id) ? bodies.completed : bodies.notCompleted;
  }

  /** When the learner's next attempt at a lesson opens after 3 failed ones within a day, or null. */
  async function pauseOf(userId: string, lessonId: string): Promise<Date | null> {
    const { fails, lastFailAt } = await repo.recentFails(userId, lessonId, RHYTHM.failWindowMs);
    return pausedUntil(fails, lastFailAt);
  }

  function pausedError(opensAt: Date): AppError {
    return new AppError(
      'ATTEMPTS_PAUSED',
      `You have tried this quiz ${RHYTHM.failsBeforePause} times today. Take a break and read the lesson again: the next attempt opens at ${opensAt.toISOString()}.`,
      { opensAt, retryAfterSeconds: Math.max(1, Math.ceil((opensAt.getTime() - Date.now()) / 1000)) },
    );
  }

  /**
   * The learner's current draw of a lesson's assessment (the `Assessment` contract, docs/decisions/073):
   * their open draw, or a new one (10 questions of the bank, options shuffled, the questions of the
   * last attempt last in line). 404 when unknown, 403 while the lesson is locked, 429 with when it
   * opens while a pause after 3 failed attempts lasts. The same draw is answered until it is submitted.
   */
  async function getAssessment(userId: string, lessonId: string, lang: ContentLanguage, { isRecorded = true } = {}): Promise<Assessment> {
    const a = content.assessmentsByLesson.get(lessonId);
    if (!a) throw new AppError('NOT_FOUND', 'Assessment not found.');
    requireOpen(await lessonStates(userId, requireCourse(a.courseId)), lessonId);
    // Waiting for a parent (decision 062): a draw that needs no row.
    if (!isRecorded) {
      const unstored = unstoredDraw(userId, a.id, a.bankHash, a.optionCounts);
      return assessmentOf(a, unstored.id, unstored.questions, lang);
    }
    let draw = await repo.findOpenDraw(userId, a.id);
    if (!draw || draw.bankHash !== a.bankHash || !fitsBank(draw.questions, a.optionCounts)) {
      const paused = await pauseOf(userId, lessonId);
      if (paused) throw pausedError(paused);
      draw = await repo.saveDraw(userId, a.id, drawQuestions(a.optionCounts, await repo.lastDrawAt(userId, lessonId)), a.bankHash);
    }
    return assessmentOf(a, draw.id, draw.questions, lang);
  }

  function assessmentOf(a: AssessmentEntry, drawId: string, draw: DrawnQuestion[], lang: ContentLanguage): Assessment {
    return {
      id: a.id,
      drawId,
      lessonId: a.lessonId,
      weekNumber: a.weekNumber,
      lessonTitle: a.lessonTitle[lang],
      passMark: PASS_MARK,
      questions: draw.map((d, i) => {
        const q = a.bank[lang][d.q]!;
        return { id: i + 1, questionText: q.text, options: d.o.map((o) => q.options[o]!), section: q.section };
      }),
    };
  }

  /**
   * Scores and stores an attempt at a draw (the learner's own, still open: one attempt per draw).
   * With an idempotency key (a quiz submitted offline and sent when back online, perhaps twice),
   * the key's first attempt is stored once and every replay answers the same result; the key reused
   * for other answers is a 409. Answers are positions in the draw; the key is mapped through it.
   */
  async function submit(
    userId: string,
    assessmentId: string,
    drawId: string,
    answers: number[],
    idempotencyKey?: string,
  ): Promise<SubmitResult> {
    const a = content.assessments.get(assessmentId);
    if (!a) throw new AppError('NOT_FOUND', 'Assessment not found.');
    const replayed = idempotencyKey ? await repo.findAttemptByKey(userId, idempotencyKey) : null;
    if (replayed) return replay(userId, a, drawId, answers, replayed);
    const course = requireCourse(a.courseId);
    const unstored = unstoredDraw(userId, a.id, a.bankHash, a.optionCounts);
    const draw =
      unstored.id === drawId
        ? { id: drawId, assessmentId: a.id, questions: unstored.questions, bankHash: a.bankHash }
        : await repo.findDraw(userId, drawId);
    if (!draw || draw.assessmentId !== a.id) {
      // A locked lesson is said first, as it always was.
      requireOpen(await lessonStates(userId, course), a.lessonId);
      if (draw || !(await repo.isDrawAnswered(userId, drawId)))
        throw new AppError('NOT_FOUND', 'This quiz draw was not found. Open the quiz again.');
      throw new AppError('DRAW_USED', 'This attempt was already submitted. Open the quiz again for a new one.');
    }
    if (draw.bankHash !== a.bankHash || !fitsBank(draw.questions, a.optionCounts))
      throw new AppError('DRAW_STALE', "This week's questions changed since this attempt began. Open the quiz again.");
    const invalid = answersRefusal(a, draw.questions, answers);
    if (invalid) {
      requireOpen(await lessonStates(userId, course), a.lessonId);
      throw invalid;
    }
    const key = shownKey(draw.questions, a.answerKey);
    const result = scoreAnswers(answers, key);
    const lesson = content.lessons.get(a.lessonId)!;
    // One statement: the passed lessons (before this attempt), the draw consumed and the attempt stored if the lesson is open.
    const { passed, stored } = await repo.passedLessonsSubmit(userId, {
      lessonId: a.lessonId,
      earlierLessonIds: lesson.earlierLessonIds,
      assessmentId,
      answers,
      score: result.score,
      passed: result.passed,
      idempotencyKey: idempotencyKey ?? null,
      drawId,
      draw: draw.questions,
      isUnstored: unstored.id === drawId,
    });
    const s = requireOpen(statesOf(course, passed), a.lessonId);
    if (!stored) {
      // Two sends of one key at the same moment: the other one stored it.
      const other = idempotencyKey ? await repo.findAttemptByKey(userId, idempotencyKey) : null;
      if (other) return replay(userId, a, drawId, answers, other);
      // Two sends of one draw at the same moment (no key, or two keys): the other one was stored.
      throw new AppError('DRAW_USED', 'This attempt was already submitted. Open the quiz again for a new one.');
    }
    await repo.trimAttempts(userId, a.lessonId, RHYTHM.attemptsKept);
    return resultOf(a, draw.questions, answers, s.states, result.passed ? null : await pauseOf(userId, a.lessonId));
  }

  /** Why these answers cannot be scored (not one per question, or a choice that names no option), or null. */
  function answersRefusal(a: AssessmentEntry, draw: DrawnQuestion[], answers: number[]): AppError | null {
    if (answers.length !== draw.length)
      return new AppError('VALIDATION_FAILED', `answers: expected ${draw.length} answers (one per question), got ${answers.length}`);
    const i = answers.findIndex((choice, i) => choice >= draw[i]!.o.length);
    if (i >= 0)
      return new AppError(
        'VALIDATION_FAILED',
        `answers.${i}: question ${i + 1} has options 0 to ${draw[i]!.o.length - 1}, got ${answers[i]}`,
      );
    return null;
  }

  /**
   * The result a learner sees. A pass: the key in the order shown and right or wrong per question
   * (the full review). A fail: neither, only the lesson sections the missed questions come from, so
   * retrying cannot pass by elimination.
   */
  function resultOf(
    a: AssessmentEntry,
    draw: DrawnQuestion[],
    answers: number[],
    states: LessonState[],
    paused: Date | null,
  ): SubmitResult {
    const key = shownKey(draw, a.answerKey);
    const result = scoreAnswers(answers, key);
    const index = states.findIndex((x) => x.id === a.lessonId);
    const missed = new Map<number, number>();
    if (!result.passed)
      draw.forEach((d, i) => {
        if (answers[i] !== key[i]) {
          const section = a.bank.en[d.q]!.section;
          missed.set(section, (missed.get(section) ?? 0) + 1);
        }
      });
    return {
      passed: result.passed,
      score: result.score,
      correctAnswers: result.passed ? key : [],
      questionResults: result.passed ? answers.map((choice, i) => choice === key[i]) : [],
      sectionsToReview: [...missed].sort(([x], [y]) => x - y).map(([section, n]) => ({ section, missed: n })),
      pausedUntil: paused?.toISOString() ?? null,
      correctCount: result.correctCount,
      totalQuestions: result.totalQuestions,
      passMark: PASS_MARK,
      nextLessonId: result.passed ? (states[index + 1]?.id ?? null) : null,
    };
  }

  /** The stored attempt's result again, when the replay is the same submission. */
  async function replay(
    userId: string,
    a: AssessmentEntry,
    drawId: string,
    answers: number[],
    stored: StoredAttempt,
  ): Promise<SubmitResult> {
    const isSame =
      stored.assessmentId === a.id &&
      stored.drawId === drawId &&
      !!stored.draw &&
      stored.answers.length === answers.length &&
      stored.answers.every((x, i) => x === answers[i]);
    if (!isSame) throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different submission.');
    const paused = await pauseOf(userId, a.lessonId);
    return resultOf(a, stored.draw!, stored.answers, await lessonStates(userId, requireCourse(a.courseId)), paused);
  }

  /**
   * A page of the user's own attempts at a live lesson, newest first, how many are kept, and when
   * the next attempt opens during a pause; 404 for an unknown lesson, 403 while it is locked.
   */
  async function listAttempts(userId: string, lessonId: string, page: { limit: number; offset: number }): Promise<AttemptList> {
    const lesson = content.lessons.get(lessonId);
    if (!lesson) throw new AppError('NOT_FOUND', 'Lesson not found.');
    requireOpen(await lessonStates(userId, requireCourse(lesson.courseId)), lessonId);
    const [{ rows, total }, paused] = await Promise.all([repo.listAttempts(userId, lessonId, page), pauseOf(userId, lessonId)]);
    return {
      attempts: rows.map((r) => ({ id: r.id, submittedAt: r.createdAt.toISOString(), score: r.score, passed: r.passed })),
      total,
      pausedUntil: paused?.toISOString() ?? null,
    };
  }

  function toCertificate(row: CertificateRow, courseTitle: string, baseUrl: string): Certificate {
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
    const row = await repo.findCertificate(user.id, courseId);
    if (row) return toCertificate(row, course.details[lang].title, baseUrl);
    await completionTime(user.id, courseId);
    throw new AppError('NOT_FOUND', 'No certificate has been created yet.');
  }

  /** When the last week was first passed; 403 when some week is not passed yet. */
  async function completionTime(userId: string, courseId: string): Promise<Date> {
    const { states } = await state(userId, courseId);
    const missing = states.filter((x) => x.firstPassedAt === null).length;
    if (states.length === 0 || missing > 0)
      throw new AppError(
        'COURSE_NOT_COMPLETE',
        `You need to complete all ${states.length} weeks of the course to receive your certificate (${missing} to go).`,
      );
    return new Date(Math.max(...states.map((x) => x.firstPassedAt!)));
  }

  /** Creates the certificate once; later calls return the same one. */
  async function createCertificate(
    user: UserRow,
    courseId: string,
    lang: ContentLanguage,
    baseUrl: string,
  ): Promise<{ certificate: Certificate; created: boolean }> {
    const course = requireCourse(courseId);
    const title = course.details[lang].title;
    const existing = await repo.findCertificate(user.id, courseId);
    if (existing) return { certificate: toCertificate(existing, title, baseUrl), created: false };
    const completedAt = await completionTime(user.id, courseId);
    // A clash on the random code is astronomically unlikely; a clash on (user, course) means a parallel request won.
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await repo.insertCertificate({
        userId: user.id,
        courseId,
        verificationCode: newVerificationCode(),
        holderName: holderNameOf(user),
        completedAt,
      });
      if (row) return { certificate: toCertificate(row, title, baseUrl), created: true };
      const raced = await repo.findCertificate(user.id, courseId);
      if (raced) return { certificate: toCertificate(raced, title, baseUrl), created: false };
    }
    throw new AppError('INTERNAL', 'Could not create the certificate. Please try again.');
  }

  async function verify(code: string, lang: ContentLanguage): Promise<CertificateVerification> {
    const row = await repo.findCertificateByCode(normaliseVerificationCode(code));
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

  return {
    reload,
    snapshot,
    listCoursesJson,
    getProgress,
    listLessonsJson,
    getLessonJson,
    getAssessment,
    submit,
    listAttempts,
    getCertificate,
    createCertificate,
    verify,
  };
}

export type CourseService = ReturnType<typeof courseServiceFactory>;
