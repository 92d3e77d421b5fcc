import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { describeError } from '#client/lib/errors.ts';
import { isReauthRequired } from '#client/lib/reauth.ts';
import type { DirectoryRow } from '#common/contracts/admin.ts';
import { isAdminRole, roles, type Role } from '#common/contracts/auth.ts';
import { grantableRoles } from '#common/domain/eligibility.ts';

import { useChangeRole } from '../api/change-role.ts';
import { useSetResponder } from '../api/set-responder.ts';
import { useReauthRetry } from '../hooks/use-reauth-retry.tsx';
import { fullNameOf } from '../utils/names.ts';
import { AccountActions } from './account-actions.tsx';
import { SafeguardingLeadFlag } from './safeguarding-lead-flag.tsx';
import { SetMentorForm } from './set-mentor-form.tsx';

/** A person's details and role. The roles offered are the ones the server accepts from this admin. */
export function ManageUserDialog({ user, founderCount, onClose }: { user: DirectoryRow; founderCount: number; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const { data: viewer } = useCurrentUser();
  const [role, setRole] = useState<Role>(user.role);
  const change = useChangeRole();
  const responder = useSetResponder();
  const [isResponder, setIsResponder] = useState(user.isResponder);
  // Admins and founders follow callback requests whatever the flag says.
  const followsAnyway = isAdminRole(user.role);
  // Making someone a responder opens the callback requests to them: the password or a code again first (issue 24).
  const responderReauth = useReauthRetry();
  const toggleResponder = (next: boolean) => {
    setIsResponder(next);
    responder.mutate(
      { userId: user.id, isResponder: next },
      {
        onSuccess: () =>
          toast({ title: t('manage.responderSavedTitle'), description: t(next ? 'manage.responderOn' : 'manage.responderOff', { name }) }),
        onError: (err) => {
          setIsResponder(!next);
          responderReauth.askIfNeeded(err, () => toggleResponder(next));
        },
      },
    );
  };
  const options = viewer ? grantableRoles(viewer.role, user.role, founderCount, roles) : [user.role];
  const locked = options.length <= 1;
  const name = fullNameOf(user) || t('directory.noName');

  const roleReauth = useReauthRetry();
  const save = () =>
    change.mutate(
      { userId: user.id, role },
      {
        onSuccess: () => {
          toast({ title: t('manage.savedTitle'), description: t('manage.savedText', { name, role: t(`roles.${role}`) }) });
          onClose();
        },
        // A role change needs the password or a code typed within the last minutes (decision 038).
        onError: (err) => roleReauth.askIfNeeded(err, save),
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('common:close')} data-testid="manage-user-dialog">
        <DialogHeader>
          <DialogTitle>{name}</DialogTitle>
          <DialogDescription className="[overflow-wrap:anywhere]">{user.email}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-muted-foreground">{t('directory.columns.progress')}</dt>
          <dd>{user.courseProgress}%</dd>
          <dt className="text-muted-foreground">{t('directory.columns.disciples')}</dt>
          <dd>
            {t('directory.completedCount', { count: user.completedDisciplesCount })} ·{' '}
            {t('directory.pendingCount', { count: user.pendingDisciplesCount })}
          </dd>
        </dl>
        <FormField label={t('manage.role')} hint={locked ? t('manage.lockedHint') : t('manage.rulesHint')}>
          <NativeSelect value={role} onChange={(e) => setRole(e.target.value as Role)} disabled={locked} data-testid="role-select">
            {options.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <div className="flex items-start gap-3 rounded-lg border p-3">
          <Checkbox
            id="responder-flag"
            checked={followsAnyway || isResponder}
            disabled={followsAnyway || responder.isPending}
            onCheckedChange={(v) => toggleResponder(v === true)}
            aria-describedby="responder-hint"
            className="mt-0.5"
            data-testid="responder-flag"
          />
          <div className="flex flex-col gap-0.5">
            <label htmlFor="responder-flag" className="text-sm font-medium leading-snug">
              {t('manage.responder')}
            </label>
            <p id="responder-hint" className="text-xs text-muted-foreground">
              {followsAnyway ? t('manage.responderAdminHint') : t('manage.responderHint')}
            </p>
          </div>
        </div>
        {responderReauth.reauthDialog}
        <SafeguardingLeadFlag userId={user.id} name={name} initial={user.isSafeguardingLead} />
        <SetMentorForm userId={user.id} name={name} />
        <AccountActions user={user} name={name} founderCount={founderCount} onDone={onClose} />
        {roleReauth.reauthDialog}
        {change.isError && !isReauthRequired(change.error) && <ErrorAlert>{describeError(t, change.error, { ns: 'admin' })}</ErrorAlert>}
        <DialogActions>
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button onClick={save} disabled={locked || role === user.role || change.isPending} data-testid="save-role">
            {change.isPending ? t('manage.saving') : t('manage.save')}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
