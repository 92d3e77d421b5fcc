import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '#client/components/layout/page-header.tsx';

/** Header with a way back to the dashboard, the language and the theme, over a centred column. */
export function MentoringShell({ children, testId }: { children: ReactNode; testId?: string }) {
  const { t } = useTranslation('mentoring');
  return (
    <div className="min-h-dvh bg-background" data-testid={testId}>
      <PageHeader variant="bar" width="max-w-6xl" back={{ href: '/dashboard', label: t('back') }} />
      <main className="mx-auto max-w-6xl px-4 pb-16 pt-6 sm:pt-8">{children}</main>
    </div>
  );
}
