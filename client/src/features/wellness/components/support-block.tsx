import { CheckCircle2, Lock } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { PrivacyNote } from '#client/components/layout/privacy-note.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { CheckboxField } from '#client/components/ui/checkbox-field.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormRootError } from '#client/components/ui/form-root-error.tsx';
import { Input, NativeSelect } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { translateValidation } from '#client/lib/errors.ts';
import { formSpec, submitHandler, useSchemaForm } from '#client/lib/forms.ts';
import { useLanguage } from '#client/lib/language.ts';
import { cn } from '#client/lib/utils.ts';
import { callbackForm, toCallbackRequest, type CallbackFormInput } from '#common/contracts/public-forms.ts';
import type { CrisisRegion } from '#common/domain/crisis-lines.ts';
import {
  ambassadorsFor,
  callbackLanguages,
  contactMethods,
  shouldShowHotlines,
  supportCategories,
  type ScoreBand,
  type SupportCategory,
} from '#common/domain/support.ts';
import type publicTexts from '#locales/en/public.json';

import { useRequestCallback } from '../api/request-callback.ts';
import { CrisisDirectory } from './crisis-directory.tsx';

export const callbackFormSpec = formSpec(callbackForm, {
  name: '',
  phone: '',
  category: '',
  contactMethod: '',
  voicemail: '',
  goodTime: '',
  language: 'en',
  consent: false,
});

/** The callback form's state; the caller owns it so that other parts of the page can preselect a category. */
export function useCallbackForm() {
  const language = useLanguage();
  return useSchemaForm(callbackFormSpec, { defaultValues: { ...callbackFormSpec.defaultValues, language } });
}
export type CallbackFormState = ReturnType<typeof useCallbackForm>;

/** A required one-of-a-few choice as radio buttons in a fieldset. */
function ChoiceGroup({
  legend,
  name,
  options,
  form,
  error,
}: {
  legend: string;
  name: 'contactMethod' | 'voicemail';
  options: { value: string; label: string }[];
  form: CallbackFormState;
  error?: string;
}) {
  const errorId = useId();
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? errorId : undefined} data-testid={`callback-${name}`}>
      <legend className="mb-1.5 text-sm font-medium leading-none">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-input bg-background px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="radio"
              value={o.value}
              className="size-4 accent-primary"
              aria-invalid={error ? true : undefined}
              {...form.register(name)}
            />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Who will see the request, and the explicit agreement to it (health data: GDPR Art. 9(2)(a)). */
function ConsentField({ form, error }: { form: CallbackFormState; error?: string }) {
  const { t } = useTranslation('public');
  return <CheckboxField control={form.control} name="consent" label={t('support.form.consent')} error={error} />;
}

