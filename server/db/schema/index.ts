import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { callbackStatuses, watchmomsStatuses } from '#common/contracts/admin.ts';
import { consentStatuses, onboardingStatuses } from '#common/contracts/auth.ts';
import { mailStatuses } from '#common/contracts/mail.ts';
import type { AuditAction } from '#common/domain/audit-actions.ts';
import { applicationStatuses } from '#common/domain/eligibility.ts';
import { roles } from '#common/domain/roles.ts';
import { concernSources, concernStatuses, linkPauseReasons } from '#common/domain/safeguarding.ts';
import { contactMethods, supportCategories, type ScoreBand } from '#common/domain/support.ts';

// Each list is written once, in common/, and read by the database types, the contracts and the rules.
export const userRole = pgEnum('user_role', roles);
export const onboardingStatus = pgEnum('onboarding_status', onboardingStatuses);
export const consentStatus = pgEnum('consent_status', consentStatuses);
export const supportCategory = pgEnum('support_category', supportCategories);
export const callbackStatus = pgEnum('callback_status', callbackStatuses);
export const watchmomsStatus = pgEnum('watchmoms_status', watchmomsStatuses);
export const applicationStatus = pgEnum('application_status', applicationStatuses);
export const mailStatus = pgEnum('mail_status', mailStatuses);
export const contactMethod = pgEnum('contact_method', contactMethods);
export const linkPauseReason = pgEnum('link_pause_reason', linkPauseReasons);
export const concernStatus = pgEnum('concern_status', concernStatuses);
export const concernSource = pgEnum('concern_source', concernSources);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: userRole('role').notNull().default('user'),
    passwordHash: text('password_hash'),
    /** "issuer|subject" of the OpenID Connect identity, when the user signed in that way. */
    oidcSubject: text('oidc_subject'),
    onboardingStatus: onboardingStatus('onboarding_status').notNull().default('pending'),
    phone: text('phone'),
    address: text('address'),
    country: text('country'),
    birthdate: date('birthdate'),
    churchDenomination: text('church_denomination'),
    pastorName: text('pastor_name'),
    /** Name typed at onboarding; kept even when it matched nobody. */
    mentorName: text('mentor_name'),
    mentorId: uuid('mentor_id').references((): any => users.id, { onDelete: 'set null' }),
    /**
     * The case-, accent- and spacing-folded full name ("zoe dupont"), computed by PostgreSQL
     * (migration 0001's app_full_name_key) for mentor-name matching and directory search.
     */
    nameKey: text('name_key').generatedAlwaysAs(sql`public.app_full_name_key(first_name, last_name)`),
    /** name_key and the lowercased email in one column: the directory's search is one LIKE on one trigram index. */
    searchKey: text('search_key').generatedAlwaysAs(sql`public.app_full_name_key(first_name, last_name) || ' ' || lower(email)`),
    /** Language of the mail this user receives: the interface language at sign-up, updated when they switch it. */
    locale: text('locale').notNull().default('en'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Staff an admin marked to receive callback-request alerts (admins and founders always do). */
    isResponder: boolean('is_responder').notNull().default(false),
    /** The designated safeguarding lead(s), granted by an admin like responder (issue 25): the Safeguarding tab, with two-step verification. */
    isSafeguardingLead: boolean('is_safeguarding_lead').notNull().default(false),
    /** Set while the link with this person's mentor is paused (approval expired, or a concern): the mentor sees "paused", not why. */
    mentorPausedAt: timestamp('mentor_paused_at', { withTimezone: true }),
    mentorPauseReason: linkPauseReason('mentor_pause_reason'),
    /** When this adult was last refused a link with a minor for want of an approval: listed as awaiting approval. */
    mentorApprovalRequestedAt: timestamp('mentor_approval_requested_at', { withTimezone: true }),
    notifyEncouragement: boolean('notify_encouragement').notNull().default(true),
    notifyMentorDigest: boolean('notify_mentor_digest').notNull().default(true),
    /** Month and year of birth and ISO country given at sign-up (or at a first OpenID arrival): they decide whether a parent must agree. */
    birthYear: smallint('birth_year'),
    birthMonth: smallint('birth_month'),
    residenceCountry: text('residence_country'),
    /** "pending_parent" until a parent agrees for a person below their country's age of digital consent. */
    consentStatus: consentStatus('consent_status').notNull().default('granted'),
    /** The privacy notice version this person last agreed to (null: never; asked at their next visit). */
    privacyNoticeVersion: integer('privacy_notice_version'),
    /** Set by an admin: sign-in is refused and sessions end, the data is kept. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_subject_idx').on(t.oidcSubject),
    index('users_mentor_idx').on(t.mentorId),
    // The admin directory's order (newest first, id as tie-break), so any page is an index walk.
    index('users_created_idx').on(t.createdAt, t.id),
    // Mentor-name matching at onboarding: an exact lookup on the folded full name.
    index('users_name_key_idx').on(t.nameKey),
    // Directory search: substring match on the folded full name or the email (pg_trgm). A stored
    // column, so checking a row is one LIKE rather than folding the name and lowercasing the email again.
    index('users_search_trgm_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
    index('users_role_idx').on(t.role),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session token; the token itself only lives in the cookie. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** How the account's sessions list names this session; never the token or its hash. */
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
    /** The browser's User-Agent at sign-in (at most 512 characters), to show the device in the sessions list. */
    userAgent: text('user_agent'),
    /** When this session passed two-step verification (TOTP or a recovery code); null when it did not. */
    mfaAt: timestamp('mfa_at', { withTimezone: true }),
    /** The last time the user proved who they are in this session (sign-in, password or code again). */
    reauthAt: timestamp('reauth_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** An account's authenticator app (TOTP, RFC 6238). A row without enabledAt is an enrolment not confirmed yet. */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The shared secret, base32 (the authenticator app holds the same). */
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last 30-second time step a code was accepted for: a code of that step or earlier is refused (no replay). */
  lastUsedStep: integer('last_used_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes of two-step verification, stored as SHA-256: each holds 120 random bits (ASVS 6.5.2 allows a plain hash from 112 bits), used once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/** A sign-in whose password was right, waiting for the second step; keyed by a random id held in a short-lived cookie. */
export const mfaChallenges = pgTable('mfa_challenges', {
  idHash: text('id_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  userAgent: text('user_agent'),
  /** Wrong codes tried; the challenge ends after a few. */
  attempts: smallint('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Pending OpenID Connect logins (state, nonce, PKCE verifier), keyed by a random id held in a short-lived cookie. */
export const authStates = pgTable('auth_states', {
  idHash: text('id_hash').primaryKey(),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  returnTo: text('return_to').notNull().default('/'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Sign-ups waiting for their owner to open the mailed link (issue 10, defect 8; decision 037): no
 * account exists until then, so a sign-up answers alike for a new and a taken address. Only hashes
 * of the link's token and of the browser cookie are kept; rows are deleted when used and pruned
 * once expired.
 */
export const pendingSignUps = pgTable(
  'pending_sign_ups',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    /** SHA-256 of the cookie given to the browser that signed up: opened there, the link needs no password. */
    browserHash: text('browser_hash').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The sign-up form without the email and the password (names, language, birth, country, parent's email). */
    details: jsonb('details').$type<PendingSignUpDetails>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pending_sign_ups_email_idx').on(t.email, t.createdAt), index('pending_sign_ups_expires_idx').on(t.expiresAt)],
);

export interface PendingSignUpDetails {
  firstName: string;
  lastName: string;
  locale: 'en' | 'fr';
  birthYear: number;
  birthMonth: number;
  country: string;
  parentEmail?: string;
}

/** One-time founder setup links printed by the server on a fresh install. */
export const setupTokens = pgTable('setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    /**
     * `course`: lessons, assessments with a pass mark, a challenge and a certificate (the 8-week course).
     * `track`: short days opened one calendar day apart, done in `track_days` (docs/decisions/074).
     */
    kind: text('kind', { enum: ['course', 'track'] })
      .notNull()
      .default('course'),
    contentVersion: integer('content_version').notNull(),
    /** { en: { title, description }, fr: {...} } */
    details: jsonb('details').notNull(),
    /** The 21-day challenge: { en: { title, intro, days }, fr: {...} }; null for a track. */
    challenge: jsonb('challenge'),
    ...timestamps,
  },
  (t) => [
    check('courses_kind_check', sql`${t.kind} in ('course', 'track')`),
    check('courses_challenge_check', sql`(${t.kind} = 'course') = (${t.challenge} is not null)`),
  ],
);

export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    weekNumber: smallint('week_number').notNull(),
    /** { en: { title, subtitle, keyScriptures, sections, reflectionQuestions }, fr: {...} } */
    content: jsonb('content').notNull(),
    /**
     * The one definition of "a lesson is live": false once the lesson left the content files (the
     * seed retires it instead of deleting it, so the attempts pointing at it are kept). Courses,
     * progress and completion count live lessons only.
     */
    isLive: boolean('is_live').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('lessons_course_slug_idx').on(t.courseId, t.slug), index('lessons_course_week_idx').on(t.courseId, t.weekNumber)],
);

export const assessments = pgTable('assessments', {
  id: uuid('id').primaryKey().defaultRandom(),
  lessonId: uuid('lesson_id')
    .notNull()
    .unique()
    .references(() => lessons.id, { onDelete: 'cascade' }),
  /** { en: [{ text, options }], fr: [...] } */
  questions: jsonb('questions').notNull(),
  /** Correct option index per question; never sent to a client before a passing attempt. */
  answerKey: jsonb('answer_key').$type<number[]>().notNull(),
  ...timestamps,
});

export const assessmentAttempts = pgTable(
  'assessment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<number[]>().notNull(),
    score: smallint('score').notNull(),
    passed: boolean('passed').notNull(),
    /** The client's Idempotency-Key: a quiz submitted offline and sent again is stored once. */
    idempotencyKey: uuid('idempotency_key'),
    /** The draw answered (docs/decisions/073): one attempt per draw. Null for attempts before question banks. */
    drawId: uuid('draw_id'),
    /** What was asked: per position, the bank question and the bank options in the order shown (`answers` are shown positions). */
    draw: jsonb('draw').$type<DrawnQuestion[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attempts_user_lesson_idx').on(t.userId, t.lessonId),
    index('attempts_passed_idx')
      .on(t.userId)
      .where(sql`${t.passed}`),
    uniqueIndex('attempts_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    uniqueIndex('attempts_draw_idx').on(t.drawId),
  ],
);

/** One question of a draw: `q` the bank question, `o` the bank option shown at each position. */
export interface DrawnQuestion {
  q: number;
  o: number[];
}

/**
 * A learner's open draw of a week's assessment (docs/decisions/073): the questions drawn from the
 * bank and their option orders, made on the server, at most one per learner and assessment. A
 * submit consumes it (the attempt keeps a copy); the next read of the assessment draws anew.
 */
export const assessmentDraws = pgTable(
  'assessment_draws',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    questions: jsonb('questions').$type<DrawnQuestion[]>().notNull(),
    /** Fingerprint of the bank drawn from: a draw of a bank changed since is drawn again. */
    bankHash: text('bank_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('draws_user_assessment_idx').on(t.userId, t.assessmentId)],
);

/**
 * Days of a course's 21-day challenge ticked by a learner, one row per day, unticked ones kept
 * with the time of the change so that syncing devices merge by last write (docs/decisions/043).
 */
export const challengeDays = pgTable(
  'challenge_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    isDone: boolean('is_done').notNull(),
    /** The learner's calendar day the tick counts for (their streak). */
    activeOn: date('active_on', { mode: 'string' }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId, t.day] }), check('challenge_days_day_check', sql`${t.day} between 1 and 21`)],
);

/** Lesson sections a learner marked read (kept in the browser too, spec section 4), merged like challenge days. */
export const sectionReads = pgTable(
  'section_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    section: smallint('section').notNull(),
    isRead: boolean('is_read').notNull(),
    activeOn: date('active_on', { mode: 'string' }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId, t.section] }), check('section_reads_section_check', sql`${t.section} >= 0`)],
);

/**
 * Days of a track (the 7-day new-believer track) a learner did: one row per day, never undone. A
 * day opens on the learner's calendar day after the one the previous day was done on
 * (docs/decisions/074); `done_on` is that learner's calendar day, `answer` the option picked in the check.
 */
export const trackDays = pgTable(
  'track_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    doneOn: date('done_on', { mode: 'string' }).notNull(),
    answer: smallint('answer').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId, t.day] }), check('track_days_day_check', sql`${t.day} between 1 and 7`)],
);

