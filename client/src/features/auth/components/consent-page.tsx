import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { CardPage } from '#client/components/layout/card-page.tsx';
import { LogoutLink } from '#client/components/layout/logout-link.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { FormRootError } from '#client/components/ui/form-root-error.tsx';
import { describeError } from '#client/lib/errors.ts';
import { formSpec, submitHandler, useSchemaForm } from '#client/lib/forms.ts';
import { checkConsentDetails, consentDetailsFields, type CurrentUser } from '#common/contracts/auth.ts';

import { useGiveConsent } from '../api/consent.ts';
import { BirthCountryFields, FaithConsentField, type ConsentFormValues } from './consent-fields.tsx';

export const consentNoticeFormSpec = formSpec(z.object({ faithDataConsent: consentDetailsFields.faithDataConsent }), {
  faithDataConsent: false as unknown as true,
});
export const consentDetailsFormSpec = formSpec(z.object(consentDetailsFields).superRefine(checkConsentDetails), {
  faithDataConsent: false as unknown as true,
});

/**
 * Shown before anything else to a signed-in person who has not agreed to the current privacy
 * notice: on a first OpenID Connect arrival (or an account older than the notice) with the same
 * questions as sign-up, after a new notice version with the consent box alone.
 */
export default function ConsentPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(['auth', 'common']);
  const isDetails = user.consentNeeded === 'details';
  // The parent's email must differ from this account's own.
  const detailsSpec = {
    ...consentDetailsFormSpec,
    schema: z.object(consentDetailsFields).superRefine((v, ctx) => checkConsentDetails({ ...v, email: user.email }, ctx)),
  };
  const form = useSchemaForm(
    (isDetails ? detailsSpec : consentNoticeFormSpec) as typeof consentNoticeFormSpec,
  ) as unknown as UseFormReturn<ConsentFormValues>;
  const give = useGiveConsent();
  const onValid = (v: ConsentFormValues) =>
    give.mutate(
      isDetails
        ? {
            faithDataConsent: true,
            details: { birthYear: v.birthYear!, birthMonth: v.birthMonth!, country: v.country!, parentEmail: v.parentEmail },
          }
        : { faithDataConsent: true },
    );
  return (
    <CardPage
      title={t(isDetails ? 'consent.detailsTitle' : 'consent.noticeTitle')}
      subtitle={t(isDetails ? 'consent.detailsSubtitle' : 'consent.noticeSubtitle')}
    >
      <form noValidate className="flex flex-col gap-4" onSubmit={submitHandler(form.handleSubmit(onValid))} data-testid="consent-page">
        {isDetails && <BirthCountryFields register={form.register} watch={form.watch} errors={form.formState.errors} />}
        <FaithConsentField control={form.control} errors={form.formState.errors} />
        <FormRootError errors={form.formState.errors} />
        {give.isError && <ErrorAlert>{describeError(t, give.error)}</ErrorAlert>}
        <Button type="submit" size="lg" disabled={give.isPending}>
          {t('consent.submit')}
        </Button>
      </form>
      <div className="mt-4 flex justify-center">
        <LogoutLink />
      </div>
    </CardPage>
  );
}
