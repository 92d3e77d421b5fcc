import { zodResolver } from '@hookform/resolvers/zod';
import { LogOut, ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { paths } from '../../../../../common/contracts/auth-paths.ts';
import {
  onboardingCountries, onboardingForm, toOnboardingBody, type OnboardingFormInput, type OnboardingFormValues,
} from '../../../../../common/contracts/onboarding.ts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { BirthdateFields } from '../../../components/ui/birthdate-fields.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { translateValidation } from '../../../lib/errors.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useLanguage } from '../../../lib/language.ts';
import { useCompleteOnboarding, useSkipOnboarding } from '../api/onboarding.ts';

/**
 * The one-time profile (spec section 5). Shown for every path until the user completes or skips it;
 * a user who skipped can come back at /onboarding from the dashboard's reminder.
 */
export default function OnboardingPage() {
  const { t } = useTranslation(['onboarding', 'common', 'validation', 'validation-public']);
  const lang = useLanguage();
  const [, navigate] = useLocation();
  const { data: user } = useCurrentUser();
  const complete = useCompleteOnboarding(() => {
    toast({ title: t('welcomeTitle'), description: t('welcomeText') });
    navigate('/dashboard');
  });
  const skip = useSkipOnboarding(() => navigate('/dashboard'));
  const hasSkipped = user?.onboardingStatus === 'skipped';

  const form = useForm<OnboardingFormInput, unknown, OnboardingFormValues>({
    resolver: zodResolver(onboardingForm),
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      mentorName: user?.mentorName ?? '',
      phone: '',
      address: '',
      country: '',
      churchDenomination: '',
      pastorName: '',
      birthMonth: '',
      birthDay: '',
      birthYear: '',
    },
  });
  const err = form.formState.errors;
  const msg = (m: string | undefined) => translateValidation(t, m, 'validation-public');

  const onValid = (values: OnboardingFormValues) => complete.mutate(toOnboardingBody(values));
  const onInvalid = () => toast({ variant: 'destructive', title: t('errorTitle'), description: t('allFieldsRequired') });
  const onSkip = () => skip.mutate();

  const name = user?.firstName || user?.username || '';
  const busy = complete.isPending || skip.isPending;

  return (
    <div data-testid="onboarding-page" className="flex min-h-dvh flex-col bg-gradient-to-b from-secondary/60 to-background">
      <PageHeader
        width="max-w-3xl"
        brand={{ label: t('common:brand') }}
        end={
          <a href={paths.logout} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            <LogOut aria-hidden />
            <span className="hidden sm:inline">{t('common:nav.logout')}</span>
            <span className="sr-only sm:hidden">{t('common:nav.logout')}</span>
          </a>
        }
      />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 pb-12">
        <Card>
          <CardHeader>
            <p className="font-semibold text-primary">{name ? t('greeting', { name }) : t('greetingNoName')}</p>
            <CardTitle as="h1" className="text-2xl sm:text-3xl">
              {t('title')}
            </CardTitle>
            <CardDescription className="text-base">{t('subtitle')}</CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate className="flex flex-col gap-5" onSubmit={form.handleSubmit(onValid, onInvalid)}>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label={t('firstName')} error={msg(err.firstName?.message)}>
                  <Input required autoComplete="given-name" maxLength={80} {...form.register('firstName')} />
                </FormField>
                <FormField label={t('lastName')} error={msg(err.lastName?.message)}>
                  <Input required autoComplete="family-name" maxLength={80} {...form.register('lastName')} />
                </FormField>
              </div>
              <FormField label={t('mentorName')} hint={t('mentorHint')} error={msg(err.mentorName?.message)}>
                <Input required autoComplete="off" maxLength={160} {...form.register('mentorName')} />
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label={t('phone')} error={msg(err.phone?.message)}>
                  <Input required type="tel" inputMode="tel" autoComplete="tel" maxLength={30} {...form.register('phone')} />
                </FormField>
                <FormField label={t('country')} error={msg(err.country?.message)}>
                  <NativeSelect required autoComplete="country-name" {...form.register('country')}>
                    <option value="">{t('countryPlaceholder')}</option>
                    {onboardingCountries.map((c) => (
                      <option key={c} value={c}>
                        {t(`countries.${c}`)}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
              </div>
              <FormField label={t('address')} hint={t('addressHint')} error={msg(err.address?.message)}>
                <Textarea required rows={3} autoComplete="street-address" maxLength={300} {...form.register('address')} />
              </FormField>
              <BirthdateFields
                legend={t('birthday')}
                labels={{ month: t('month'), day: t('day'), year: t('year') }}
                lang={lang}
                month={form.register('birthMonth')}
                day={form.register('birthDay')}
                year={form.register('birthYear')}
                dayError={msg(err.birthDay?.message)}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label={t('churchDenomination')} error={msg(err.churchDenomination?.message)}>
                  <Input required maxLength={150} {...form.register('churchDenomination')} />
                </FormField>
                <FormField label={t('pastorName')} error={msg(err.pastorName?.message)}>
                  <Input required maxLength={160} {...form.register('pastorName')} />
                </FormField>
              </div>
              <p className="flex items-start gap-2 text-sm text-muted-foreground">
                <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                {t('privacy')}
              </p>
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
                {hasSkipped ? (
                  <Link href="/dashboard" className={buttonVariants({ variant: 'ghost' })}>
                    {t('notNow')}
                  </Link>
                ) : (
                  <div className="flex flex-col gap-1 sm:max-w-xs">
                    <Button type="button" variant="ghost" className="sm:self-start" onClick={onSkip} disabled={busy}>
                      {t('skip')}
                    </Button>
                    <p className="text-center text-xs text-muted-foreground sm:text-left">{t('skipHint')}</p>
                  </div>
                )}
                <Button type="submit" size="lg" disabled={busy}>
                  {complete.isPending ? t('submitting') : t('submit')}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
