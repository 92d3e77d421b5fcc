import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LanguageSwitcher } from '../../../components/layout/language-switcher.tsx';
import { ThemeToggle } from '../../../components/layout/theme-toggle.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/utils.ts';

/** Header with a way back to the dashboard, the language and the theme, over a centred column. */
export function MentoringShell({ children, testId }: { children: ReactNode; testId?: string }) {
  const { t } = useTranslation('mentoring');
  return (
    <div className="min-h-dvh bg-background" data-testid={testId}>
      <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 sm:px-4">
          <Link href="/dashboard" className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-ml-2')}>
            <ArrowLeft aria-hidden />
            {t('back')}
          </Link>
          <div className="ml-auto flex items-center gap-1">
            <LanguageSwitcher />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 pb-16 pt-6 sm:pt-8">{children}</main>
    </div>
  );
}
