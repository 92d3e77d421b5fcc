import { Laptop, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useDates } from '#client/lib/dates.ts';
import { describeError } from '#client/lib/errors.ts';
import type { SessionItem } from '#common/contracts/security.ts';

import { useEndOtherSessions, useEndSession } from '../api/end-sessions.ts';
import { useSessions } from '../api/get-sessions.ts';

function SessionRow({ session }: { session: SessionItem }) {
  const { t } = useTranslation('settings');
  const dates = useDates();
  const end = useEndSession();
  const unknown = t('security.sessions.unknownDevice');
  const device =
    session.browser && session.os
      ? t('security.sessions.device', { browser: session.browser, os: session.os })
      : (session.browser ?? session.os ?? unknown);
  const Icon = session.isMobile ? Smartphone : Laptop;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="security-session">
      <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {device}
          {session.isCurrent && <Badge variant="success">{t('security.sessions.current')}</Badge>}
        </p>
        <p className="text-sm text-muted-foreground">
          {t('security.sessions.times', {
            signedIn: dates.date(session.signedInAt),
            lastSeen: session.isCurrent ? t('security.sessions.now') : dates.ago(session.lastSeenAt),
          })}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={end.isPending}
        onClick={() => end.mutate({ id: session.id, isCurrent: session.isCurrent })}
        aria-label={t('security.sessions.signOutOne', { device })}
      >
        {t('security.sessions.signOut')}
      </Button>
    </li>
  );
}

/** Where the account is signed in, with "sign out" per session and "sign out everywhere else". */
export function SecuritySessions() {
  const { t } = useTranslation(['settings', 'common']);
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const hasOthers = list.some((s) => !s.isCurrent);
  return (
    <section aria-labelledby="security-sessions-title" className="space-y-3">
      <h3 id="security-sessions-title" className="font-semibold">
        {t('security.sessions.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('security.sessions.description')}</p>
      {sessions.isPending && <Spinner />}
      {sessions.isError && (
        <p role="alert" className="text-sm text-destructive">
          {describeError(t, sessions.error)}
        </p>
      )}
      {list.length > 0 && (
        <ul className="divide-y" data-testid="security-sessions">
          {list.map((s) => (
            <SessionRow key={s.id} session={s} />
          ))}
        </ul>
      )}
      {hasOthers && (
        <Button variant="outline" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
          {t('security.sessions.signOutOthers')}
        </Button>
      )}
      {endOthers.isSuccess && (
        <p role="status" className="text-sm text-success">
          {t('security.sessions.endedOthers', { count: endOthers.data.ended })}
        </p>
      )}
    </section>
  );
}
