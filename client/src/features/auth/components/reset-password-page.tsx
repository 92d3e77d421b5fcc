import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { z } from 'zod';

import { CardPage } from '#client/components/layout/card-page.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormRootError } from '#client/components/ui/form-root-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { ApiRequestError } from '#client/lib/api.ts';
import { describeError, translateValidation } from '#client/lib/errors.ts';
import { formSpec, submitHandler, useSchemaForm } from '#client/lib/forms.ts';
import { passwordSchema } from '#common/contracts/auth.ts';

import { useConfirmPasswordReset } from '../api/password-reset.ts';

export const resetPasswordFormSpec = formSpec(z.object({ password: passwordSchema }), { password: '' });

/** The page a reset mail links to: choose a new password, then straight into the app. */
export default function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const confirm = useConfirmPasswordReset();
  const f = useSchemaForm(resetPasswordFormSpec);
  const error = confirm.error instanceof ApiRequestError ? confirm.error : null;
  if (error && [400, 404, 410].includes(error.status) && error.body.code !== 'WEAK_PASSWORD')
    return (
      <CardPage title={t('resetDeadTitle')}>
        <div className="flex flex-col gap-4">
          <p role="alert">
            {error.body.code === 'VALIDATION_FAILED'
              ? t('common:errors.LINK_INVALID')
              : describeError(t, error, { fallback: 'common:errors.LINK_INVALID' })}
          </p>
          <Link href="/forgot-password" className={buttonVariants()}>
            {t('resetAskNew')}
          </Link>
        </div>
      </CardPage>
    );
  return (
    <CardPage title={t('resetTitle')} subtitle={t('resetSubtitle')}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={submitHandler(
          f.handleSubmit((v) =>
            confirm.mutate(
              { token, password: v.password },
              {
                onSuccess: (result) =>
                  navigate('mfaRequired' in result ? '/login?mfa=1&returnTo=%2Fdashboard' : '/dashboard', { replace: true }),
              },
            ),
          ),
        )}
      >
        <FormField label={t('newPassword')} hint={t('passwordHint')} error={translateValidation(t, f.formState.errors.password?.message)}>
          <Input type="password" autoComplete="new-password" {...f.register('password')} />
        </FormField>
        <FormRootError errors={f.formState.errors} />
        {confirm.isError && <ErrorAlert>{describeError(t, confirm.error)}</ErrorAlert>}
        <Button type="submit" size="lg" disabled={confirm.isPending}>
          {confirm.isPending ? t('resetSaving') : t('resetSubmit')}
        </Button>
      </form>
    </CardPage>
  );
}
