import { QueryClientProvider } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PrivacyNote } from '#client/components/layout/privacy-note.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { FormRootError } from '#client/components/ui/form-root-error.tsx';
import { formSpec, submitHandler, useSchemaForm } from '#client/lib/forms.ts';
import { dismissErrorToast, queryClient } from '#client/lib/query-client.ts';
import { urlOf } from '#common/contracts/endpoint.ts';
import { prayerApi } from '#common/contracts/prayer.ts';
import { emptyWatchmomsForm, toWatchmomsApplication, watchmomsForm, type WatchmomsFormValues } from '#common/contracts/public-forms.ts';

import { newIdempotencyKey, useSubmitWatchmomsApplication } from '../api/submit-watchmoms-application.ts';
import { WatchmomsFields } from './watchmoms-fields.tsx';

/** Spec: the thank-you shows for 3 seconds, then the dialog closes. */
export const THANK_YOU_MS = 3000;

export const watchmomsFormSpec = formSpec(watchmomsForm, emptyWatchmomsForm);

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The WatchMoms application (spec sections 2, 4, 5): idle, submitting, thank-you for 3 s, or an error toast.
 * The landing page runs without the app's query provider (docs/decisions/023): the dialog brings it.
 */
export default function WatchmomsDialog(props: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <WatchmomsDialogContent {...props} />
    </QueryClientProvider>
  );
}

function WatchmomsDialogContent({ open, onOpenChange }: Props) {
  const { t, i18n } = useTranslation(['public', 'common', 'validation', 'validation-public']);
  const [thanking, setThanking] = useState(false);
  const [triedInvalid, setTriedInvalid] = useState(false);
  // One key per application: a retry or a double click of the same one is stored once.
  const key = useRef(newIdempotencyKey());
  const submit = useSubmitWatchmomsApplication();
  const form = useSchemaForm(watchmomsFormSpec);

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
            {/* The mothers have no account: the prayer nights' public calendar is theirs to add (docs/decisions/075). */}
            <p className="max-w-sm text-sm text-muted-foreground">{t('watchMoms.prayerNights')}</p>
            <a
              href={urlOf(prayerApi.nights, { query: { lang: i18n.language === 'fr' ? 'fr' : 'en' } })}
              download="prayer-nights.ics"
              className={buttonVariants({ variant: 'outline' })}
              data-testid="watchmoms-prayer-nights"
            >
              {t('watchMoms.prayerNightsCalendar')}
            </a>
          </div>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{t('watchMoms.title')}</DialogTitle>
              <DialogDescription>{t('watchMoms.subtitle')}</DialogDescription>
            </DialogHeader>
            <form
              noValidate
              className="flex flex-col gap-4"
              onSubmit={submitHandler(form.handleSubmit(onValid, () => setTriedInvalid(true)))}
            >
              {triedInvalid && (
                <p role="alert" className="rounded-lg border border-destructive p-3 text-sm font-medium text-destructive">
                  {t('watchMoms.formInvalid')}
                </p>
              )}
              <WatchmomsFields form={form} />
              <PrivacyNote />
              <DialogActions className="mt-2">
                <Button type="button" variant="outline" onClick={() => close(false)}>
                  {t('watchMoms.cancel')}
                </Button>
                <Button type="submit" disabled={submit.isPending}>
                  {submit.isPending ? t('watchMoms.submitting') : t('watchMoms.submit')}
                </Button>
              </DialogActions>
              <FormRootError errors={form.formState.errors} />
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
