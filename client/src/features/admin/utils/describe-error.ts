import type { TFunction } from 'i18next';
import type { ErrorCode } from '../../../../../common/contracts/errors.ts';
import { ApiRequestError } from '../../../lib/api.ts';
import { describeError } from '../../../lib/errors.ts';

/** Codes the admin console explains in its own words (admin.json `errors`). */
const ADMIN_CODES: ErrorCode[] = ['ROLE_FOUNDER_ONLY', 'LAST_FOUNDER', 'ALREADY_DECIDED', 'FORBIDDEN'];

export function describeAdminError(t: TFunction, err: unknown): string {
  const code = err instanceof ApiRequestError ? err.body.code : undefined;
  if (code && ADMIN_CODES.includes(code)) return t(`admin:errors.${code}`);
  return describeError(t, err, t('common:errors.generic'));
}

/** True when the server refused because of who is asking (signed out, or not an admin). */
export const isAccessError = (err: unknown) => err instanceof ApiRequestError && (err.status === 401 || err.status === 403);
