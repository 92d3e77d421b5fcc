import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { describeError } from '#client/lib/errors.ts';
import type { DirectoryRow } from '#common/contracts/admin.ts';
import { accountActionRefusal, type AccountAction } from '#common/domain/eligibility.ts';

import { useDeleteUser } from '../api/delete-user.ts';
import { useSetDeactivated } from '../api/set-deactivated.ts';
import { useReauthRetry } from '../hooks/use-reauth-retry.tsx';

/**
 * Deactivate, reactivate or delete an account, in the Manage dialog. Deactivating and deleting ask
 * first, saying what happens; the buttons the server would refuse are off, with the reason.
 */
export function AccountActions({
  user,
  name,
  founderCount,
  onDone,
}: {
  user: DirectoryRow;
  name: string;
  founderCount: number;
  onDone: () => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const { data: viewer } = useCurrentUser();
  const setDeactivated = useSetDeactivated();
  const remove = useDeleteUser();
  const { askIfNeeded, reauthDialog } = useReauthRetry();
  const [failure, setFailure] = useState<unknown>(null);
  /** Closes the confirmation that asked for the action running now (if one did). */
  const closeConfirm = useRef<() => void>(() => {});

  const refusalOf = (action: AccountAction) =>
    viewer
      ? accountActionRefusal(viewer, { id: user.id, role: user.role, isDeactivated: user.isDeactivated }, action, founderCount)
      : 'not-admin';
  const toggle: AccountAction = user.isDeactivated ? 'reactivate' : 'deactivate';
  const refusal = refusalOf(toggle) ?? refusalOf('delete');
  const isPending = setDeactivated.isPending || remove.isPending;

  const run = (action: AccountAction) => {
    setFailure(null);
    const onError = (err: unknown) => {
      // A sensitive action: the password or a code again, then the same action (decision 038).
      if (askIfNeeded(err, () => run(action))) return;
      closeConfirm.current();
      setFailure(err);
    };
    const onSuccess = () => {
      closeConfirm.current();
      closeConfirm.current = () => {};
      toast({ title: t(`account.${action}dTitle`), description: t(`account.${action}dText`, { name }) });
      onDone();
    };
    if (action === 'delete') remove.mutate(user.id, { onSuccess, onError });
    else setDeactivated.mutate({ userId: user.id, isDeactivated: action === 'deactivate' }, { onSuccess, onError });
  };

  /** Asks first, with the consequences listed, then runs `action`. */
  const confirmed = (action: 'deactivate' | 'delete', trigger: ReactNode) => (
    <ConfirmDialog
      trigger={trigger}
      title={t(`account.${action}Confirm.title`, { name })}
      description={t(`account.${action}Confirm.intro`, { name })}
      confirm={{ label: t(`account.${action}Confirm.yes`) }}
      isPending={isPending}
      onConfirm={(close) => {
        closeConfirm.current = close;
        run(action);
      }}
      data-testid="confirm-account-action"
    >
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {(t(`account.${action}Confirm.consequences`, { name, returnObjects: true }) as string[]).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </ConfirmDialog>
  );

  const toggleButton = (
    <Button
      variant="outline"
      size="sm"
      disabled={refusalOf(toggle) !== null || isPending}
      // Reactivating gives access back and loses nothing: no confirmation (deactivating has one).
      onClick={toggle === 'reactivate' ? () => run('reactivate') : undefined}
      data-testid={`${toggle}-account`}
    >
      {t(`account.${toggle}`)}
    </Button>
  );
  const deleteButton = (
    <Button variant="destructive" size="sm" disabled={refusalOf('delete') !== null || isPending} data-testid="delete-account">
      {t('account.delete')}
    </Button>
  );

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
        {toggle === 'reactivate' ? toggleButton : confirmed('deactivate', toggleButton)}
        {confirmed('delete', deleteButton)}
      </div>
      {failure !== null && <ErrorAlert>{describeError(t, failure, { ns: 'admin' })}</ErrorAlert>}
      {reauthDialog}
    </section>
  );
}
