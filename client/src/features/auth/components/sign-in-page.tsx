import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';

import { CardPage } from '#client/components/layout/card-page.tsx';
import { PrivacyNote } from '#client/components/layout/privacy-note.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormRootError } from '#client/components/ui/form-root-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { describeError, translateValidation } from '#client/lib/errors.ts';
import { formSpec, submitHandler, useSchemaForm } from '#client/lib/forms.ts';
import i18n from '#client/lib/i18n.ts';
import { toLanguage } from '#client/lib/language.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { accountBody, signInBody, signUpBody, type SignUpBody } from '#common/contracts/auth.ts';
import { safeReturnPath } from '#common/domain/return-to.ts';

import { useSignIn, useSignInSecondStep, useSignUp } from '../api/sign-in.ts';
import { BirthCountryFields, FaithConsentField, type ConsentFormValues } from './consent-fields.tsx';

export const signInFormSpec = formSpec(signInBody, { email: '', password: '' });
export const signUpFormSpec = formSpec(signUpBody, {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  faithDataConsent: false as unknown as true,
});
/** The founder's setup page: name, email and password only (POST /api/setup takes accountBody). */
export const setupFormSpec = formSpec(accountBody, { firstName: '', lastName: '', email: '', password: '' });

function useReturnTo() {
  const params = new URLSearchParams(useSearch());
  return safeReturnPath(params.get('returnTo'), window.location.origin);
}

/** After a right password, for accounts with two-step verification: a code from the app or a recovery code. */
function SecondStepForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const step = useSignInSecondStep();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return;
    step.mutate(useRecovery ? { recoveryCode: value } : { code: value.trim() }, { onSuccess: onDone });
  };
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit} data-testid="sign-in-second-step">
      <p className="text-sm text-muted-foreground">{useRecovery ? t('mfa.recoveryHint') : t('mfa.hint')}</p>
      <FormField label={useRecovery ? t('mfa.recoveryCode') : t('mfa.code')}>
        {useRecovery ? (
          <Input
            key="recovery"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoFocus
          />
        ) : (
          <Input
            key="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoFocus
          />
        )}
      </FormField>
      {step.isError && <ErrorAlert>{describeError(t, step.error)}</ErrorAlert>}
      <button
        type="button"
        className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
        onClick={() => {
          setUseRecovery(!useRecovery);
          setValue('');
          step.reset();
        }}
      >
        {useRecovery ? t('mfa.useCode') : t('mfa.useRecovery')}
      </button>
      <Button type="submit" size="lg" disabled={step.isPending}>
        {t('mfa.verify')}
      </Button>
    </form>
  );
}

function SignInForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const signIn = useSignIn();
  const form = useSchemaForm(signInFormSpec);
  const err = form.formState.errors;
  if (signIn.data && 'mfaRequired' in signIn.data) return <SecondStepForm onDone={onDone} />;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={submitHandler(
        form.handleSubmit((v) => signIn.mutate(v, { onSuccess: (result) => !('mfaRequired' in result) && onDone() })),
      )}
    >
      <FormField label={t('email')} error={translateValidation(t, err.email?.message)}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label={t('password')} error={translateValidation(t, err.password?.message)}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Link href="/forgot-password" className="-mt-2 self-end text-sm font-medium text-primary underline-offset-4 hover:underline">
        {t('forgotLink')}
      </Link>
      <FormRootError errors={err} />
      {signIn.isError && <ErrorAlert>{describeError(t, signIn.error)}</ErrorAlert>}
      <Button type="submit" size="lg" disabled={signIn.isPending}>
        {signIn.isPending ? t('signingIn') : t('signIn')}
      </Button>
    </form>
  );
}

interface SignUpFormProps {
  onSubmit: (values: SignUpBody) => void;
  isPending: boolean;
  error: unknown;
  submitLabel?: string;
  /** Month of birth, country, faith-data consent and a parent's email (sign-up); the founder setup has none. */
  withConsent?: boolean;
  /** Filled in from an invitation's link (`?email=`). */
  defaultEmail?: string;
}

