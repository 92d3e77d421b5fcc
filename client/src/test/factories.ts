import {
  callbackItem,
  directoryPage,
  directoryRow,
  type CallbackItem,
  type DirectoryPage,
  type DirectoryRow,
} from '#common/contracts/admin.ts';
import { currentUser, publicConfig, type CurrentUser, type PublicConfig } from '#common/contracts/auth.ts';
import { assessment, lesson, submitResult, type Assessment, type Lesson, type SubmitResult } from '#common/contracts/course.ts';
import {
  addDiscipleResult,
  invitation,
  pendingDisciple,
  type AddDiscipleResult,
  type Invitation,
  type PendingDisciple,
} from '#common/contracts/mentoring.ts';
import { mfaStatus, sessionItem, type MfaStatus, type SessionItem } from '#common/contracts/security.ts';

/**
 * API response objects for component tests, with overrides. Each is parsed by its contract schema
 * from common/contracts, so a factory cannot drift from what the server sends.
 */
let seq = 0;
const nextId = (prefix: string) => `${prefix}-${++seq}`;

export function buildLesson(overrides: Partial<Lesson> = {}): Lesson {
  return lesson.parse({
    id: nextId('lesson'),
    courseId: 'course-1',
    weekNumber: 1,
    title: 'Who Is Jesus?',
    subtitle: 'Meeting the Savior',
    keyScriptures: [{ text: 'For God so loved the world…', ref: 'John 3:16', translation: 'BSB' }],
    content: [
      { heading: 'The Son of God', text: 'Jesus is fully God.' },
      { heading: 'The Son of Man', text: 'Jesus is fully human.' },
    ],
    reflectionQuestions: ['Who do you say Jesus is?'],
    totalLessons: 8,
    isCompleted: false,
    nextLessonId: null,
    ...overrides,
  });
}

export function buildAssessment(overrides: Partial<Assessment> = {}): Assessment {
  return assessment.parse({
    id: nextId('assessment'),
    drawId: '0b7e2d1c-5a3f-4e8b-9c6d-1f2a3b4c5d6e',
    lessonId: 'lesson-x',
    weekNumber: 1,
    lessonTitle: 'Who Is Jesus?',
    passMark: 70,
    questions: [
      {
        id: 1,
        questionText: 'Who is Jesus according to John 1:1?',
        options: ['A prophet only', 'The Word who was God', 'An angel', 'A teacher only'],
        section: 1,
      },
      {
        id: 2,
        questionText: 'What did Jesus come to do?',
        options: ['Seek and save the lost', 'Start a government', 'Write a book', 'Nothing'],
        section: 1,
      },
      { id: 3, questionText: 'Was Jesus fully human?', options: ['No', 'Only in appearance', 'Yes, fully human', 'Partly'], section: 2 },
    ],
    ...overrides,
  });
}

export function buildSubmitResult(overrides: Partial<SubmitResult> = {}): SubmitResult {
  return submitResult.parse({
    passed: true,
    score: 100,
    correctAnswers: [1, 0, 2],
    questionResults: [true, true, true],
    sectionsToReview: [],
    pausedUntil: null,
    correctCount: 3,
    totalQuestions: 3,
    passMark: 70,
    nextLessonId: 'lesson-2',
    ...overrides,
  });
}

export function buildDirectoryRow(overrides: Partial<DirectoryRow> = {}): DirectoryRow {
  const n = ++seq;
  return directoryRow.parse({
    id: `user-${n}`,
    firstName: 'Ruth',
    lastName: `Person${n}`,
    email: `ruth${n}@example.org`,
    phone: '+1 555 0100',
    address: '1 Main Street',
    role: 'user',
    courseProgress: 25,
    courseCompleted: false,
    completedDisciplesCount: 0,
    pendingDisciplesCount: 0,
    isAmbassadorEligible: false,
    isCoordinatorEligible: false,
    isEmailVerified: true,
    isResponder: false,
    isSafeguardingLead: false,
    isDeactivated: false,
    ...overrides,
  });
}

export function buildDirectoryPage(users: DirectoryRow[], overrides: Partial<DirectoryPage> = {}): DirectoryPage {
  return directoryPage.parse({ users, total: users.length, page: 1, pageSize: 25, founderCount: 1, ...overrides });
}

export function buildCallbackItem(overrides: Partial<CallbackItem> = {}): CallbackItem {
  return callbackItem.parse({
    id: nextId('callback'),
    name: 'Jamie Caller',
    phone: '+1 555 0100',
    category: 'spiritual',
    scoreBand: 'unknown',
    status: 'new',
    assignee: null,
    notes: '',
    contactMethod: 'call',
    isVoicemailSafe: false,
    goodTime: '',
    language: 'en',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    deadlineHours: 48,
    isOverdue: false,
    isPriority: false,
    ...overrides,
  });
}

export function buildInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return invitation.parse({
    id: nextId('invitation'),
    fullName: 'Boaz Ephrath',
    email: 'boaz@example.org',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastSentAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

export function buildPendingDisciple(overrides: Partial<PendingDisciple> = {}): PendingDisciple {
  return pendingDisciple.parse({
    id: nextId('user'),
    firstName: 'Obed',
    lastName: 'Boazson',
    email: 'obed@example.org',
    progress: 0,
    ...overrides,
  });
}

export const invitedResult = (overrides: Partial<Invitation> = {}): AddDiscipleResult =>
  addDiscipleResult.parse({ outcome: 'invited', invitation: buildInvitation(overrides) });

export function buildCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  const n = ++seq;
  return currentUser.parse({
    id: `user-${n}`,
    email: `naomi${n}@example.org`,
    username: null,
    firstName: 'Naomi',
    lastName: `Person${n}`,
    role: 'user',
    isResponder: false,
    isSafeguardingLead: false,
    onboardingComplete: true,
    onboardingStatus: 'completed',
    mentorName: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    locale: 'en',
    isEmailVerified: true,
    consentStatus: 'granted',
    consentNeeded: null,
    ...overrides,
  });
}

/** The admin signed in to the console in its component tests: Ada Admin, id `me`. */
export const buildSignedInAdmin = (overrides: Partial<CurrentUser> = {}): CurrentUser =>
  buildCurrentUser({
    id: 'me',
    email: 'admin@example.org',
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'admin',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });

export function buildPublicConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return publicConfig.parse({
    oidcEnabled: false,
    localMailbox: false,
    supportEmail: 'support@example.org',
    supportWhatsapp: '+1 555 0100',
    privacyContact: 'privacy@example.org',
    callbackRetentionDays: 90,
    controller: { name: 'G.O.D Discipleship Movement', address: '12 rue de la Paix, 75002 Paris, France' },
    processors: null,
    isControllerPlaceholder: false,
    social: {},
    ...overrides,
  });
}

export function buildSessionItem(overrides: Partial<SessionItem> = {}): SessionItem {
  return sessionItem.parse({
    id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
    browser: 'Firefox',
    os: 'Windows',
    isMobile: false,
    signedInAt: '2026-11-20T10:00:00.000Z',
    lastSeenAt: '2026-11-23T09:00:00.000Z',
    isCurrent: false,
    ...overrides,
  });
}

export function buildMfaStatus(overrides: Partial<MfaStatus> = {}): MfaStatus {
  return mfaStatus.parse({
    isEnabled: false,
    isRequired: false,
    isSessionVerified: false,
    recoveryCodesLeft: 0,
    hasPassword: true,
    reauthUntil: new Date(Date.now() + 10 * 60_000).toISOString(),
    ...overrides,
  });
}
