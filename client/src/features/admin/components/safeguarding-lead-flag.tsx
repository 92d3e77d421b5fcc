import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { refreshAfterChange } from '#client/lib/query-client.ts';

import { adminKeys } from '../api/keys.ts';
import { useSetSafeguardingLead } from '../api/safeguarding.ts';
import { useReauthRetry } from '../hooks/use-reauth-retry.tsx';

/**
 * The safeguarding lead role (issue 25), granted like responder: it opens the Safeguarding tab, with
 * two-step verification; the password or a code again first.
 */
export function SafeguardingLeadFlag({ userId, name, initial }: { userId: string; name: string; initial: boolean }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [isLead, setIsLead] = useState(initial);
  const set = useSetSafeguardingLead();
  const reauth = useReauthRetry();
  const toggle = (next: boolean) => {
    setIsLead(next);
    set.mutate(
      { userId, isSafeguardingLead: next },
      {
        onSuccess: () => {
          void refreshAfterChange(qc, [adminKeys.users.all]);
          toast({
            title: t('safeguarding.lead.savedTitle'),
            description: t(next ? 'safeguarding.lead.on' : 'safeguarding.lead.off', { name }),
          });
        },
        onError: (err) => {
          setIsLead(!next);
          reauth.askIfNeeded(err, () => toggle(next));
        },
      },
    );
  };
  return (
    <div className="flex items-start gap-3 rounded-lg border p-3">
      <Checkbox
        id="safeguarding-lead-flag"
        checked={isLead}
        disabled={set.isPending}
        onCheckedChange={(v) => toggle(v === true)}
        aria-describedby="safeguarding-lead-hint"
        className="mt-0.5"
        data-testid="safeguarding-lead-flag"
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor="safeguarding-lead-flag" className="text-sm font-medium leading-snug">
          {t('safeguarding.lead.label')}
        </label>
        <p id="safeguarding-lead-hint" className="text-xs text-muted-foreground">
          {t('safeguarding.lead.hint')}
        </p>
      </div>
      {reauth.reauthDialog}
    </div>
  );
}
