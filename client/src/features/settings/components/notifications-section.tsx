import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { NotificationSettings } from '#common/contracts/notifications.ts';

import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notification-settings.ts';
import type { SettingsSection } from './settings-page.tsx';

const choices = [
  { key: 'encouragement', text: 'settings.encouragement' },
  { key: 'mentorDigest', text: 'settings.mentorDigest' },
] as const satisfies readonly { key: keyof Omit<NotificationSettings, 'email'>; text: string }[];

/** Which mails the person receives (encouragement, mentor digest) and the address they go to. Each choice is saved when changed. */
export const NotificationsSection: SettingsSection = () => {
  const { t } = useTranslation('notifications');
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const baseId = useId();
  return (
    <Card data-testid="settings-notifications">
      <CardHeader>
        <CardTitle as="h2">{t('settings.title')}</CardTitle>
        <CardDescription>
          {settings.data ? t('settings.description', { email: settings.data.email }) : t('settings.descriptionNoEmail')}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {settings.isPending && <Spinner />}
        {settings.isError && (
          <p role="alert" className="text-sm text-destructive">
            {t('settings.loadError')}
          </p>
        )}
        {settings.data &&
          choices.map(({ key, text }) => {
            const id = `${baseId}-${key}`;
            const isSaving = update.isPending && update.variables?.[key] !== undefined;
            return (
              <div key={key} className="flex items-start gap-3">
                <Checkbox
                  id={id}
                  className="mt-0.5"
                  checked={isSaving ? update.variables![key] : settings.data[key]}
                  disabled={update.isPending}
                  onCheckedChange={(checked) => update.mutate({ [key]: checked === true })}
                  aria-describedby={`${id}-hint`}
                  data-testid={`settings-notify-${key}`}
                />
                <div className="space-y-0.5">
                  <label htmlFor={id} className="text-sm font-medium">
                    {t(`${text}.label`)}
                  </label>
                  <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                    {t(`${text}.hint`)}
                  </p>
                </div>
              </div>
            );
          })}
      </CardContent>
    </Card>
  );
};
