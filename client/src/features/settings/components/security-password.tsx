import { useTranslation } from 'react-i18next';

import { Button } from '#client/components/ui/button.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormRootError } from '#client/components/ui/form-root-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { describeError, translateValidation } from '#client/lib/errors.ts';
import { formSpec, submitHandler, useSchemaForm } from '#client/lib/forms.ts';
import { changePasswordBody } from '#common/contracts/security.ts';

import { useChangePassword } from '../api/change-password.ts';

export const changePasswordFormSpec = formSpec(changePasswordBody, { currentPassword: '', newPassword: '' });

/** Change of password with the current one; the other sessions of the account end. */
export function SecurityPassword() {
  const { t } = useTranslation(['settings', 'auth', 'common']);
  const change = useChangePassword();
  const form = useSchemaForm(changePasswordFormSpec);
  const err = form.formState.errors;
  return (
    <section aria-labelledby="security-password-title" className="space-y-4">
      <h3 id="security-password-title" className="font-semibold">
        {t('security.password.title')}
      </h3>
      <form
        noValidate
        className="flex max-w-md flex-col gap-4"
        data-testid="security-password-form"
        onSubmit={submitHandler(form.handleSubmit((values) => change.mutate(values, { onSuccess: () => form.reset() })))}
      >
        <FormField label={t('security.password.current')} error={translateValidation(t, err.currentPassword?.message)}>
          <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </FormField>
        <FormField
          label={t('security.password.new')}
          hint={t('auth:passwordHint')}
          error={translateValidation(t, err.newPassword?.message)}
        >
          <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
        </FormField>
        {change.isError && <ErrorAlert>{describeError(t, change.error, { ns: 'settings' })}</ErrorAlert>}
        {change.isSuccess && (
          <p role="status" className="rounded-lg bg-success/10 p-3 text-sm font-medium text-success" data-testid="security-password-done">
            {change.data.ended === 0 ? t('security.password.doneAlone') : t('security.password.done', { count: change.data.ended })}
          </p>
        )}
        <Button type="submit" className="self-start" disabled={change.isPending}>
          {change.isPending ? t('security.password.saving') : t('security.password.submit')}
        </Button>
        <FormRootError errors={form.formState.errors} />
      </form>
    </section>
  );
}
