import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';

import { healthApi } from '#common/contracts/health.ts';
import { isLandingPath } from '#common/contracts/landing-paths.ts';
import { hideLinkTokens } from '#common/contracts/link-token-paths.ts';

import { missingControllerSettings, type Config } from './config.ts';
import type { AccountEvents, UserHook } from './lib/account-events.ts';
import { AppError } from './lib/app-error.ts';
import { serializeError } from './lib/error-log.ts';
import { defaultHashLimits, type HashLimits } from './lib/hash-limiter.ts';
import { DEFAULT_SCRYPT_COST, setHashLimits } from './lib/password.ts';
import { postgresRateLimitStore, pruneRateLimitCounters } from './lib/rate-limit-store.ts';
import { loadSecretKey, secretBox, verifySecretKey, type SecretKey } from './lib/secret-box.ts';
import { serializerCompiler } from './lib/serializer.ts';
import { accountRepositoryFactory } from './modules/account/account.repository.ts';
import accountRoutes from './modules/account/account.routes.ts';
import { accountServiceFactory } from './modules/account/account.service.ts';
import { secondFactorThrottleRepositoryFactory } from './modules/account/second-factor-throttle.repository.ts';
import { secondFactorThrottleFactory } from './modules/account/second-factor-throttle.ts';
import { securityRepositoryFactory } from './modules/account/security.repository.ts';
import securityRoutes from './modules/account/security.routes.ts';
import { securityServiceFactory } from './modules/account/security.service.ts';
import adminRoutes from './modules/admin/admin.routes.ts';
import { applicationDecisionMailFactory } from './modules/admin/applications/decision-mail.ts';
import { authRepositoryFactory } from './modules/auth/auth.repository.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import { authServiceFactory } from './modules/auth/auth.service.ts';
import { OidcLogin } from './modules/auth/oidc.ts';
import { signInThrottleFactory } from './modules/auth/sign-in-throttle.ts';
import clientErrorsRoutes from './modules/client-errors/client-errors.routes.ts';
import { pendingParentGuard } from './modules/consent/consent.guard.ts';
import { consentRepositoryFactory } from './modules/consent/consent.repository.ts';
import consentRoutes from './modules/consent/consent.routes.ts';
import { consentServiceFactory } from './modules/consent/consent.service.ts';
import { challengeRepositoryFactory } from './modules/course/challenge.repository.ts';
import challengeRoutes from './modules/course/challenge.routes.ts';
import { challengeServiceFactory } from './modules/course/challenge.service.ts';
import { loadCourseContentSnapshot } from './modules/course/course.content.ts';
import { courseRepositoryFactory } from './modules/course/course.repository.ts';
import courseRoutes from './modules/course/course.routes.ts';
import { courseServiceFactory } from './modules/course/course.service.ts';
import { trackRepositoryFactory } from './modules/course/track.repository.ts';
import trackRoutes from './modules/course/track.routes.ts';
import { trackServiceFactory, trackSnapshot } from './modules/course/track.service.ts';
import healthRoutes from './modules/health/health.routes.ts';
import { isLocalMailboxOn, localMailboxStore } from './modules/mail/local-mailbox.ts';
import { mailRepositoryFactory } from './modules/mail/mail.repository.ts';
import mailRoutes from './modules/mail/mail.routes.ts';
import { MAIL_QUEUE, mailServiceFactory } from './modules/mail/mail.service.ts';
import { smtpTransport } from './modules/mail/mail.transport.ts';
import notificationsRoutes from './modules/mail/notifications.routes.ts';
import { unsubscribeLinksFactory } from './modules/mail/unsubscribe.ts';
import { invitationMailerFactory } from './modules/mentoring/invitations.ts';
import { MENTOR_DIGEST_QUEUE, mentorDigestFactory } from './modules/mentoring/mentor-digest.service.ts';
import { mentorWeekRepositoryFactory } from './modules/mentoring/mentor-week.repository.ts';
import mentorWeekRoutes from './modules/mentoring/mentor-week.routes.ts';
import { mentorWeekServiceFactory } from './modules/mentoring/mentor-week.service.ts';
import { mentoringRepositoryFactory } from './modules/mentoring/mentoring.repository.ts';
import mentoringRoutes from './modules/mentoring/mentoring.routes.ts';
import { mentoringServiceFactory } from './modules/mentoring/mentoring.service.ts';
import myDataRoutes from './modules/my-data/my-data.routes.ts';
import onboardingRoutes from './modules/onboarding/onboarding.routes.ts';
import { PRAYER_REMINDER_QUEUE, prayerRemindersFactory } from './modules/prayer/prayer-reminders.ts';
import { prayerRepositoryFactory } from './modules/prayer/prayer.repository.ts';
import prayerRoutes from './modules/prayer/prayer.routes.ts';
import { prayerServiceFactory } from './modules/prayer/prayer.service.ts';
import publicFormsRoutes from './modules/public-forms/public-forms.routes.ts';
import { encouragementRepositoryFactory } from './modules/reminders/encouragement.repository.ts';
import { ENCOURAGEMENT_QUEUE, encouragementServiceFactory } from './modules/reminders/encouragement.service.ts';
import { retentionRepositoryFactory } from './modules/retention/retention.repository.ts';
import { RETENTION_QUEUE, retentionServiceFactory } from './modules/retention/retention.service.ts';
import { defineSafeguardingJobs } from './modules/safeguarding/safeguarding.jobs.ts';
import { safeguardingRepositoryFactory } from './modules/safeguarding/safeguarding.repository.ts';
import safeguardingRoutes from './modules/safeguarding/safeguarding.routes.ts';
import { safeguardingServiceFactory } from './modules/safeguarding/safeguarding.service.ts';
import { defineStaffAlertJobs } from './modules/staff-alerts/staff-alerts.jobs.ts';
import { staffAlertsRepositoryFactory } from './modules/staff-alerts/staff-alerts.repository.ts';
import { staffAlertsFactory } from './modules/staff-alerts/staff-alerts.service.ts';
import clientFiles, { loadClientFiles, looksLikeFile, sendClientFile } from './plugins/client-files.ts';
import database from './plugins/database.ts';
import errors from './plugins/errors.ts';
import jobs from './plugins/jobs.ts';
import { hasSessionCookie, landingLanguage, renderPrerenderedPages } from './plugins/landing-page.ts';
import metrics from './plugins/metrics.ts';
import security from './plugins/security.ts';
import session from './plugins/session.ts';
import { signedInPages } from './plugins/signed-in-pages.ts';

