import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { authApi } from '#common/contracts/auth-paths.ts';

import { buttonVariants } from '../ui/button.tsx';
import { ResponsiveLabel } from '../ui/responsive-label.tsx';

/** "Log out" in a header: a plain link, so the server ends the session and redirects. */
export function LogoutLink({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <a href={authApi.logout.path} className={buttonVariants({ variant: 'ghost', size: 'sm' })} data-testid={testId}>
      <LogOut aria-hidden />
      <ResponsiveLabel>{t('nav.logout')}</ResponsiveLabel>
    </a>
  );
}
