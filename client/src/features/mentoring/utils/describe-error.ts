import type { TFunction } from 'i18next';
import type { ErrorCode } from '../../../../../common/contracts/errors.ts';
import { ApiRequestError } from '../../../lib/api.ts';
import { describeError } from '../../../lib/errors.ts';

/** Codes the mentoring screens explain in their own words (mentoring.json `errors`). */
const MENTORING_CODES: ErrorCode[] = ['HAS_MENTOR', 'ALREADY_DISCIPLE', 'SELF_MENTOR', 'MENTOR_CYCLE', 'NOT_ELIGIBLE', 'APPLICATION_PENDING', 'ALREADY_AMBASSADOR'];

export function describeMentoringError(t: TFunction, err: unknown): string {
  const code = err instanceof ApiRequestError ? err.body.code : undefined;
  if (code && MENTORING_CODES.includes(code)) return t(`mentoring:errors.${code}`);
  return describeError(t, err, t('common:errors.generic'));
}
