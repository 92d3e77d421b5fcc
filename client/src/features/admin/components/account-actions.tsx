import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DirectoryRow } from '../../../../../common/contracts/admin.ts';
import { accountActionRefusal, type AccountAction } from '../../../../../common/domain/eligibility.ts';
import { ReauthDialog } from '../../../components/layout/reauth-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { describeError } from '../../../lib/errors.ts';
import { isReauthRequired } from '../../../lib/reauth.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useSetDeactivated } from '../api/set-deactivated.ts';

/**
 * Deactivate, reactivate or delete an account, in the Manage dialog. Deactivating and deleting ask
 * first, saying what happens; the buttons the server would refuse are off, with the reason.
 */
export function AccountActions({ user, name, founderCount, onDone }: { user: DirectoryRow; name: string; founderCount: number; onDone: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const { data: viewer } = useCurrentUser();
  const setDeactivated = useSetDeactivated();
  const remove = useDeleteUser();
  const [confirming, setConfirming] = useState<'deactivate' | 'delete' | null>(null);
  const [reauthFor, setReauthFor] = useState<AccountAction | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const refusalOf = (action: AccountAction) =>
    viewer ? accountActionRefusal(viewer, { id: user.id, role: user.role, isDeactivated: user.isDeactivated }, action, founderCount) : 'not-admin';
  const toggle: AccountAction = user.isDeactivated ? 'reactivate' : 'deactivate';
  const refusal = refusalOf(toggle) ?? refusalOf('delete');
  const isPending = setDeactivated.isPending || remove.isPending;

  const run = (action: AccountAction) => {
    setFailure(null);
    const onError = (err: unknown) => {
      // A sensitive action: the password or a code again, then the same action (decision 038).
      if (isReauthRequired(err)) setReauthFor(action);
      else setFailure(err);
      setConfirming(null);
    };
    const onSuccess = () => {
      setConfirming(null);
      toast({ title: t(`account.${action}dTitle`), description: t(`account.${action}dText`, { name }) });
      onDone();
    };
    if (action === 'delete') remove.mutate(user.id, { onSuccess, onError });
    else setDeactivated.mutate({ userId: user.id, isDeactivated: action === 'deactivate' }, { onSuccess, onError });
  };

  return (
    <section className="flex flex-col gap-2 rounded-lg border p-3" aria-labelledby="account-actions-title" data-testid="account-actions">
      <h3 id="account-actions-title" className="text-sm font-medium">
        {t('account.title')}
      </h3>
      <p className="text-xs text-muted-foreground" data-testid="account-status">
        {user.isDeactivated ? t('account.statusDeactivated') : t('account.statusActive')}
      </p>
      {refusal && refusal !== 'not-admin' && <p className="text-xs text-muted-foreground">{t(`account.refusal.${refusal}`)}</p>}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button
          variant="outline"
          size="sm"
          disabled={refusalOf(toggle) !== null || isPending}
          onClick={() => (toggle === 'reactivate' ? run('reactivate') : setConfirming('deactivate'))}
          data-testid={`${toggle}-account`}
        >
          {t(`account.${toggle}`)}
        </Button>
        <Button variant="destructive" size="sm" disabled={refusalOf('delete') !== null || isPending} onClick={() => setConfirming('delete')} data-testid="delete-account">
          {t('account.delete')}
        </Button>
      </div>
      {failure !== null && (
        <p role="alert" className="rounded-lg bg-destructive/10 p-3 text-sm font-medium text-destructive">
          {describeError(t, failure, { ns: 'admin' })}
        </p>
      )}

      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <DialogContent closeLabel={t('common:close')} data-testid="confirm-account-action">
          {confirming && (
            <>
              <DialogHeader>
                <DialogTitle className="[overflow-wrap:anywhere]">{t(`account.${confirming}Confirm.title`, { name })}</DialogTitle>
                <DialogDescription>{t(`account.${confirming}Confirm.intro`, { name })}</DialogDescription>
              </DialogHeader>
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {(t(`account.${confirming}Confirm.consequences`, { name, returnObjects: true }) as string[]).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <DialogClose asChild>
                  <Button variant="outline">{t('common:cancel')}</Button>
                </DialogClose>
                <Button variant="destructive" disabled={isPending} onClick={() => run(confirming)} data-testid="confirm-account-action-yes">
                  {t(`account.${confirming}Confirm.yes`)}
                </Button>
              </div>
            </>
          )}
        </DialogContent>
      </Dialog>
      <ReauthDialog
        open={reauthFor !== null}
        onCancel={() => setReauthFor(null)}
        onDone={() => {
          const action = reauthFor;
          setReauthFor(null);
          if (action) run(action);
        }}
      />
    </section>
  );
}
