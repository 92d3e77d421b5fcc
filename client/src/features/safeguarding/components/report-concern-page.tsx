import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { z } from 'zod';

import { CardPage } from '#client/components/layout/card-page.tsx';
import { ConcernReceived } from '#client/components/safeguarding/concern-form.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { CheckboxField } from '#client/components/ui/checkbox-field.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormRootError } from '#client/components/ui/form-root-error.tsx';
import { Input, Textarea } from '#client/components/ui/input.tsx';
import { describeError, translateValidation } from '#client/lib/errors.ts';
import { formSpec, submitHandler, useSchemaForm } from '#client/lib/forms.ts';
import { publicConcernBody } from '#common/contracts/safeguarding.ts';

import { useRaisePublicConcern } from '../api/public-concerns.ts';

export const publicConcernFormSpec = formSpec(publicConcernBody, { aboutName: '', body: '', isAnonymous: false, contactEmail: '' });
type PublicConcern = z.output<typeof publicConcernBody>;

/**
 * /report-concern (issue 25): anyone, signed in or not, tells the ministry's safeguarding lead about
 * a worry. An address is optional; the receipt holds a link to the concern's status either way.
 */
export default function ReportConcernPage() {
  const { t } = useTranslation(['safeguarding', 'common', 'validation', 'validation-safeguarding']);
  const raise = useRaisePublicConcern();
  const form = useSchemaForm(publicConcernFormSpec);
  const err = form.formState.errors;
  return (
    <CardPage
      title={t('public.title')}
      subtitle={raise.isSuccess ? undefined : t('public.subtitle')}
      width="xl"
      contentClassName="flex flex-col gap-4"
      data-testid="report-concern-page"
    >
      {raise.isSuccess ? (
        <ConcernReceived>
          <p className="text-sm">{t('public.keepLink')}</p>
          <Link href={raise.data.statusPath ?? '/'} className={buttonVariants({ variant: 'outline' })} data-testid="concern-status-link">
            {t('public.statusLink')}
          </Link>
        </ConcernReceived>
      ) : (
        <form noValidate className="flex flex-col gap-4" onSubmit={submitHandler(form.handleSubmit((v: PublicConcern) => raise.mutate(v)))}>
          <p className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">{t('public.danger')}</p>
          <FormField
            label={t('form.aboutName')}
            hint={t('form.aboutNameHint')}
            error={translateValidation(t, err.aboutName?.message, 'validation-safeguarding')}
          >
            <Input autoComplete="off" {...form.register('aboutName')} />
          </FormField>
          <FormField
            label={t('form.body')}
            hint={t('form.bodyHint')}
            error={translateValidation(t, err.body?.message, 'validation-safeguarding')}
          >
            <Textarea rows={7} {...form.register('body')} />
          </FormField>
          <FormField
            label={t('public.email')}
            hint={t('public.emailHint')}
            error={translateValidation(t, err.contactEmail?.message, 'validation-safeguarding')}
          >
            <Input type="email" autoComplete="email" {...form.register('contactEmail')} />
          </FormField>
          <CheckboxField control={form.control} name="isAnonymous" label={t('form.anonymous')} />
          <p className="text-xs text-muted-foreground">{t('form.whoReads')}</p>
          {raise.isError && <ErrorAlert>{describeError(t, raise.error, { ns: 'safeguarding' })}</ErrorAlert>}
          <Button type="submit" size="lg" disabled={raise.isPending}>
            {raise.isPending ? t('form.sending') : t('form.send')}
          </Button>
          <FormRootError errors={form.formState.errors} />
        </form>
      )}
    </CardPage>
  );
}
