import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_CALLBACK_RETENTION_DAYS } from '../common/domain/privacy.ts';

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
  'use a hop count (TRUST_PROXY=1 for one proxy in front of the app) or the proxies\' addresses or CIDR ranges, comma-separated (TRUST_PROXY=10.0.0.0/8), or false';

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
    const list = v.split(',').map((x) => x.trim()).filter(Boolean);
    if (list.length && list.every(isAddressOrRange)) return list;
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HELP });
    return z.NEVER;
  });

/**
 * Every environment variable the server reads, with its default.
 * README.md documents the same list; keep them together.
 */
export const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().default('0.0.0.0'),
    /** External PostgreSQL; when absent an embedded PostgreSQL is started with data under DATA_DIR. */
    DATABASE_URL: optionalUrl.refine((v) => v === undefined || /^postgres(ql)?:$/i.test(new URL(v).protocol), {
      message: 'must be a PostgreSQL connection string (postgres://user:password@host:5432/database); other databases (mysql://, sqlite:) are not supported',
    }),
    DATA_DIR: z.string().default('./data'),
    /** 32 random bytes in base64 (`openssl rand -base64 32`) sealing two-step verification secrets in the database; shared by every instance. Unset: DATA_DIR/mfa-encryption.key, made on first start. */
    MFA_ENCRYPTION_KEY: z
      .string()
      .trim()
      .optional()
      .refine((v) => v === undefined || v === '' || Buffer.from(v, 'base64').length === 32, { message: 'must be 32 random bytes in base64, e.g. from `openssl rand -base64 32`' })
      .transform((v) => (v === '' ? undefined : v)),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
    /** The public address users reach, e.g. https://god.example.org. Used in printed links and certificates; https makes cookies Secure and turns on HSTS. */
    PUBLIC_URL: optionalUrl,
    /** Set when a reverse proxy or load balancer sits in front, so client IPs and https are read from X-Forwarded-*. */
    TRUST_PROXY: trustProxySchema.default(false),
    /** Redirect plain http to https and always send HSTS (the app must be reached over https, directly or through a proxy named in TRUST_PROXY). */
    FORCE_HTTPS: z.stringbool().default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_IDLE_HOURS: z.coerce.number().positive().default(24 * 7),
    SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
    OIDC_ISSUER_URL: optionalUrl,
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    SUPPORT_EMAIL: z.email().default('support@god-movement.org'),
    SUPPORT_WHATSAPP: z.string().trim().default('+1 (555) 010-2030'),
    /** Where people write about their personal data (shown on /privacy); SUPPORT_EMAIL when unset. */
    PRIVACY_CONTACT: optionalText.pipe(z.email().optional()),
    /** Days after a callback request is closed before its name and phone are erased. */
    RETENTION_CALLBACK_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_CALLBACK_RETENTION_DAYS),
    SOCIAL_FACEBOOK_URL: optionalUrl,
    SOCIAL_INSTAGRAM_URL: optionalUrl,
    SOCIAL_YOUTUBE_URL: optionalUrl,
    SOCIAL_TIKTOK_URL: optionalUrl,
    SOCIAL_X_URL: optionalUrl,
    /** SMTP server mail leaves through, e.g. smtps://user:pass@host:465. Without it mail waits in the outbox. */
    SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL').optional()),
    MAIL_FROM: z.string().trim().min(3).default('G.O.D Discipleship <no-reply@god-movement.org>'),
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
  })
  .superRefine((c, ctx) => {
    const oidc = [c.OIDC_ISSUER_URL, c.OIDC_CLIENT_ID, c.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean))
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER_URL'], message: 'set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together, or none of them' });
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError listing every bad variable and why. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
