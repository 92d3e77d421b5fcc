import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '#client/components/layout/page-header.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import type { CurrentUser } from '#common/contracts/auth.ts';

import { ConsentSection } from './consent-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { PrayerCalendarSection } from './prayer-calendar-section.tsx';
import { PreferencesSection } from './preferences-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SafeguardingSection } from './safeguarding-section.tsx';
import { SecuritySection } from './security-section.tsx';
import { YourDataSection } from './your-data-section.tsx';

/** A section of the settings page: it gets the signed-in user and renders its own card. */
export type SettingsSection = ComponentType<{ user: CurrentUser }>;

/**
 * The sections, top to bottom. Each lives in its own file of this folder and talks to the server module
 * that owns its data; add a section by adding one line here.
 */
const sections: { id: string; Section: SettingsSection }[] = [
  { id: 'preferences', Section: PreferencesSection },
  { id: 'profile', Section: ProfileSection },
  { id: 'notifications', Section: NotificationsSection },
  { id: 'prayer-calendar', Section: PrayerCalendarSection },
  { id: 'security', Section: SecuritySection },
  { id: 'your-data', Section: YourDataSection },
  { id: 'consent', Section: ConsentSection },
  { id: 'safeguarding', Section: SafeguardingSection },
];

/** `/settings`: everything a person can change about their own account, one card per subject. */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { data: user } = useCurrentUser();
  return (
    <div className="min-h-dvh bg-background" data-testid="page-settings">
      <PageHeader variant="bar" width="max-w-3xl" back={{ href: '/dashboard', label: t('back') }} />
      <main className="mx-auto max-w-3xl space-y-6 px-4 pb-16 pt-6 sm:pt-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
        {user && sections.map(({ id, Section }) => <Section key={id} user={user} />)}
      </main>
    </div>
  );
}
