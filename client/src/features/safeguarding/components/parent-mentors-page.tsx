import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import type { z } from 'zod';

import { CardPage } from '#client/components/layout/card-page.tsx';
import { ConcernReceived } from '#client/components/safeguarding/concern-form.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { CheckboxField } from '#client/components/ui/checkbox-field.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormRootError } from '#client/components/ui/form-root-error.tsx';
import { Input, NativeSelect, Textarea } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useDates } from '#client/lib/dates.ts';
import { describeError, translateValidation } from '#client/lib/errors.ts';
import { formSpec, submitHandler, useSchemaForm } from '#client/lib/forms.ts';
import { parentConcernBody } from '#common/contracts/safeguarding.ts';

import { useParentMentors, useRaiseParentConcern } from '../api/public-concerns.ts';

export const parentConcernFormSpec = formSpec(parentConcernBody, { aboutUserId: null, aboutName: '', body: '', isAnonymous: false });
type ParentConcern = z.output<typeof parentConcernBody>;

/**
 * /parent-mentors/:token (issue 25): a parent who agreed for their child sees who mentors them,
 * since when and until when the ministry approved them, and can raise a concern.
 */
export default function ParentMentorsPage() {
  const { t } = useTranslation(['safeguarding', 'common', 'validation', 'validation-safeguarding']);
  const { token = '' } = useParams<{ token: string }>();
  const view = useParentMentors(token);
  const raise = useRaiseParentConcern(token);
  const dates = useDates();
  const form = useSchemaForm(parentConcernFormSpec);
  const err = form.formState.errors;
  // The concern is about one of the mentors listed, or someone else by name ("other").
  const [about, setAbout] = useState('');
  const choose = (value: string) => {
    setAbout(value);
    form.setValue('aboutUserId', value && value !== 'other' ? value : null);
    if (value && value !== 'other') form.setValue('aboutName', '');
  };
  const onSubmit = (v: ParentConcern) => raise.mutate(v);
  return (
    <CardPage
      title={t('parent.title')}
      subtitle={view.data ? t('parent.subtitle', { child: view.data.childFirstName }) : undefined}
      width="xl"
      contentClassName="flex flex-col gap-6"
      data-testid="parent-mentors-page"
    >
      {view.isPending && <Spinner />}
      {view.isError && <ErrorAlert>{describeError(t, view.error, { ns: 'safeguarding' })}</ErrorAlert>}
      {view.data && (
        <>
          <section className="flex flex-col gap-2" aria-labelledby="parent-mentors-heading">
            <h2 id="parent-mentors-heading" className="font-semibold">
              {t('parent.mentorsTitle')}
            </h2>
            {view.data.mentors.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('parent.none')}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {view.data.mentors.map((m) => (
                  <li key={m.id} className="flex flex-col gap-1 rounded-lg border p-3" data-testid="parent-mentor">
                    <p className="flex flex-wrap items-center gap-2 font-medium [overflow-wrap:anywhere]">
                      {m.name}
                      {m.isPaused && <Badge variant="outline">{t('paused.badge')}</Badge>}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {m.since ? t('parent.since', { date: dates.date(m.since) }) : t('parent.sinceUnknown')}
                    </p>
                    {m.needsApproval && (
                      <p className="text-sm text-muted-foreground">
                        {m.approvedUntil ? t('parent.approvedUntil', { date: dates.date(m.approvedUntil) }) : t('parent.notApproved')}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="flex flex-col gap-3" aria-labelledby="parent-concern-heading">
            <h2 id="parent-concern-heading" className="font-semibold">
              {t('parent.concernTitle')}
            </h2>
            {raise.isSuccess ? (
              <ConcernReceived />
            ) : (
              <form noValidate className="flex flex-col gap-4" onSubmit={submitHandler(form.handleSubmit(onSubmit))}>
                <FormField
                  label={t('parent.about')}
                  error={about === 'other' ? undefined : translateValidation(t, err.aboutName?.message, 'validation-safeguarding')}
                >
                  <NativeSelect value={about} onChange={(e) => choose(e.target.value)}>
                    <option value="">{t('parent.choose')}</option>
                    {view.data.mentors.map((m) => (
                      <option key={m.id} value={m.id}>
                        {m.name}
                      </option>
                    ))}
                    <option value="other">{t('parent.someoneElse')}</option>
                  </NativeSelect>
                </FormField>
                {about === 'other' && (
                  <FormField
                    label={t('parent.otherName')}
                    error={translateValidation(t, err.aboutName?.message, 'validation-safeguarding')}
                  >
                    <Input autoComplete="off" {...form.register('aboutName')} />
                  </FormField>
                )}
                <FormField
                  label={t('form.body')}
                  hint={t('form.bodyHint')}
                  error={translateValidation(t, err.body?.message, 'validation-safeguarding')}
                >
                  <Textarea rows={6} {...form.register('body')} />
                </FormField>
                <CheckboxField control={form.control} name="isAnonymous" label={t('form.anonymous')} />
                {raise.isError && <ErrorAlert>{describeError(t, raise.error, { ns: 'safeguarding' })}</ErrorAlert>}
                <Button type="submit" disabled={raise.isPending}>
                  {raise.isPending ? t('form.sending') : t('form.send')}
                </Button>
                <FormRootError errors={form.formState.errors} />
              </form>
            )}
          </section>
        </>
      )}
    </CardPage>
  );
}
