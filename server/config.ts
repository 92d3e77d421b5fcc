import { isIP } from 'node:net';
import { z } from 'zod';

import { isTimeZone } from '#common/domain/prayer.ts';
import { DEFAULT_CALLBACK_RETENTION_DAYS } from '#common/domain/privacy.ts';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const TRUST_PROXY_HELP =
  "use a hop count (TRUST_PROXY=1 for one proxy in front of the app) or the proxies' addresses or CIDR ranges, comma-separated (TRUST_PROXY=10.0.0.0/8), or false";

const isAddressOrRange = (v: string) => {
  const [address, bits, ...rest] = v.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * Which proxies may tell the client's address and protocol (X-Forwarded-For/-Proto): a hop count
 * or a list of addresses/CIDR ranges, handed to Fastify's trustProxy. Never "everyone": the
 * left-most X-Forwarded-For is written by the client, so trusting every hop lets anyone choose
 * their address and escape per-client rate limits. "true" means one proxy (docs/decisions/030).
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    const lower = v.toLowerCase();
    if (lower === '' || lower === 'false' || lower === '0') return false;
    if (lower === 'true') return 1;
    if (/^\d+$/.test(v) && Number(v) <= 20) return Number(v);
    const list = v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    if (list.length && list.every(isAddressOrRange)) return list;
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HELP });
    return z.NEVER;
  });

/**
 * Every environment variable the server reads, with its default.
 * docs/configuration.md documents the same list; keep them together.
 */
export const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    /** Loopback by default: a laptop's `npm start` is not reachable from the network it sits on. A server sets 0.0.0.0 (decision 059). */
    HOST: z.string().default('127.0.0.1'),
    /** External PostgreSQL; when absent an embedded PostgreSQL is started with data under DATA_DIR. */
    // Only a string that parses as a URL reaches the protocol check (a thrown "Invalid URL" named no variable).
    DATABASE_URL: optionalUrl.refine((v) => v === undefined || !URL.canParse(v) || /^postgres(ql)?:$/i.test(new URL(v).protocol), {
      message:
        'must be a PostgreSQL connection string (postgres://user:password@host:5432/database); other databases (mysql://, sqlite:) are not supported',
    }),
    DATA_DIR: z.string().default('./data'),
    /** 32 random bytes in base64 (`openssl rand -base64 32`) sealing two-step verification secrets in the database; shared by every instance, required with DATABASE_URL. Unset: MFA_ENCRYPTION_KEY_FILE. */
    MFA_ENCRYPTION_KEY: z
      .string()
      .trim()
      .optional()
      .refine((v) => v === undefined || v === '' || Buffer.from(v, 'base64').length === 32, {
        message: 'must be 32 random bytes in base64, e.g. from `openssl rand -base64 32`',
      })
      .transform((v) => (v === '' ? undefined : v)),
    /** The key's file with the embedded database and no MFA_ENCRYPTION_KEY, made on first start; outside DATA_DIR so a copy of the data folder carries no key (docs/decisions/066). */
    MFA_ENCRYPTION_KEY_FILE: optionalText,
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
    /** The public address users reach, e.g. https://god.example.org. Used in printed links and certificates; https makes cookies Secure and turns on HSTS. */
    PUBLIC_URL: optionalUrl,
    /** Set when a reverse proxy or load balancer sits in front, so client IPs and https are read from X-Forwarded-*. */
    TRUST_PROXY: trustProxySchema.default(false),
    /** Redirect plain http to https and always send HSTS (the app must be reached over https, directly or through a proxy named in TRUST_PROXY). */
    FORCE_HTTPS: z.stringbool().default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** `json`: every line the process writes is a JSON object, the start's banner too (server/lib/process-log.ts). */
    LOG_FORMAT: z.enum(['text', 'json']).default('text'),
    /** Prometheus metrics at GET /metrics on a listener of their own (server/plugins/metrics.ts); off when unset. */
    METRICS_PORT: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.coerce.number().int().min(0).max(65535).optional(),
    ),
    METRICS_HOST: z.string().trim().default('127.0.0.1'),
    /** A bearer token the scraper sends; required when METRICS_HOST is not a loopback address. */
    METRICS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 16, {
      message: 'must be at least 16 characters (openssl rand -hex 16)',
    }),
    SESSION_IDLE_HOURS: z.coerce
      .number()
      .positive()
      .default(24 * 7),
    SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
    OIDC_ISSUER_URL: optionalUrl,
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    SUPPORT_EMAIL: z.email().default('support@god-movement.org'),
    SUPPORT_WHATSAPP: z.string().trim().default('+1 (555) 010-2030'),
    /** Where people write about their personal data (shown on /privacy); SUPPORT_EMAIL when unset. */
    PRIVACY_CONTACT: optionalText.pipe(z.email().optional()),
    /** The privacy notice's controller (GDPR Art. 13(1)(a)): the ministry's legal name, e.g. "G.O.D Discipleship Movement (association loi 1901)". Required on a public address. */
    CONTROLLER_NAME: optionalText.pipe(z.string().max(200, 'must be at most 200 characters').optional()),
    /** The controller's postal address, on one line. Required on a public address. */
    CONTROLLER_ADDRESS: optionalText.pipe(z.string().max(300, 'must be at most 300 characters').optional()),
    /** Who hosts the app and sends its mail, and where, named on /privacy (e.g. "Hosting: Example GmbH, Germany. Mail: Example SAS, France."). */
    PRIVACY_PROCESSORS: optionalText.pipe(z.string().max(500, 'must be at most 500 characters').optional()),
    /** Days after a callback request is closed before its name and phone are erased. */
    RETENTION_CALLBACK_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_CALLBACK_RETENTION_DAYS),
    SOCIAL_FACEBOOK_URL: optionalUrl,
    SOCIAL_INSTAGRAM_URL: optionalUrl,
    SOCIAL_YOUTUBE_URL: optionalUrl,
    SOCIAL_TIKTOK_URL: optionalUrl,
    SOCIAL_X_URL: optionalUrl,
    /** SMTP server mail leaves through, e.g. smtps://user:pass@host:465. Without it mail waits in the outbox. */
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.string().trim().min(3).default('G.O.D Discipleship <no-reply@god-movement.org>'),
    /**
     * `auto`: without SMTP_URL, on a laptop (no public address), mail is delivered to a local mailbox
     * this computer's browser reads at /local-mailbox (decision 059); `off`: it waits in the outbox.
     */
    LOCAL_MAILBOX: z.enum(['auto', 'off'], 'must be auto or off').default('auto'),
    /** Time zone of the daily digests (8:00) and other schedules, e.g. Europe/Paris. */
    TZ_DEFAULT: z
      .string()
      .trim()
      .default('UTC')
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone such as UTC or Europe/Paris'),
    /**
     * The ministry's time zone: the prayer nights (Monday and Thursday, 20:00) are at that hour there,
     * and each person sees them in their own (docs/decisions/075). Unset: TZ_DEFAULT's.
     */
    MINISTRY_TIME_ZONE: optionalText.pipe(
      z.string().refine(isTimeZone, 'must be an IANA time zone such as UTC or Europe/Paris').optional(),
    ),
  })
  .superRefine((c, ctx) => {
    const oidc = [c.OIDC_ISSUER_URL, c.OIDC_CLIENT_ID, c.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean))
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER_URL'],
        message: 'set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together, or none of them',
      });
    if (c.METRICS_PORT !== undefined && !c.METRICS_TOKEN && !isLoopbackHost(c.METRICS_HOST))
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_TOKEN'],
        message: `is required when METRICS_HOST (${c.METRICS_HOST}) is not a loopback address: the metrics would be open to anyone who reaches it`,
      });
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

