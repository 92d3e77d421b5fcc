import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';

import { CardPage } from '#client/components/layout/card-page.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { ApiRequestError } from '#client/lib/api.ts';
import { describeError } from '#client/lib/errors.ts';

import { useConfirmSignUp } from '../api/sign-in.ts';

/**
 * The page the sign-up mail links to (decision 037). Creating the account takes a click (mail
 * scanners that open links on their own must not create it). In another browser than the one that
 * signed up, the password chosen then is asked too.
 */
export default function ConfirmSignUpPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const confirm = useConfirmSignUp();
  const [password, setPassword] = useState('');
  const error = confirm.error instanceof ApiRequestError ? confirm.error : null;
  const [isPasswordAsked, setPasswordAsked] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (isPasswordAsked && !password) return;
    // Signed in: the app's gate opens the next step (the privacy questions, the profile or the dashboard).
    confirm.mutate(isPasswordAsked ? { token, password } : { token }, {
      onSuccess: () => navigate('/', { replace: true }),
      onError: (err) => {
        if (err instanceof ApiRequestError && err.body.code === 'SIGN_UP_PASSWORD_NEEDED') setPasswordAsked(true);
      },
    });
  };

  if (error && (error.status === 404 || error.status === 410 || error.body.code === 'VALIDATION_FAILED'))
    return (
      <CardPage title={t('confirmSignUp.deadTitle')}>
        <div className="flex flex-col gap-4">
          <p role="alert">{error.body.code === 'LINK_USED' ? t('confirmSignUp.used') : t('confirmSignUp.dead')}</p>
          <Link href={error.body.code === 'LINK_USED' ? '/login' : '/login?tab=sign-up'} className={buttonVariants()}>
            {error.body.code === 'LINK_USED' ? t('signIn') : t('confirmSignUp.again')}
          </Link>
        </div>
      </CardPage>
    );
  return (
    <CardPage title={t('confirmSignUp.title')} subtitle={isPasswordAsked ? t('confirmSignUp.otherBrowser') : t('confirmSignUp.subtitle')}>
      <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
        {isPasswordAsked && (
          <FormField label={t('password')}>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoFocus
            />
          </FormField>
        )}
        {error && error.body.code !== 'SIGN_UP_PASSWORD_NEEDED' && <ErrorAlert>{describeError(t, error)}</ErrorAlert>}
        <Button type="submit" size="lg" disabled={confirm.isPending}>
          {confirm.isPending ? t('confirmSignUp.creating') : t('confirmSignUp.submit')}
        </Button>
      </form>
    </CardPage>
  );
}
