import { CalendarPlus, Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, IconCardHeader } from '#client/components/ui/card.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useDates } from '#client/lib/dates.ts';

import { useCreatePrayerCalendar, usePrayerCalendar, useRevokePrayerCalendar } from '../api/prayer-calendar.ts';
import type { SettingsSection } from './settings-page.tsx';

/**
 * The private calendar link (docs/decisions/075): made, renewed or turned off here. Its address is
 * shown once, when it is made: the server keeps only a hash of its secret.
 */
export const PrayerCalendarSection: SettingsSection = () => {
  const { t } = useTranslation('prayer');
  const dates = useDates();
  const calendar = usePrayerCalendar();
  const create = useCreatePrayerCalendar();
  const revoke = useRevokePrayerCalendar();
  const [isCopied, setIsCopied] = useState(false);
  const made = create.data && !revoke.isSuccess ? create.data : null;
  const existing = calendar.data?.calendar;
  const makeLink = () => {
    revoke.reset();
    setIsCopied(false);
    create.mutate(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  };
  const copy = async () => {
    if (!made) return;
    await navigator.clipboard.writeText(made.url).then(
      () => setIsCopied(true),
      () => setIsCopied(false),
    );
  };
  return (
    <Card id="prayer-calendar" data-testid="settings-prayer-calendar" className="scroll-mt-20">
      <IconCardHeader icon={CalendarPlus} title={t('settings.title')} description={t('settings.text')} />
      <CardContent className="flex flex-col gap-4">
        {calendar.isPending && <Spinner />}
        {calendar.isError && (
          <p role="alert" className="text-sm text-destructive">
            {t('settings.loadError')}
          </p>
        )}
        {made && (
          <div className="flex flex-col gap-3 rounded-lg border border-primary/40 bg-secondary/40 p-4" data-testid="prayer-calendar-link">
            <FormField label={t('settings.address')} hint={t('settings.shownOnce')}>
              <Input readOnly value={made.url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" onClick={() => void copy()}>
                {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
                {isCopied ? t('settings.copied') : t('settings.copy')}
              </Button>
              <a href={made.url.replace(/^https?:/, 'webcal:')} className={buttonVariants({ variant: 'outline' })}>
                {t('settings.openInApp')}
              </a>
            </div>
          </div>
        )}
        {calendar.data && (
          <p className="text-sm" role="status" data-testid="prayer-calendar-status">
            {revoke.isSuccess
              ? t('settings.revoked')
              : existing
                ? t('settings.active', { date: dates.date(existing.createdAt) })
                : t('settings.none')}
          </p>
        )}
        {calendar.data && (
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={makeLink} disabled={create.isPending} data-testid="prayer-calendar-make">
              {existing ? t('settings.renew') : t('settings.make')}
            </Button>
            {existing && (
              <ConfirmDialog
                trigger={
                  <Button type="button" variant="outline" data-testid="prayer-calendar-revoke">
                    {t('settings.revoke')}
                  </Button>
                }
                title={t('settings.revokeTitle')}
                description={t('settings.revokeText')}
                confirm={{ label: t('settings.revokeConfirm') }}
                isPending={revoke.isPending}
                onConfirm={(close) => revoke.mutate(undefined, { onSuccess: close })}
                data-testid="prayer-calendar-revoke-dialog"
              />
            )}
          </div>
        )}
        <p className="text-sm text-muted-foreground">
          {t('settings.reminders')}{' '}
          <Link href="/pray#reminders" className="font-medium text-primary underline underline-offset-4">
            {t('settings.remindersLink')}
          </Link>
        </p>
      </CardContent>
    </Card>
  );
};
