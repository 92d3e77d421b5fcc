import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { describeError } from '../../lib/errors.ts';
import { useReauthenticate } from '../../lib/reauth.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';

/**
 * Asks the password (or a 6-digit code from the authenticator app) again before a sensitive action;
 * `onDone` runs the action once the server has accepted it.
 */
export function ReauthDialog({ open, onDone, onCancel }: { open: boolean; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('common');
  const reauth = useReauthenticate();
  const [useCode, setUseCode] = useState(false);
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return;
    reauth.mutate(useCode ? { code: value.trim() } : { password: value }, {
      onSuccess: () => {
        setValue('');
        onDone();
      },
    });
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent closeLabel={t('close')} data-testid="reauth-dialog">
        <DialogHeader>
          <DialogTitle>{t('reauth.title')}</DialogTitle>
          <DialogDescription>{t('reauth.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
          {useCode ? (
            <FormField label={t('reauth.code')}>
              <Input
                key="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                autoFocus
              />
            </FormField>
          ) : (
            <FormField label={t('reauth.password')}>
              <Input
                key="password"
                type="password"
                autoComplete="current-password"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                autoFocus
              />
            </FormField>
          )}
          {reauth.isError && <ErrorAlert>{describeError(t, reauth.error)}</ErrorAlert>}
          <button
            type="button"
            className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
            onClick={() => {
              setUseCode(!useCode);
              setValue('');
              reauth.reset();
            }}
          >
            {useCode ? t('reauth.usePassword') : t('reauth.useCode')}
          </button>
          <DialogActions>
            <Button type="button" variant="outline" onClick={onCancel}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={reauth.isPending}>
              {t('reauth.confirm')}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