const isLoopbackHost = (host: string) => {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
};

/**
 * Whether people other than the one running it reach this install: an https PUBLIC_URL, a
 * PUBLIC_URL naming a host that is not this machine, or HOST set to an address that is not
 * loopback, the wildcard 0.0.0.0 (every interface) included. HOST's default is loopback, so a
 * laptop's `npm start` is not public (decisions 059, 063).
 */
export function isPublicAddress(c: Pick<Config, 'HOST' | 'PUBLIC_URL'>): boolean {
  if (c.PUBLIC_URL) {
    const url = new URL(c.PUBLIC_URL);
    if (url.protocol === 'https:' || !isLoopbackHost(url.hostname)) return true;
  }
  const host = c.HOST.trim();
  return !(host === '' || isLoopbackHost(host));
}

/** The settings the privacy notice needs to name who is responsible and how to reach them, when unset. */
export function missingControllerSettings(c: Pick<Config, 'CONTROLLER_NAME' | 'CONTROLLER_ADDRESS' | 'PRIVACY_CONTACT'>): string[] {
  return (['CONTROLLER_NAME', 'CONTROLLER_ADDRESS', 'PRIVACY_CONTACT'] as const).filter((name) => !c[name]);
}

/**
 * A start on a public address without the controller's name, address and privacy contact is
 * refused: the privacy notice would name nobody (GDPR Art. 13(1)(a)). On a laptop the notice and
 * the admin console say instead that they are placeholders.
 */
export function checkPublicStart(c: Config): void {
  const missing = missingControllerSettings(c);
  if (!isPublicAddress(c) || missing.length === 0) return;
  throw new ConfigError(
    `Invalid configuration:\n  ${missing.join(', ')}: required when the app is reached at a public address (${c.PUBLIC_URL ?? `HOST=${c.HOST}`}).\n` +
      '  The privacy notice (/privacy) must name who is responsible for the data and how to reach them: set CONTROLLER_NAME (the legal name),\n' +
      '  CONTROLLER_ADDRESS (postal address) and PRIVACY_CONTACT (an email address for questions about personal data).',
  );
}

/** Parses the environment; throws a ConfigError listing every bad variable and why. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