/** Category, name and phone, how and when to call, the language and the consent, checked with the shared contract, then sent; a thank-you replaces the form for good. */
function CallbackForm({ form, band }: { form: CallbackFormState; band: ScoreBand }) {
  const { t, i18n } = useTranslation(['public', 'validation', 'validation-public']);
  const languageNames = new Intl.DisplayNames([i18n.resolvedLanguage ?? 'en'], { type: 'language' });
  const send = useRequestCallback();
  const err = form.formState.errors;
  const msg = (m: string | undefined) => translateValidation(t, m, 'validation-public');

  if (send.isSuccess) {
    return (
      <div
        role="status"
        className="flex flex-col items-center gap-2 rounded-2xl border border-success/40 bg-success/10 p-6 text-center"
        data-testid="callback-sent"
      >
        <CheckCircle2 className="size-10 text-success" aria-hidden />
        <p className="text-lg font-semibold">{t('support.sent.title')}</p>
        <p>{t('support.sent.text')}</p>
      </div>
    );
  }

  const onValid = (v: CallbackFormInput) => send.mutate(toCallbackRequest(v, band));
  const onInvalid = () => toast({ variant: 'destructive', title: t('support.form.missingTitle'), description: t('support.form.missing') });

  return (
    <form
      noValidate
      onSubmit={submitHandler(form.handleSubmit(onValid, onInvalid))}
      className="flex flex-col gap-4"
      aria-labelledby="callback-title"
      data-testid="callback-form"
    >
      <h3 id="callback-title" className="text-lg font-semibold">
        {t('support.form.title')}
      </h3>
      <FormField label={t('support.form.category')} error={msg(err.category?.message)}>
        <NativeSelect required {...form.register('category')}>
          <option value="">{t('support.form.categoryPlaceholder')}</option>
          {supportCategories.map((c) => (
            <option key={c} value={c}>
              {t(`support.categories.${c}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('support.form.name')} error={msg(err.name?.message)}>
          <Input required autoComplete="given-name" maxLength={100} {...form.register('name')} />
        </FormField>
        <FormField label={t('support.form.phone')} hint={t('support.form.phoneHint')} error={msg(err.phone?.message)}>
          <Input required type="tel" inputMode="tel" autoComplete="tel" maxLength={30} {...form.register('phone')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceGroup
          legend={t('support.form.contactMethod')}
          name="contactMethod"
          options={contactMethods.map((m) => ({ value: m, label: t(`support.form.contactMethods.${m}`) }))}
          form={form}
          error={msg(err.contactMethod?.message)}
        />
        <ChoiceGroup
          legend={t('support.form.voicemail')}
          name="voicemail"
          options={[
            { value: 'yes', label: t('support.form.voicemailYes') },
            { value: 'no', label: t('support.form.voicemailNo') },
          ]}
          form={form}
          error={msg(err.voicemail?.message)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('support.form.goodTime')} hint={t('support.form.goodTimeHint')} error={msg(err.goodTime?.message)}>
          <Input maxLength={100} {...form.register('goodTime')} />
        </FormField>
        <FormField label={t('support.form.language')} error={msg(err.language?.message)}>
          <NativeSelect {...form.register('language')}>
            {callbackLanguages.map((l) => (
              <option key={l} value={l}>
                {languageNames.of(l)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <ConsentField form={form} error={msg(err.consent?.message)} />
      <Button type="submit" size="lg" disabled={send.isPending}>
        {send.isPending ? t('support.form.sending') : t('support.form.submit')}
      </Button>
      <FormRootError errors={form.formState.errors} />
    </form>
  );
}

interface SupportBlockProps {
  /** The band of the assessment the request comes from ('unknown' when none). */
  band: ScoreBand;
  forceHotlines?: boolean;
  form: CallbackFormState;
  /** The country of the crisis directory, and how to change it. */
  region: CrisisRegion;
  onRegionChange: (region: CrisisRegion) => void;
}

/** An ambassador's texts (common/domain/support.ts keeps their keys as plain strings). */
type AmbassadorKey = keyof typeof publicTexts.support.ambassadors;

/** The counselor support block (spec section 2): hotlines when needed, support ambassadors, callback form, confidentiality note. */
export function SupportBlock({ band, forceHotlines = false, form, region, onRegionChange }: SupportBlockProps) {
  const { t } = useTranslation('public');
  const category = form.watch('category') as SupportCategory | '';
  const chooseCategory = (c: SupportCategory) => form.setValue('category', c, { shouldValidate: form.formState.isSubmitted });
  const showHotlines = shouldShowHotlines({ forced: forceHotlines, category: category || undefined, band });
  return (
    <section
      id="support"
      aria-labelledby="support-title"
      tabIndex={-1}
      className="flex scroll-mt-6 flex-col gap-6 focus-visible:outline-none"
      data-testid="support-block"
    >
      {showHotlines && <CrisisDirectory region={region} onRegionChange={onRegionChange} />}
      <div>
        <h2 id="support-title" className="text-2xl font-bold tracking-tight">
          {t('support.title')}
        </h2>
        <p className="mt-2 text-muted-foreground">{t('support.intro')}</p>
      </div>
      <div>
        <h3 className="text-sm font-semibold">{t('support.ambassadorsLabel')}</h3>
        <p className="text-sm text-muted-foreground">{t('support.chooseHint')}</p>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="support-ambassadors">
          {ambassadorsFor(category || undefined).map((a) => {
            const selected = category === a.category;
            return (
              <li key={a.id}>
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => chooseCategory(a.category)}
                  className={cn(
                    'flex h-full w-full flex-col items-start gap-1 rounded-xl border bg-card p-4 text-left transition hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    selected && 'border-primary ring-1 ring-primary',
                  )}
                >
                  <span className="text-xs font-semibold uppercase tracking-wide text-primary">
                    {t(`support.categories.${a.category}`)}
                  </span>
                  <span className="font-semibold">{t(`support.ambassadors.${a.key as AmbassadorKey}.title`)}</span>
                  <span className="text-sm text-muted-foreground">{t(`support.ambassadors.${a.key as AmbassadorKey}.text`)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <CallbackForm form={form} band={band} />
          <p className="mt-4 flex items-start gap-2 text-sm text-muted-foreground">
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('support.confidentiality')}
          </p>
          <PrivacyNote className="mt-2 pl-6" />
        </CardContent>
      </Card>
    </section>
  );
}