/** Name, email and password (and at sign-up the consent fields); shared by sign-up and the founder setup page. */
export function SignUpForm({ onSubmit, isPending, error, submitLabel, withConsent = true, defaultEmail = '' }: SignUpFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  // The founder form is the account fields alone: its values must be ones accountBody knows (issue 22).
  const spec = (withConsent ? signUpFormSpec : setupFormSpec) as typeof signUpFormSpec;
  const form = useSchemaForm(spec, { defaultValues: { ...spec.defaultValues, email: defaultEmail } });
  const err = form.formState.errors;
  const consentForm = form as unknown as UseFormReturn<ConsentFormValues>;
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submitHandler(form.handleSubmit(onSubmit))}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('firstName')} error={translateValidation(t, err.firstName?.message)}>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField label={t('lastName')} error={translateValidation(t, err.lastName?.message)}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField label={t('email')} error={translateValidation(t, err.email?.message)}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label={t('password')} hint={t('passwordHint')} error={translateValidation(t, err.password?.message)}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      {withConsent && (
        <>
          <BirthCountryFields register={consentForm.register} watch={consentForm.watch} errors={consentForm.formState.errors} />
          <FaithConsentField control={consentForm.control} errors={consentForm.formState.errors} />
        </>
      )}
      <FormRootError errors={form.formState.errors} />
      {error != null && <ErrorAlert>{describeError(t, error)}</ErrorAlert>}
      <Button type="submit" size="lg" disabled={isPending}>
        {isPending ? t('creatingAccount') : (submitLabel ?? t('createAccount'))}
      </Button>
    </form>
  );
}

/**
 * After a sign-up: the same words whether the address is new or already has an account (decision
 * 037); the mail says which. The link made here is opened best in this browser (no password asked).
 */
function CheckYourMail({ email, onAgain }: { email: string; onAgain: () => void }) {
  const { t } = useTranslation('auth');
  const config = usePublicConfig();
  return (
    <div className="flex flex-col gap-4" role="status" data-testid="sign-up-check-mail">
      <MailCheck className="size-10 text-primary" aria-hidden />
      <h2 className="text-lg font-semibold">{t('signUpSentTitle')}</h2>
      <p>{t('signUpSentText', { email })}</p>
      <p className="text-sm text-muted-foreground">{t('signUpSentHelp')}</p>
      {config.data?.localMailbox && (
        <p className="text-sm" data-testid="local-mailbox-hint">
          {t('signUpLocalMailbox')}{' '}
          <a href="/local-mailbox" target="_blank" rel="noopener" className="font-medium text-primary underline underline-offset-4">
            {t('signUpLocalMailboxLink')}
          </a>
        </p>
      )}
      <button type="button" className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline" onClick={onAgain}>
        {t('signUpSentAgain')}
      </button>
    </div>
  );
}

/** Built-in sign-in and sign-up, shown by /api/login when no OpenID Connect provider is configured. */
export default function SignInPage() {
  const { t } = useTranslation('auth');
  const [, navigate] = useLocation();
  const returnTo = useReturnTo();
  const done = () => navigate(returnTo, { replace: true });
  const signUp = useSignUp();
  // An invitation's link (invitationSignUpPath) opens the sign-up tab with the invited email filled in.
  const params = new URLSearchParams(useSearch());
  const invitedEmail = params.get('email')?.slice(0, 254) ?? '';
  // Sent here by an OpenID sign-in or a password reset of an account with two-step verification.
  const isSecondStep = params.get('mfa') === '1';
  if (isSecondStep)
    return (
      <CardPage title={t('mfa.title')} subtitle={t('welcomeSubtitle')}>
        <SecondStepForm onDone={done} />
      </CardPage>
    );
  return (
    <CardPage title={t('welcomeTitle')} subtitle={t('welcomeSubtitle')}>
      {/* Sent back by an OpenID sign-in of an account the team deactivated. */}
      {params.get('deactivated') === '1' && (
        <ErrorAlert className="mb-4" data-testid="deactivated-notice">
          {t('errors.ACCOUNT_DEACTIVATED', { ns: 'common' })}
        </ErrorAlert>
      )}
      <Tabs defaultValue={params.get('tab') === 'sign-up' ? 'sign-up' : 'sign-in'}>
        <TabsList>
          <TabsTrigger value="sign-in">{t('signIn')}</TabsTrigger>
          <TabsTrigger value="sign-up">{t('createAccount')}</TabsTrigger>
        </TabsList>
        <TabsContent value="sign-in">
          <SignInForm onDone={done} />
        </TabsContent>
        <TabsContent value="sign-up">
          {signUp.isSuccess ? (
            <CheckYourMail email={signUp.variables.email} onAgain={() => signUp.reset()} />
          ) : (
            <>
              <SignUpForm
                onSubmit={(v) => signUp.mutate({ ...v, locale: toLanguage(i18n.resolvedLanguage) })}
                isPending={signUp.isPending}
                error={signUp.error}
                defaultEmail={invitedEmail}
              />
              <PrivacyNote className="mt-4" />
            </>
          )}
        </TabsContent>
      </Tabs>
    </CardPage>
  );
}
