import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';

import { CardPage } from '#client/components/layout/card-page.tsx';
import { LoadingScreen } from '#client/components/layout/loading-screen.tsx';
import { MessageCard } from '#client/components/layout/message-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { call } from '#client/lib/api.ts';
import i18n from '#client/lib/i18n.ts';
import { toLanguage } from '#client/lib/language.ts';
import { authApi } from '#common/contracts/auth-paths.ts';
import { urlOf } from '#common/contracts/endpoint.ts';

import { useCreateFounder } from '../api/sign-in.ts';
import { SignUpForm } from './sign-in-page.tsx';

/** The one-time founder setup link printed by the server on a fresh install. */
export default function SetupPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const status = useQuery({
    queryKey: [urlOf(authApi.setupStatus, { params: { token } })],
    queryFn: () => call(authApi.setupStatus, { params: { token } }),
  });
  const createFounder = useCreateFounder();
  if (status.isLoading) return <LoadingScreen />;
  if (!status.data?.valid)
    return (
      <MessageCard
        title={t('setupInvalidTitle')}
        message={t('setupInvalidText')}
        action={
          <Button asChild>
            <a href="/">{t('backHome')}</a>
          </Button>
        }
      />
    );
  return (
    <CardPage title={t('setupTitle')} subtitle={t('setupSubtitle')}>
      <SignUpForm
        withConsent={false}
        onSubmit={(v) =>
          createFounder.mutate(
            { ...v, token, locale: toLanguage(i18n.resolvedLanguage) },
            { onSuccess: () => navigate('/', { replace: true }) },
          )
        }
        isPending={createFounder.isPending}
        error={createFounder.error}
        submitLabel={t('setupSubmit')}
      />
    </CardPage>
  );
}