/** Learners who chose to skip a track ("I'll go straight to the course"); deleting the row brings it back. */
export const trackSkips = pgTable(
  'track_skips',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    skippedAt: timestamp('skipped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/**
 * Passed lessons per user and course, kept by triggers on assessment_attempts and lessons
 * (server/db/sql) so the admin directory filters and counts completions without aggregating every attempt.
 * Nothing else writes it.
 */
export const courseProgress = pgTable(
  'course_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    passedLessons: smallint('passed_lessons').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index('course_progress_course_passed_idx').on(t.courseId, t.passedLessons)],
);

/**
 * How many rows some tables hold, kept by statement triggers (server/db/sql) so the admin directory
 * shows its totals without counting 100,000 rows on every page (issue 29). Each counter is split over
 * a few slots (the writing backend's pid picks one), so concurrent sign-ups do not queue on one row;
 * a reader sums the slots. Nothing else writes it.
 */
export const rowCounts = pgTable(
  'row_counts',
  { counter: text('counter').notNull(), slot: smallint('slot').notNull(), n: bigint('n', { mode: 'number' }).notNull().default(0) },
  (t) => [primaryKey({ columns: [t.counter, t.slot] })],
);

/**
 * How many course_progress rows each course has per number of passed lessons, kept by statement
 * triggers like row_counts (slots too): the directory's Completed and In progress totals and the stat
 * cards sum a few rows instead of reading every learner's progress. Nothing else writes it.
 */
export const courseProgressCounts = pgTable(
  'course_progress_counts',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    passedLessons: smallint('passed_lessons').notNull(),
    slot: smallint('slot').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.passedLessons, t.slot] })],
);

