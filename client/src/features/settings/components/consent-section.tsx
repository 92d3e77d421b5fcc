import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { Card, CardContent, IconCardHeader } from '#client/components/ui/card.tsx';
import { PRIVACY_NOTICE_VERSION } from '#common/domain/privacy.ts';

import type { SettingsSection } from './settings-page.tsx';

/** The privacy notice this person agreed to, one link away (issue 11). */
export const ConsentSection: SettingsSection = ({ user }) => {
  const { t } = useTranslation('privacy');
  return (
    <Card data-testid="settings-consent">
      <IconCardHeader
        icon={ShieldCheck}
        title={t('settings.title')}
        description={t(user.consentStatus === 'pending_parent' ? 'settings.pending' : 'settings.agreed', {
          version: PRIVACY_NOTICE_VERSION,
        })}
      />
      <CardContent>
        <Link href="/privacy" className="font-medium text-primary underline underline-offset-4">
          {t('settings.read')}
        </Link>
      </CardContent>
    </Card>
  );
};
