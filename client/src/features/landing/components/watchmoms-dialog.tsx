import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClientProvider } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  emptyWatchmomsForm, toWatchmomsApplication, watchmomsForm, type WatchmomsFormInput, type WatchmomsFormValues,
} from '../../../../../common/contracts/public-forms.ts';
import { localizedCountries } from '../../../../../common/domain/countries.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { BirthdateFields } from '../../../components/ui/birthdate-fields.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { translateValidation } from '../../../lib/errors.ts';
import { useLanguage } from '../../../lib/language.ts';
import { dismissErrorToast, queryClient } from '../../../lib/query-client.ts';
import { newIdempotencyKey, useSubmitWatchmomsApplication } from '../api/submit-watchmoms-application.ts';

/** Spec: the thank-you shows for 3 seconds, then the dialog closes. */
export const THANK_YOU_MS = 3000;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The WatchMoms application (spec sections 2, 4, 5): idle, submitting, thank-you for 3 s, or an error toast. */
/** The landing page runs without the app's query provider (docs/decisions/023): the dialog brings it. */
export default function WatchmomsDialog(props: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <WatchmomsDialogContent {...props} />
    </QueryClientProvider>
  );
}

function WatchmomsDialogContent({ open, onOpenChange }: Props) {
  const { t } = useTranslation(['public', 'common', 'validation', 'validation-public']);
  const lang = useLanguage();
  const [thanking, setThanking] = useState(false);
  const [triedInvalid, setTriedInvalid] = useState(false);
  // One key per application: a retry or a double click of the same one is stored once.
  const key = useRef(newIdempotencyKey());
  const submit = useSubmitWatchmomsApplication();
  const form = useForm<WatchmomsFormInput, unknown, WatchmomsFormValues>({ resolver: zodResolver(watchmomsForm), defaultValues: emptyWatchmomsForm });
  const err = form.formState.errors;
  const msg = (m: string | undefined) => translateValidation(t, m, 'validation-public');

  const countries = useMemo(() => localizedCountries(lang), [lang]);

  useEffect(() => {
    if (!thanking) return;
    const timer = setTimeout(() => {
      setThanking(false);
      onOpenChange(false);
    }, THANK_YOU_MS);
    return () => clearTimeout(timer);
  }, [thanking, onOpenChange]);

  const onValid = (values: WatchmomsFormValues) => {
    setTriedInvalid(false);
    submit.mutate(
      { body: toWatchmomsApplication(values), key: key.current },
      {
        onSuccess: () => {
          // An error from an earlier attempt no longer applies.
          dismissErrorToast();
          form.reset(emptyWatchmomsForm);
          key.current = newIdempotencyKey();
          setThanking(true);
        },
      },
    );
  };

  const close = (next: boolean) => {
    if (!next) setThanking(false);
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel={t('common:close')} className="max-w-xl" data-testid="watchmoms-dialog">
        {thanking ? (
          <div className="flex flex-col items-center gap-3 py-8 text-center" role="status">
            <CheckCircle2 className="size-12 text-success" aria-hidden />
            <DialogTitle>{t('watchMoms.thankYouTitle')}</DialogTitle>
            <DialogDescription className="max-w-sm text-base">{t('watchMoms.thankYouText')}</DialogDescription>
          </div>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{t('watchMoms.title')}</DialogTitle>
              <DialogDescription>{t('watchMoms.subtitle')}</DialogDescription>
            </DialogHeader>
            <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit(onValid, () => setTriedInvalid(true))}>
              {triedInvalid && (
                <p role="alert" className="rounded-lg border border-destructive p-3 text-sm font-medium text-destructive">
                  {t('watchMoms.formInvalid')}
                </p>
              )}
              <FormField label={t('watchMoms.fullName')} error={msg(err.fullName?.message)}>
                <Input autoComplete="name" maxLength={100} {...form.register('fullName')} />
              </FormField>
              <FormField label={t('watchMoms.phone')} error={msg(err.phone?.message)}>
                <Input type="tel" autoComplete="tel" inputMode="tel" maxLength={30} {...form.register('phone')} />
              </FormField>
              <BirthdateFields
                legend={t('watchMoms.birthday')}
                labels={{ month: t('watchMoms.month'), day: t('watchMoms.day'), year: t('watchMoms.year') }}
                lang={lang}
                month={form.register('birthMonth')}
                day={form.register('birthDay')}
                year={form.register('birthYear')}
                dayError={msg(err.birthDay?.message)}
              />
              <FormField label={t('watchMoms.country')} error={msg(err.country?.message)}>
                <NativeSelect autoComplete="country-name" {...form.register('country')}>
                  <option value="">{t('watchMoms.countryPlaceholder')}</option>
                  {countries.map((c) => (
                    <option key={c.name} value={c.name}>
                      {c.label}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField label={t('watchMoms.cityState')} error={msg(err.cityState?.message)}>
                <Input autoComplete="address-level2" maxLength={120} {...form.register('cityState')} />
              </FormField>
              <FormField label={t('watchMoms.streetAddress')} error={msg(err.streetAddress?.message)}>
                <Input autoComplete="street-address" maxLength={200} {...form.register('streetAddress')} />
              </FormField>
              <FormField label={t('watchMoms.churchAffiliation')} error={msg(err.churchAffiliation?.message)}>
                <Input maxLength={150} {...form.register('churchAffiliation')} />
              </FormField>
              <FormField label={t('watchMoms.reasonForJoining')} hint={t('watchMoms.reasonHint')} error={msg(err.reasonForJoining?.message)}>
                <Textarea rows={4} maxLength={2000} {...form.register('reasonForJoining')} />
              </FormField>
              <Controller
                control={form.control}
                name="consent"
                render={({ field }) => (
                  <div className="flex flex-col gap-1.5">
                    <div className="flex items-start gap-3">
                      <Checkbox
                        id="watchmoms-consent"
                        ref={field.ref}
                        checked={field.value}
                        onCheckedChange={(v) => field.onChange(v === true)}
                        onBlur={field.onBlur}
                        aria-invalid={err.consent ? true : undefined}
                        aria-describedby={err.consent ? 'watchmoms-consent-error' : undefined}
                        className="mt-0.5"
                      />
                      <label htmlFor="watchmoms-consent" className="text-sm leading-snug">
                        {t('watchMoms.consent')}
                      </label>
                    </div>
                    {err.consent && (
                      <p id="watchmoms-consent-error" role="alert" className="text-sm font-medium text-destructive">
                        {msg(err.consent.message)}
                      </p>
                    )}
                  </div>
                )}
              />
              <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button type="button" variant="outline" onClick={() => close(false)}>
                  {t('watchMoms.cancel')}
                </Button>
                <Button type="submit" disabled={submit.isPending}>
                  {submit.isPending ? t('watchMoms.submitting') : t('watchMoms.submit')}
                </Button>
              </div>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