/** Hourly clean-up of security counters (sign-in failures, shared rate-limit counters). */
const SECURITY_PRUNE_QUEUE = 'security-prune';

export interface BuildOptions {
  config: Config;
  databaseUrl: string;
  /** Folder of the built client (index.html + assets); not served when absent. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** The key sealing two-step secrets (main.ts reads it before the database starts); read from `config` when absent. */
  secretKey?: SecretKey;
  /** log2 of scrypt's N; tests lower it to keep sign-ups fast. */
  scryptCost?: number;
  /** How long a session lookup is remembered (default SESSION_CACHE_MS); the two-instance test raises it so only a notification can explain a refusal. */
  sessionCacheMs?: number;
  /** Password hashes running at once and waiting in this process (server/lib/hash-limiter.ts). */
  hashLimits?: HashLimits;
  /** Requests per minute per client on sign-in/sign-up and on public forms (and crash reports from the browser); per admin account on the admin console. */
  rateLimits?: { auth: number; forms: number; admin?: number; clientErrors?: number };
  /** Background jobs: tests that need no worker or schedule turn them off (jobs can still be sent). */
  jobs?: { isRunningWorkers?: boolean; pollingIntervalSeconds?: number; cronMonitorIntervalSeconds?: number };
  /** Mail retries: first delay (doubling each time) and how long a failing mail is retried before it is marked failed. */
  mail?: { retryDelaySeconds?: number; retryWindowMs?: number };
}

/** Personal data never reaches the logs. */
export const logRedactions = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.email',
  '*.phone',
  '*.token',
];

