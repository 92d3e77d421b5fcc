import { useTranslation } from 'react-i18next';

import { MyConcernsList, RaiseConcernDialog } from '#client/components/safeguarding/concern-form.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';

import type { SettingsSection } from './settings-page.tsx';

/**
 * "Safety" (issue 25): raise a concern about anyone to the ministry's safeguarding lead, and follow
 * the concerns already raised. The mail that acknowledges a concern links here (#concerns).
 */
export const SafeguardingSection: SettingsSection = () => {
  const { t } = useTranslation('safeguarding');
  return (
    <Card data-testid="settings-safeguarding" id="concerns" className="scroll-mt-20">
      <CardHeader>
        <CardTitle as="h2">{t('settings.title')}</CardTitle>
        <CardDescription>{t('settings.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <RaiseConcernDialog variant="default" />
        <h3 className="text-sm font-semibold">{t('mine.title')}</h3>
        <MyConcernsList />
      </CardContent>
    </Card>
  );
};
