import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { CardPage } from '#client/components/layout/card-page.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormRootError } from '#client/components/ui/form-root-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { describeError, translateValidation } from '#client/lib/errors.ts';
import { formSpec, submitHandler, useSchemaForm } from '#client/lib/forms.ts';
import { passwordResetBody } from '#common/contracts/mail.ts';

import { useRequestPasswordReset } from '../api/password-reset.ts';

export const forgotPasswordFormSpec = formSpec(passwordResetBody, { email: '' });

/** "Forgot your password?": asks for the address and says a mail is on its way (whether or not it has an account). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const request = useRequestPasswordReset();
  const form = useSchemaForm(forgotPasswordFormSpec);
  if (request.isSuccess)
    return (
      <CardPage title={t('forgotSentTitle')}>
        <div className="flex flex-col gap-4" role="status">
          <MailCheck className="size-10 text-primary" aria-hidden />
          <p>{t('forgotSentText', { email: request.variables.email })}</p>
          <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('backToSignIn')}
          </Link>
        </div>
      </CardPage>
    );
  return (
    <CardPage title={t('forgotTitle')} subtitle={t('forgotSubtitle')}>
      <form noValidate className="flex flex-col gap-4" onSubmit={submitHandler(form.handleSubmit((v) => request.mutate(v)))}>
        <FormField label={t('email')} error={translateValidation(t, form.formState.errors.email?.message)}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormRootError errors={form.formState.errors} />
        {request.isError && <ErrorAlert>{describeError(t, request.error)}</ErrorAlert>}
        <Button type="submit" size="lg" disabled={request.isPending}>
          {request.isPending ? t('forgotSending') : t('forgotSubmit')}
        </Button>
        <Link href="/login" className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('backToSignIn')}
        </Link>
      </form>
    </CardPage>
  );
}
