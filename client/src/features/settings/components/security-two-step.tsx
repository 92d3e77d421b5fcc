import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { ReauthDialog } from '#client/components/layout/reauth-dialog.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { describeError } from '#client/lib/errors.ts';
import { isReauthRequired } from '#client/lib/reauth.ts';
import type { TotpEnrolment } from '#common/contracts/security.ts';

import { useMfaStatus } from '../api/get-mfa-status.ts';
import { useConfirmTotp, useDisableTotp, useNewRecoveryCodes, useStartTotp } from '../api/totp.ts';

/** The recovery codes, shown once, to write down or copy. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <div className="space-y-3 rounded-lg border p-4" data-testid="recovery-codes">
      <p className="font-medium">{t('security.twoStep.codesTitle')}</p>
      <p className="text-sm text-muted-foreground">{t('security.twoStep.codesHint')}</p>
      <ul className="grid gap-1 font-mono text-sm sm:grid-cols-2">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}>
          {t('security.twoStep.copy')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('security.twoStep.saved')}
        </Button>
      </div>
    </div>
  );
}

/** Scan the QR code (or type the key), then the first code from the app turns it on. */
function Enrolment({ enrolment, onCodes }: { enrolment: TotpEnrolment; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation(['settings', 'common']);
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Not mutate's own onSuccess: that one is dropped when this form unmounts, and it does unmount as
    // soon as the refetched status says two-step verification is on (the hook awaits that refetch),
    // so the codes were sometimes never shown. The promise resolves whatever is mounted; the codes are
    // held by the parent. A failure is shown from `confirm.error`.
    confirm.mutateAsync(code.trim()).then(
      (res) => onCodes(res.recoveryCodes),
      () => undefined,
    );
  };
  return (
    <div className="space-y-4 rounded-lg border p-4" data-testid="totp-enrolment">
      <p className="text-sm">{t('security.twoStep.scan')}</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt={t('security.twoStep.qrAlt')}
        className="size-48 rounded-md bg-white p-2"
        width={192}
        height={192}
      />
      <div className="space-y-1">
        <p className="text-sm text-muted-foreground">{t('security.twoStep.manual')}</p>
        <p className="break-all font-mono text-sm" data-testid="totp-secret">
          {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
        </p>
      </div>
      <form noValidate className="flex max-w-xs flex-col gap-3" onSubmit={submit}>
        <FormField label={t('security.twoStep.code')}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
        </FormField>
        {confirm.isError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {describeError(t, confirm.error)}
          </p>
        )}
        <Button type="submit" className="self-start" disabled={confirm.isPending || code.trim().length !== 6}>
          {t('security.twoStep.turnOn')}
        </Button>
      </form>
    </div>
  );
}

/** Two-step verification: set up with an authenticator app, recovery codes, turn off (decision 038). */
export function SecurityTwoStep() {
  const { t } = useTranslation(['settings', 'common']);
  const status = useMfaStatus();
  const start = useStartTotp();
  const newCodes = useNewRecoveryCodes();
  const disable = useDisableTotp();
  const [codes, setCodes] = useState<string[] | null>(null);
  /** The action waiting for the password or a code typed again. */
  const [pending, setPending] = useState<null | 'codes' | 'disable'>(null);
  const s = status.data;

  const run = (action: 'codes' | 'disable') => {
    const onError = (err: unknown) => isReauthRequired(err) && setPending(action);
    if (action === 'codes') newCodes.mutate(undefined, { onSuccess: (res) => setCodes(res.recoveryCodes), onError });
    else disable.mutate(undefined, { onError });
  };
  const failed = [newCodes, disable].find((m) => m.isError && !isReauthRequired(m.error));

  return (
    <section aria-labelledby="security-two-step-title" className="space-y-3" data-testid="security-two-step">
      <h3 id="security-two-step-title" className="flex flex-wrap items-center gap-2 font-semibold">
        {t('security.twoStep.title')}
        {s && (
          <Badge variant={s.isEnabled ? 'success' : 'default'}>{s.isEnabled ? t('security.twoStep.on') : t('security.twoStep.off')}</Badge>
        )}
      </h3>
      <p className="text-sm text-muted-foreground">{t('security.twoStep.description')}</p>
      {status.isPending && <Spinner />}
      {s?.isRequired && !s.isEnabled && (
        <p role="status" className="rounded-lg bg-gold/15 p-3 text-sm font-medium" data-testid="two-step-required">
          {t('security.twoStep.required')}
        </p>
      )}
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : s && !s.isEnabled ? (
        start.data ? (
          <Enrolment enrolment={start.data} onCodes={setCodes} />
        ) : (
          <Button onClick={() => start.mutate()} disabled={start.isPending}>
            {t('security.twoStep.setUp')}
          </Button>
        )
      ) : s ? (
        <div className="space-y-3">
          <p className="text-sm">{t('security.twoStep.codesLeft', { count: s.recoveryCodesLeft })}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => run('codes')} disabled={newCodes.isPending}>
              {t('security.twoStep.newCodes')}
            </Button>
            {!s.isRequired && (
              <Button variant="outline" onClick={() => run('disable')} disabled={disable.isPending}>
                {t('security.twoStep.turnOff')}
              </Button>
            )}
          </div>
          {s.isRequired && <p className="text-sm text-muted-foreground">{t('security.twoStep.requiredKeep')}</p>}
        </div>
      ) : null}
      {(start.isError || failed) && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {describeError(t, start.error ?? failed?.error)}
        </p>
      )}
      <ReauthDialog
        open={pending !== null}
        onCancel={() => setPending(null)}
        onDone={() => {
          const action = pending!;
          setPending(null);
          run(action);
        }}
      />
    </section>
  );
}
