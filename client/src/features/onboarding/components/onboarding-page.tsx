import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';

import { LogoutLink } from '#client/components/layout/logout-link.tsx';
import { PageHeader } from '#client/components/layout/page-header.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormRootError } from '#client/components/ui/form-root-error.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { formSpec, submitHandler, useSchemaForm } from '#client/lib/forms.ts';
import { onboardingForm, toOnboardingBody, type OnboardingFormValues } from '#common/contracts/onboarding.ts';

import { useCompleteOnboarding, useSkipOnboarding } from '../api/onboarding.ts';
import { OnboardingActions } from './onboarding-actions.tsx';
import { ProfileFields } from './profile-fields.tsx';

export const onboardingFormSpec = formSpec(onboardingForm, {
  firstName: '',
  lastName: '',
  mentorName: '',
  foundOnOwn: false,
  phone: '',
  address: '',
  country: '',
  churchDenomination: '',
  pastorName: '',
  birthMonth: '',
  birthDay: '',
  birthYear: '',
});

/**
 * The one-time profile (spec section 5). Shown for every path until the user completes or skips it;
 * a user who skipped can come back at /onboarding from the dashboard's reminder.
 */
export default function OnboardingPage() {
  const { t } = useTranslation(['onboarding', 'common', 'validation', 'validation-public']);
  const [, navigate] = useLocation();
  const { data: user } = useCurrentUser();
  const complete = useCompleteOnboarding(() => {
    toast({ title: t('welcomeTitle'), description: t('welcomeText') });
    navigate('/dashboard');
  });
  const skip = useSkipOnboarding(() => navigate('/dashboard'));
  const hasSkipped = user?.onboardingStatus === 'skipped';

  const form = useSchemaForm(onboardingFormSpec, {
    defaultValues: {
      ...onboardingFormSpec.defaultValues,
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      mentorName: user?.mentorName ?? '',
    },
  });

  const onValid = (values: OnboardingFormValues) => complete.mutate(toOnboardingBody(values));
  const onInvalid = () => toast({ variant: 'destructive', title: t('errorTitle'), description: t('allFieldsRequired') });
  const onSkip = () => skip.mutate();

  const name = user?.firstName || user?.username || '';
  const busy = complete.isPending || skip.isPending;

  return (
    <div data-testid="onboarding-page" className="flex min-h-dvh flex-col bg-gradient-to-b from-secondary/60 to-background">
      <PageHeader width="max-w-3xl" brand={{ label: t('common:brand') }} end={<LogoutLink />} />
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
            <form noValidate className="flex flex-col gap-5" onSubmit={submitHandler(form.handleSubmit(onValid, onInvalid))}>
              <ProfileFields form={form} />
              <p className="flex items-start gap-2 text-sm text-muted-foreground">
                <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                {t('privacy')}
              </p>
              <OnboardingActions hasSkipped={hasSkipped} busy={busy} isSubmitting={complete.isPending} onSkip={onSkip} />
              <FormRootError errors={form.formState.errors} />
            </form>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