/** A path fit for the logs: no query string and no link token (common/contracts/link-token-paths.ts). */
const loggablePath = hideLinkTokens;

const requestSerializer = (req: { method: string; url: string }) => ({ method: req.method, url: loggablePath(req.url) });

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count n trusts the n nearest hops (the socket's peer
 * first), so the client address is the one the outermost trusted proxy saw; Fastify itself reads a
 * bare number as "trust nothing", hence the function.
 */
function trustProxyOption(value: Config['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

/** An incoming X-Request-Id kept as the request's id: up to 128 characters a log or a header carries safely. */
const REQUEST_ID = /^[A-Za-z0-9._:+=/-]{1,128}$/;

export async function buildApp(opts: BuildOptions) {
  const { config } = opts;
  const app = Fastify({
    logger:
      opts.logger === undefined
        ? false
        : opts.logger === false
          ? false
          : {
              level: config.LOG_LEVEL,
              redact: logRedactions,
              serializers: { req: requestSerializer, err: (err: unknown) => ({ stack: '', ...serializeError(err) }) },
              ...(typeof opts.logger === 'object' ? opts.logger : {}),
            },
    // One line per request (the onResponse hook below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // A request id a proxy or load balancer sent is kept when it looks like one (so a request can be
    // followed through them), else a new one; every answer carries it back (X-Request-Id).
    requestIdHeader: false,
    genReqId: (req) => {
      const sent = req.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
    bodyLimit: 64 * 1024,
    // Fastify gives each plugin and onReady hook 10 s to start by default. Starting the jobs waits for
    // the other instances starting at once (one database-wide lock, server/plugins/jobs.ts), and on a
    // busy machine that took longer: the start failed though nothing was wrong. A ceiling, not a wait.
    pluginTimeout: 120_000,
    // Route params and query strings are bounded too.
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  const oidcSettings =
    config.OIDC_ISSUER_URL && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
      ? { issuerUrl: config.OIDC_ISSUER_URL, clientId: config.OIDC_CLIENT_ID, clientSecret: config.OIDC_CLIENT_SECRET }
      : null;
  const publicConfig = {
    oidcEnabled: oidcSettings !== null,
    localMailbox: isLocalMailboxOn(config),
    supportEmail: config.SUPPORT_EMAIL,
    supportWhatsapp: config.SUPPORT_WHATSAPP,
    privacyContact: config.PRIVACY_CONTACT ?? config.SUPPORT_EMAIL,
    callbackRetentionDays: config.RETENTION_CALLBACK_DAYS,
    controller: { name: config.CONTROLLER_NAME ?? null, address: config.CONTROLLER_ADDRESS ?? null },
    processors: config.PRIVACY_PROCESSORS ?? null,
    isControllerPlaceholder: missingControllerSettings(config).length > 0,
    social: {
      facebook: config.SOCIAL_FACEBOOK_URL,
      instagram: config.SOCIAL_INSTAGRAM_URL,
      youtube: config.SOCIAL_YOUTUBE_URL,
      tiktok: config.SOCIAL_TIKTOK_URL,
      x: config.SOCIAL_X_URL,
    },
  };
  // The prerendered pages are rendered in a child process while the rest starts; a failure leaves them to the app's shell.
  const prerendering = opts.clientDir
    ? renderPrerenderedPages(path.resolve(opts.clientDir), publicConfig).catch((err: unknown) => {
        app.log.warn({ err }, 'the landing page and the Soul Health Check could not be prerendered; visitors get the app instead');
        return undefined;
      })
    : Promise.resolve(undefined);

  // One concise line per answered request: the route pattern (never the URL's values), the status,
  // the time, and the account id (never an email); the request id comes with every line.
  // Health probes (a load balancer's every few seconds) are logged at debug while they succeed.
  app.addHook('onResponse', (req, reply, done) => {
    const isProbe = reply.statusCode < 400 && (req.url === healthApi.health.path || req.url === healthApi.ready.path);
    req.log[isProbe ? 'debug' : 'info'](
      {
        method: req.method,
        route: req.routeOptions.url ?? loggablePath(req.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        account: req.user?.id,
        ip: req.ip,
      },
      'request',
    );
    done();
  });

  // Stopping (docs/decisions/066): an answer finished after the stop began closes its connection.
  // Fastify closes the connections idle at that moment and answers new requests 503, but a keep-alive
  // connection whose request was in flight would stay open for keepAliveTimeout (72 s) and hold the stop.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    if (isClosing) reply.header('connection', 'close');
    done(null, payload);
  });

  // Every route as registered, so tests cover new routes without being told (test/route-matrix.test.ts).
  // `schema` as given, so test/endpoints.test.ts can check each one is its endpoint's definition (decision 083).
  const routes: { method: string; url: string; isPublic: boolean; hasBody: boolean; schema: Record<string, unknown> }[] = [];
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, isPublic: route.config?.access === 'public', hasBody: !!schema.body, schema });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  setHashLimits(opts.hashLimits ?? defaultHashLimits());

  const sessionPolicy = { idleMs: config.SESSION_IDLE_HOURS * 3_600_000, absoluteMs: config.SESSION_ABSOLUTE_DAYS * 86_400_000 };
  const limits = { admin: 600, clientErrors: 10, ...(opts.rateLimits ?? { auth: 10, forms: 5 }) };

  await app.register(errors);
  await app.register(security, {
    trustedOrigins: config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : [],
    forceHttps: config.FORCE_HTTPS,
    httpsOrigin: config.PUBLIC_URL?.startsWith('https:') ? new URL(config.PUBLIC_URL).origin : undefined,
  });
  await app.register(database, { databaseUrl: opts.databaseUrl });
  await app.register(session, { policy: sessionPolicy, databaseUrl: opts.databaseUrl, cacheMs: opts.sessionCacheMs });
  await app.register(rateLimit, {
    global: false,
    // Counters in PostgreSQL: several instances behind a load balancer enforce one limit.
    store: postgresRateLimitStore(app.db),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', 'Too many requests. Please wait a minute and try again.'),
  });

  await app.register(jobs, {
    databaseUrl: opts.databaseUrl,
    isRunningWorkers: opts.jobs?.isRunningWorkers ?? true,
    pollingIntervalSeconds: opts.jobs?.pollingIntervalSeconds,
    cronMonitorIntervalSeconds: opts.jobs?.cronMonitorIntervalSeconds,
  });
  // Prometheus metrics, served on a listener of their own when METRICS_PORT is set (docs/decisions/070).
  await app.register(metrics);

  // Mail: an outbox sent by a job (docs/decisions/025). Without SMTP_URL it waits in the outbox.
  // On a laptop without SMTP_URL, mail goes to a local mailbox this computer reads (decision 059).
  const siteUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const localMailbox = isLocalMailboxOn(config)
    ? localMailboxStore(() =>
        app.log.info({ mailbox: new URL('/local-mailbox', siteUrl).toString() }, 'mail delivered to the local mailbox'),
      )
    : null;
  const transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL) : (localMailbox?.transport ?? null);
  const mailRepo = mailRepositoryFactory(app.db);
  const mail = mailServiceFactory({
    mailRepo,
    jobs: app.jobs,
    transport,
    from: config.MAIL_FROM,
    siteUrl,
    retryWindowMs: opts.mail?.retryWindowMs ?? 24 * 3_600_000,
    log: app.log,
  });
  app.jobs.define(MAIL_QUEUE, {
    handler: mail.deliver,
    isEnabled: transport !== null,
    workers: 2,
    // Backoff doubles from 30 s; deliver() itself marks a mail failed once it has failed for 24 h.
    options: {
      retryLimit: 100,
      retryDelay: opts.mail?.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: 120,
      retentionDays: 365,
    },
  });
  app.addHook('onReady', async () => {
    if (localMailbox)
      app.log.warn(
        `SMTP_URL is not set: mail goes to the local mailbox, ${new URL('/local-mailbox', siteUrl).toString()} (this computer only)`,
      );
    else if (!transport) app.log.warn('SMTP_URL is not set: mail is kept in the outbox (admin console) and not sent');
  });
  app.addHook('onClose', async () => transport?.close());

  // Staff alerts for callback requests and applications: at once, in the 8:00 digests, escalated when overdue.
  const staffAlerts = staffAlertsFactory({
    db: app.db,
    staffAlertsRepo: staffAlertsRepositoryFactory(app.db),
    mail,
    timeZone: config.TZ_DEFAULT,
  });
  defineStaffAlertJobs(app.jobs, staffAlerts, config.TZ_DEFAULT);

  // Modules react to account events through these lists instead of importing each other.
  const hooks: AccountEvents = { userCreated: [], onboardingCompleted: [] };
  const authRepo = authRepositoryFactory(app.db);
  const signInThrottle = signInThrottleFactory({ db: app.db, authRepo, mail });
  const secondFactorThrottle = secondFactorThrottleFactory({
    db: app.db,
    secondFactorRepo: secondFactorThrottleRepositoryFactory(app.db),
    mail,
  });
  const consent = consentServiceFactory({ db: app.db, consentRepo: consentRepositoryFactory(app.db), mail });
  const auth = authServiceFactory({
    db: app.db,
    authRepo,
    scryptCost: opts.scryptCost ?? DEFAULT_SCRYPT_COST,
    onUserCreated: hooks.userCreated,
    throttle: signInThrottle,
    consent,
    mail,
  });
  app.jobs.define(SECURITY_PRUNE_QUEUE, {
    handler: async () => {
      await signInThrottle.prune();
      await secondFactorThrottle.prune();
      await pruneRateLimitCounters(app.db);
      await auth.prunePendingSignUps();
    },
    cron: { expression: '17 * * * *', tz: 'UTC' },
  });
  const account = accountServiceFactory({
    db: app.db,
    accountRepo: accountRepositoryFactory(app.db),
    mail,
    scryptCost: opts.scryptCost ?? DEFAULT_SCRYPT_COST,
    throttle: signInThrottle,
  });
  // An account made with a password but not through a sign-up link (the founder) gets a verification
  // mail; a sign-up link already proved its address, and an OpenID provider vouches for its own.
  // Written in the creating transaction; the caller wakes the mail workers after its commit.
  const mailVerificationOnSignUp: UserHook = async (tx, user) => {
    if (user.passwordHash) await account.sendVerification(user, tx);
  };
  hooks.userCreated.push(mailVerificationOnSignUp);
  const oidc = oidcSettings ? new OidcLogin(app.db, oidcSettings) : null;

  // Two-step secrets are sealed with a key kept outside the database (decision 038); any written before were sealed here once.
  // Every instance must hold the same key: a different one stops the start (docs/decisions/066).
  const secretKey = opts.secretKey ?? loadSecretKey(config);
  await verifySecretKey(app.db, secretKey).catch(async (err: unknown) => {
    await app.close();
    throw err;
  });
  const securityRepo = securityRepositoryFactory(app.db, secretBox(secretKey.key), app.log);
  await securityRepo.sealPlainSecrets();
  const accountSecurity = securityServiceFactory({
    db: app.db,
    securityRepo,
    mail,
    scryptCost: opts.scryptCost ?? DEFAULT_SCRYPT_COST,
    sessionPolicy,
    signInThrottle,
    secondFactorThrottle,
  });

  await app.register(healthRoutes);
  await app.register(clientErrorsRoutes, { rateLimit: limits.clientErrors });
  await app.register(authRoutes, {
    auth,
    consent,
    security: accountSecurity,
    oidc,
    authRateLimit: limits.auth,
    publicConfig,
  });

  app.addHook('preValidation', pendingParentGuard(app.db));
  await app.register(consentRoutes, { consent, formsRateLimit: limits.forms });
  await app.register(publicFormsRoutes, {
    formsRateLimit: limits.forms,
    callbackHooks: { onCreated: staffAlerts.onNewCallbackRequest, afterCommit: mail.wake },
  });
  await app.register(onboardingRoutes, { onboardingCompleted: hooks.onboardingCompleted, afterCommit: mail.wake });
  // Course content is read and serialized once here (the seed ran before the app was built).
  const courseRepo = courseRepositoryFactory(app.db);
  const course = courseServiceFactory({ courseRepo, content: await loadCourseContentSnapshot(courseRepo) });
  await app.register(courseRoutes, { course, publicUrl: config.PUBLIC_URL });
  const challengeRepo = challengeRepositoryFactory(app.db);
  await app.register(challengeRoutes, {
    challenge: challengeServiceFactory({ db: app.db, challengeRepo, content: () => course.snapshot() }),
  });
  const trackRepo = trackRepositoryFactory(app.db);
  const trackContent = await trackRepo.loadTrack();
  await app.register(trackRoutes, {
    track: trackServiceFactory({ db: app.db, trackRepo, snapshot: trackContent && trackSnapshot(trackContent) }),
  });
  const invitations = invitationMailerFactory({ mail });
  // Safeguarding (issue 25): every new mentoring link passes its rule; concerns, approvals, daily jobs.
  const safeguarding = safeguardingServiceFactory({
    db: app.db,
    safeguardingRepo: safeguardingRepositoryFactory(app.db),
    mail,
    timeZone: config.TZ_DEFAULT,
  });
  defineSafeguardingJobs(app.jobs, safeguarding, config.TZ_DEFAULT);
  const mentoringRepo = mentoringRepositoryFactory(app.db);
  const mentorWeekRepo = mentorWeekRepositoryFactory(app.db);
  const mentoring = mentoringServiceFactory({ db: app.db, mentoringRepo, invitations, safeguarding });
  await app.register(mentoringRoutes, { hooks, formsRateLimit: limits.forms, invitations, mentoring });
  await app.register(safeguardingRoutes, { safeguarding, formsRateLimit: limits.forms });
  await app.register(adminRoutes, {
    rateLimit: limits.admin,
    mentoring,
    decisionHooks: applicationDecisionMailFactory({ mail }),
    safeguarding,
  });
  await app.register(accountRoutes, { account, security: accountSecurity, authRateLimit: limits.auth });
  await app.register(securityRoutes, { security: accountSecurity, authRateLimit: limits.auth });
  await app.register(mailRoutes, { mailRepo, isSmtpConfigured: config.SMTP_URL !== undefined, localMailbox });
  const unsubscribe = unsubscribeLinksFactory({ db: app.db, siteUrl });
  // Reminders (issue 9 flows 6-7), scheduled in TZ_DEFAULT: encouragement every day at 10:00, the
  // mentor digest on Mondays at 9:00. A failed run is retried; nobody is mailed twice by a retry.
  const reminderJob = { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900, retentionDays: 30 };
  const encouragement = encouragementServiceFactory({
    db: app.db,
    encouragementRepo: encouragementRepositoryFactory(app.db),
    mail,
    unsubscribe,
    log: app.log,
  });
  app.jobs.define(ENCOURAGEMENT_QUEUE, {
    cron: { expression: '0 10 * * *', tz: config.TZ_DEFAULT },
    options: reminderJob,
    handler: async () => void (await encouragement.sendDue()),
  });
  const mentorDigest = mentorDigestFactory({ db: app.db, mentoringRepo, mentorWeekRepo, mail, unsubscribe, log: app.log });
  app.jobs.define(MENTOR_DIGEST_QUEUE, {
    cron: { expression: '0 9 * * 1', tz: config.TZ_DEFAULT },
    options: reminderJob,
    handler: async () => void (await mentorDigest.sendWeekly()),
  });
  const prayerRepo = prayerRepositoryFactory(app.db);
  await app.register(notificationsRoutes, { unsubscribe, leaveHooks: { prayer: (tx, userId) => prayerRepo.turnOffReminders(userId, tx) } });
  // The prayer rhythm (issue 27, docs/decisions/075): the Pray page's settings and calendars, and the
  // reminders, looked for every 5 minutes (each person's times are in their own time zone).
  const ministryTimeZone = config.MINISTRY_TIME_ZONE ?? config.TZ_DEFAULT;
  const prayer = prayerServiceFactory({
    db: app.db,
    prayerRepo,
    siteUrl,
    ministryTimeZone,
  });
  await app.register(prayerRoutes, { prayer });
  const prayerReminders = prayerRemindersFactory({
    db: app.db,
    prayerRepo,
    mail,
    unsubscribe,
    log: app.log,
    ministryTimeZone,
  });
  app.jobs.define(PRAYER_REMINDER_QUEUE, {
    cron: { expression: '*/5 * * * *', tz: 'UTC' },
    options: { ...reminderJob, retryLimit: 1, expireInSeconds: 240 },
    handler: async () => void (await prayerReminders.sendDue()),
  });
  await app.register(mentorWeekRoutes, { mentorWeek: mentorWeekServiceFactory({ db: app.db, mentorWeekRepo, mail, unsubscribe }) });
  await app.register(myDataRoutes, { authRateLimit: limits.auth, checkOwnPassword: accountSecurity.checkOwnPassword });
  // Retention (docs/decisions/012): every day at 3:30 in TZ_DEFAULT, what the privacy notice says is
  // kept no longer is removed. A failed run is retried; a missed day is caught up by the next run.
  const retention = retentionServiceFactory({
    db: app.db,
    retentionRepo: retentionRepositoryFactory(app.db),
    callbackDays: config.RETENTION_CALLBACK_DAYS,
    log: app.log,
    onAccountsErased: () => app.sessionCache.clear(),
  });
  app.jobs.define(RETENTION_QUEUE, {
    cron: { expression: '30 3 * * *', tz: config.TZ_DEFAULT },
    options: reminderJob,
    handler: async () => void (await retention.run()),
  });

  const client =
    opts.clientDir && existsSync(path.join(opts.clientDir, 'index.html')) ? await loadClientFiles(path.resolve(opts.clientDir)) : undefined;
  const appShell = client?.get('/index.html');
  // The landing page's template is not a page of its own.
  client?.delete('/landing.html');
  const prerendered = await prerendering;
  /**
   * A client route: a visitor on a landing path gets the prerendered landing page in their
   * language, anyone on the Soul Health Check its prerendered introduction in the app's shell; a
   * request with a session (and any other route) gets the app's shell. They vary with the session
   * cookie and the language (docs/decisions/057).
   */
  const sendSignedInPage =
    appShell?.identity.body && opts.clientDir
      ? signedInPages(app, path.resolve(opts.clientDir), appShell.identity.body.toString('utf8'))
      : undefined;
  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    // A signed-in first screen, rendered for the person asking (docs/decisions/084).
    if (sendSignedInPage && req.method === 'GET' && hasSessionCookie(req) && (await sendSignedInPage(req, reply))) return reply;
    if (!prerendered) return sendClientFile(req, reply, appShell!);
    const vary = 'Cookie, Accept-Language';
    const pathname = req.url.split('?')[0]!;
    if (pathname === '/soul-health-check') return sendClientFile(req, reply, prerendered.soulCheck[landingLanguage(req)], vary);
    if (!hasSessionCookie(req) && isLandingPath(pathname))
      return sendClientFile(req, reply, prerendered.landing[landingLanguage(req)], vary);
    return sendClientFile(req, reply, appShell!, vary);
  };
  if (client && appShell) await app.register(clientFiles, { files: client, page: sendPage });
  app.setNotFoundHandler((req, reply) => {
    // Any other non-API GET is a client route. A missing file (an old hashed asset, a mistyped
    // path with an extension) is a 404, not a page of HTML served as that file.
    if (appShell && req.method === 'GET' && !req.url.startsWith('/api/') && !looksLikeFile(req.url)) return sendPage(req, reply);
    return reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${req.method} ${req.url.split('?')[0]}` });
  });

  /** `courseContent.reload()` after seeding new content into a running app (tests do). */
  return Object.assign(app, {
    auth,
    hooks,
    rateLimits: limits,
    routes,
    mail,
    staffAlerts,
    safeguarding,
    encouragement,
    mentorDigest,
    prayerReminders,
    retention,
    account,
    courseContent: { reload: () => course.reload() },
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
