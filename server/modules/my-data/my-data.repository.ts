import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { fullNameOf } from '#common/domain/names.ts';

import type { Db, Transaction, Tx } from '../../db/client.ts';
import {
  ambassadorApplications,
  assessmentAttempts,
  auditLog,
  callbackRequests,
  certificates,
  challengeDays,
  consents,
  courseProgress,
  courses,
  discipleInvitations,
  lessons,
  mailOutbox,
  mentorApprovals,
  parentalConsents,
  prayerSettings,
  safeguardingConcerns,
  sectionReads,
  sessions,
  trackDays,
  trackSkips,
  users,
} from '../../db/schema/index.ts';

/** Columns never exported: secrets (password hash, one-time secrets) and search helpers computed from other columns. */
const isHiddenColumn = (name: string) => /hash|secret|token|key|recovery/i.test(name);

export const myDataRepositoryFactory = (db: Db) => ({
  /** The account row without secrets: every other column, including ones added later. */
  async findProfile(userId: string, tx: Tx = db) {
    const [row] = await tx.select().from(users).where(eq(users.id, userId));
    if (!row) return null;
    // Why a mentoring link is paused is the safeguarding lead's (issue 25): the link shows paused, never why.
    const { oidcSubject, passwordHash, mentorPauseReason: _why, ...rest } = row;
    const profile = Object.fromEntries(Object.entries(rest).filter(([name]) => !isHiddenColumn(name)));
    return { ...profile, signsInWith: [...(passwordHash ? ['password'] : []), ...(oidcSubject ? ['openid-connect'] : [])] };
  },

  /** Consents given (faith data, a parent's), with the notice version, and a pending request to a parent. */
  async findConsents(userId: string, tx: Tx = db) {
    const given = await tx
      .select({
        kind: consents.kind,
        givenBy: consents.givenBy,
        rule: consents.rule,
        parentEmail: consents.parentEmail,
        noticeVersion: consents.noticeVersion,
        createdAt: consents.createdAt,
      })
      .from(consents)
      .where(eq(consents.userId, userId))
      .orderBy(asc(consents.createdAt));
    const [parentRequest] = await tx
      .select({ parentEmail: parentalConsents.parentEmail, createdAt: parentalConsents.createdAt, grantedAt: parentalConsents.grantedAt })
      .from(parentalConsents)
      .where(eq(parentalConsents.userId, userId));
    return { given, parentRequest: parentRequest ?? null };
  },

  /** The prayer rhythm's settings (docs/decisions/075), without the calendar secret's hash; null when never set. */
  async findPrayerSettings(userId: string, tx: Tx = db) {
    const [row] = await tx.select().from(prayerSettings).where(eq(prayerSettings.userId, userId));
    if (!row) return null;
    const { userId: _own, ...rest } = row;
    return {
      ...Object.fromEntries(Object.entries(rest).filter(([name]) => !isHiddenColumn(name))),
      hasCalendarLink: row.calendarTokenHash !== null,
    };
  },

  findProgress: (userId: string, tx: Tx = db) =>
    tx
      .select({ course: courses.slug, passedLessons: courseProgress.passedLessons, updatedAt: courseProgress.updatedAt })
      .from(courseProgress)
      .innerJoin(courses, eq(courses.id, courseProgress.courseId))
      .where(eq(courseProgress.userId, userId)),

  findAttempts: (userId: string, tx: Tx = db) =>
    tx
      .select({
        lesson: lessons.slug,
        week: lessons.weekNumber,
        answers: assessmentAttempts.answers,
        score: assessmentAttempts.score,
        passed: assessmentAttempts.passed,
        createdAt: assessmentAttempts.createdAt,
      })
      .from(assessmentAttempts)
      .innerJoin(lessons, eq(lessons.id, assessmentAttempts.lessonId))
      .where(eq(assessmentAttempts.userId, userId))
      .orderBy(asc(assessmentAttempts.createdAt)),

  /** The 21-day challenge's days, ticked and unticked (the time of each change is what syncing devices merge by). */
  findChallengeDays: (userId: string, tx: Tx = db) =>
    tx
      .select({
        course: courses.slug,
        day: challengeDays.day,
        isDone: challengeDays.isDone,
        activeOn: challengeDays.activeOn,
        changedAt: challengeDays.changedAt,
      })
      .from(challengeDays)
      .innerJoin(courses, eq(courses.id, challengeDays.courseId))
      .where(eq(challengeDays.userId, userId))
      .orderBy(asc(courses.slug), asc(challengeDays.day)),

  /** The 7-day track's days done (the calendar day, the check's answer) and whether it was skipped (docs/decisions/074). */
  async findTrack(userId: string, tx: Tx = db) {
    const days = await tx
      .select({ track: courses.slug, day: trackDays.day, doneOn: trackDays.doneOn, answer: trackDays.answer, doneAt: trackDays.doneAt })
      .from(trackDays)
      .innerJoin(courses, eq(courses.id, trackDays.courseId))
      .where(eq(trackDays.userId, userId))
      .orderBy(asc(courses.slug), asc(trackDays.day));
    const skipped = await tx
      .select({ track: courses.slug, skippedAt: trackSkips.skippedAt })
      .from(trackSkips)
      .innerJoin(courses, eq(courses.id, trackSkips.courseId))
      .where(eq(trackSkips.userId, userId));
    return { days, skipped };
  },

  /** Lesson sections marked read (or unmarked). */
  findSectionReads: (userId: string, tx: Tx = db) =>
    tx
      .select({
        lesson: lessons.slug,
        week: lessons.weekNumber,
        section: sectionReads.section,
        isRead: sectionReads.isRead,
        activeOn: sectionReads.activeOn,
        changedAt: sectionReads.changedAt,
      })
      .from(sectionReads)
      .innerJoin(lessons, eq(lessons.id, sectionReads.lessonId))
      .where(eq(sectionReads.userId, userId))
      .orderBy(asc(lessons.weekNumber), asc(sectionReads.section)),

  findCertificates: (userId: string, tx: Tx = db) =>
    tx
      .select({
        course: courses.slug,
        verificationCode: certificates.verificationCode,
        holderName: certificates.holderName,
        completedAt: certificates.completedAt,
        createdAt: certificates.createdAt,
      })
      .from(certificates)
      .innerJoin(courses, eq(courses.id, certificates.courseId))
      .where(eq(certificates.userId, userId)),

  async findMentor(mentorId: string | null, tx: Tx = db) {
    if (!mentorId) return null;
    const [row] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, mentorId));
    return row ?? null;
  },

  /** Direct disciples' names only: their other data is theirs. */
  findDisciples: (userId: string, tx: Tx = db) =>
    tx
      .select({ firstName: users.firstName, lastName: users.lastName, since: users.createdAt })
      .from(users)
      .where(eq(users.mentorId, userId))
      .orderBy(asc(users.createdAt)),

  /**
   * The invitations they sent: the name they typed, not the address (issue 24, decision 067): an
   * address is the invitee's, not about the mentor, and the file travels further than the screen.
   * An admin's request on their behalf is not theirs.
   */
  findInvitationsSent: (userId: string, tx: Tx = db) =>
    tx
      .select({
        fullName: discipleInvitations.fullName,
        createdAt: discipleInvitations.createdAt,
        acceptedAt: discipleInvitations.acceptedAt,
      })
      .from(discipleInvitations)
      .where(and(eq(discipleInvitations.mentorId, userId), isNull(discipleInvitations.askedById)))
      .orderBy(asc(discipleInvitations.createdAt)),

  findApplications: (userId: string, tx: Tx = db) =>
    tx
      .select({
        status: ambassadorApplications.status,
        createdAt: ambassadorApplications.createdAt,
        decidedAt: ambassadorApplications.decidedAt,
      })
      .from(ambassadorApplications)
      .where(eq(ambassadorApplications.userId, userId))
      .orderBy(asc(ambassadorApplications.createdAt)),

  /** Requests made while signed in, with the team's notes about them. */
  findCallbackRequests: (userId: string, tx: Tx = db) =>
    tx
      .select({
        name: callbackRequests.name,
        phone: callbackRequests.phone,
        category: callbackRequests.category,
        scoreBand: callbackRequests.scoreBand,
        contactMethod: callbackRequests.contactMethod,
        isVoicemailSafe: callbackRequests.isVoicemailSafe,
        goodTime: callbackRequests.goodTime,
        language: callbackRequests.language,
        status: callbackRequests.status,
        notes: callbackRequests.notes,
        createdAt: callbackRequests.createdAt,
        closedAt: callbackRequests.closedAt,
      })
      .from(callbackRequests)
      .where(eq(callbackRequests.userId, userId))
      .orderBy(asc(callbackRequests.createdAt)),

  findSessions: (userId: string, tx: Tx = db) =>
    tx
      .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),

  findMails: (email: string, tx: Tx = db) =>
    tx
      .select({
        kind: mailOutbox.kind,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.toAddress}) = lower(${email})`)
      .orderBy(asc(mailOutbox.createdAt)),

  /** What they did and what was done to their account. */
  findAuditEntries: (userId: string, tx: Tx = db) =>
    tx
      .select({
        action: auditLog.action,
        byThemselves: sql<boolean>`${auditLog.actorId} is not distinct from ${userId}::uuid`,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(or(eq(auditLog.actorId, userId), and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId))))
      .orderBy(asc(auditLog.id)),

  /**
   * Safeguarding records that are the person's own (issue 25): their approvals as a mentor of minors,
   * and the concerns they raised, in their words, with where each stands. Concerns raised about them
   * are not theirs to read here: they would tell who raised them (the safeguarding lead answers such requests).
   */
  async findSafeguarding(userId: string, tx: Tx = db) {
    const about = alias(users, 'about');
    const [approvals, concernsRaised] = await Promise.all([
      tx
        .select({
          approvedAt: mentorApprovals.approvedAt,
          expiresAt: mentorApprovals.expiresAt,
          checks: mentorApprovals.checks,
          revokedAt: mentorApprovals.revokedAt,
        })
        .from(mentorApprovals)
        .where(eq(mentorApprovals.userId, userId))
        .orderBy(asc(mentorApprovals.approvedAt)),
      tx
        .select({
          createdAt: safeguardingConcerns.createdAt,
          status: safeguardingConcerns.status,
          body: safeguardingConcerns.body,
          isAnonymous: safeguardingConcerns.isAnonymous,
          closedAt: safeguardingConcerns.closedAt,
          aboutName: safeguardingConcerns.aboutName,
          aboutFirstName: about.firstName,
          aboutLastName: about.lastName,
        })
        .from(safeguardingConcerns)
        .leftJoin(about, eq(about.id, safeguardingConcerns.aboutUserId))
        .where(eq(safeguardingConcerns.raisedById, userId))
        .orderBy(asc(safeguardingConcerns.createdAt)),
    ]);
    return {
      approvals,
      // The person's name as it reads now when they are a member, else the name typed in the concern.
      concernsRaised: concernsRaised.map(({ aboutName, aboutFirstName, aboutLastName, ...concern }) => ({
        ...concern,
        aboutName: fullNameOf({ firstName: aboutFirstName, lastName: aboutLastName }) || aboutName,
      })),
    };
  },

  /** The user row locked for the deletion. */
  async lockUser(userId: string, tx: Transaction) {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    return row ?? null;
  },
});
export type MyDataRepository = ReturnType<typeof myDataRepositoryFactory>;
