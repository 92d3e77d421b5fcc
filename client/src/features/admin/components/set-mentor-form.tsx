import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '#client/components/ui/button.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { ApiRequestError } from '#client/lib/api.ts';
import { describeError } from '#client/lib/errors.ts';
import { isReauthRequired } from '#client/lib/reauth.ts';

import { useMentorOf } from '../api/get-mentor.ts';
import { useSetMentor } from '../api/set-mentor.ts';
import { useReauthRetry } from '../hooks/use-reauth-retry.tsx';

/**
 * For someone who asks for a mentor: who it is now, then the mentor's email asks them (the link is made
 * when they accept, decision 039), an empty field removes the current one (audited). Asks the password
 * or a code again first when the last one is older than a few minutes (decision 038).
 */
export function SetMentorForm({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation(['admin', 'common']);
  const [email, setEmail] = useState('');
  const set = useSetMentor();
  const current = useMentorOf(userId);
  const mentor = current.data?.mentor;
  const trimmed = email.trim();
  const error =
    set.error instanceof ApiRequestError && set.error.body.code === 'NOT_FOUND'
      ? t('manage.mentorNotFound')
      : describeError(t, set.error, { ns: 'admin' });
  const { askIfNeeded, reauthDialog } = useReauthRetry();
  const save = () =>
    set.mutate(
      { userId, mentorEmail: trimmed === '' ? null : trimmed },
      {
        onSuccess: ({ outcome }) => {
          if (outcome === 'asked')
            toast({ title: t('manage.mentorAskedTitle'), description: t('manage.mentorAskedText', { name, email: trimmed }) });
          else
            toast({
              title: t('manage.mentorSavedTitle'),
              description:
                outcome === 'linked' ? t('manage.mentorSavedText', { name, email: trimmed }) : t('manage.mentorRemovedText', { name }),
            });
          setEmail('');
        },
        onError: (err) => askIfNeeded(err, save),
      },
    );
  return (
    <>
      {/* Outside the form: React sends the dialog's own submit up its component tree, portal or not. */}
      {reauthDialog}
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <p className="text-sm [overflow-wrap:anywhere]" data-testid="current-mentor" aria-live="polite">
          {current.isPending
            ? '…'
            : mentor
              ? t('manage.mentorCurrent', { name: mentor.name, email: mentor.email })
              : current.isError
                ? describeError(t, current.error, { ns: 'admin' })
                : t('manage.mentorNone')}
        </p>
        <FormField label={t('manage.mentor')} hint={t('manage.mentorHint')}>
          <Input type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} data-testid="mentor-email" />
        </FormField>
        {set.isError && !isReauthRequired(set.error) && <ErrorAlert>{error}</ErrorAlert>}
        <Button type="submit" variant="outline" className="self-start" disabled={set.isPending || (!trimmed && !mentor)}>
          {trimmed ? t('manage.mentorSave') : t('manage.mentorRemove')}
        </Button>
      </form>
    </>
  );
}
