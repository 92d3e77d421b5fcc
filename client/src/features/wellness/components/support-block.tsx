import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, ExternalLink, LifeBuoy, Lock, Phone } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callbackForm, type CallbackFormInput } from '../../../../../common/contracts/public-forms.ts';
import {
  ambassadorsFor, hotlines, shouldShowHotlines, supportCategories, type ScoreBand, type SupportCategory,
} from '../../../../../common/domain/support.ts';
import { PrivacyNote } from '../../../components/layout/privacy-note.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, NativeSelect } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { translateValidation } from '../../../lib/errors.ts';
import { cn } from '../../../lib/utils.ts';
import { useRequestCallback } from '../api/request-callback.ts';

function HotlinesCard() {
  const { t } = useTranslation('public');
  return (
    <Card className="border-destructive/40 bg-destructive/5" data-testid="hotlines">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LifeBuoy className="size-5 text-destructive" aria-hidden />
          {t('support.hotlines.title')}
        </CardTitle>
        <CardDescription className="text-foreground/80">{t('support.hotlines.text')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 sm:grid-cols-2">
          {hotlines.map((h) => (
            <li key={h.id}>
              <a
                href={h.href}
                {...(h.href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                className="flex items-center justify-between gap-3 rounded-xl border bg-card px-4 py-3 transition hover:border-destructive focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="text-sm">{t(`support.hotlines.${h.id}`)}</span>
                <span className="flex items-center gap-1.5 font-bold whitespace-nowrap">
                  {h.href.startsWith('http') ? <ExternalLink className="size-4" aria-hidden /> : <Phone className="size-4" aria-hidden />}
                  {h.display}
                </span>
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm font-medium">{t('support.hotlines.emergency')}</p>
      </CardContent>
    </Card>
  );
}

/** The callback form's state; the caller owns it so that other parts of the page can preselect a category. */
export function useCallbackForm() {
  return useForm<CallbackFormInput>({ resolver: zodResolver(callbackForm), defaultValues: { name: '', phone: '', category: '' } });
}
export type CallbackFormState = ReturnType<typeof useCallbackForm>;

/** Category, name and phone, checked with the shared contract, then sent; a thank-you replaces the form for good. */
function CallbackForm({ form, band }: { form: CallbackFormState; band: ScoreBand }) {
  const { t } = useTranslation(['public', 'validation', 'validation-public']);
  const send = useRequestCallback();
  const err = form.formState.errors;
  const msg = (m: string | undefined) => translateValidation(t, m, 'validation-public');

  if (send.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-center gap-2 rounded-2xl border border-success/40 bg-success/10 p-6 text-center" data-testid="callback-sent">
        <CheckCircle2 className="size-10 text-success" aria-hidden />
        <p className="text-lg font-semibold">{t('support.sent.title')}</p>
        <p>{t('support.sent.text')}</p>
      </div>
    );
  }

  const onValid = (v: CallbackFormInput) =>
    send.mutate({ name: v.name, phone: v.phone, category: v.category as SupportCategory, scoreBand: band });
  const onInvalid = () => toast({ variant: 'destructive', title: t('support.form.missingTitle'), description: t('support.form.missing') });

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="flex flex-col gap-4" aria-labelledby="callback-title" data-testid="callback-form">
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
      <Button type="submit" size="lg" disabled={send.isPending}>
        {send.isPending ? t('support.form.sending') : t('support.form.submit')}
      </Button>
    </form>
  );
}

interface SupportBlockProps {
  /** The band of the assessment the request comes from ('unknown' when none). */
  band: ScoreBand;
  forceHotlines?: boolean;
  form: CallbackFormState;
}

/** The counselor support block (spec section 2): hotlines when needed, support ambassadors, callback form, confidentiality note. */
export function SupportBlock({ band, forceHotlines = false, form }: SupportBlockProps) {
  const { t } = useTranslation('public');
  const category = form.watch('category') as SupportCategory | '';
  const chooseCategory = (c: SupportCategory) => form.setValue('category', c, { shouldValidate: form.formState.isSubmitted });
  const showHotlines = shouldShowHotlines({ forced: forceHotlines, category: category || undefined, band });
  return (
    <section id="support" aria-labelledby="support-title" tabIndex={-1} className="flex scroll-mt-6 flex-col gap-6 focus-visible:outline-none" data-testid="support-block">
      {showHotlines && <HotlinesCard />}
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
                  <span className="text-xs font-semibold uppercase tracking-wide text-primary">{t(`support.categories.${a.category}`)}</span>
                  <span className="font-semibold">{t(`support.ambassadors.${a.key}.title`)}</span>
                  <span className="text-sm text-muted-foreground">{t(`support.ambassadors.${a.key}.text`)}</span>
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
