import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ReauthDownloadLink } from '#client/components/layout/reauth-download-link.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { ApiRequestError } from '#client/lib/api.ts';
import { describeError } from '#client/lib/errors.ts';
import { authApi } from '#common/contracts/auth-paths.ts';
import { urlOf } from '#common/contracts/endpoint.ts';
import { myDataApi } from '#common/contracts/my-data.ts';
import { REAUTH_WINDOW_MINUTES } from '#common/contracts/security.ts';

import { useDeleteAccount } from '../api/delete-account.ts';
import type { SettingsSection } from './settings-page.tsx';

/**
 * Each person's data (issue 11): a JSON copy of everything about them (a plain download link, the
 * server names the file) after the password or a code when the last one is older than the
 * re-authentication window, and deleting the account with its password, or after a recent sign-in for
 * accounts without one (decision 038).
 */
export const YourDataSection: SettingsSection = () => {
  const { t } = useTranslation(['settings', 'common']);
  const remove = useDeleteAccount();
  const [isConfirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const needsFreshSignIn = remove.error instanceof ApiRequestError && remove.error.body.code === 'REAUTH_REQUIRED';

  const confirmDelete = () =>
    remove.mutate(password ? { password } : {}, {
      // The session is gone: start again from the landing page, with nothing of the account in memory.
      onSuccess: () => window.location.assign('/?account=deleted'),
    });

  return (
    <Card data-testid="settings-your-data">
      <CardHeader>
        <CardTitle as="h2">{t('yourData.title')}</CardTitle>
        <CardDescription>{t('yourData.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <section aria-labelledby="your-data-export-title" className="space-y-2">
          <h3 id="your-data-export-title" className="font-semibold">
            {t('yourData.export.title')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('yourData.export.text')}</p>
          <ReauthDownloadLink
            href={myDataApi.export.path}
            className={buttonVariants({ variant: 'outline' })}
            data-testid="your-data-export"
          >
            <Download aria-hidden />
            {t('yourData.export.button')}
          </ReauthDownloadLink>
        </section>
        <section aria-labelledby="your-data-delete-title" className="space-y-3">
          <h3 id="your-data-delete-title" className="font-semibold text-destructive">
            {t('yourData.delete.title')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('yourData.delete.text')}</p>
          {!isConfirming ? (
            <Button
              variant="outline"
              className="border-destructive/60 text-destructive"
              onClick={() => setConfirming(true)}
              data-testid="your-data-delete-start"
            >
              <Trash2 aria-hidden />
              {t('yourData.delete.start')}
            </Button>
          ) : (
            <form
              noValidate
              className="flex max-w-md flex-col gap-4 rounded-xl border border-destructive/40 bg-destructive/5 p-3 sm:p-4"
              data-testid="your-data-delete-form"
              onSubmit={(e) => {
                e.preventDefault();
                confirmDelete();
              }}
            >
              <p className="text-sm font-medium">{t('yourData.delete.confirmText')}</p>
              <FormField label={t('yourData.delete.password')} hint={t('yourData.delete.passwordHint', { minutes: REAUTH_WINDOW_MINUTES })}>
                <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
              </FormField>
              {remove.isError && (
                <ErrorAlert>
                  {describeError(t, remove.error, { ns: 'settings' })}{' '}
                  {needsFreshSignIn && (
                    <a href={urlOf(authApi.login, { query: { returnTo: '/settings' } })} className="underline underline-offset-4">
                      {t('yourData.delete.signInAgain')}
                    </a>
                  )}
                </ErrorAlert>
              )}
              <div className="flex flex-wrap gap-2">
                <Button
                  type="submit"
                  variant="destructive"
                  className="h-auto min-h-10 whitespace-normal"
                  disabled={remove.isPending}
                  data-testid="your-data-delete-confirm"
                >
                  {remove.isPending ? t('yourData.delete.deleting') : t('yourData.delete.confirm')}
                </Button>
                <Button type="button" variant="outline" className="h-auto min-h-10 whitespace-normal" onClick={() => setConfirming(false)}>
                  {t('yourData.delete.cancel')}
                </Button>
              </div>
            </form>
          )}
        </section>
      </CardContent>
    </Card>
  );
};
