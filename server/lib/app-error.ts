import { errorCodes, type ErrorCode } from '#common/contracts/errors.ts';

/** The one error type services throw; the error handler turns it into `{ code, message }` with its status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Sent as Retry-After (a 429 or 503 that clears by itself). */
  readonly retryAfterSeconds?: number;
  /** Which case of the code it is, for the client to word (e.g. why a password is refused). */
  readonly reason?: string;
  /** When what was refused opens again, sent as `opensAt` (ISO). */
  readonly opensAt?: Date;
  /**
   * `cause`: the failure behind the refusal (a provider's error), which the person is not shown; the
   * error handler logs its name, code and message (plugins/errors.ts, `loggableCause`).
   */
  constructor(
    code: ErrorCode,
    message: string,
    options: { retryAfterSeconds?: number; reason?: string; cause?: unknown; opensAt?: Date } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = errorCodes[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.reason = options.reason;
    this.opensAt = options.opensAt;
  }
}
