import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LanguageSwitcher } from '#client/components/layout/language-switcher.tsx';
import { ThemeToggle } from '#client/components/layout/theme-toggle.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/utils.ts';
import { authApi } from '#common/contracts/auth-paths.ts';

import { BrandMark } from './hero-illustration.tsx';

export const sectionLinks = ['about', 'vision', 'mission', 'leadership', 'qa'] as const;

/** Sticky header: smooth-scroll links (a menu on phones), language, theme and login. */
export function LandingHeader() {
  const { t } = useTranslation(['landing', 'common']);
  const [menuOpen, setMenuOpen] = useState(false);
  const links = sectionLinks.map((id) => ({ id, label: t(`nav.${id}`) }));
  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:gap-3 sm:px-4">
        <a
          href="#top"
          className="flex items-center gap-2 rounded-lg font-extrabold tracking-tight text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <BrandMark className="size-8 shrink-0" />
          <span className="text-lg">{t('common:brand')}</span>
        </a>
        <nav aria-label={t('nav.label')} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {links.map((l) => (
              <li key={l.id}>
                <a
                  href={`#${l.id}`}
                  className="rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground transition hover:bg-secondary hover:text-secondary-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {/* Language and login stay in view on a phone; only the section links go into the menu. */}
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <LanguageSwitcher />
          <ThemeToggle />
          <a href={authApi.login.path} className={cn(buttonVariants({ size: 'sm' }), 'px-2.5 sm:px-3')} data-testid="landing-login">
            {t('common:nav.login')}
          </a>
          {/* The icons follow aria-expanded, and both labels ride along, for the prerendered page's script. */}
          <Button
            variant="ghost"
            size="icon"
            className="group lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="landing-menu"
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.menu')}
            data-open-label={t('nav.menu')}
            data-close-label={t('nav.closeMenu')}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <Menu aria-hidden className="group-aria-expanded:hidden" />
            <X aria-hidden className="hidden group-aria-expanded:block" />
          </Button>
        </div>
      </div>
      <div id="landing-menu" hidden={!menuOpen} className="border-t bg-background lg:hidden">
        <nav aria-label={t('nav.label')} className="mx-auto max-w-6xl px-4 py-3">
          <ul className="flex flex-col">
            {links.map((l) => (
              <li key={l.id}>
                <a
                  href={`#${l.id}`}
                  onClick={() => setMenuOpen(false)}
                  className="block rounded-lg px-3 py-3 font-medium hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
