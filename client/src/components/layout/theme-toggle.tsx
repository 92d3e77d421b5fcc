import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { useTheme } from '../../lib/theme.ts';
import { Button } from '../ui/button.tsx';
import { Tooltip } from '../ui/tooltip.tsx';

/**
 * Light or dark. The icon follows the page's `dark` class (so the prerendered landing page shows
 * the right one before any script runs); both labels ride along for its small script
 * (features/landing/static/landing-static.ts).
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const label = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <Tooltip content={label}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={label}
        data-testid="theme-toggle"
        data-to-light={t('theme.toLight')}
        data-to-dark={t('theme.toDark')}
        onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
      >
        <Moon aria-hidden className="dark:hidden" />
        <Sun aria-hidden className="hidden dark:block" />
      </Button>
    </Tooltip>
  );
}
