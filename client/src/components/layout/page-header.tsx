import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

import { cn } from '../../lib/utils.ts';
import { buttonVariants } from '../ui/button.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

export interface PageHeaderProps {
  /** A way back (arrow and label). */
  back?: { href: string; label: string };
  /** The brand in place of a way back: a link, or plain text where there is nowhere to go. */
  brand?: { label: string; href?: string };
  /** Controls before the language switcher. */
  actions?: ReactNode;
  /** Controls after the theme toggle. */
  end?: ReactNode;
  /** `bar`: sticky, with a bottom border (signed-in screens; left out of printouts). `plain`: on the page's own background. */
  variant?: 'bar' | 'plain';
  /** The column's max-width class; the header spans the page when there is none. */
  width?: string;
}

const brandClass = 'text-lg font-extrabold tracking-tight text-primary';

/** The header of every screen but the landing page: a way back (or the brand), then language and theme. */
export function PageHeader({ back, brand, actions, end, variant = 'plain', width }: PageHeaderProps) {
  const isBar = variant === 'bar';
  const start = back ? (
    // A long label (French on a phone) wraps beside the arrow instead of being cut, so it is read whole.
    <Link
      href={back.href}
      className={cn(
        buttonVariants({ variant: 'ghost', size: 'sm' }),
        '-ml-2 h-auto min-h-9 min-w-0 items-start whitespace-normal px-2 py-2 text-left sm:px-3',
      )}
    >
      <ArrowLeft aria-hidden className="mt-px" />
      <span className="min-w-0 [overflow-wrap:anywhere]">{back.label}</span>
    </Link>
  ) : brand?.href ? (
    <Link href={brand.href} className={brandClass}>
      {brand.label}
    </Link>
  ) : (
    <span className={brandClass}>{brand?.label}</span>
  );
  const controls = (
    <div className="ml-auto flex shrink-0 items-center gap-1">
      {actions}
      <LanguageSwitcher />
      <ThemeToggle />
      {end}
    </div>
  );
  if (isBar) {
    return (
      <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur print:hidden">
        <div className={cn('mx-auto flex h-14 items-center gap-2 px-3 sm:px-4', width)}>
          {start}
          {controls}
        </div>
      </header>
    );
  }
  return (
    <header className={cn('mx-auto flex w-full items-center justify-between gap-2 px-3 py-4 sm:p-4', width)}>
      {start}
      {controls}
    </header>
  );
}