/**
 * Direct disciples of each mentor, and how many of them completed the course, kept by triggers on
 * users, course_progress and lessons (server/db/sql): the directory's Ambassador and Coordinator
 * filters and stat cards read these instead of grouping 100,000 users. Nothing else writes it.
 */
export const mentorStats = pgTable(
  'mentor_stats',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    directDisciples: integer('direct_disciples').notNull().default(0),
    completedDisciples: integer('completed_disciples').notNull().default(0),
  },
  (t) => [index('mentor_stats_direct_idx').on(t.directDisciples), index('mentor_stats_completed_idx').on(t.completedDisciples)],
);

export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the holder deleted their account: the certificate stays verifiable as "issued, holder removed". */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    verificationCode: text('verification_code').notNull().unique(),
    holderName: text('holder_name'),
    /** When the holder last changed their name after the certificate was issued (the verify page says so); null if never. */
    holderRenamedAt: timestamp('holder_renamed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('certificates_user_course_idx').on(t.userId, t.courseId)],
);

export const watchmomsApplications = pgTable(
  'watchmoms_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    birthdate: date('birthdate'),
    country: text('country').notNull(),
    cityState: text('city_state').notNull(),
    streetAddress: text('street_address'),
    churchAffiliation: text('church_affiliation').notNull(),
    reasonForJoining: text('reason_for_joining').notNull(),
    consent: boolean('consent').notNull(),
    /** Client-generated key: a repeated submission of the same form is stored once. */
    idempotencyKey: text('idempotency_key').unique(),
    status: watchmomsStatus('status').notNull().default('new'),
    notes: text('notes').notNull().default(''),
    /** When it went out in the admins' daily digest of new applications. */
    digestedAt: timestamp('digested_at', { withTimezone: true }),
    /** When it was last approved or declined (null while new or contacted): a declined one is deleted 180 days later. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('watchmoms_status_idx').on(t.status, t.createdAt),
    index('watchmoms_undigested_idx')
      .on(t.createdAt)
      .where(sql`${t.digestedAt} is null`),
    index('watchmoms_declined_idx')
      .on(t.decidedAt)
      .where(sql`${t.status} = 'declined'`),
  ],
);

export const callbackRequests = pgTable(
  'callback_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the retention job removed it (RETENTION_CALLBACK_DAYS after the request was closed). */
    name: text('name'),
    phone: text('phone'),
    category: supportCategory('category').notNull(),
    scoreBand: text('score_band').$type<ScoreBand>().notNull().default('unknown'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    contactMethod: contactMethod('contact_method').notNull().default('call'),
    isVoicemailSafe: boolean('is_voicemail_safe').notNull().default(false),
    goodTime: text('good_time').notNull().default(''),
    /** The language to speak (callbackLanguages); null for requests made before it was asked. */
    language: text('language'),
    status: callbackStatus('status').notNull().default('new'),
    /** When it was last closed (null while open): the retention clock. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    /** When the staff were told about it: at once (urgent) or in the 8:00 digest. */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    /** When the admins got the second mail because it was still new past its deadline. */
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('callback_status_idx').on(t.status, t.createdAt),
    index('callback_unalerted_idx')
      .on(t.createdAt)
      .where(sql`${t.alertedAt} is null`),
    index('callback_unescalated_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'new' and ${t.escalatedAt} is null`),
    index('callback_closed_idx')
      .on(t.closedAt)
      .where(sql`${t.name} is not null`),
  ],
);

export const discipleInvitations = pgTable(
  'disciple_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The name and email the mentor typed.
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The owner of an existing account said no: the invitation stays closed and links nobody. */
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    /** When the invitation was last mailed (a resend waits a day). */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /** The outbox row of its latest mail: cancelled if still waiting when the mentor withdraws or resends it. */
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    /**
     * The admin who asked the person on the mentor's behalf (issue 24); null when the mentor typed the
     * name and email. Such a request is not in the mentor's waiting list, digest or export: the mentor
     * did not type that address and learns it only if the person accepts.
     */
    askedById: uuid('asked_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_mentor_email_idx').on(t.mentorId, sql`lower(${t.email})`),
    index('invitations_email_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * "This person is my mentor", from the name typed at onboarding: a request the named person accepts
 * (then users.mentor_id is set and the row goes) or declines (the row stays, declined, until the
 * requester has read the kind notice). One per requester. Nothing here counts toward eligibility.
 */
export const mentorRequests = pgTable(
  'mentor_requests',
  {
    discipleId: uuid('disciple_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mentor_requests_mentor_idx').on(t.mentorId)],
);

export const ambassadorApplications = pgTable(
  'ambassador_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: applicationStatus('status').notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When it went out in the admins' daily digest of new applications. */
    digestedAt: timestamp('digested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ambassador_apps_undigested_idx')
      .on(t.createdAt)
      .where(sql`${t.digestedAt} is null`),
    index('ambassador_apps_user_idx').on(t.userId),
    index('ambassador_apps_status_idx').on(t.status, t.createdAt),
    // At most one open application per user.
    uniqueIndex('ambassador_apps_pending_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // Typed with the list the admin console labels: an action not in it does not compile.
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The Insights tab reads role changes, first contacts and new mentoring links by action and time (decision 076).
  (t) => [index('audit_created_idx').on(t.createdAt), index('audit_action_created_idx').on(t.action, t.createdAt)],
);

/**
 * Every mail the app sends, written in the same transaction as the event that causes it and
 * rendered at that moment (the admin console shows exactly what was sent). A pg-boss job sends it.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    /** Template name, e.g. "password-reset". */
    kind: text('kind').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers (List-Unsubscribe...). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * Until when the attempt that marked the mail `sending` owns it: another attempt before then sends
     * nothing (docs/decisions/067).
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /**
     * When the whole message had been handed to the SMTP server, the moment before its last line
     * (the server may have taken it from then on): a mail left `sending` with this set is not sent again.
     */
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    /** Accounts other than the recipient the mail names (a mentor, a disciple, a child): scrubbed when they are deleted. */
    aboutUserIds: uuid('about_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
    index('mail_outbox_about_idx').using('gin', t.aboutUserIds),
  ],
);

/** One-time links mailed to reset a password or verify an email: only the SHA-256 of the token is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password-reset', 'verify-email'] }).notNull(),
    /** The address the token was sent to (verification proves this one). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * Failed sign-ins per email address (issue 10, defect 6): the key is the SHA-256 of the lower-cased
 * address, so an unknown address is throttled like a known one and no address is stored. A
 * successful sign-in or a password reset deletes the row; rows idle for a day are pruned.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    emailKey: text('email_key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the account's owner was last told by mail about the failures. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_failures_last_idx').on(t.lastFailureAt)],
);

/**
 * Wrong second factors (an authenticator code, a recovery code, or a step-up password) per account
 * and per session or sign-in challenge (issue 24, items 1-2; docs/decisions/064): `key` is
 * `account:<user id>` or `session:<hash of the session or challenge id>`. A right password never
 * clears them; a right second factor clears its account's row and its own session's; rows idle for
 * a day are pruned, and an erased account takes its rows with it.
 */
export const secondFactorFailures = pgTable(
  'second_factor_failures',
  {
    key: text('key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the account's owner was last told by mail (account rows only). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [index('second_factor_failures_last_idx').on(t.lastFailureAt), index('second_factor_failures_user_idx').on(t.userId)],
);

/**
 * Request counters of @fastify/rate-limit shared by every instance (server/lib/rate-limit-store.ts).
 * An unlogged table (migration 0024, decision 058): no WAL, emptied by a crash of the database.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);

/**
 * When each learner last opened a lesson (written by the lesson route, at most every few minutes):
 * the mentor's week and the encouragement mails read it. Quiz attempts are activity too, read
 * from assessment_attempts.
 */
export const learnerActivity = pgTable('learner_activity', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastLessonOpenedAt: timestamp('last_lesson_opened_at', { withTimezone: true }).notNull(),
});

/**
 * Every encouragement mailed to a learner: `auto` ones from the daily job (at most one a week,
 * three in a row) and `mentor` ones sent from the disciple tree (once a week per disciple).
 */
export const encouragements = pgTable(
  'encouragements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['auto', 'mentor'] }).notNull(),
    mentorId: uuid('mentor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Which message of the list (common/contracts/mentor-week.ts), or the automatic mail's number in a row. */
    messageKey: text('message_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('encouragements_user_idx').on(t.userId, t.createdAt)],
);

/** Secrets the server makes itself on first use and shares across instances (the key that signs unsubscribe links). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every consent given, kept as a record of who agreed, when, and to which privacy notice version:
 * the person's own consent to data revealing their faith, or a parent's for a young person.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['faith-data', 'parental'] }).notNull(),
    /** "self", or "parent" with the parent's email in parentEmail. */
    givenBy: text('given_by', { enum: ['self', 'parent'] }).notNull(),
    parentEmail: text('parent_email'),
    /**
     * Below the age of digital consent: "parent" (the parent consents for the young person) or
     * "joint" (the law asks both together, France under 15: the young person's own row and the
     * parent's row are both marked; decision 062). Null for a consent given alone.
     */
    rule: text('rule', { enum: ['parent', 'joint'] }),
    noticeVersion: integer('notice_version').notNull(),
    /** How a parent's consent was given (decision 065); null for the person's own. */
    evidence: jsonb('evidence').$type<ParentalConsentEvidence>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consents_user_idx').on(t.userId, t.createdAt)],
);

/** What a parent's consent row keeps of how it was given (decision 065): no IP address, no device id. */
export interface ParentalConsentEvidence {
  /** The parent opened the link mailed to the address in the row (its only proof of who they are). */
  method: 'mailed-link';
  /** When that link was mailed, and when the young person gave that address. */
  linkSentAt: string;
  addressGivenAt: string;
  /** The version of the parent's page text they agreed to (PARENT_CONSENT_TEXT_VERSION) and the mail's language. */
  textVersion: number;
  mailLocale: string;
  /** The checks the server made: not a session of the young person's, not a browser they signed in from. */
  checks: ('not-child-session' | 'not-child-browser')[];
  /** The browser was signed in to another account (which one is not kept). */
  isSignedInToOtherAccount: boolean;
}

/** A young person's request for a parent's consent: the mailed link (hashed) opens the page where the parent agrees, and later withdraws. */
export const parentalConsents = pgTable('parental_consents', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  parentEmail: text('parent_email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  /** The outbox row of the latest mail to the parent: cancelled if still waiting when a new one replaces it. */
  mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
  grantedAt: timestamp('granted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the young person gave this address (sign-up or a change): another one is taken a day later at the earliest (decision 065). */
  emailSetAt: timestamp('email_set_at', { withTimezone: true }).notNull().defaultNow(),
  /** When this address was told that the young person asked for another one (once per wait). */
  changeNoticeAt: timestamp('change_notice_at', { withTimezone: true }),
  /** SHA-256 of the link mailed to a parent who agreed: it opens their child's mentors and the concern form (issue 25). */
  mentorsTokenHash: text('mentors_token_hash').unique(),
});

/**
 * The browsers an account waiting for a parent signed in from (decision 065): the parent's link
 * does not work in them. Only the SHA-256 of the browser's device cookie is kept.
 */
export const consentChildDevices = pgTable(
  'consent_child_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/**
 * An adult approved by an admin or the safeguarding lead to mentor minors (issue 25): what was
 * checked (free text), until when. A renewal is a new row; the latest row not revoked and not
 * expired is the approval in force.
 */
export const mentorApprovals = pgTable(
  'mentor_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    approvedById: uuid('approved_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** What was checked: background check, reference, training (free text, at most 1,000 characters). */
    checks: text('checks').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedById: uuid('revoked_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the renewal reminder was mailed (once per approval). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** When the daily job paused this approval's links after it expired (once). */
    expiryHandledAt: timestamp('expiry_handled_at', { withTimezone: true }),
  },
  (t) => [index('mentor_approvals_user_idx').on(t.userId, t.approvedAt), index('mentor_approvals_expires_idx').on(t.expiresAt)],
);

/**
 * A safeguarding concern (issue 25): raised by a signed-in person, a parent from their mailed link,
 * or on the public page, about a person. Only the safeguarding lead and admins read it; the person
 * concerned never learns who raised it.
 */
export const safeguardingConcerns = pgTable(
  'safeguarding_concerns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: concernSource('source').notNull(),
    /** The signed-in person who raised it (null from a parent's link or the public page). */
    raisedById: uuid('raised_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** A reply address given on the public page or the parent's address (null for a member). */
    contactEmail: text('contact_email'),
    /** SHA-256 of the link that shows the status to someone who raised it without an account. */
    statusTokenHash: text('status_token_hash').unique(),
    /** The person concerned, when they have an account the raiser could name (tree, parent page). */
    aboutUserId: uuid('about_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name typed on the public page, when no account was chosen. */
    aboutName: text('about_name'),
    /** What happened, in the raiser's words. */
    body: text('body').notNull(),
    /** The raiser asks not to be named to the person concerned. */
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    status: concernStatus('status').notNull().default('received'),
    /** When the lead (or an admin) first opened it; unopened after 24 hours, it is overdue. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('concerns_created_idx').on(t.createdAt),
    index('concerns_raised_by_idx').on(t.raisedById),
    index('concerns_about_idx').on(t.aboutUserId),
  ],
);

/**
 * The Insights tab's figures that no live query gives in 100 ms at 100,000 users (decision 076):
 * per UTC week (`day` is its Monday), how many people signed up, first opened a lesson, received a certificate, got a
 * mentor, opened and passed each week of a course (course slug, step = week), by their language and
 * country; and snapshots of the day (metric 'generation', 'mentor_load'). Rebuilt whole every night
 * by one statement (server/modules/admin/insights); nothing else writes it. Counts, never people.
 */
export const insightDaily = pgTable(
  'insight_daily',
  {
    metric: text('metric').notNull(),
    course: text('course').notNull().default(''),
    step: smallint('step').notNull().default(0),
    day: date('day', { mode: 'string' }).notNull(),
    locale: text('locale').notNull(),
    country: text('country').notNull().default(''),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.metric, t.course, t.step, t.day, t.locale, t.country] })],
);

/** When each precomputed figure set was last rebuilt (one row per set). */
export const insightRefreshes = pgTable('insight_refreshes', {
  name: text('name').primaryKey(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
});

/**
 * The prayer rhythm of one person (issue 27, docs/decisions/075): the reminders they chose, in their
 * time zone, their quiet hours, and their private calendar link, of which only the SHA-256 of the
 * secret is kept (null: none, or revoked).
 */
export const prayerSettings = pgTable(
  'prayer_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull(),
    remindMorning: boolean('remind_morning').notNull().default(false),
    remindMidday: boolean('remind_midday').notNull().default(false),
    remindEvening: boolean('remind_evening').notNull().default(false),
    remindNights: boolean('remind_nights').notNull().default(false),
    /** Times of day in minutes after midnight, in time_zone. */
    morningMinute: smallint('morning_minute').notNull(),
    middayMinute: smallint('midday_minute').notNull(),
    eveningMinute: smallint('evening_minute').notNull(),
    quietStart: smallint('quiet_start').notNull(),
    quietEnd: smallint('quiet_end').notNull(),
    calendarTokenHash: text('calendar_token_hash'),
    calendarCreatedAt: timestamp('calendar_created_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('prayer_settings_calendar_idx').on(t.calendarTokenHash),
    // The reminder job reads only the people with a reminder on.
    index('prayer_settings_reminding_idx')
      .on(t.userId)
      .where(sql`${t.remindMorning} or ${t.remindMidday} or ${t.remindEvening} or ${t.remindNights}`),
  ],
);

/** One row per reminder mailed (a session of a local day, or a prayer night): the reminder job mails each at most once. */
export const prayerReminderSends = pgTable(
  'prayer_reminder_sends',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** "morning:2026-11-28" (the person's local day) or "night:2026-11-30" (the ministry's day). */
    occurrence: text('occurrence').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.occurrence] }), index('prayer_reminder_sends_created_idx').on(t.createdAt)],
);
