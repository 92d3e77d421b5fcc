import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { ErrorAlert } from './error-alert.tsx';

/**
 * A problem the form's schema found outside the fields on the screen (see `schemaResolver`): said,
 * never silent. It means the form and its contract disagree, so the person is asked to reload.
 */
export function FormRootError({ errors }: { errors: FieldErrors }) {
  const { t } = useTranslation('common');
  const message = errors.root?.message;
  if (!message) return null;
  return <ErrorAlert data-testid="form-root-error">{t('errors.formProblem', { detail: message })}</ErrorAlert>;
}
