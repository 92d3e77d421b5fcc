import { useTranslation } from 'react-i18next';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';

import { SecurityPassword } from './security-password.tsx';
import { SecuritySessions } from './security-sessions.tsx';
import { SecurityTwoStep } from './security-two-step.tsx';
import type { SettingsSection } from './settings-page.tsx';

/** Password, two-step verification, sessions (docs/decisions/038). */
export const SecuritySection: SettingsSection = () => {
  const { t } = useTranslation('settings');
  return (
    <Card id="security" data-testid="settings-security">
      <CardHeader>
        <CardTitle as="h2">{t('security.title')}</CardTitle>
        <CardDescription>{t('security.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        <SecurityPassword />
        <SecurityTwoStep />
        <SecuritySessions />
      </CardContent>
    </Card>
  );
};
