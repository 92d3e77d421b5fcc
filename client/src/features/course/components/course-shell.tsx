import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LanguageSwitcher } from '../../../components/layout/language-switcher.tsx';
import { ThemeToggle } from '../../../components/layout/theme-toggle.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/utils.ts';

interface Props {
  /** A back link in place of the brand. */
  back?: { href: string; label: string };
  /** Extra header controls, before the language switcher. */
  actions?: ReactNode;
  width?: string;
  children: ReactNode;
  testId?: string;
}

/** Header (brand or back link, language, theme) and a centred column; the header is left out of printouts. */
export function CourseShell({ back, actions, width = 'max-w-5xl', children, testId }: Props) {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-background" data-testid={testId}>
      <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur print:hidden">
        <div className={cn('mx-auto flex h-14 items-center gap-2 px-3 sm:px-4', width)}>
          {back ? (
            <Link href={back.href} className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-ml-2 min-w-0')}>
              <ArrowLeft aria-hidden />
              <span className="truncate">{back.label}</span>
            </Link>
          ) : (
            <Link href="/dashboard" className="text-lg font-extrabold tracking-tight text-primary">
              {t('brand')}
            </Link>
          )}
          <div className="ml-auto flex shrink-0 items-center gap-1">
            {actions}
            <LanguageSwitcher />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main className={cn('mx-auto px-4 pb-16 pt-6 sm:pt-8 print:max-w-none print:p-0', width)}>{children}</main>
    </div>
  );
}
