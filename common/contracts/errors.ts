/** Every error code the API returns in `{ code, message }`; the client translates known codes. */
export const errorCodes = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CROSS_SITE_REQUEST: 403,
  LESSON_LOCKED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  WEAK_PASSWORD: 400,
  COURSE_NOT_COMPLETE: 403,
  MENTOR_CYCLE: 409,
  LAST_FOUNDER: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SETUP_TOKEN_INVALID: 410,
  INTERNAL: 500,
  DATABASE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export interface ApiError {
  code: ErrorCode;
  message: string;
}
